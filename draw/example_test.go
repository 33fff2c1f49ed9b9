package draw_test

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/hypersteiner/hypersteiner/draw"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// The Euclidean tree of the unit square's corners, drawn on axes; the
// legend and summary below the plane are the picture's text.
func ExampleTree() {
	pts := []hyperbolic.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
	tree, err := sll.Build(pts, sll.Options{Space: sll.Euclidean()})
	if err != nil {
		fmt.Println(err)
		return
	}
	var b bytes.Buffer
	if err := draw.Tree(&b, tree, draw.Options{Width: 600}); err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range regexp.MustCompile(`class="(?:legend|summary)">([^<]*)<`).FindAllStringSubmatch(b.String(), -1) {
		fmt.Println(m[1])
	}
	// Output:
	// terminal (4)
	// Steiner point (2)
	// edge (5)
	// Euclidean plane, one scale on both axes
	// length 2.73205  ·  MST 3  ·  RED 8.93 %
	// full Steiner trees: 0 of 3 and 1 of 4 terminals  ·  solver torricelli
}

// Marks shrink as the tree grows, down to edges of 0.6 px.
func ExampleStyleFor() {
	for _, n := range []int{10, 1000, 100000} {
		s := draw.StyleFor(n)
		fmt.Printf("n = %6d: edge %.2f px, terminal radius %.2f px, Steiner point radius %.2f px\n", n, s.Edge, s.Terminal, s.Steiner)
	}
	// Output:
	// n =     10: edge 2.50 px, terminal radius 5.00 px, Steiner point radius 4.00 px
	// n =   1000: edge 1.26 px, terminal radius 1.90 px, Steiner point radius 1.52 px
	// n = 100000: edge 0.60 px, terminal radius 0.80 px, Steiner point radius 0.64 px
}
