package sll

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Tree is a Steiner tree: the terminals (first, in input order) and the
// Steiner points, joined by edges.
type Tree struct {
	Space       string             // "hyperbolic" or "euclidean"
	Solver      string             // the Fermat strategy
	Terminals   int                // the first Terminals vertices are the input points
	Vertices    []hyperbolic.Point // Klein coordinates (plain coordinates when Euclidean)
	Edges       [][2]int
	EdgeLengths []float64
	Length      float64 // total length, compensated sum of EdgeLengths
	MSTLength   float64 // length of the minimum spanning tree of the terminals
	FST3, FST4  int     // full Steiner trees of 3 and 4 terminals used
	Seconds     float64 // wall time of Build
	Stats       Stats   // what the pipeline did, for benchmarks and diagnostics
	// Unproved lists, per vertex, what the tree's writer could not prove
	// (see Unproved); nil when every claim of the tree is proved.
	Unproved []Unproved
	// Labels, when set, name the terminals (one per terminal, from the
	// input's label column); nil when the input had none.
	Labels []string
	// Reopt holds what Reoptimize did, when Options.Reoptimize asked for it.
	Reopt *ReoptStats `json:"-"`
	// DelaunayEdges are the triangulation's edges, kept when asked for drawing.
	DelaunayEdges [][2]int32 `json:"-"`
}

// Unproved is a claim the tree's writer could not prove about one Steiner
// point: that it is the Fermat point of its three neighbours to within the
// certifier's default tolerance (certify.DefaultFermatTol times the size
// of their triangle). With Radius > 0 the writer claims instead that the
// Fermat point lies within Radius of it (max norm, in the chart's
// coordinates) — what float64 can hold there; with Radius 0 it claims
// nothing about the point. Reason says why, for a person.
type Unproved struct {
	Vertex int     `json:"vertex"`
	Radius float64 `json:"radius,omitempty"`
	Reason string  `json:"reason"`
}

// Stats counts what the pipeline did.
type Stats struct {
	MeshEdges, Triangles int
	Marked               int // triangles holding two MST edges
	FermatSolves         int // 3-terminal solves requested of the strategy
	FermatFailed         int // solves where a Steiner point exists but was not found
	FermatUndecided      int // solves whose existence could not be decided
	Candidates3          int // 3-terminal FSTs shorter than their local MST
	Candidates4          int // 4-terminal FSTs shorter than their local MST
	FST4Unconverged      int // 4-terminal alternations that hit the iteration cap
	DelaunaySeconds      float64
	MSTSeconds           float64
	FSTSeconds           float64
	ConcatSeconds        float64
}

// Ratio is Length / MSTLength (1 for trees with no edge).
func (t *Tree) Ratio() float64 {
	if t.MSTLength == 0 {
		return 1
	}
	return t.Length / t.MSTLength
}

// RED is the reduction over the MST in percent, (1 − Ratio)·100.
func (t *Tree) RED() float64 { return (1 - t.Ratio()) * 100 }

// Plane returns the plane the tree lives in (by its Space name).
func (t *Tree) Plane() (plane.Plane, error) { return plane.ByName(t.Space) }

// SteinerPoints returns the number of Steiner points.
func (t *Tree) SteinerPoints() int { return len(t.Vertices) - t.Terminals }

type treeJSON struct {
	Space       string       `json:"space"`
	Model       string       `json:"model"`
	Terminals   int          `json:"terminals"`
	Vertices    [][2]float64 `json:"vertices"`
	Edges       [][2]int     `json:"edges"`
	EdgeLengths []float64    `json:"edge_lengths"`
	Length      float64      `json:"length"`
	MSTLength   float64      `json:"mst_length"`
	Ratio       float64      `json:"ratio"`
	RED         float64      `json:"red_percent"`
	FST3        int          `json:"fst3"`
	FST4        int          `json:"fst4"`
	Solver      string       `json:"solver"`
	Seconds     float64      `json:"seconds"`
	Unproved    []Unproved   `json:"unproved,omitempty"`
	Labels      []string     `json:"labels,omitempty"`
}

// UnmarshalJSON reads the format written by MarshalJSON. It checks the
// structure only; semantic checks (edges in range, points in the disk) are
// the reader's (see Validate).
func (t *Tree) UnmarshalJSON(b []byte) error {
	var j treeJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*t = Tree{Space: j.Space, Solver: j.Solver, Terminals: j.Terminals,
		Edges: j.Edges, EdgeLengths: j.EdgeLengths, Length: j.Length,
		MSTLength: j.MSTLength, FST3: j.FST3, FST4: j.FST4, Seconds: j.Seconds,
		Unproved: j.Unproved, Labels: j.Labels}
	t.Vertices = make([]hyperbolic.Point, len(j.Vertices))
	for i, v := range j.Vertices {
		t.Vertices[i] = hyperbolic.Point{X: v[0], Y: v[1]}
	}
	return nil
}

// Measure recomputes the edge lengths from the vertices and the total
// from them (compensated sum), after the vertices moved.
func (t *Tree) Measure(sp Space) {
	t.EdgeLengths = slices.Grow(t.EdgeLengths[:0], len(t.Edges))[:len(t.Edges)]
	for i, e := range t.Edges {
		t.EdgeLengths[i] = sp.Dist(t.Vertices[e[0]], t.Vertices[e[1]])
	}
	t.Length = fsum.Sum(t.EdgeLengths)
}

// FullComponents counts the full components of 3 and 4 terminals (1 and 2
// Steiner points joined through Steiner points), and returns the number
// of terminals of the largest full component (k Steiner points span
// k + 2 terminals; 0 without Steiner points).
func (t *Tree) FullComponents() (fst3, fst4, largest int) {
	// The edges between Steiner points, in compressed rows over the
	// Steiner points.
	ns := len(t.Vertices) - t.Terminals
	if ns <= 0 {
		return 0, 0, 0
	}
	off := make([]int32, ns+1)
	for _, e := range t.Edges {
		if e[0] >= t.Terminals && e[1] >= t.Terminals {
			off[e[0]-t.Terminals+1]++
			off[e[1]-t.Terminals+1]++
		}
	}
	for v := range ns {
		off[v+1] += off[v]
	}
	nbr := make([]int32, off[ns])
	fill := make([]int32, ns)
	copy(fill, off[:ns])
	for _, e := range t.Edges {
		if e[0] >= t.Terminals && e[1] >= t.Terminals {
			u, v := int32(e[0]-t.Terminals), int32(e[1]-t.Terminals)
			nbr[fill[u]], nbr[fill[v]] = v, u
			fill[u]++
			fill[v]++
		}
	}
	seen := make([]bool, ns)
	var stack []int32
	for v := range int32(ns) {
		if seen[v] {
			continue
		}
		k := 0
		stack = append(stack[:0], v)
		seen[v] = true
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			k++
			for _, w := range nbr[off[u]:off[u+1]] {
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
		switch k {
		case 1:
			fst3++
		case 2:
			fst4++
		}
		largest = max(largest, k+2)
	}
	return fst3, fst4, largest
}

// ScalePoints returns the points multiplied by 2^k.
func ScalePoints(pts []hyperbolic.Point, k int) []hyperbolic.Point {
	out := make([]hyperbolic.Point, len(pts))
	for i, p := range pts {
		out[i] = hyperbolic.Point{X: math.Ldexp(p.X, k), Y: math.Ldexp(p.Y, k)}
	}
	return out
}

// Scale multiplies the tree's coordinates and lengths by 2^k (in a
// scale-invariant plane: the tree of the scaled points). It fails when a
// length leaves float64's range.
func (t *Tree) Scale(k int) error {
	for i, p := range t.Vertices {
		t.Vertices[i] = hyperbolic.Point{X: math.Ldexp(p.X, k), Y: math.Ldexp(p.Y, k)}
	}
	for i := range t.EdgeLengths {
		t.EdgeLengths[i] = math.Ldexp(t.EdgeLengths[i], k)
	}
	l, m := t.Length, t.MSTLength
	t.Length, t.MSTLength = math.Ldexp(l, k), math.Ldexp(m, k)
	switch {
	case math.IsInf(t.Length, 0):
		return fmt.Errorf("sll: the tree's length, %g × 2^%d, exceeds float64's range", l, k)
	case math.IsInf(t.MSTLength, 0):
		// The tree itself fits; its claim "mst_length" cannot be stored.
		return fmt.Errorf("sll: the minimum spanning tree's length, %g × 2^%d, exceeds float64's range (the tree's, %g × 2^%d, does not)", m, k, l, k)
	}
	return nil
}
