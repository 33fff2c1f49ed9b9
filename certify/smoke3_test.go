package certify

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

func BenchmarkSmokeParts(b *testing.B) {
	a, bb, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	var ps psiSystem
	ps.set(a, bb, c)
	x64 := []Interval64{{0.00496, 0.00497}, {-0.0504, -0.0503}}
	f64, j64 := make([]Interval64, 2), make([]Interval64, 4)
	b.Run("enclose64", func(b *testing.B) { reportCPU(b, func() { ps.Enclose64(f64, j64, x64) }) })
	b.Run("exists", func(b *testing.B) { reportCPU(b, func() { isoptic.SteinerExists(a, bb, c) }) })
	p, _ := NewProver(&ps)
	var res Result
	b.Run("prover", func(b *testing.B) {
		reportCPU(b, func() { p.Certify(&res, []float64{0.00496134056416385, -0.05038986309406555}, Options{}) })
	})
	xb := make([]Interval, 2)
	for i := range xb {
		xb[i].SetInterval64(x64[i])
	}
	fb, jb := make([]Interval, 2), make([]Interval, 4)
	b.Run("enclose256", func(b *testing.B) { reportCPU(b, func() { ps.Enclose(fb, jb, xb, 256) }) })
	b.Run("prover256", func(b *testing.B) {
		reportCPU(b, func() { p.Certify(&res, []float64{0.00496134056416385, -0.05038986309406555}, Options{Prec: 256}) })
	})
	b.Run("mul", func(b *testing.B) {
		x, y := Interval64{-0.3, 0.7}, Interval64{-1.1, 0.2}
		var z Interval64
		reportCPU(b, func() { z = x.Mul(y) })
		_ = z
	})
}
