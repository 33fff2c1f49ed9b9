package sll

import (
	"encoding/json"
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
	// Reopt holds what Reoptimize did, when Options.Reoptimize asked for it.
	Reopt *ReoptStats `json:"-"`
	// DelaunayEdges are the triangulation's edges, kept when asked for drawing.
	DelaunayEdges [][2]int32 `json:"-"`
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
}

// MarshalJSON writes the tree in the format of the design card; floats are
// printed so that they parse back to the same float64.
func (t *Tree) MarshalJSON() ([]byte, error) {
	j := treeJSON{
		Space: t.Space, Model: "klein", Terminals: t.Terminals,
		Vertices: make([][2]float64, len(t.Vertices)), Edges: t.Edges,
		EdgeLengths: t.EdgeLengths, Length: t.Length, MSTLength: t.MSTLength,
		Ratio: t.Ratio(), RED: t.RED(), FST3: t.FST3, FST4: t.FST4,
		Solver: t.Solver, Seconds: t.Seconds,
	}
	if pl, err := t.Plane(); err == nil {
		j.Model = pl.Model()
	}
	for i, v := range t.Vertices {
		j.Vertices[i] = [2]float64{v.X, v.Y}
	}
	if j.Edges == nil {
		j.Edges = [][2]int{}
	}
	if j.EdgeLengths == nil {
		j.EdgeLengths = []float64{}
	}
	return json.Marshal(j)
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
		MSTLength: j.MSTLength, FST3: j.FST3, FST4: j.FST4, Seconds: j.Seconds}
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
