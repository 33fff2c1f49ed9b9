package hierarchy_test

import (
	"fmt"

	"github.com/hypersteiner/hypersteiner/hierarchy"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// A tree with a Steiner point 3 joining the terminals 0, 1 and 2.
func ExampleTreeDistances() {
	edges := [][2]int{{0, 3}, {1, 3}, {2, 3}}
	lengths := []float64{1, 2, 0.5}
	d, err := hierarchy.TreeDistances(4, edges, lengths, 0)
	fmt.Println(d, err)
	// Output: [0 3 1.5 1] <nil>
}

// The five-taxon example of Wikipedia's "Neighbor joining" article: the
// matrix is additive, so NJ recovers its tree and branch lengths.
func ExampleNeighborJoining() {
	d := [][]float64{
		{0, 5, 9, 9, 8},
		{5, 0, 10, 10, 9},
		{9, 10, 0, 8, 7},
		{9, 10, 8, 0, 3},
		{8, 9, 7, 3, 0},
	}
	t, err := hierarchy.NeighborJoining(5, func(i, j int) float64 { return d[i][j] }, hierarchy.NJOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, e := range t.Edges {
		fmt.Printf("%d–%d %g\n", e[0], e[1], t.Lengths[k])
	}
	// Output:
	// 5–1 3
	// 5–0 2
	// 6–4 1
	// 6–3 2
	// 7–2 4
	// 7–5 3
	// 7–6 2
}

// The error of the paper: both vectors divided by their maxima, then the
// root-mean-square difference.
func ExampleAgeError() {
	e, _ := hierarchy.AgeError([]float64{0, 1, 2, 4}, []float64{0, 2, 2, 2})
	fmt.Printf("%.6f\n", e) // √13/8
	// Output: 0.450694
}

// The hyperbolic MST of three points on a geodesic is the path along it.
func ExampleMST() {
	t, _ := hierarchy.MST([]hyperbolic.Point{{X: 0}, {X: 0.5}, {X: 0.75}})
	fmt.Println(t.Edges)
	// Output: [[1 2] [0 1]]
}
