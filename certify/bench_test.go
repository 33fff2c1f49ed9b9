package certify

import (
	"fmt"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/poly"
)

// The 2×2 quartic Fermat system of a generic triangle, certified from a
// float64 candidate (as a float64 solver would deliver it) with the
// float64 fast path (53) and at 256 bits.
func BenchmarkKrawczyk2x2(b *testing.B) {
	x0 := []float64{0.004961340564163846, -0.05038986309406556}
	for _, prec := range []uint{53, 256} {
		b.Run(fmt.Sprint("fermat/", prec), func(b *testing.B) {
			p, _ := NewProver(fermatSystem(b))
			var res Result
			b.ReportAllocs()
			reportCPU(b, func() {
				if err := p.Certify(&res, x0, Options{Prec: prec}); err != nil || res.Status != Proved || res.Prec != max(prec, 53) {
					b.Fatal(res.Status, res.Prec, err)
				}
			})
		})
	}
	for _, prec := range []uint{53, 256} {
		b.Run(fmt.Sprint("circle-line/", prec), func(b *testing.B) {
			p := mustProver(b, "x^2 + y^2 - 1; x - 3/4*y;")
			var res Result
			b.ReportAllocs()
			reportCPU(b, func() {
				if err := p.Certify(&res, []float64{0.6, 0.8}, Options{Prec: prec}); err != nil || res.Status != Proved || res.Prec != max(prec, 53) {
					b.Fatal(res.Status, res.Prec, err)
				}
			})
		})
	}
}

func BenchmarkEnclose(b *testing.B) {
	ps := fermatSystem(b)
	x64 := []Interval64{{0.00496, 0.00497}, {-0.0504, -0.0503}}
	f64, j64 := make([]Interval64, 2), make([]Interval64, 4)
	b.Run("float64", func(b *testing.B) {
		b.ReportAllocs()
		reportCPU(b, func() { ps.Enclose64(f64, j64, x64) })
	})
	xb := make([]Interval, 2)
	for i := range xb {
		xb[i].SetInterval64(x64[i])
	}
	fb, jb := make([]Interval, 2), make([]Interval, 4)
	b.Run("256", func(b *testing.B) {
		b.ReportAllocs()
		reportCPU(b, func() { ps.Enclose(fb, jb, xb, 256) })
	})
}

func BenchmarkIntervalMul(b *testing.B) {
	x, y := Interval64{-0.3, 0.7}, Interval64{-1.1, 0.2}
	b.Run("float64", func(b *testing.B) {
		var z Interval64
		for b.Loop() {
			z = x.Mul(y)
		}
		_ = z
	})
	var xb, yb, zb Interval
	xb.SetPrec(256).SetRat(big.NewRat(-3, 10))
	xb.Hi.SetFloat64(0.7)
	yb.SetPrec(256).SetRat(big.NewRat(-11, 10))
	yb.Hi.SetFloat64(0.2)
	zb.SetPrec(256)
	b.Run("256", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			zb.Mul(&xb, &yb)
		}
	})
}

func BenchmarkAlphaTest(b *testing.B) {
	s := poly.MustParse("x^2 + y^2 - 1; x - 3/4*y;")
	x := rats(0.6000000001, 0.7999999999)
	b.ReportAllocs()
	for b.Loop() {
		if r, err := AlphaTest(s, x); err != nil || !r.Certified {
			b.Fatal(err)
		}
	}
}

// Certify one Fermat point from a float64 candidate (as a float strategy
// delivers it): the float64 fast path on a generic triangle, and 256
// bits. Also a triangle with a 120° − 1e-9 angle (its Fermat point sits
// next to a vertex) and an exact-120° one (answered None exactly).
func BenchmarkCertifyFermat(b *testing.B) {
	a, bb, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	s := hyperbolic.Point{X: 0.004961340564163875, Y: -0.05038986309406557}
	for _, prec := range []uint{0, 256} {
		b.Run(fmt.Sprint("generic/", max(prec, 53)), func(b *testing.B) {
			fc := NewFermatCertifier()
			var cert FermatCert
			b.ReportAllocs()
			reportCPU(b, func() {
				if err := fc.Certify(&cert, a, bb, c, s, FermatOptions{Prec: prec}); err != nil || cert.Status != FermatCertified {
					b.Fatal(cert.Status, err)
				}
			})
		})
	}
	// A terminal 1e-9 from the Fermat point p: the angle there is
	// 120° − O(1e-9), and p (rounded) is an accurate candidate.
	p := hyperbolic.Point{X: 0.3, Y: -0.2}
	tri, _ := steinerTriangle(p, 0.7, [3]float64{1e-9, 0.5, 0.6})
	fc := NewFermatCertifier()
	var cert FermatCert
	near := p
	b.Run("near120/53", func(b *testing.B) {
		b.ReportAllocs()
		reportCPU(b, func() {
			if fc.Certify(&cert, tri[0], tri[1], tri[2], near, FermatOptions{}); cert.Status != FermatCertified {
				b.Fatal(cert.Status)
			}
		})
	})
	b.Run("exact120", func(b *testing.B) {
		v, x, y := hyperbolic.Point{X: 0.5}, hyperbolic.Point{X: 0.75}, hyperbolic.Point{X: 0.375, Y: 0.25}
		b.ReportAllocs()
		reportCPU(b, func() {
			if fc.Certify(&cert, x, v, y, v, FermatOptions{}); cert.Status != FermatNone {
				b.Fatal(cert.Status)
			}
		})
	})
}

func BenchmarkDist(b *testing.B) {
	p, q := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}
	b.Run("float64", func(b *testing.B) {
		b.ReportAllocs()
		reportCPU(b, func() { Dist64(p, q) })
	})
	np, nq := OneMinusNormSq64(p), OneMinusNormSq64(q)
	b.Run("float64-pre", func(b *testing.B) { // 1 − |x|² given, as for a tree's vertices
		b.ReportAllocs()
		reportCPU(b, func() {
			s2, _ := SinhSqDist64(p, q, np, nq)
			AsinhSqrt64(s2)
		})
	})
	var z Interval
	b.Run("256", func(b *testing.B) {
		b.ReportAllocs()
		reportCPU(b, func() { z.Dist(p, q, 256) })
	})
}

func BenchmarkAngles(b *testing.B) {
	v := hyperbolic.Point{X: 0.1, Y: 0.2}
	nb := []hyperbolic.Point{{X: -0.3, Y: -0.1}, {X: 0.25, Y: -0.35}, {X: 0.3, Y: 0.5}}
	b.Run("smallest/3", func(b *testing.B) {
		b.ReportAllocs()
		reportCPU(b, func() { SmallestAngleAt(v, nb) })
	})
	b.Run("acos", func(b *testing.B) {
		reportCPU(b, func() { Acos64(Point64(-0.4)) })
	})
}
