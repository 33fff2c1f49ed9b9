package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/hypersteiner/hypersteiner/sll"
)

// formatFlagUsage documents the --format flag of the commands that read
// points or triangles.
const formatFlagUsage = "input format: auto (by the file's extension, else by the content; standard input by the content), csv, json or npy"

// parseFormatFlag reads --format.
func parseFormatFlag(s string) (pointio.Format, error) {
	f, err := pointio.ParseFormat(s)
	if err != nil {
		return 0, cli.Usagef("--format must be auto, csv, json or npy, not %q", s)
	}
	return f, nil
}

// stdinIsInput reports whether standard input carries the input when no
// INPUT is named: it does unless it is a terminal (or another character
// device, such as /dev/null). Readers that are not files (tests) count as
// input.
func stdinIsInput(stdin io.Reader) bool {
	if stdin == nil {
		return false
	}
	f, ok := stdin.(*os.File)
	if !ok {
		return true
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice == 0
}

// implicitStdin names standard input as the INPUT when none is given and
// standard input is not a terminal.
func implicitStdin(rest []string, stdin io.Reader) ([]string, bool) {
	if len(rest) == 0 && stdinIsInput(stdin) {
		return []string{"-"}, true
	}
	return rest, false
}

// emptyStdin restates "no data rows" on standard input that was read
// because no INPUT was given.
func emptyStdin(err error, implicit bool) error {
	if implicit && errors.Is(err, pointio.ErrNoData) {
		return cli.Usagef("no INPUT given, and standard input (not a terminal, so it was read) holds no points")
	}
	return cli.Input(err)
}

// readTable reads the table in path ("-": standard input, named "stdin")
// in format f (Auto: by the extension, else by the content).
func readTable(path string, stdin io.Reader, f pointio.Format, opt pointio.Options) (pointio.Table, error) {
	if path == "-" {
		opt.Name = "stdin"
		return opt.Read(stdin, f)
	}
	opt.Format = f
	return opt.ReadFile(path)
}

// points is an input point set with the table it was read from, so that
// errors about a point name its place in the file.
type points struct {
	pts     []hyperbolic.Point
	tab     pointio.Table
	dropped int // exact repeats dropped by --dedupe
}

// readPoints reads the points of a tree command: Klein coordinates from
// any model for the hyperbolic plane, plain coordinates for the Euclidean
// one, the numbers parsed on workers goroutines (0: all cores). Exact repeats of a row are an error naming both places, or with
// dedupe are dropped (the first occurrence stays).
func readPoints(path string, stdin io.Reader, f pointio.Format, space, model string, dedupe bool, workers int) (points, error) {
	cols := 2
	if space != "euclidean" {
		k, err := pointio.ModelCols(model)
		if err != nil {
			return points{}, cli.Usagef("--model: %v", err)
		}
		cols = k
	}
	tab, err := readTable(path, stdin, f, pointio.Options{Cols: []int{cols}, Labels: true, Workers: workers})
	if err != nil {
		return points{}, err
	}
	var in points
	if dedupe {
		tab, in.dropped = tab.Dedupe()
	} else if err := tab.FindDuplicate(); err != nil {
		return points{}, fmt.Errorf("%w (--dedupe drops exact repeats)", err)
	}
	in.tab = tab
	if space == "euclidean" {
		in.pts, err = pointio.PlanePoints(tab)
	} else {
		in.pts, err = pointio.ToKlein(tab, model)
	}
	return in, err
}

// placeError restates an error of the pipeline about input points (two
// points too close to tell apart, a point the plane cannot hold) with
// their places in the input, and with the user's coordinates.
func (in points) placeError(err error) error {
	var de *sll.DuplicateError
	var pe *sll.PointError
	var xe *exact.PointError
	switch {
	case errors.As(err, &xe) && xe.Dup >= 0 && xe.Index < in.tab.Rows && xe.Dup < in.tab.Rows:
		return fmt.Errorf("%s: %s coincides in the Klein model with %s at %s", in.tab.Where(xe.Index), rowText(in.tab.Row(xe.Index)),
			rowText(in.tab.Row(xe.Dup)), in.tab.Where(xe.Dup))
	case errors.As(err, &xe) && xe.Index >= 0 && xe.Index < in.tab.Rows:
		return fmt.Errorf("%s: %s: %v", in.tab.Where(xe.Index), rowText(in.tab.Row(xe.Index)), xe.Err)
	case errors.As(err, &de) && de.J < in.tab.Rows:
		what := "coincides in the Klein model with"
		if de.Image {
			what = "is too close to tell apart from" // their Poincaré images round to one point
		}
		return fmt.Errorf("%s: %s %s %s at %s", in.tab.Where(de.J), rowText(in.tab.Row(de.J)), what,
			rowText(in.tab.Row(de.I)), in.tab.Where(de.I))
	case errors.As(err, &pe) && pe.Index < in.tab.Rows:
		return fmt.Errorf("%s: %s: %v", in.tab.Where(pe.Index), rowText(in.tab.Row(pe.Index)), pe.Err)
	}
	return err
}

// rowText prints a row of input as the user wrote it (shortest round-trip
// decimals): "(0.1, 0.2)".
func rowText(r []float64) string {
	s := "("
	for j, v := range r {
		if j > 0 {
			s += ", "
		}
		s += cli.FormatFloat(v)
	}
	return s + ")"
}

// plural returns "1 thing" or "n things" (pl is the plural form).
func plural(n int, one, pl string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, pl)
}
