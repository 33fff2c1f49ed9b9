package efst

import "math"

// iv is a closed interval [lo, hi] of reals, computed with outward
// rounding: every operation rounds to nearest and then steps its result
// one ulp outwards, so the exact result of the operation on any reals in
// the operands lies inside. Quantities of the generation (equilateral
// points, arc endpoints, lengths) are carried as intervals that enclose
// their exact values; a predicate is decided when the interval of the
// quantity whose sign it asks excludes zero.
type iv struct{ lo, hi float64 }

func nextUp(x float64) float64 {
	switch {
	case x > 0 && x < math.Inf(1):
		return math.Float64frombits(math.Float64bits(x) + 1)
	case x < 0:
		return math.Float64frombits(math.Float64bits(x) - 1)
	case x == 0:
		return math.SmallestNonzeroFloat64
	}
	return x
}

func nextDown(x float64) float64 { return -nextUp(-x) }

func pt(x float64) iv { return iv{x, x} }

func (a iv) add(b iv) iv { return iv{nextDown(a.lo + b.lo), nextUp(a.hi + b.hi)} }
func (a iv) sub(b iv) iv { return iv{nextDown(a.lo - b.hi), nextUp(a.hi - b.lo)} }
func (a iv) neg() iv     { return iv{-a.hi, -a.lo} }

func (a iv) mul(b iv) iv {
	p1, p2, p3, p4 := a.lo*b.lo, a.lo*b.hi, a.hi*b.lo, a.hi*b.hi
	lo := min(p1, p2, p3, p4)
	hi := max(p1, p2, p3, p4)
	if math.IsNaN(lo) || math.IsNaN(hi) { // 0·∞
		return iv{math.Inf(-1), math.Inf(1)}
	}
	return iv{nextDown(lo), nextUp(hi)}
}

// scale multiplies by an exact float c.
func (a iv) scale(c float64) iv {
	if c >= 0 {
		return iv{nextDown(a.lo * c), nextUp(a.hi * c)}
	}
	return iv{nextDown(a.hi * c), nextUp(a.lo * c)}
}

func (a iv) sqr() iv {
	switch {
	case a.lo >= 0:
		return iv{nextDown(a.lo * a.lo), nextUp(a.hi * a.hi)}
	case a.hi <= 0:
		return iv{nextDown(a.hi * a.hi), nextUp(a.lo * a.lo)}
	}
	return iv{0, nextUp(max(a.lo*a.lo, a.hi*a.hi))}
}

// div returns a/b; an interval b containing 0 gives the whole line.
func (a iv) div(b iv) iv {
	if b.lo <= 0 && b.hi >= 0 {
		return iv{math.Inf(-1), math.Inf(1)}
	}
	q1, q2, q3, q4 := a.lo/b.lo, a.lo/b.hi, a.hi/b.lo, a.hi/b.hi
	lo := min(q1, q2, q3, q4)
	hi := max(q1, q2, q3, q4)
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return iv{math.Inf(-1), math.Inf(1)}
	}
	return iv{nextDown(lo), nextUp(hi)}
}

// sqrt returns the square root of a's non-negative part.
func (a iv) sqrt() iv {
	lo := 0.0
	if a.lo > 0 {
		lo = nextDown(math.Sqrt(a.lo))
	}
	if a.hi < 0 {
		return iv{math.NaN(), math.NaN()}
	}
	return iv{max(lo, 0), nextUp(math.Sqrt(a.hi))}
}

// sign returns −1 or +1 when the interval excludes zero, 0 when it is
// exactly zero, and ok = false when it straddles zero.
func (a iv) sign() (s int, ok bool) {
	switch {
	case a.lo > 0:
		return 1, true
	case a.hi < 0:
		return -1, true
	case a.lo == 0 && a.hi == 0:
		return 0, true
	}
	return 0, false
}

func (a iv) mid() float64 {
	m := a.lo/2 + a.hi/2
	if math.IsInf(a.lo, 0) || math.IsInf(a.hi, 0) {
		return math.NaN()
	}
	return m
}

// sqrt3 encloses √3.
var sqrt3 = iv{nextDown(math.Sqrt(3)), nextUp(math.Sqrt(3))}

// ipt is a point with interval coordinates.
type ipt struct{ x, y iv }

func ptOf(x, y float64) ipt { return ipt{pt(x), pt(y)} }

func (p ipt) add(q ipt) ipt       { return ipt{p.x.add(q.x), p.y.add(q.y)} }
func (p ipt) sub(q ipt) ipt       { return ipt{p.x.sub(q.x), p.y.sub(q.y)} }
func (p ipt) scale(c float64) ipt { return ipt{p.x.scale(c), p.y.scale(c)} }
func (p ipt) mul(c iv) ipt        { return ipt{p.x.mul(c), p.y.mul(c)} }
func (p ipt) dot(q ipt) iv        { return p.x.mul(q.x).add(p.y.mul(q.y)) }
func (p ipt) cross(q ipt) iv      { return p.x.mul(q.y).sub(p.y.mul(q.x)) }
func (p ipt) norm2() iv           { return p.x.sqr().add(p.y.sqr()) }

// orient encloses (b − a) × (c − a): positive when c is to the left of
// the directed line a → b.
func orient(a, b, c ipt) iv { return b.sub(a).cross(c.sub(a)) }

// dist2 encloses |p − q|².
func dist2(p, q ipt) iv { return p.sub(q).norm2() }

// dist encloses |p − q|.
func dist(p, q ipt) iv { return dist2(p, q).sqrt() }

// rotm60 returns v rotated by −60° (clockwise): (x/2 + √3·y/2, −√3·x/2 + y/2).
func rotm60(v ipt) ipt {
	return ipt{
		v.x.scale(0.5).add(v.y.mul(sqrt3).scale(0.5)),
		v.y.scale(0.5).sub(v.x.mul(sqrt3).scale(0.5)),
	}
}

// rotp60 returns v rotated by +60° (counterclockwise): (x/2 − √3·y/2, √3·x/2 + y/2).
func rotp60(v ipt) ipt {
	return ipt{
		v.x.scale(0.5).sub(v.y.mul(sqrt3).scale(0.5)),
		v.y.scale(0.5).add(v.x.mul(sqrt3).scale(0.5)),
	}
}

func (p ipt) mid() (float64, float64) { return p.x.mid(), p.y.mid() }
