package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/pointio"
)

func init() {
	register("fermat", "certify Fermat points of triangles, or other tools' answers", runFermat)
}

const fermatUsage = `usage: verify fermat [flags] [INPUT]

Each input row is a triangle ax,ay,bx,by,cx,cy of the Klein disk, with
optionally a claimed Fermat point sx,sy (8 columns). Output: one JSON
object per row, in order:

  {"status":"certified|refuted|none|undecided","x":"…","y":"…","radius":"…","digits":N,…}

The rule. A claimed point s is certified when the Fermat point of the
triangle provably lies within tol·size of s in the max norm (Klein
coordinates), size being the largest coordinate difference between two
vertices: the Fermat point is enclosed in a Krawczyk box
(certify.FermatCertifier, float64 interval arithmetic first, more bits
only where needed) and every point of the box is within tol·size of s.
It is refuted when the Fermat point provably lies farther (the box is
farther, or the box s ± tol·size holds no point seeing the sides under
120°); none when the triangle has no Fermat point (an angle ≥ 120°,
decided exactly; a claimed point is then wrong too); undecided when the
precision cap is reached first. Without a claimed point, the --solver
strategy (then every other float strategy, until one answers) supplies
the candidate, judged by the same rule.

When the Fermat point is enclosed, x and y print the enclosure's centre
and radius bounds (rigorously, printing included) the max-norm distance
from the printed (x, y) to the Fermat point; digits counts the correct
significant digits. "offset" bounds the distance from the candidate (or
claimed point) to the Fermat point. Without an enclosure x, y and radius
are null.

Exit status: 0 when every row is certified or none, 1 when a row is
refuted or undecided, 2 for unusable input. No INPUT, or '-', reads
standard input (CSV, JSON or .npy, told by its content).

flags:
`

type fermatLine struct {
	Status string  `json:"status"`
	X      *string `json:"x"`
	Y      *string `json:"y"`
	Radius *string `json:"radius"`
	Digits int     `json:"digits"`
	// Offset bounds the distance from the candidate to the Fermat point;
	// Tol is the accepted one (tol·size); Prec the bits the proof needed.
	Offset *string `json:"offset"`
	Tol    string  `json:"tol"`
	Prec   uint    `json:"prec,omitempty"`
	// Solver names the strategy that gave the candidate (6 columns).
	Solver string `json:"solver,omitempty"`
	// Wide is, for none, the vertex (0, 1, 2) with an angle ≥ 120°.
	Wide *int `json:"wide,omitempty"`
}

func runFermat(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "verify fermat"
	fs := flag.NewFlagSet("fermat", flag.ContinueOnError)
	prec := fs.Uint("prec", 53, "first working precision in bits (53: float64 interval arithmetic)")
	tol := fs.Float64("tol", certify.DefaultFermatTol, "accepted distance from the claimed point, relative to the triangle's size")
	solver := fs.String("solver", fermat.DefaultName, "float strategy for rows without a claimed point: "+strings.Join(fermat.FloatNames(), ", "))
	fs.Usage = func() { fmt.Fprint(fs.Output(), fermatUsage); fs.PrintDefaults() }
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) > 1 {
		return cli.Report(stderr, prog, cli.Usagef("one INPUT at most, got %d", len(rest)))
	}
	if err := cli.CheckPrec(*prec); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if err := checkTol(*tol); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if _, err := fermat.ByName(*solver); err != nil || *solver == "certified" || *solver == "" {
		return cli.Report(stderr, prog, cli.Usagef("--solver %q: want one of %s", *solver, strings.Join(fermat.FloatNames(), ", ")))
	}
	path := "-"
	if len(rest) == 1 {
		path = rest[0]
	}
	tab, err := readTriangles(path, stdin, []int{6, 8})
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	tris, err := triangles(tab)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	fc := certify.NewFermatCertifier()
	var cert certify.FermatCert
	failed := 0
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for i, tr := range tris {
		line := fermatLine{}
		cand, ok := tr.claim, tab.Cols == 8
		if !ok {
			cand, line.Solver, ok = fermat.FirstFound(*solver, tr.v[0], tr.v[1], tr.v[2])
		}
		opt := certify.FermatOptions{Prec: *prec, Tol: *tol}
		if ok {
			err = fc.Certify(&cert, tr.v[0], tr.v[1], tr.v[2], cand, opt)
		} else {
			// No strategy found a candidate: the existence verdict still
			// stands (a point far from any root cannot be certified).
			err = fc.Certify(&cert, tr.v[0], tr.v[1], tr.v[2], hyperbolic.Point{}, opt)
			if err == nil && cert.Status != certify.FermatNone {
				cert.Status, cert.Proved = certify.FermatUndecided, false
			}
		}
		if err != nil { // rows were validated: cannot happen
			return cli.Report(stderr, prog, cli.Input(fmt.Errorf("%s: %w", tab.Where(i), err)))
		}
		fillLine(&line, &cert)
		if cert.Status == certify.FermatRefuted || cert.Status == certify.FermatUndecided {
			failed++
		}
		if err := enc.Encode(line); err != nil {
			return cli.Report(stderr, prog, err)
		}
		if buf.Len() > 1<<16 {
			if _, err := stdout.Write(buf.Bytes()); err != nil {
				return cli.Report(stderr, prog, err)
			}
			buf.Reset()
		}
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if failed > 0 {
		return cli.Report(stderr, prog, cli.Failedf("%d of %d rows refuted or undecided", failed, len(tris)))
	}
	return cli.ExitOK
}

func fillLine(line *fermatLine, cert *certify.FermatCert) {
	line.Status = cert.Status.String()
	line.Tol = up64(cert.TolAbs, 3)
	if cert.Status == certify.FermatNone && cert.Wide >= 0 {
		w := cert.Wide
		line.Wide = &w
	}
	if !cert.Proved {
		return
	}
	x, y, r := cert.Printed()
	off := up(&cert.Offset, 3)
	line.X, line.Y, line.Radius, line.Offset = &x, &y, &r, &off
	line.Digits, line.Prec = cert.Digits(), cert.Prec
}

type triangle struct {
	v     [3]hyperbolic.Point
	claim hyperbolic.Point
}

// readTriangles reads a table of triangles (standard input for "-", in
// the format its content shows; a file by its extension).
func readTriangles(path string, stdin io.Reader, cols []int) (pointio.Table, error) {
	if path == "-" {
		return pointio.Options{Name: "stdin", Cols: cols}.Read(stdin, pointio.Auto)
	}
	return pointio.Options{Cols: cols}.ReadFile(path)
}

// triangles converts and validates the rows: every vertex must be a point
// of the open disk. A claimed point need only be finite (pointio
// guarantees it): a point outside the disk is simply refuted.
func triangles(t pointio.Table) ([]triangle, error) {
	vs, err := pointio.Triangles(t)
	if err != nil {
		return nil, err
	}
	out := make([]triangle, t.Rows)
	for i := range out {
		out[i].v = vs[i]
		if t.Cols == 8 {
			r := t.Row(i)
			out[i].claim = hyperbolic.Point{X: r[6], Y: r[7]}
		}
	}
	return out, nil
}
