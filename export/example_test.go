package export_test

import (
	"fmt"
	"math"
	"os"

	"github.com/hypersteiner/hypersteiner/export"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// example is a small Euclidean tree: four labelled terminals, one of
// them ("mid") of degree 2, and a Steiner point (vertex 4).
func example() *sll.Tree {
	d := math.Sqrt(1.25)
	return &sll.Tree{
		Space:       "euclidean",
		Terminals:   4,
		Vertices:    []hyperbolic.Point{{X: 0, Y: 3}, {X: 0, Y: 1}, {X: -1, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 0.5}},
		Edges:       [][2]int{{0, 1}, {1, 4}, {4, 2}, {4, 3}},
		EdgeLengths: []float64{2, 0.5, d, d},
		Length:      2.5 + 2*d,
		Labels:      []string{"root", "mid", "a b", "c_1"},
	}
}

// The tree hangs from the first terminal; "mid" is a named internal node,
// the Steiner point an unnamed one; names with a blank or an underscore
// are quoted.
func ExampleWriteNewick() {
	if err := export.WriteNewick(os.Stdout, example(), export.Options{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ((('a b':1.118033988749895,'c_1':1.118033988749895):0.5)mid:2)root;
}

// The same tree hung from another terminal.
func ExampleOptions_root() {
	if err := export.WriteNewick(os.Stdout, example(), export.Options{Root: 2}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// (((root:2)mid:0.5,'c_1':1.118033988749895):1.118033988749895)'a b';
}

func ExampleWriteEdges() {
	if err := export.WriteEdges(os.Stdout, example()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// u,v,length
	// 0,1,2
	// 1,4,0.5
	// 4,2,1.118033988749895
	// 4,3,1.118033988749895
}

func ExampleWriteNodes() {
	if err := export.WriteNodes(os.Stdout, example(), export.Options{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// id,kind,x,y,label
	// 0,terminal,0,3,root
	// 1,terminal,0,1,mid
	// 2,terminal,-1,0,a b
	// 3,terminal,1,0,c_1
	// 4,steiner,0,0.5,
}
