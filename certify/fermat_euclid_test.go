package certify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/require"
)

// euclidFermatRef is the Euclidean Fermat point of (a, b, c), refined by
// Newton on the sum of distances in 256-bit arithmetic
// from a float64 start — an independent reference for the certifier.
func euclidFermatRef(a, b, c hyperbolic.Point, start hyperbolic.Point) (x, y *big.Float) {
	const prec = 256
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	x, y = f(start.X), f(start.Y)
	for it := 0; it < 60; it++ {
		// gradient g = −Σ u_i, Hessian H = Σ (I − u uᵀ)/d_i.
		gx, gy := f(0), f(0)
		h11, h12, h22 := f(0), f(0), f(0)
		for _, p := range [3]hyperbolic.Point{a, b, c} {
			dx := new(big.Float).SetPrec(prec).Sub(f(p.X), x)
			dy := new(big.Float).SetPrec(prec).Sub(f(p.Y), y)
			d2 := new(big.Float).SetPrec(prec).Mul(dx, dx)
			d2.Add(d2, new(big.Float).SetPrec(prec).Mul(dy, dy))
			d := new(big.Float).SetPrec(prec).Sqrt(d2)
			ux := new(big.Float).SetPrec(prec).Quo(dx, d)
			uy := new(big.Float).SetPrec(prec).Quo(dy, d)
			gx.Sub(gx, ux)
			gy.Sub(gy, uy)
			inv := new(big.Float).SetPrec(prec).Quo(f(1), d)
			h11.Add(h11, new(big.Float).SetPrec(prec).Mul(inv, new(big.Float).SetPrec(prec).Sub(f(1), new(big.Float).SetPrec(prec).Mul(ux, ux))))
			h22.Add(h22, new(big.Float).SetPrec(prec).Mul(inv, new(big.Float).SetPrec(prec).Sub(f(1), new(big.Float).SetPrec(prec).Mul(uy, uy))))
			h12.Sub(h12, new(big.Float).SetPrec(prec).Mul(inv, new(big.Float).SetPrec(prec).Mul(ux, uy)))
		}
		det := new(big.Float).SetPrec(prec).Mul(h11, h22)
		det.Sub(det, new(big.Float).SetPrec(prec).Mul(h12, h12))
		sx := new(big.Float).SetPrec(prec).Mul(h22, gx)
		sx.Sub(sx, new(big.Float).SetPrec(prec).Mul(h12, gy))
		sx.Quo(sx, det)
		sy := new(big.Float).SetPrec(prec).Mul(h11, gy)
		sy.Sub(sy, new(big.Float).SetPrec(prec).Mul(h12, gx))
		sy.Quo(sy, det)
		x.Sub(x, sx)
		y.Sub(y, sy)
	}
	return x, y
}

// The Euclidean certifier proves the Fermat point at every scale float64
// holds (scaled by 2^k, the same triangle is certified alike), and its
// enclosure holds an independent 256-bit reference.
func TestEuclideanFermatCertifier(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	fc := NewEuclideanFermatCertifier()
	var cert FermatCert
	certified := 0
	for i := 0; i < 300; i++ {
		a := hyperbolic.Point{X: rng.NormFloat64(), Y: rng.NormFloat64()}
		b := hyperbolic.Point{X: rng.NormFloat64(), Y: rng.NormFloat64()}
		c := hyperbolic.Point{X: rng.NormFloat64(), Y: rng.NormFloat64()}
		if EuclideanCmp120(b, a, c) >= 0 || EuclideanCmp120(a, b, c) >= 0 || EuclideanCmp120(a, c, b) >= 0 {
			continue
		}
		// Weiszfeld's iteration (float64) gives Newton its start.
		start := hyperbolic.Point{X: (a.X + b.X + c.X) / 3, Y: (a.Y + b.Y + c.Y) / 3}
		for it := 0; it < 2000; it++ {
			var sx, sy, sw float64
			for _, p := range [3]hyperbolic.Point{a, b, c} {
				w := 1 / math.Hypot(p.X-start.X, p.Y-start.Y)
				sx, sy, sw = sx+w*p.X, sy+w*p.Y, sw+w
			}
			start = hyperbolic.Point{X: sx / sw, Y: sy / sw}
		}
		rx, ry := euclidFermatRef(a, b, c, start)
		cand := hyperbolic.Point{}
		cand.X, _ = rx.Float64()
		cand.Y, _ = ry.Float64()
		for _, k := range []int{0, -1000, -60, 60, 1000} {
			s := func(p hyperbolic.Point) hyperbolic.Point {
				return hyperbolic.Point{X: math.Ldexp(p.X, k), Y: math.Ldexp(p.Y, k)}
			}
			require.NoError(t, fc.Certify(&cert, s(a), s(b), s(c), s(cand), FermatOptions{}))
			require.Equal(t, FermatCertified, cert.Status, "triangle %v %v %v scaled by 2^%d", a, b, c, k)
			if k == 0 {
				certified++
			}
			for j, ref := range []*big.Float{rx, ry} {
				sref := new(big.Float).SetMantExp(ref, k)
				require.True(t, cert.Box[j].Contains(sref), "coordinate %d: %v not in [%v, %v] (scale 2^%d)", j, sref, &cert.Box[j].Lo, &cert.Box[j].Hi, k)
			}
			for _, cs := range cert.Cos {
				require.True(t, cs.Contains(big.NewFloat(-0.5)))
			}
		}
		// A candidate moved by 1e-6 of the triangle's size is refuted.
		if cert.Status == FermatCertified {
			require.NoError(t, fc.Certify(&cert, a, b, c, hyperbolic.Point{X: cand.X + 1e-6*cert.Size, Y: cand.Y}, FermatOptions{}))
			require.Equal(t, FermatRefuted, cert.Status)
		}
	}
	require.Greater(t, certified, 150)
}

func TestEuclideanFermatCertifierNone(t *testing.T) {
	fc := NewEuclideanFermatCertifier()
	var cert FermatCert
	tests := []struct {
		name     string
		a, b, c  hyperbolic.Point
		wide     int
		equal120 bool
	}{
		{"obtuse 150°", hyperbolic.Point{X: 0, Y: 0}, hyperbolic.Point{X: 1, Y: 0}, hyperbolic.Point{X: -math.Sqrt(3) / 2, Y: 0.5}, 0, false},
		{"collinear", hyperbolic.Point{X: 0, Y: 0}, hyperbolic.Point{X: 1, Y: 0}, hyperbolic.Point{X: 2, Y: 0}, 1, false},
		{"repeated", hyperbolic.Point{X: 0, Y: 0}, hyperbolic.Point{X: 0, Y: 0}, hyperbolic.Point{X: 2, Y: 0}, -1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, fc.Certify(&cert, tc.a, tc.b, tc.c, tc.a, FermatOptions{}))
			require.Equal(t, FermatNone, cert.Status)
			require.Equal(t, tc.wide, cert.Wide)
			require.Equal(t, tc.equal120, cert.Equal120)
		})
	}
}
