package certify

import (
	"fmt"
	"math"
	"math/big"
	"sync"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// Certified angles. The cosine of the angle at v between the geodesics to
// a and b is A/√(Bx·By) (difference form, see psiSystem), enclosed in
// interval arithmetic from the exact coordinates. Two ways lead from a
// cosine enclosure to degrees, both rigorous:
//
//   - Acos64 evaluates arccos with an interval Taylor series and an
//     explicit tail bound (no library arccos is trusted);
//   - AngleDev120 bounds |θ − 120°| by the mean value theorem,
//     |arccos c − arccos(−½)| = |c + ½|/sin ξ ≤ |c + ½|/√(1 − m²), where
//     m bounds |c| and ½; it keeps the full width of a high-precision
//     enclosure, which Acos64 (float64) cannot.

// Enclosures of π, π/2 and 180/π. math.Pi is the float64 nearest to π and
// lies below it (3.14159265358979311… < 3.14159265358979323…, checked in
// the tests against a 300-bit value), so [math.Pi, next float64] ∋ π.
// They are literals, so that no code runs at start-up; the tests check
// them against up(math.Pi) and quoDU(180, ·) of pi64's ends.
var (
	pi64        = Interval64{math.Pi, 0x1.921fb54442d19p+01}
	halfPi64    = Interval64{math.Pi / 2, 0x1.921fb54442d19p+00} // halving is exact
	degPerRad64 = Interval64{0x1.ca5dc1a63c1f6p+05, 0x1.ca5dc1a63c1f9p+05}
)

func quoUp(a, b float64) float64 { _, hi := quoDU(a, b); return hi }

// Degrees64 converts an enclosure in radians to one in degrees.
func Degrees64(rad Interval64) Interval64 { return rad.Mul(degPerRad64) }

// asin64 encloses arcsin over x, for x ⊆ [−½, ½]: the Taylor series
// x + Σₖ≥₁ cₖ x²ᵏ⁺¹ with cₖ = cₖ₋₁·(2k−1)²/(2k(2k+1)), c₀ = 1, summed
// until a term is below 2⁻⁵⁸|x|, plus the tail. The cₖ decrease, so the
// terms after the last one summed, T, add up to at most |T|·x²/(1 − x²)
// in magnitude, and that interval is added. The terms after x are summed
// apart (they are below x/24), so that their outward roundings cost a
// fraction of an ulp of the result rather than one ulp each.
func asin64(x Interval64) Interval64 {
	x2 := x.Sqr()
	term, tail := x, Point64(0)
	small := 0x1p-58 * x.Mig()
	ratio := asinRatio()
	for k := 1; k < len(ratio); k++ {
		term = term.Mul(x2).Mul(ratio[k])
		tail = tail.Add(term)
		if term.Mag() <= small || term.Mag() == 0 {
			break
		}
	}
	q := quoUp(x2.Hi, addDown(1, -x2.Hi)) // x²/(1 − x²), rounded up; x² ≤ ¼
	r := mulUp(term.Mag(), q)
	return x.Add(tail.Add(Interval64{-r, r}))
}

// asinRatio returns the table whose entry k encloses cₖ/cₖ₋₁ =
// (2k−1)²/(2k(2k+1)), made on first use.
var asinRatio = sync.OnceValue(func() []Interval64 {
	r := make([]Interval64, 200)
	for k := 1; k < len(r); k++ {
		r[k], _ = Point64(float64((2*k - 1) * (2*k - 1))).Quo(Point64(float64(2 * k * (2*k + 1))))
	}
	return r
})

// acosPoint64 encloses arccos(c) for a float64 c ∈ [−1, 1], reducing to
// |argument| ≤ ½: arccos c = π/2 − arcsin c for |c| ≤ ½,
// 2·arcsin √((1−c)/2) for c > ½ and π − 2·arcsin √((1+c)/2) for c < −½
// (1 ∓ c is then exact).
func acosPoint64(c float64) Interval64 {
	switch {
	case c > 0.5:
		r, _ := Point64(1).Sub(Point64(c)).Scale(0.5).Sqrt()
		return asin64(r).Scale(2)
	case c < -0.5:
		r, _ := Point64(1).Add(Point64(c)).Scale(0.5).Sqrt()
		return pi64.Sub(asin64(r).Scale(2))
	}
	return halfPi64.Sub(asin64(Point64(c)))
}

// Acos64 encloses arccos over c ∩ [−1, 1] (in radians). Cosine
// enclosures may poke out of [−1, 1] by rounding; the true cosine does
// not, so the excess is cut off. It fails with ErrDomain if c misses
// [−1, 1] entirely or is invalid.
func Acos64(c Interval64) (Interval64, error) {
	if err := c.Check(); err != nil {
		return Interval64{}, err
	}
	c, ok := c.Intersect(Interval64{-1, 1})
	if !ok {
		return Interval64{}, fmt.Errorf("certify: arccos of %v: %w", c, ErrDomain)
	}
	// arccos decreases: [arccos(Hi), arccos(Lo)].
	return Interval64{acosPoint64(c.Hi).Lo, acosPoint64(c.Lo).Hi}, nil
}

// AngleDev120_64 returns an upper bound, in degrees, of |arccos c − 120°|
// over c ∈ x (+Inf if x reaches ±1, where arccos is not Lipschitz).
func AngleDev120_64(x Interval64) float64 {
	d := x.Add(Point64(0.5)).Mag() // |c + ½|
	return dev120(d, max(x.Mag(), 0.5))
}

// AngleDev120 is AngleDev120_64 for a big.Float enclosure: |c + ½| is
// formed at the enclosure's own precision before rounding up to float64,
// so a 256-bit enclosure of −½ gives a bound near 10⁻⁷⁰ degrees.
func AngleDev120(x *Interval) float64 {
	t := getInterval(x.Prec() + 1)
	h := getInterval(2)
	h.SetFloat64(0.5) // exact
	t.Add(x, h)
	f := getFloat(x.Prec()+1, big.ToPositiveInf)
	d := upFloat64(t.Mag(f))
	m := upFloat64(x.Mag(f))
	putFloat(f)
	putInterval(h)
	putInterval(t)
	return dev120(d, max(m, 0.5))
}

// dev120 returns (180/π)·d/√(1 − m²), rounded up.
func dev120(d, m float64) float64 {
	if m >= 1 || math.IsNaN(d) {
		return math.Inf(1)
	}
	s, _ := sqrtDU(addDown(1, -mulUp(m, m))) // min sin ξ, rounded down
	if s == 0 {
		return math.Inf(1)
	}
	return mulUp(quoUp(d, s), degPerRad64.Hi)
}

// upFloat64 rounds a finite big.Float up to a float64.
func upFloat64(x *big.Float) float64 {
	f, acc := x.Float64()
	if acc == big.Below {
		f = up(f)
	}
	return f
}

// CosAngle64 encloses the cosine of the angle at v between the geodesics
// to a and b, from the exact coordinates (the result is clipped to
// [−1, 1]). It fails with ErrDomain if v coincides with a or b (no angle)
// or if the enclosure of B = Bx·By is not positive (v within about 10⁻¹⁵⁰
// of a or b; exact rational arithmetic still decides Cmp120 there).
func CosAngle64(a, v, b hyperbolic.Point) (Interval64, error) {
	if v == a || v == b {
		return Interval64{}, fmt.Errorf("certify: angle at %v to %v and %v: the vertex coincides with an end: %w", v, a, b, ErrDomain)
	}
	var t pair64
	evalPair64(&t, [2]float64{a.X, a.Y}, [2]float64{b.X, b.Y}, [2]Interval64{Point64(v.X), Point64(v.Y)}, false)
	r, err := t.bx.Mul(t.by).Sqrt()
	if err != nil || r.Lo <= 0 {
		return Interval64{}, fmt.Errorf("certify: angle at %v to %v and %v: B = %v is not provably positive: %w", v, a, b, t.bx.Mul(t.by), ErrDomain)
	}
	c, _ := t.a.Quo(r)
	c, _ = c.Intersect(Interval64{-1, 1}) // non-empty: the exact value is in both
	return c, nil
}

// Cmp120 compares the angle at v between the geodesics to a and b with
// 120° exactly: −1 (smaller), 0 (equal), +1 (larger). A cosine enclosure
// decides most cases; the rest (in particular exact 120°) go to big.Rat.
// v must differ from a and b.
func Cmp120(a, v, b hyperbolic.Point) (int, error) {
	if v == a || v == b {
		return 0, fmt.Errorf("certify: angle at %v to %v and %v: the vertex coincides with an end: %w", v, a, b, ErrDomain)
	}
	if c, err := CosAngle64(a, v, b); err == nil {
		switch {
		case c.Lo > -0.5:
			return -1, nil
		case c.Hi < -0.5:
			return 1, nil
		}
	}
	ra, err := isoptic.NewRatPoint(a)
	if err != nil {
		return 0, err
	}
	rv, err := isoptic.NewRatPoint(v)
	if err != nil {
		return 0, err
	}
	rb, err := isoptic.NewRatPoint(b)
	if err != nil {
		return 0, err
	}
	t, err := isoptic.NewRatTerms(ra, rb, rv)
	if err != nil {
		return 0, err
	}
	return t.AngleCmp120(), nil
}

// SmallestAngle is the certified smallest angle at a vertex between the
// geodesics to its neighbours.
type SmallestAngle struct {
	// Deg encloses the smallest angle in degrees.
	Deg Interval64
	// Pair holds the two neighbours (indices into the slice given) whose
	// angle has the largest cosine lower bound: the smallest angle, unless
	// two angles are too close to order.
	Pair [2]int
	// Cmp120 compares the smallest angle with 120° exactly: −1 (some
	// angle is below 120°), 0 (none is below and one is exactly 120°),
	// +1 (all are above).
	Cmp120 int
}

// SmallestAngleAt encloses the smallest hyperbolic angle at v between the
// geodesics to the points nbrs (at least two, none equal to v) and
// compares it with 120° exactly: SmallestAngleIn(HyperbolicGeometry, …).
func SmallestAngleAt(v hyperbolic.Point, nbrs []hyperbolic.Point) (SmallestAngle, error) {
	return SmallestAngleIn(HyperbolicGeometry, v, nbrs)
}

// SmallestAngleIn encloses the smallest angle at v between the geodesics
// of the plane g to the points nbrs (at least two, none equal to v) and
// compares it with 120° exactly.
func SmallestAngleIn(g Geometry, v hyperbolic.Point, nbrs []hyperbolic.Point) (SmallestAngle, error) {
	var s SmallestAngle
	if len(nbrs) < 2 {
		return s, fmt.Errorf("certify: smallest angle at %v: %d neighbours, need 2: %w", v, len(nbrs), ErrInvalid)
	}
	best := Interval64{math.Inf(-1), math.Inf(-1)} // enclosure of the largest cosine
	s.Cmp120 = 1
	for i := range nbrs {
		for j := i + 1; j < len(nbrs); j++ {
			c, err := g.CosAngle(nbrs[i], v, nbrs[j])
			if err != nil {
				return s, err
			}
			if c.Lo > best.Lo {
				s.Pair = [2]int{i, j}
			}
			// max over the pairs, endpoint by endpoint
			best = Interval64{max(best.Lo, c.Lo), max(best.Hi, c.Hi)}
			if s.Cmp120 >= 0 {
				cmp, err := g.Cmp120(nbrs[i], v, nbrs[j])
				if err != nil {
					return s, err
				}
				s.Cmp120 = min(s.Cmp120, cmp)
			}
		}
	}
	rad, err := Acos64(best)
	if err != nil {
		return s, err
	}
	s.Deg = Degrees64(rad)
	return s, nil
}
