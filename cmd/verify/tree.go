package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/treecert"
)

func init() {
	register("tree", "certify a Steiner tree: its Fermat points, angles and length", runTree)
}

const treeUsage = `usage: verify tree [flags] FILE.json

Certifies a Steiner tree written by 'hypersteiner tree' or 'exact' (see
package treecert for the contract):

  - every Steiner point (vertex index ≥ terminals) has degree 3 and lies
    within r ≤ tol·size (+ 4 ulps of the coordinates, the float64
    resolution there) of the Fermat point of its three neighbours (as
    stored), where size is the neighbours' largest coordinate difference:
    the Fermat point is proved in a Krawczyk box (certify.FermatCertifier)
    and r is a rigorous upper bound (max norm, Klein coordinates) of its
    distance to the stored point; its three angles are reported as
    120° ± ε with ε a rigorous bound;
  - at every vertex of degree ≥ 2, the smallest angle between incident
    edges is enclosed, and compared with 120° exactly (big.Rat where the
    enclosure cannot tell); certified Steiner points count as "at 120°";
  - the total length is enclosed (sum of certified edge lengths), and
    every stored number is judged: each edge length, "length" and
    "mst_length" within 1e-13 relative of the exact values, "ratio",
    "red_percent", "fst3", "fst4" consistent with the tree;
  - a Steiner point the file declares in "unproved" with a radius is
    judged by that radius; one declared without a radius is reported, and
    fails only with --strict.

Euclidean trees ("space": "euclidean") are certified the same way.
Exit status: 0 when every claim holds, 1 when one does not (each failure
is listed), 2 for unusable input (malformed JSON, no "terminals", a
vertex outside the plane, an edge naming no vertex). '-' reads the tree
from standard input.

flags:
`

func runTree(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "verify tree"
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	prec := fs.Uint("prec", 53, "working precision in bits of the certificates (53: float64 interval arithmetic first, raised only where needed)")
	tol := fs.Float64("tol", certify.DefaultFermatTol, "accepted distance from a Steiner point to the Fermat point of its neighbours, relative to their size")
	asJSON := fs.Bool("json", false, "print a JSON report instead of the summary")
	strict := fs.Bool("strict", false, "fail on Steiner points the file declares unproved")
	workers := fs.Int("workers", 0, "goroutines (0: all cores; the report does not depend on it)")
	fs.Usage = func() { fmt.Fprint(fs.Output(), treeUsage); fs.PrintDefaults() }
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) != 1 {
		return cli.Report(stderr, prog, cli.Usagef("want one FILE.json, got %d arguments", len(rest)))
	}
	if err := cli.CheckPrec(*prec); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if err := checkTol(*tol); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if *workers < 0 {
		return cli.Report(stderr, prog, cli.Usagef("--workers must be 0 (all cores) or more, not %d", *workers))
	}
	data, name, err := cli.ReadInput(rest[0], stdin)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	tree, claims, err := treecert.Read(data, name)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	rep, err := treecert.Check(tree, claims, treecert.Options{Prec: *prec, Tol: *tol, Workers: *workers, Strict: *strict})
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	rep.File = name
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return cli.Report(stderr, prog, err)
		}
	} else {
		rep.WriteText(stdout)
	}
	if !rep.OK {
		return cli.Report(stderr, prog, cli.Failedf("%s: %s", name, rep.Summary()))
	}
	return cli.ExitOK
}
