package gen_test

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen"
)

// The cost of drawing from the generators.

func BenchmarkDrawPoints(b *testing.B) {
	g := gen.Points()
	for i := 0; b.Loop(); i++ {
		g.Example(i)
	}
}

func BenchmarkDrawTriangles(b *testing.B) {
	g := gen.Triangles()
	for i := 0; b.Loop(); i++ {
		g.Example(i)
	}
}

func BenchmarkDrawIsometries(b *testing.B) {
	g := gen.Isometries(3)
	for i := 0; b.Loop(); i++ {
		g.Example(i)
	}
}
