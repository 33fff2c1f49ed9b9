package main

import (
	"bufio"
	"encoding/json"
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

` + fermat.ClaimHelp + `Exit status: 0 when every row is certified or none (with a claimed
point: near the vertex it must be then), 1 when a row is refuted,
undecided or claims a wrong point of a triangle with no Fermat point, 2
for unusable input. No INPUT, or '-', reads
standard input (CSV, JSON or .npy, told by its content).

flags:
`

func runFermat(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("fermat", fermatUsage, stderr)
	prec := fs.Uint("prec", 53, "first working precision in bits (53: float64 interval arithmetic)")
	tol := fs.Float64("tol", certify.DefaultFermatTol, "accepted distance from the claimed point, relative to the triangle's size")
	solver := fs.String("solver", fermat.DefaultName, "float strategy for rows without a claimed point: "+strings.Join(fermat.FloatNames(), ", "))
	rest, err := cli.ParseFlags(fs, args)
	if err == nil {
		err = verifyFermat(rest, certify.FermatOptions{Prec: *prec, Tol: *tol}, *solver, stdin, stdout)
	}
	return cli.Report(stderr, "verify fermat", err)
}

func verifyFermat(rest []string, opt certify.FermatOptions, solver string, stdin io.Reader, stdout io.Writer) error {
	path, err := cli.OneArg(rest, "INPUT", "-")
	if err := cli.First(err, cli.CheckPrec(opt.Prec), checkTol(opt.Tol)); err != nil {
		return err
	}
	if _, err := fermat.ByName(solver); err != nil || solver == "certified" || solver == "" {
		return cli.Usagef("--solver %q: want one of %s", solver, strings.Join(fermat.FloatNames(), ", "))
	}
	tab, tris, err := readTriangles(path, stdin)
	if err != nil {
		return err
	}
	fc := certify.NewFermatCertifier()
	var cert certify.FermatCert
	failed := 0
	w := bufio.NewWriterSize(stdout, 1<<16)
	enc := json.NewEncoder(w)
	for i, v := range tris {
		var claim *hyperbolic.Point
		if tab.Cols == 8 {
			claim = &hyperbolic.Point{X: tab.Row(i)[6], Y: tab.Row(i)[7]}
		}
		name, err := fermat.CertifyClaim(fc, &cert, v, claim, solver, opt)
		if err != nil { // rows were validated: cannot happen
			return cli.Input(fmt.Errorf("%s: %w", tab.Where(i), err))
		}
		line := cert.Line()
		line.Solver = name
		if fermat.ClaimFails(&cert, v, claim) {
			failed++
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if failed > 0 {
		return cli.Failedf("%d of %d rows refuted, undecided or claiming a wrong point", failed, len(tris))
	}
	return nil
}

// readTriangles reads a table of triangles, rows ax,ay,bx,by,cx,cy with
// optionally a claimed point sx,sy (standard input for "-", in the format
// its content shows; a file by its extension), and checks that every
// vertex is a point of the open disk. A claimed point need only be finite
// (pointio guarantees it): a point outside the disk is simply refuted.
func readTriangles(path string, stdin io.Reader) (pointio.Table, [][3]hyperbolic.Point, error) {
	tab, err := pointio.Options{Cols: []int{6, 8}}.ReadPath(path, stdin)
	if err != nil {
		return tab, nil, cli.Input(err)
	}
	tris, err := pointio.Triangles(tab)
	return tab, tris, cli.Input(err)
}
