package hierarchy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// The cell-age experiment as 'hypersteiner planaria' runs it: its
// percentages, its methods, and the HyperSteiner tree it scores.

// PlanariaSource says where the Planaria files are published.
const PlanariaSource = "the folder Data/ of github.com/AGarciaCast/HyperSteiner"

// PaperMissing is the paper's sweep of removed percentages.
var PaperMissing = []float64{95, 92.5, 90, 87.5, 85, 82.5, 80, 77.5, 75}

// MethodNames are the methods of the experiment: HyperSteinerMethod,
// MSTMethod and NJMethod.
var MethodNames = []string{"hypersteiner", "mst", "nj"}

// ParseMissing reads a comma-separated list of distinct percentages in
// [0, 100) ("95, 92.5%"), or "paper" for PaperMissing.
func ParseMissing(s string) ([]float64, error) {
	if strings.EqualFold(strings.TrimSpace(s), "paper") {
		return slices.Clone(PaperMissing), nil
	}
	var out []float64
	for i, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(f), "%"))
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || !(v >= 0 && v < 100) {
			return nil, fmt.Errorf("item %d, %q, is not a percentage in [0, 100)", i+1, f)
		}
		if slices.Contains(out, v) {
			return nil, fmt.Errorf("%v is listed twice", v)
		}
		out = append(out, v)
	}
	return out, nil
}

// ParseMethods reads a comma-separated list of distinct MethodNames.
func ParseMethods(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if !slices.Contains(MethodNames, f) {
			return nil, fmt.Errorf("unknown method %q (known: %s)", f, strings.Join(MethodNames, ", "))
		}
		if slices.Contains(out, f) {
			return nil, fmt.Errorf("%q is listed twice", f)
		}
		out = append(out, f)
	}
	return out, nil
}

// MethodOptions configure Methods.
type MethodOptions struct {
	Solver fermat.Solver // HyperSteiner's Fermat strategy
	NJ     NJOptions
	NJMax  int // NJMethod's maxPoints
}

// Methods returns the named methods (MethodNames), in order; an unknown
// name is skipped.
func Methods(names []string, opt MethodOptions) []Method {
	var ms []Method
	for _, name := range names {
		switch name {
		case "hypersteiner":
			ms = append(ms, HyperSteinerMethod(opt.Solver))
		case "mst":
			ms = append(ms, MSTMethod())
		case "nj":
			ms = append(ms, NJMethod(opt.NJ, opt.NJMax))
		}
	}
	return ms
}

// HyperSteinerMethod is the HyperSteiner tree (BuildHyperSteiner) with
// the Fermat strategy s, single-threaded so that the thread CPU time of
// Evaluate measures all of its work.
func HyperSteinerMethod(s fermat.Solver) Method {
	return Method{Name: "hypersteiner", Build: func(pts []hyperbolic.Point) (*Tree, error) {
		t, err := BuildHyperSteiner(pts, s, 1)
		if err != nil {
			return nil, err
		}
		return &Tree{Vertices: len(t.Vertices), Terminals: t.Terminals, Edges: t.Edges, Lengths: t.EdgeLengths}, nil
	}}
}

// BuildHyperSteiner is the experiment's HyperSteiner tree: package sll
// with 4-terminal full Steiner trees and the Fermat strategy s, on
// workers goroutines (0: all cores; the tree does not depend on it).
func BuildHyperSteiner(pts []hyperbolic.Point, s fermat.Solver, workers int) (*sll.Tree, error) {
	return sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s), FST: 4, Workers: workers})
}

// Steps counts the runs Sweep makes per method with cfg, the calls of
// cfg.Progress: Runs per percentage, one for 0 %.
func (cfg SweepConfig) Steps() int {
	n := 0
	for _, p := range cfg.Missing {
		if p == 0 {
			n++
		} else {
			n += cfg.Runs
		}
	}
	return n
}
