package delaunay

import (
	"fmt"
	"testing"
)

func BenchmarkTriangulateUniform(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000, 1_000_000} {
		pts := uniformPoints(n, 1)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Triangulate(pts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTriangulateGrid: a shuffled integer grid, where almost every
// in-circle test is exactly degenerate and needs the exact fallback.
func BenchmarkTriangulateGrid(b *testing.B) {
	for _, k := range []int{100, 316} {
		pts := gridPoints(k, k, 1, 0, 1)
		b.Run(fmt.Sprint(k*k), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Triangulate(pts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkHyperbolic(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000, 1_000_000} {
		pts := boundaryKlein(n, 10, 1)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Hyperbolic(pts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkOrient(b *testing.B) {
	p, q, r := Point{0.1, 0.2}, Point{0.7, 0.3}, Point{0.4, 0.9}
	s := 0
	for b.Loop() {
		s += Orient(p, q, r)
	}
	_ = s
}

func BenchmarkInCircle(b *testing.B) {
	p, q, r, d := Point{0.1, 0.2}, Point{0.7, 0.3}, Point{0.4, 0.9}, Point{0.4, 0.5}
	s := 0
	for b.Loop() {
		s += InCircle(p, q, r, d)
	}
	_ = s
}

// BenchmarkInCircleExact: a cocircular quadruple, which always takes the
// exact expansion path.
func BenchmarkInCircleExact(b *testing.B) {
	p, q, r, d := Point{5, 0}, Point{3, 4}, Point{-4, 3}, Point{0, -5}
	s := 0
	for b.Loop() {
		s += InCircle(p, q, r, d)
	}
	_ = s
}
