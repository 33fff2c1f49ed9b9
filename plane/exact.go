package plane

import "math/big"

// filterDist decides the comparison of d(a, b) with d(c, d) from the
// computed distances when they differ by more than their error bound
// (DistRelErr each; subnormal or infinite distances are left undecided).
func filterDist(pl Plane, a, b, c, d Point) (cmp int, ok bool) {
	if (a == c && b == d) || (a == d && b == c) {
		return 0, true
	}
	d1, d2 := pl.Dist(a, b), pl.Dist(c, d)
	if !(d1 > 0x1p-1000 && d2 > 0x1p-1000) || d1 > 0x1p1000 || d2 > 0x1p1000 {
		return 0, false
	}
	switch {
	case d1 < d2*(1-4*DistRelErr):
		return -1, true
	case d2 < d1*(1-4*DistRelErr):
		return 1, true
	}
	return 0, false
}

func rat(x float64) *big.Rat     { return new(big.Rat).SetFloat64(x) }
func mul(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
func add(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }
func sub(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
func dot(p, q Point) *big.Rat    { return add(mul(rat(p.X), rat(q.X)), mul(rat(p.Y), rat(q.Y))) }
