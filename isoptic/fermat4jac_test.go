package isoptic

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// phiJacGeneric is PhiJac by the generic kernel (every partial, scattered
// by pair): the oracle of the specialised PhiJac.
func phiJacGeneric(f Fermat4, v [4]float64) ([4]float64, [4][4]float64, error) {
	a, b := split(v)
	var F [4]float64
	var J [4][4]float64
	var t pairTerms[float64]
	var bad bool
	for i, q := range f.pairs(a, b) {
		evalPair(&t, q.p, q.q, q.s)
		phi, d, err := phiPartials(&t, f.cos)
		F[i] = phi
		bad = bad || err != nil
		q.scatter(&J[i], d)
	}
	if bad {
		return F, [4][4]float64{}, ErrNotDifferentiable
	}
	return F, J, nil
}

// PhiJac gives the generic kernel's bits: on random points, at and next to
// the terminals, and with cos α = 0.
func TestFermat4PhiJacMatchesGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	disk := func(r float64) hyperbolic.Point {
		rho, th := r*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64()
		return hyperbolic.Point{X: rho * math.Cos(th), Y: rho * math.Sin(th)}
	}
	for trial := range 20000 {
		c := disk(0.9)
		size := math.Ldexp(1, -rng.IntN(30))
		var ts [4]hyperbolic.Point
		for i := range ts {
			d := disk(size)
			ts[i] = hyperbolic.Point{X: c.X + d.X, Y: c.Y + d.Y}
		}
		cos := Cos120
		if trial%7 == 0 {
			cos = 0
		}
		f, err := NewFermat4(ts[0], ts[1], ts[2], ts[3], cos)
		if err != nil {
			continue
		}
		a, b := disk(0.9), disk(0.9)
		switch trial % 5 {
		case 1:
			a = ts[1] // a Steiner point on a terminal
		case 2:
			b = a // the two Steiner points together
		case 3:
			a = hyperbolic.Point{X: c.X + size/3, Y: c.Y} // in the quad
			b = hyperbolic.Point{X: c.X - size/3, Y: c.Y}
		}
		v := [4]float64{a.X, a.Y, b.X, b.Y}
		F1, J1, e1 := f.PhiJac(v)
		F2, J2, e2 := phiJacGeneric(f, v)
		if (e1 == nil) != (e2 == nil) {
			t.Fatalf("trial %d: errors %v and %v", trial, e1, e2)
		}
		for i := range F1 {
			if math.Float64bits(F1[i]) != math.Float64bits(F2[i]) {
				t.Fatalf("trial %d: F[%d] = %v, generic %v", trial, i, F1[i], F2[i])
			}
			for j := range J1[i] {
				if math.Float64bits(J1[i][j]) != math.Float64bits(J2[i][j]) {
					t.Fatalf("trial %d: J[%d][%d] = %v, generic %v", trial, i, j, J1[i][j], J2[i][j])
				}
			}
		}
	}
}
