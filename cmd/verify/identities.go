package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/pointio"
)

func init() {
	register("identities", "check another program's distances, angles, Fermat points… against certified values and identities", runIdentities)
}

var identitiesUsage = `usage: verify identities --check FAMILY [flags] [INPUT]

` + hyptest.TableHelp() + `Output: one line per violation, "file:line: row N: …", with the claim
and the enclosure that refutes it; a summary on stderr. Exit status: 0
when every row is consistent, 1 when a row is violated or undecided, 2
for unusable input (errors name file:line:column). No INPUT, or '-',
reads standard input.

flags:
`

func runIdentities(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "verify identities"
	fs := cli.NewFlagSet("identities", identitiesUsage, stderr)
	check := fs.String("check", "", "the family of checks (required)")
	model := fs.String("model", "klein", "model of the point columns: "+strings.Join(pointio.Models, ", "))
	ulps := fs.Float64("ulps", 16, "accuracy the values claim, in units of 2⁻⁵³ relative")
	abs := fs.Float64("abs", 0, "absolute accuracy floor of the values")
	pointUlps := fs.Float64("point-ulps", 16, "accuracy the computed points claim, in units of the float64 resolution u·t² there")
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	opt := hyptest.TableOptions{Family: *check, Tol: hyptest.Tol{Rel: *ulps * 0x1p-53, Abs: *abs}, PointUlps: *pointUlps}
	rows, reports, err := identities(rest, opt, *model, *ulps, stdin)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	w := bufio.NewWriter(stdout)
	n := 0
	for _, r := range reports {
		for _, e := range r.Errs {
			fmt.Fprintf(w, "%v: row %d: %s\n", r.Pos, r.Row, cli.OneLine(e.Error()))
			n++
		}
	}
	if err := w.Flush(); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(reports) > 0 {
		return cli.Report(stderr, prog, cli.Failedf("%s failed on %s of %d (%s)", *check, cli.Plural(len(reports), "row", "rows"), rows, cli.Plural(n, "violation or undecided check", "violations or undecided checks")))
	}
	fmt.Fprintf(stderr, "%s: %s: all %s consistent\n", prog, *check, cli.Plural(rows, "row", "rows"))
	return cli.ExitOK
}

// identities checks the flags, reads the table and runs the checks.
func identities(rest []string, opt hyptest.TableOptions, model string, ulps float64, stdin io.Reader) (int, []hyptest.RowReport, error) {
	path, err := cli.OneArg(rest, "INPUT", "-")
	if err != nil {
		return 0, nil, err
	}
	if _, ok := hyptest.FamilyByName(opt.Family); !ok {
		return 0, nil, cli.Usagef("--check %q: want one of %s", opt.Family, hyptest.FamilyNames())
	}
	if opt.Model, err = pointio.ParseModel(model); err != nil {
		return 0, nil, cli.Usagef("--model: %v", err)
	}
	if !(ulps >= 0) || !(opt.Tol.Rel < 1) || !(opt.Tol.Abs >= 0) || opt.Tol.Abs > 1e300 {
		return 0, nil, cli.Usagef("--ulps must be in [0, 2⁵³) and --abs finite and ≥ 0")
	}
	if !(opt.PointUlps >= 0) || opt.PointUlps > 1e300 {
		return 0, nil, cli.Usagef("--point-ulps must be finite and ≥ 0, not %g", opt.PointUlps)
	}
	data, name, err := cli.ReadInput(path, stdin)
	if err != nil {
		return 0, nil, cli.Input(err)
	}
	opt.Name = name
	rows, reports, err := hyptest.CheckTable(data, opt)
	return rows, reports, cli.Input(err)
}
