package fstcat

import "math"

// Outward rounding for the certified bound: each floating-point operation
// rounds to nearest, so its exact result lies within one ulp of the
// computed one; stepping one ulp down (up) gives a lower (upper) bound.

func down(x float64) float64 { return math.Nextafter(x, math.Inf(-1)) }
func up(x float64) float64   { return math.Nextafter(x, math.Inf(1)) }

// safeBound returns a lower bound on min cᵀx over
//
//	L ≤ A·x ≤ U,  l ≤ x ≤ u
//
// valid for any multipliers y (Neumaier & Shcherbina, Safe bounds in
// linear and mixed-integer linear programming, Math. Program. 99, 2004):
// for every feasible x,
//
//	cᵀx = yᵀA·x + rᵀx ≥ Σᵢ min(yᵢLᵢ, yᵢUᵢ) + Σⱼ min(rⱼlⱼ, rⱼuⱼ),  r = c − Aᵀy,
//
// evaluated here with every rounding directed downwards. A and its bounds
// are those of s (integers, exact); c is given (the lower ends of the FST
// length enclosures, scaled by a power of two), so that the bound holds
// for the true lengths. rlo receives a lower bound of each rⱼ (for
// reduced-cost fixing). With c = 0 a positive result proves the constraints
// infeasible.
func safeBound(s *lp, c, y, rlo []float64) float64 {
	lb := 0.0
	for i := 0; i < s.nr; i++ {
		v := s.nc + i
		yi := y[i]
		var t float64
		switch {
		case yi > 0:
			t = down(yi * s.lo[v])
		case yi < 0:
			t = down(yi * s.up[v])
		}
		lb = down(lb + t)
	}
	for j := 0; j < s.nc; j++ {
		// Upper bound of (Aᵀy)ⱼ, then rⱼ ≥ cⱼ − that.
		a := 0.0
		col := s.cols[j]
		for t, i := range col.idx {
			a = up(a + up(col.val[t]*y[i]))
		}
		r := down(c[j] - a)
		if rlo != nil {
			rlo[j] = r
		}
		var t float64
		if r >= 0 {
			t = down(r * s.lo[j])
		} else {
			t = down(r * s.up[j])
		}
		lb = down(lb + t)
	}
	if math.IsNaN(lb) {
		return math.Inf(-1)
	}
	return lb
}
