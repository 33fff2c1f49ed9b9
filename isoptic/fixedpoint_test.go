package isoptic

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// fixBig converts a fixInt to a big.Int.
func fixBig(z *fixInt) *big.Int {
	r := new(big.Int)
	for i := z.n - 1; i >= 0; i-- {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(z.w[i]))
	}
	if z.neg {
		r.Neg(r)
	}
	return r
}

// fixFromBig converts v (|v| < 2^(64·fixWords)) to a fixInt.
func fixFromBig(v *big.Int) fixInt {
	var z fixInt
	a := new(big.Int).Abs(v)
	mask := new(big.Int).SetUint64(math.MaxUint64)
	for i := 0; a.Sign() > 0; i++ {
		z.w[i] = new(big.Int).And(a, mask).Uint64()
		a.Rsh(a, 64)
		z.n = i + 1
	}
	z.neg = v.Sign() < 0
	return z
}

// randBig returns a random signed integer of up to maxBits bits; one in
// eight is 2^n − {0,1,2} (long runs of equal words: carries and borrows).
func randBig(rng *rand.Rand, maxBits int) *big.Int {
	n := rng.IntN(maxBits + 1)
	r := new(big.Int)
	if rng.IntN(8) == 0 {
		r.Lsh(big.NewInt(1), uint(n))
		r.Sub(r, big.NewInt(int64(rng.IntN(3))))
	} else {
		for r.BitLen() < n {
			r.Lsh(r, 32)
			r.Or(r, big.NewInt(int64(rng.Uint32())))
		}
		r.Rsh(r, uint(max(0, r.BitLen()-n)))
	}
	if rng.IntN(2) == 0 {
		r.Neg(r)
	}
	return r
}

// The integer kernel against math/big: add, subtract, multiply, shift and
// compare random signed operands of up to 8 words (products fill the 16),
// with the result aliasing an operand where the code does that.
func TestFixIntMatchesBigInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 20000 {
		a, b := randBig(rng, 8*64-1), randBig(rng, 8*64-1)
		if rng.IntN(4) == 0 {
			b.Set(a) // equal magnitudes: x − x = 0 must not be "−0"
			if rng.IntN(2) == 0 {
				b.Neg(b)
			}
		}
		x, y := fixFromBig(a), fixFromBig(b)
		require.Equal(t, 0, a.Cmp(fixBig(&x)))

		var z fixInt
		z.add(&x, &y, false)
		require.Equal(t, 0, fixBig(&z).Cmp(new(big.Int).Add(a, b)), "%v + %v", a, b)
		require.False(t, z.n == 0 && z.neg, "negative zero")
		z = x
		z.add(&z, &y, true) // aliasing x
		require.Equal(t, 0, fixBig(&z).Cmp(new(big.Int).Sub(a, b)), "%v − %v", a, b)
		require.False(t, z.n == 0 && z.neg, "negative zero")
		z = y
		z.add(&x, &z, true) // aliasing y
		require.Equal(t, 0, fixBig(&z).Cmp(new(big.Int).Sub(a, b)), "%v − %v (aliased)", a, b)

		z.mul(&x, &y)
		require.Equal(t, 0, fixBig(&z).Cmp(new(big.Int).Mul(a, b)), "%v · %v", a, b)
		require.Equal(t, new(big.Int).Abs(a).Cmp(new(big.Int).Abs(b)), cmpMag(&x, &y))
		require.Equal(t, a.Sign(), x.sign())

		s := uint(rng.IntN(8*64 - a.BitLen() + 1))
		z = x
		z.shl(&z, s)
		require.Equal(t, 0, fixBig(&z).Cmp(new(big.Int).Lsh(a, s)), "%v << %d", a, s)
	}
}

// setScaled and fixedScale: v·2^k exactly, k the least that makes every
// coordinate an integer, and no fixed-point evaluation where the
// exponents do not fit.
func TestFixedScale(t *testing.T) {
	for _, tc := range []struct {
		v  [6]float64
		k  uint
		ok bool
	}{
		{[6]float64{0.5, -0.25, 0, 0.75, 0.125, 0}, 3, true},
		{[6]float64{0.1, 0, 0, 0, 0, 0}, 55, true}, // 0.1 = 0x1999999999999a·2⁻⁵⁶, even mantissa
		{[6]float64{0x1p-120, 0, 0, 0, 0, 0}, 120, true},
		{[6]float64{0x1p-121, 0, 0, 0, 0, 0}, 0, false},
		{[6]float64{0x1.8p-70, 0, 0, 0, 0, 0}, 71, true},
		{[6]float64{math.SmallestNonzeroFloat64, 0, 0, 0, 0, 0}, 0, false},
		{[6]float64{1, 0, 0, 0, 0, 0}, 0, false},
		{[6]float64{-1, 0, 0, 0, 0, 0}, 0, false},
		{[6]float64{math.NaN(), 0, 0, 0, 0, 0}, 0, false},
		{[6]float64{0, 0, 0, 0, 0, math.Inf(-1)}, 0, false},
	} {
		k, ok := fixedScale(&tc.v)
		require.Equal(t, tc.ok, ok, "%v", tc.v)
		if !ok {
			continue
		}
		require.Equal(t, tc.k, k, "%v", tc.v)
		for _, v := range tc.v {
			var z fixInt
			z.setScaled(v, k)
			want, acc := new(big.Float).SetMantExp(big.NewFloat(v), int(k)).Int(nil)
			require.Equal(t, big.Exact, acc)
			require.Equal(t, 0, fixBig(&z).Cmp(want), "%v·2^%d", v, k)
		}
	}
}

// randDyadic returns a coordinate in (−1, 1) with a random exponent in
// [−maxExp, −1] and a random number of significant bits (few bits make
// exact ties, here exact zeros of A and of B − 4A², likelier).
func randDyadic(rng *rand.Rand, maxExp int) float64 {
	if rng.IntN(10) == 0 {
		return 0
	}
	bitsN := 1 + rng.IntN(53)
	m := float64(rng.Int64N(1<<(bitsN-1)) | 1<<(bitsN-1))
	v := math.Ldexp(m, -bitsN-rng.IntN(maxExp))
	if rng.IntN(2) == 0 {
		v = -v
	}
	return v
}

// checkFixed compares both fixed-point predicates with big.Rat (the
// difference form, ratTerms) at (x, y, s) and reports whether the fixed
// stage applied.
func checkFixed(t require.TestingT, x, y, s vec2[float64]) bool {
	rx, ry, rs := ratVec(x), ratVec(y), ratVec(s)
	rt := ratTerms(rx, ry, rs)
	sa, okA := fixedSignA(x, y, s)
	c, okC := fixedAngleCmp120(x, y, s)
	require.Equal(t, okA, okC)
	if !okA {
		return false
	}
	require.Equal(t, rt.A.Sign(), sa, "sign A at %v %v %v", x, y, s)
	if rt.Bx.Sign() > 0 && rt.By.Sign() > 0 {
		require.Equal(t, rt.AngleCmp120(), c, "angle at %v %v %v", x, y, s)
	}
	return true
}

// Random coordinates with exponents down to −80 and mantissas of any
// length, inside the unit disk: the fixed-point predicates equal big.Rat
// whenever they apply (and they apply to most of these).
func TestFixedMatchesRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	applied, zerosA := 0, 0
	for range 4000 {
		var p [3]vec2[float64]
		for i := range p {
			for {
				p[i] = vec2[float64]{randDyadic(rng, 80), randDyadic(rng, 80)}
				if p[i][0]*p[i][0]+p[i][1]*p[i][1] < 1 {
					break
				}
			}
		}
		if p[0] == p[2] || p[1] == p[2] {
			continue
		}
		if checkFixed(t, p[0], p[1], p[2]) {
			applied++
			if s, _ := fixedSignA(p[0], p[1], p[2]); s == 0 {
				zerosA++
			}
		}
	}
	// A = 0 exactly (a right angle at s): s = 0 and y ⊥ x, dyadic, and
	// their one-ulp neighbours (where A ≠ 0 is far below float64
	// resolution of the terms).
	for range 500 {
		x := vec2[float64]{randDyadic(rng, 20) / 2, randDyadic(rng, 20) / 2}
		c := math.Ldexp(1, -rng.IntN(10))
		y := vec2[float64]{-c * x[1], c * x[0]}
		if x == (vec2[float64]{}) {
			continue
		}
		require.True(t, checkFixed(t, x, y, vec2[float64]{}))
		if s, _ := fixedSignA(x, y, vec2[float64]{}); s == 0 {
			zerosA++
		}
		m := y
		m[0] = math.Nextafter(m[0], 1)
		checkFixed(t, x, m, vec2[float64]{})
	}
	t.Logf("fixed stage applied to %d of 4000 random triples; %d exact zeros of A", applied, zerosA)
	require.Greater(t, applied, 3000)
	require.Greater(t, zerosA, 400)
}

// Property: the exact stages agree with big.Rat on arbitrary disk points
// (rapid explores the float64 bit patterns, including tiny exponents,
// where the fixed stage must decline and big.Rat decides).
func TestFixedMatchesRatProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var p [3]vec2[float64]
		for i := range p {
			q := rapidDisk(t, string(rune('a'+i)), 0.999)
			p[i] = pt(q)
		}
		if p[0] == p[2] || p[1] == p[2] {
			t.Skip("s is a terminal")
		}
		checkFixed(t, p[0], p[1], p[2])
		// The public predicate, all stages together, against big.Rat.
		if p[0] != p[1] {
			e, err := SteinerExists(hyperbolicPoint(p[0]), hyperbolicPoint(p[1]), hyperbolicPoint(p[2]))
			if err != nil {
				t.Fatal(err)
			}
			r, _ := SteinerExistsRat(ratVec(p[0]), ratVec(p[1]), ratVec(p[2]))
			if e.Exists != r.Exists || e.Wide != r.Wide || e.Equal != r.Equal {
				t.Fatalf("float %+v, rational %+v", e, r)
			}
		}
	})
}

// Exact 2π/3 (the dyadic construction of TestSteinerExistsExactly120) and
// its one-ulp neighbours: decided by the fixed stage, exactly, without
// allocating; and triangles within ~1e-16 of 2π/3 built at 200 bits.
func TestFixedNear120(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for range 300 {
		vs, v := exact120Triangle(rng)
		x, y, s := pt(vs[(v+1)%3]), pt(vs[(v+2)%3]), pt(vs[v])
		c, ok := fixedAngleCmp120(x, y, s)
		require.True(t, ok)
		require.Equal(t, 0, c, "exact 120° at %v", vs)
		for j := range 4 {
			m := x
			m[j/2] = math.Nextafter(m[j/2], math.Inf(2*(j%2)-1))
			// One ulp from 0 is a subnormal, which the fixed stage leaves
			// to big.Rat; every other move it decides.
			fits := checkFixed(t, m, y, s)
			require.True(t, fits || x[j/2] == 0, "one ulp from exact 120° at %v", vs)
		}
	}
	K := bigArith{prec}
	cos, sin := K.new().Neg(bf(0.5)), K.mul(bf(0.5), sqrt3())
	for range 300 {
		s := randDisk(rng, 0.9)
		bx, by := seeUnder(s, 2*math.Pi*rng.Float64(), 0.05+0.9*rng.Float64(), 0.05+0.9*rng.Float64(), cos, sin)
		x, y := roundPoint(bx), roundPoint(by)
		require.True(t, checkFixed(t, pt(x), pt(y), pt(s)), "near 120° at %v", s)
	}
	vs := [3]hyperbolic.Point{{X: 0.5}, {X: 0.75}, {X: 0.375, Y: 0.25}}
	allocs := testing.AllocsPerRun(100, func() {
		e, _ := SteinerExists(vs[0], vs[1], vs[2])
		if !e.Equal[0] || !e.Exact[0] {
			panic("exact 120° not detected")
		}
	})
	require.Zero(t, allocs, "SteinerExists at an exact 120° angle allocates")
}
