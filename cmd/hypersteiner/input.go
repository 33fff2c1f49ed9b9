package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/hypersteiner/hypersteiner/sll"
)

// The input conventions the point-reading commands share (package cli's,
// under the names tree, exact and convert use).
const formatFlagUsage = cli.FormatUsage

var (
	parseFormatFlag = cli.ParseFormat
	implicitStdin   = cli.ImplicitStdin
	emptyStdin      = cli.EmptyStdin
	plural          = cli.Plural
)

// treeFlags are what tree and exact make of their shared flags: the
// input format, the space (with its Fermat strategy) and the output model.
type treeFlags struct {
	format pointio.Format
	space  sll.Space
	model  modelOut
}

// parseTreeFlags checks the flags tree and exact share.
func parseTreeFlags(format, space, solver, outModelFlag, inModel string) (treeFlags, error) {
	var f treeFlags
	var err error
	if f.format, err = parseFormatFlag(format); err != nil {
		return f, err
	}
	if f.space, err = spaceFor(space, solver); err != nil {
		return f, err
	}
	f.model, err = outModel(outModelFlag, inModel, space)
	return f, err
}

// points is an input point set with the table it was read from, so that
// errors about a point name its place in the file.
type points struct {
	pts     []hyperbolic.Point
	tab     pointio.Table
	dropped int // exact repeats dropped by --dedupe
}

// readPoints reads the points of a tree command (pointio.ReadInput): Klein
// coordinates from any model for the hyperbolic plane, plain coordinates
// for the Euclidean one, the numbers parsed on workers goroutines (0: all
// cores).
func readPoints(path string, stdin io.Reader, f pointio.Format, space, model string, dedupe bool, workers int) (points, error) {
	if space == "euclidean" {
		model = ""
	}
	in, err := pointio.Options{Format: f, Workers: workers}.ReadInput(path, stdin, model, dedupe)
	var de *pointio.DuplicateError
	switch {
	case errors.Is(err, pointio.ErrUnknownModel):
		return points{}, cli.Usagef("--model: %v", err)
	case errors.As(err, &de):
		return points{}, fmt.Errorf("%w (--dedupe drops exact repeats)", err)
	}
	return points{in.Points, in.Table, in.Dropped}, err
}

// placeError restates an error of the pipeline about input points (two
// points too close to tell apart, a point the plane cannot hold) with
// their places in the input, and with the user's coordinates.
func (in points) placeError(err error) error {
	var de *sll.DuplicateError
	var pe *sll.PointError
	var xe *exact.PointError
	t := in.tab
	switch {
	case errors.As(err, &xe) && xe.Dup >= 0 && xe.Index < t.Rows && xe.Dup < t.Rows:
		return fmt.Errorf("%s: %s coincides in the Klein model with %s at %s", t.Where(xe.Index), t.RowText(xe.Index), t.RowText(xe.Dup), t.Where(xe.Dup))
	case errors.As(err, &xe) && xe.Index >= 0 && xe.Index < t.Rows:
		return fmt.Errorf("%s: %s: %v", t.Where(xe.Index), t.RowText(xe.Index), xe.Err)
	case errors.As(err, &de) && de.J < t.Rows:
		what := "coincides in the Klein model with"
		if de.Image {
			what = "is too close to tell apart from" // their Poincaré images round to one point
		}
		return fmt.Errorf("%s: %s %s %s at %s", t.Where(de.J), t.RowText(de.J), what, t.RowText(de.I), t.Where(de.I))
	case errors.As(err, &pe) && pe.Index < t.Rows:
		return fmt.Errorf("%s: %s: %v", t.Where(pe.Index), t.RowText(pe.Index), pe.Err)
	}
	return err
}
