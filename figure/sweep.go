package figure

import (
	"fmt"
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/hierarchy"
)

// methodStyles follow the paper's figure: NJ green, HyperSteiner red, MST
// blue.
var methodStyles = map[string]struct {
	label  string
	colour string
	marker Marker
}{
	"nj":           {"NJ", "#2ca02c", TriangleUp},
	"hypersteiner": {"HyperSteiner", "#d62728", Circle},
	"mst":          {"MST", "#1f77b4", Square},
}

// Sweep returns the figure of the paper's §5.2 from the summaries of a
// Planaria sweep (hierarchy.Sweep): the cell-age error (left) and the CPU
// seconds (right, log scale: the methods differ by orders of magnitude)
// against the percentage of cells removed, one line per method through
// the means with a band of ± one sample standard deviation (the paper's
// bands are the population standard deviation divided by 5), and a legend
// under each panel.
func Sweep(sums []hierarchy.Summary) (*Figure, error) {
	if len(sums) == 0 {
		return nil, fmt.Errorf("figure: no summaries to draw")
	}
	var methods []string
	runs := sums[0].Runs
	for _, s := range sums {
		if !slices.Contains(methods, s.Method) {
			methods = append(methods, s.Method)
		}
		if s.Runs != runs {
			runs = 0
		}
	}
	x := Axis{Label: "cells removed (%)"}
	errPanel := &Panel{Title: "Cell-age error", X: x, Y: Axis{Label: "distance error"}}
	cpuPanel := &Panel{Title: "CPU time", X: x, Y: Axis{Label: "CPU seconds (log scale)", Log: true}}
	for k, m := range methods {
		ms, ok := methodStyles[m]
		if !ok {
			ms.label, ms.colour, ms.marker = m, Colour(k+4), MarkerFor(k+3)
		}
		var e, c Series
		for _, s := range sums {
			if s.Method != m {
				continue
			}
			e.X, e.Y = append(e.X, s.Missing), append(e.Y, s.ErrorMean)
			e.Lo, e.Hi = append(e.Lo, s.ErrorMean-sd(s.ErrorSD)), append(e.Hi, s.ErrorMean+sd(s.ErrorSD))
			c.X, c.Y = append(c.X, s.Missing), append(c.Y, s.CPUMean)
			c.Lo, c.Hi = append(c.Lo, s.CPUMean-sd(s.CPUSD)), append(c.Hi, s.CPUMean+sd(s.CPUSD))
		}
		sortByX(&e)
		sortByX(&c)
		st := Style{Colour: ms.colour, Marker: ms.marker}
		e.Label, e.Style = ms.label, st
		c.Label, c.Style = ms.label, st
		errPanel.Series = append(errPanel.Series, e)
		cpuPanel.Series = append(cpuPanel.Series, c)
	}
	title := "Planaria: cell-age error and CPU time against the cells removed"
	if runs > 1 {
		title += fmt.Sprintf(", mean ± sd over %d removals", runs)
	}
	return &Figure{Title: title, Panels: []*Panel{errPanel, cpuPanel}, PanelWidth: 440, PanelHeight: 330}, nil
}

// sd is a standard deviation for a band: NaN (a single run) is none.
func sd(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return v
}

// sortByX orders a series' points by x, so that its line runs left to
// right whatever the order of the sweep.
func sortByX(s *Series) {
	idx := make([]int, len(s.X))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case s.X[a] < s.X[b]:
			return -1
		case s.X[a] > s.X[b]:
			return 1
		}
		return 0
	})
	perm := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for i, j := range idx {
			out[i] = v[j]
		}
		return out
	}
	s.X, s.Y, s.Lo, s.Hi = perm(s.X), perm(s.Y), perm(s.Lo), perm(s.Hi)
}
