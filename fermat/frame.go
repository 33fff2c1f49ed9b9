package fermat

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/eft"
)

// frame is the hyperbolic translation g that takes a centre c of the Klein
// disk to the origin, written so that its rounding errors are those of the
// data and not of cancellations. Solving near the origin is what makes the
// Fermat problem well scaled: there the Klein model is conformal to first
// order, a triangle of hyperbolic size d has Klein size ≈ d, and float64
// carries its shape to full relative precision.
//
// In the Klein model g is Einstein's velocity subtraction: with the
// component of p along c written p∥ and the rest p⊥, |c| = v,
//
//	g(p)∥ = (p∥ − v)/(1 − v·p∥),   g(p)⊥ = √(1−v²)·p⊥/(1 − v·p∥).
//
// Expressed through w = p − c (small when p is near c, and exact by
// Sterbenz's lemma when the coordinates are within a factor 2) and the
// cancellation-free 1 − c·p = ½((1−|c|²) + (1−|p|²) + |w|²), this is
//
//	g(p) = 2√D_c·(w + (c·w)·c/(D_c + √D_c)) / (D_c + D_p + |w|²),   D_p = 1 − |p|²,
//
// and its inverse, for q near the origin, g⁻¹(q) = c + Δ with
//
//	Δ = √D_c·(q − (c·q)·c/(1 + √D_c)) / (1 + c·q),
//
// so that the only rounding of the result is that of the final sum c + Δ.
// D_p is formed in double-double (oneMinusNormSq), so the denominators keep
// full relative precision even within 1e-6 of the ideal boundary.
type frame struct {
	c    [2]float64
	dc   float64 // 1 − |c|²
	sdc  float64 // √(1 − |c|²)
	kFwd float64 // 1/(D_c + √D_c)
	kInv float64 // 1/(1 + √D_c)
}

func newFrame(c [2]float64) frame {
	dc := oneMinusNormSq(c[0], c[1])
	sdc := math.Sqrt(dc)
	return frame{c: c, dc: dc, sdc: sdc, kFwd: 1 / (dc + sdc), kInv: 1 / (1 + sdc)}
}

// toLocal returns g(p); dp must be 1 − |p|² (oneMinusNormSq).
//
// c·w enters multiplied by 1/(D_c + √D_c), up to 1e3 near the boundary,
// so its absolute error matters. It is formed either directly, with error
// about ε·(|c₁w₁| + |c₂w₂|) (large when w ⊥ c: the products cancel), or
// as ½(D_c − D_p − |w|²) (the identity 1 − c·p = ½(D_c + D_p + |w|²)),
// with error about ε·(D_c + D_p + |w|²) (large when p is far from c);
// whichever bound is smaller.
func (f *frame) toLocal(p [2]float64, dp float64) [2]float64 {
	w0, w1 := p[0]-f.c[0], p[1]-f.c[1]
	ww := w0*w0 + w1*w1
	a0, a1 := f.c[0]*w0, f.c[1]*w1
	cw := a0 + a1
	if sum := f.dc + dp + ww; sum < math.Abs(a0)+math.Abs(a1) {
		cw = 0.5 * ((f.dc - dp) - ww)
	}
	cw *= f.kFwd
	k := 2 * f.sdc / (f.dc + dp + ww)
	return [2]float64{k * (w0 + cw*f.c[0]), k * (w1 + cw*f.c[1])}
}

// toGlobal returns g⁻¹(q).
func (f *frame) toGlobal(q [2]float64) hyperbolic.Point {
	cq := f.c[0]*q[0] + f.c[1]*q[1]
	k := f.sdc / (1 + cq)
	m := cq * f.kInv
	return hyperbolic.Point{X: f.c[0] + k*(q[0]-m*f.c[0]), Y: f.c[1] + k*(q[1]-m*f.c[1])}
}

// oneMinusNormSq returns 1 − x² − y² with a relative error of a few ulps
// whenever the exact value is positive: the squares are split exactly into
// head and tail with FMA and the sum is formed with error-free
// transformations, so there is no cancellation error near the unit circle.
func oneMinusNormSq(x, y float64) float64 {
	hx, lx := eft.TwoProd(x, x)
	hy, ly := eft.TwoProd(y, y)
	s1, e1 := eft.TwoSum(1, -hx)
	s2, e2 := eft.TwoSum(s1, -hy)
	return s2 + (((e1 + e2) - lx) - ly)
}
