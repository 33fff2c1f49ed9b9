package certify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ALTree/bigfloat"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

const bigRefPrec = 300

// piRef is π to 100 digits (far beyond bigRefPrec).
var piRef, _, _ = big.ParseFloat("3.141592653589793238462643383279502884197169399375105820974944592307816406286208998628034825342117068", 10, bigRefPrec, big.ToNearestEven)

// bigCos is cos θ at bigRefPrec by its Taylor series (|θ| ≤ 4; the terms
// fall below 2⁻⁴⁰⁰ long before the loop ends): an evaluation independent
// of the arcsin series under test.
func bigCos(theta *big.Float) *big.Float {
	p := uint(bigRefPrec + 64)
	x2 := new(big.Float).SetPrec(p).Mul(theta, theta)
	sum := new(big.Float).SetPrec(p).SetInt64(1)
	term := new(big.Float).SetPrec(p).SetInt64(1)
	for k := int64(1); k < 200; k++ {
		term.Mul(term, x2)
		term.Quo(term, new(big.Float).SetInt64((2*k-1)*(2*k)))
		term.Neg(term)
		sum.Add(sum, term)
	}
	return sum
}

func TestConstants(t *testing.T) {
	lo, hi := new(big.Float).SetFloat64(pi64.Lo), new(big.Float).SetFloat64(pi64.Hi)
	assert.True(t, lo.Cmp(piRef) < 0 && piRef.Cmp(hi) < 0, "π ∈ pi64")
	ln2 := bigfloat.Log(new(big.Float).SetPrec(bigRefPrec).SetInt64(2))
	assert.True(t, new(big.Float).SetFloat64(ln2_64.Lo).Cmp(ln2) < 0 && ln2.Cmp(new(big.Float).SetFloat64(ln2_64.Hi)) < 0, "ln 2 ∈ ln2_64")
	var z Interval
	ln2Big(&z, 256)
	assert.True(t, z.Contains(ln2), "ln 2 ∈ %v", z.String())
	w := new(big.Float).SetPrec(64)
	assert.Less(t, z.Width(w).Cmp(big.NewFloat(1e-75)), 0)
	assert.Equal(t, Interval64{math.Pi, up(math.Pi)}, pi64)
	assert.Equal(t, Interval64{math.Pi / 2, up(math.Pi) / 2}, halfPi64)
	degLo, _ := quoDU(180, pi64.Hi)
	assert.Equal(t, Interval64{degLo, quoUp(180, pi64.Lo)}, degPerRad64)
	d := new(big.Float).SetPrec(bigRefPrec).Quo(big.NewFloat(180), piRef)
	assert.True(t, new(big.Float).SetFloat64(degPerRad64.Lo).Cmp(d) < 0 && d.Cmp(new(big.Float).SetFloat64(degPerRad64.Hi)) < 0)
}

// containsAcos checks θ ∈ [lo, hi] for θ = arccos c by the monotonicity
// of cos on [0, π]: cos(hi) ≤ c ≤ cos(lo).
func containsAcos(c float64, e Interval64) bool {
	cf := new(big.Float).SetPrec(bigRefPrec).SetFloat64(c)
	return e.Lo >= 0 && bigCos(new(big.Float).SetFloat64(e.Lo)).Cmp(cf) >= 0 &&
		bigCos(new(big.Float).SetFloat64(e.Hi)).Cmp(cf) <= 0
}

func TestAcos64(t *testing.T) {
	cases := []float64{-1, -0.9999999999999999, -0.75, -0.5000000000000001, -0.5, -0.49999999999999994, -0.3,
		-1e-300, 0, 1e-20, 0.25, 0.5, 0.5000000000000001, 0.9, 1 - 0x1p-53, 1}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 300 {
		cases = append(cases, 2*rng.Float64()-1)
	}
	for _, c := range cases {
		e, err := Acos64(Point64(c))
		require.NoError(t, err)
		if c == -1 { // cos is flat at π: check π ∈ e directly
			assert.True(t, new(big.Float).SetFloat64(e.Lo).Cmp(piRef) < 0 && piRef.Cmp(new(big.Float).SetFloat64(e.Hi)) < 0)
		} else {
			assert.True(t, containsAcos(c, e), "arccos %v ∈ %v", c, e)
		}
		// tight: a few ulps of the result (|c| ≤ ½: π/2 − asin; else the
		// square root adds one)
		assert.LessOrEqual(t, e.Hi-e.Lo, 6*0x1p-52*max(e.Hi, 0.25), "arccos %v: %v", c, e)
		assert.InDelta(t, math.Acos(c), e.Mid(), 1e-15)
	}
	// intervals, and clipping to [−1, 1]
	e, err := Acos64(Interval64{-1.5, 0.5})
	require.NoError(t, err)
	assert.True(t, containsAcos(0.5, e))
	assert.True(t, new(big.Float).SetFloat64(e.Hi).Cmp(piRef) > 0, "arccos(−1) = π ≤ %v", e.Hi)
	_, err = Acos64(Interval64{1.1, 2})
	assert.ErrorIs(t, err, ErrDomain)
	_, err = Acos64(Interval64{math.NaN(), 0})
	assert.ErrorIs(t, err, ErrInvalid)
	assert.True(t, Degrees64(halfPi64).Contains(90))
}

// AngleDev120: every c in the interval has |arccos c − 120°| ≤ ε.
func TestAngleDev120(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	third := new(big.Float).SetPrec(bigRefPrec).Quo(piRef, big.NewFloat(3))
	twoThirds := new(big.Float).SetPrec(bigRefPrec).Add(third, third)
	for range 200 {
		w := math.Pow(10, -16*rng.Float64()-1)
		lo, hi := -0.5-w*rng.Float64(), -0.5+w*rng.Float64()
		eps := AngleDev120_64(Interval64{lo, hi})
		epsRad := new(big.Float).SetPrec(bigRefPrec).Quo(new(big.Float).SetFloat64(eps), new(big.Float).SetPrec(bigRefPrec).Quo(big.NewFloat(180), piRef))
		// cos decreases: arccos([lo, hi]) ⊆ 120° ± ε ⟺ cos(120° − ε) ≥ hi, cos(120° + ε) ≤ lo
		a := bigCos(new(big.Float).SetPrec(bigRefPrec).Sub(twoThirds, epsRad))
		b := bigCos(new(big.Float).SetPrec(bigRefPrec).Add(twoThirds, epsRad))
		// margin 2⁻²⁵⁰ for the reference's own rounding (π and the series
		// at 300 bits), far below any ε here
		m := new(big.Float).SetMantExp(big.NewFloat(1), -250)
		a.Add(a, m)
		b.Sub(b, m)
		assert.True(t, a.Cmp(new(big.Float).SetFloat64(hi)) >= 0 && b.Cmp(new(big.Float).SetFloat64(lo)) <= 0, "[%v, %v]: ε = %v", lo, hi, eps)
		assert.Less(t, eps, 200*w, "ε is of the width: (180/π)·w/sin 120° ≈ 66·w")
	}
	// the big version keeps the width of a 256-bit enclosure
	var x Interval
	x.SetPrec(256)
	u := new(big.Float).SetMantExp(big.NewFloat(1), -240)
	x.Lo.SetFloat64(-0.5)
	x.Lo.Sub(&x.Lo, u)
	x.Hi.SetFloat64(-0.5)
	x.Hi.Add(&x.Hi, u)
	eps := AngleDev120(&x)
	assert.Less(t, eps, 1e-68)
	assert.Greater(t, eps, 1e-73)
	assert.True(t, math.IsInf(AngleDev120_64(Interval64{-1, 0}), 1))
}

// exactCosAt is cos at v between a and b at 400 bits from exact rationals.
func exactCosAt(t testing.TB, a, v, b hyperbolic.Point) *big.Float {
	rv := [2]*big.Rat{new(big.Rat).SetFloat64(v.X), new(big.Rat).SetFloat64(v.Y)}
	return exactCos(t, a, b, rv)
}

func TestCosAngle64AndCmp120(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for it := range 500 {
		var a, v, b hyperbolic.Point
		if it%2 == 0 {
			a, v, b = randDisk(rng, 0.99), randDisk(rng, 0.99), randDisk(rng, 0.99)
		} else { // angles within ~1e-9 of 120°
			tri, err := nearVertex(rng, (2*rng.Float64()-1)*1e-9)
			require.NoError(t, err)
			a, v, b = tri[0], tri[1], tri[2]
		}
		c, err := CosAngle64(a, v, b)
		require.NoError(t, err)
		ref := exactCosAt(t, a, v, b)
		assert.True(t, new(big.Float).SetFloat64(c.Lo).Cmp(ref) <= 0 && ref.Cmp(new(big.Float).SetFloat64(c.Hi)) <= 0, "cos %v ∉ %v", ref, c)
		cmp, err := Cmp120(a, v, b)
		require.NoError(t, err)
		// the exact comparison: cos θ vs −1/2 at 400 bits (far from a tie here)
		want := -ref.Cmp(big.NewFloat(-0.5))
		assert.Equal(t, want, cmp)
	}
	// the exact 120° triangle
	v, x, y := hyperbolic.Point{X: 0.5}, hyperbolic.Point{X: 0.75}, hyperbolic.Point{X: 0.375, Y: 0.25}
	cmp, err := Cmp120(x, v, y)
	require.NoError(t, err)
	assert.Equal(t, 0, cmp)
	c, err := CosAngle64(x, v, y)
	require.NoError(t, err)
	assert.True(t, c.Contains(-0.5))
	_, err = CosAngle64(x, x, y)
	assert.ErrorIs(t, err, ErrDomain)
	_, err = Cmp120(x, v, v)
	assert.ErrorIs(t, err, ErrDomain)
}

func TestSmallestAngleAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 100 {
		v := randDisk(rng, 0.95)
		nb := make([]hyperbolic.Point, 2+rng.IntN(5))
		for i := range nb {
			nb[i] = randDisk(rng, 0.95)
		}
		sa, err := SmallestAngleAt(v, nb)
		require.NoError(t, err)
		// the reference: the largest exact cosine over the pairs
		var best *big.Float
		for i := range nb {
			for j := i + 1; j < len(nb); j++ {
				if c := exactCosAt(t, nb[i], v, nb[j]); best == nil || c.Cmp(best) > 0 {
					best = c
				}
			}
		}
		bc, _ := best.Float64()
		rad := Interval64{sa.Deg.Lo / degPerRad64.Hi, sa.Deg.Hi / degPerRad64.Lo}
		rad.Lo, rad.Hi = down(rad.Lo), up(rad.Hi) // undo the conversion outward
		lo, hi := new(big.Float).SetFloat64(rad.Lo), new(big.Float).SetFloat64(rad.Hi)
		assert.True(t, bigCos(lo).Cmp(best) >= 0 && bigCos(hi).Cmp(best) <= 0, "smallest angle %v (cos %v)", sa.Deg, bc)
		assert.Equal(t, -best.Cmp(big.NewFloat(-0.5)) >= 0, sa.Cmp120 >= 0)
		c, _ := CosAngle64(nb[sa.Pair[0]], v, nb[sa.Pair[1]])
		assert.True(t, c.Hi >= bc, "Pair names the smallest angle")
	}
	_, err := SmallestAngleAt(hyperbolic.Point{}, []hyperbolic.Point{{X: 0.5}})
	assert.ErrorIs(t, err, ErrInvalid)
	// exact 120° and more: Cmp120 0
	v := hyperbolic.Point{X: 0.5}
	sa, err := SmallestAngleAt(v, []hyperbolic.Point{{X: 0.75}, {X: 0.375, Y: 0.25}})
	require.NoError(t, err)
	assert.Equal(t, 0, sa.Cmp120)
	assert.True(t, sa.Deg.Contains(120))
}

// Property: the enclosure of an angle built at the origin (where Klein
// angles are Euclidean) is within a few ulps (amplified by arccos's
// 1/sin θ) of the angle it was built with — the construction rounds b.
func TestAngleAtOriginRapid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		th := rapid.Float64Range(0.01, 3.1).Draw(t, "θ")
		r1, r2 := rapid.Float64Range(0.01, 0.99).Draw(t, "r1"), rapid.Float64Range(0.01, 0.99).Draw(t, "r2")
		a, b := hyperbolic.Point{X: r1}, hyperbolic.Point{X: r2 * math.Cos(th), Y: r2 * math.Sin(th)}
		c, err := CosAngle64(a, hyperbolic.Point{}, b)
		if err != nil {
			t.Fatal(err)
		}
		e, err := Acos64(c)
		if err != nil {
			t.Fatal(err)
		}
		// arccos amplifies the cosine's few-ulp width by 1/sin θ
		if tol := 64 * 0x1p-52 / math.Sin(th); math.Abs(e.Mid()-th) > tol || e.Hi-e.Lo > tol {
			t.Fatalf("θ = %v: %v", th, e)
		}
	})
}
