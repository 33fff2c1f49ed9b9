package delaunay

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/internal/eft"
)

// naiveOrient is the textbook float64 evaluation, used only to show that a
// test input is adversarial (it gets signs wrong there).
func naiveOrient(a, b, c Point) int {
	return sign((b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X))
}

func naiveInCircle(a, b, c, d Point) int {
	adx, ady := a.X-d.X, a.Y-d.Y
	bdx, bdy := b.X-d.X, b.Y-d.Y
	cdx, cdy := c.X-d.X, c.Y-d.Y
	return sign((adx*adx+ady*ady)*(bdx*cdy-cdx*bdy) + (bdx*bdx+bdy*bdy)*(cdx*ady-adx*cdy) + (cdx*cdx+cdy*cdy)*(adx*bdy-bdx*ady))
}

// exactOrient and exactInCircle bypass the float filter so that the
// expansion arithmetic itself is compared with big.Rat on every input.
func exactOrient(a, b, c Point) int      { return sign(orientExact(a, b, c)) }
func exactInCircle(a, b, c, d Point) int { return sign(inCircleExact(a, b, c, d)) }
func ulpsFrom(x float64, k int) float64  { return x + float64(k)*ulp(x) }
func ulp(x float64) float64              { return math.Nextafter(math.Abs(x), math.Inf(1)) - math.Abs(x) }
func safeAll(p ...Point) bool {
	for _, q := range p {
		if !safePoint(q) {
			return false
		}
	}
	return true
}
func pt(x, y float64) Point { return Point{x, y} }

func checkOrientN(t *testing.T, a, b, c Point) int {
	t.Helper()
	want := orientRat(a, b, c)
	equal(t, want, Orient(a, b, c), "Orient%v", []Point{a, b, c})
	if safePoint(a) && safePoint(b) && safePoint(c) {
		equal(t, want, exactOrient(a, b, c), "orientExact%v", []Point{a, b, c})
	}
	return want
}

func checkInCircleN(t *testing.T, a, b, c, d Point) int {
	t.Helper()
	want := inCircleRat(a, b, c, d)
	equal(t, want, InCircle(a, b, c, d), "InCircle%v", []Point{a, b, c, d})
	if safePoint(a) && safePoint(b) && safePoint(c) && safePoint(d) {
		equal(t, want, exactInCircle(a, b, c, d), "inCircleExact%v", []Point{a, b, c, d})
	}
	return want
}

// TestOrientKettnerGrid is the classic failure of floating-point orientation
// (Kettner et al., "Classroom examples of robustness problems"): a point
// (0.5+i·u, 0.5+j·u) against the line through (12,12) and (24,24), where u is
// the spacing of float64 near 0.5.
func TestOrientKettnerGrid(t *testing.T) {
	b, c := pt(12, 12), pt(24, 24)
	u := ulp(0.5)
	naiveWrong, zeros := 0, 0
	for i := 0; i < 256; i++ {
		for j := 0; j < 256; j++ {
			a := pt(0.5+float64(i)*u, 0.5+float64(j)*u)
			want := checkOrientN(t, a, b, c)
			if naiveOrient(a, b, c) != want {
				naiveWrong++
			}
			if want == 0 {
				zeros++
			}
		}
	}
	// The diagonal i == j is exactly collinear.
	equal(t, 256, zeros)
	// The input is adversarial: the naive formula fails on part of it.
	check(t, naiveWrong > 1000, "naive float orientation should fail here")
	t.Logf("naive float64 orientation wrong on %d of 65536 points; exact predicate agrees with big.Rat on all", naiveWrong)
}

// TestOrientPerturbedLine: points on a segment rounded to float64 and then
// moved by ±1 ulp, at several scales and offsets.
func TestOrientPerturbedLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	naiveWrong := 0
	for _, scale := range []float64{1, 1e-9, 1e9, 0x1p-190, 0x1p190} {
		for _, off := range []float64{0, 1, 1e6} {
			for k := 0; k < 400; k++ {
				a := pt(off+scale*rng.Float64(), off+scale*rng.Float64())
				c := pt(off+scale*(1+rng.Float64()), off+scale*(1+rng.Float64()))
				s := rng.Float64()
				b := pt(a.X+s*(c.X-a.X), a.Y+s*(c.Y-a.Y))
				b.X = ulpsFrom(b.X, rng.IntN(3)-1)
				b.Y = ulpsFrom(b.Y, rng.IntN(3)-1)
				want := checkOrientN(t, a, b, c)
				equal(t, -want, Orient(b, a, c))
				if naiveOrient(a, b, c) != want {
					naiveWrong++
				}
			}
		}
	}
	check(t, naiveWrong > 0)
}

// TestOrientExactlyCollinear: integer and dyadic points on a line.
func TestOrientExactlyCollinear(t *testing.T) {
	for _, s := range []float64{1, 0x1p-60, 0x1p60, 3} {
		for i := -5; i <= 5; i++ {
			a, b, c := pt(s*float64(i), s*float64(2*i+1)), pt(s*7, s*15), pt(s*(-3), s*(-5))
			equal(t, 0, checkOrientN(t, a, b, c))
		}
	}
}

// latticeCircle returns the integer points on x²+y² = r².
func latticeCircle(r int) []Point {
	var out []Point
	for x := -r; x <= r; x++ {
		y2 := r*r - x*x
		y := int(math.Round(math.Sqrt(float64(y2))))
		if y*y == y2 {
			out = append(out, pt(float64(x), float64(y)))
			if y != 0 {
				out = append(out, pt(float64(x), float64(-y)))
			}
		}
	}
	return out
}

// TestInCircleCocircular: lattice points on circles with many of them
// (r = 25, 65, 325), scaled by powers of two and translated by integers, so
// that every quadruple is exactly cocircular; then one point moved by 1 ulp.
func TestInCircleCocircular(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	naiveWrong, checked := 0, 0
	for _, r := range []int{25, 65, 325} {
		circ := latticeCircle(r)
		check(t, len(circ) >= 12)
		for _, scale := range []float64{1, 0x1p-30, 0x1p40} {
			for _, off := range []float64{0, 1 << 20, -3e5} {
				tr := func(p Point) Point { return pt(off+scale*p.X, off+scale*p.Y) }
				for k := 0; k < 200; k++ {
					idx := rng.Perm(len(circ))[:4]
					a, b, c, d := tr(circ[idx[0]]), tr(circ[idx[1]]), tr(circ[idx[2]]), tr(circ[idx[3]])
					equal(t, 0, checkInCircleN(t, a, b, c, d))
					// Move d by one ulp in x or y, in either direction.
					d2 := d
					if rng.IntN(2) == 0 {
						d2.X = ulpsFrom(d.X, 2*rng.IntN(2)-1)
					} else {
						d2.Y = ulpsFrom(d.Y, 2*rng.IntN(2)-1)
					}
					want := checkInCircleN(t, a, b, c, d2)
					if d2 != d {
						check(t, 0 != want, "moving a cocircular point must leave the circle")
					}
					if naiveInCircle(a, b, c, d2) != want {
						naiveWrong++
					}
					checked++
				}
			}
		}
	}
	check(t, naiveWrong > 0)
	t.Logf("naive in-circle wrong on %d of %d perturbed cocircular quadruples", naiveWrong, checked)
}

// TestInCircleNearCircle: points computed as (cos θ, sin θ) are only nearly
// cocircular; the exact answer is compared with big.Rat.
func TestInCircleNearCircle(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, off := range []float64{0, 10, 1e7} {
		for k := 0; k < 500; k++ {
			var q [4]Point
			for i := range q {
				th := 2 * math.Pi * rng.Float64()
				q[i] = pt(off+math.Cos(th), off+math.Sin(th))
			}
			checkInCircleN(t, q[0], q[1], q[2], q[3])
		}
	}
}

// TestPredicatesWideRange: coordinates outside [2⁻²⁰⁰, 2²⁰⁰] go to big.Rat;
// the answers must still be exact (Orient/InCircle compared with a direct
// big.Rat determinant written independently here).
func TestPredicatesWideRange(t *testing.T) {
	rat := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	for _, s := range []float64{0x1p-600, 1e-300, 0x1p300, 1e300, 5e-324} {
		a, b, c := pt(s, s), pt(2*s, 2*s), pt(3*s, math.Nextafter(3*s, math.Inf(1)))
		// (b−a)×(c−a) = s·(c.Y−a.Y) − s·(c.X−a.X) = s·(c.Y−3s) > 0.
		det := new(big.Rat).Sub(new(big.Rat).Mul(rat(b.X-a.X), new(big.Rat).Sub(rat(c.Y), rat(a.Y))),
			new(big.Rat).Mul(rat(b.Y-a.Y), new(big.Rat).Sub(rat(c.X), rat(a.X))))
		equal(t, det.Sign(), Orient(a, b, c))
		equal(t, 1, Orient(a, b, c))
		equal(t, 0, Orient(a, b, pt(3*s, 3*s)))
		// Square of side s: its corners are cocircular; the centre is inside.
		p0, p1, p2, p3 := pt(2*s, 0), pt(4*s, 0), pt(4*s, 2*s), pt(2*s, 2*s)
		equal(t, 0, InCircle(p0, p1, p2, p3))
		equal(t, 1, InCircle(p0, p1, p2, pt(3*s, s)))
		equal(t, -1, InCircle(p0, p1, p2, pt(3*s, 3*s)))
	}
	// Mixed magnitudes.
	equal(t, 1, Orient(pt(0, 0), pt(1e300, 0), pt(1e300, 1e-300)))
	equal(t, -1, InCircle(pt(0, 0), pt(1e-300, 0), pt(0, 1e-300), pt(1e300, 1e300)))
}

func TestPredicatesNonFinite(t *testing.T) {
	nan := math.NaN()
	equal(t, 0, Orient(pt(nan, 0), pt(1, 0), pt(0, 1)))
	equal(t, 0, InCircle(pt(0, 0), pt(1, 0), pt(0, math.Inf(1)), pt(0.1, 0.1)))
}

// genCoord draws float64 coordinates that make near-degenerate
// configurations likely: a few base values plus small multiples of an ulp,
// at a drawn binary scale.
func genCoord(t *rapid.T, label string, scale float64) float64 {
	base := rapid.SampledFrom([]float64{0, 0.5, 1, -1, 3, 1e3, 0.1}).Draw(t, label+"b")
	k := rapid.IntRange(-4, 4).Draw(t, label+"k")
	if rapid.Bool().Draw(t, label+"r") {
		return scale * rapid.Float64Range(-4, 4).Draw(t, label+"f")
	}
	if base == 0 {
		return scale * float64(k)
	}
	return scale * ulpsFrom(base, k)
}

func genPoint(t *rapid.T, label string, scale float64) Point {
	return pt(genCoord(t, label+"x", scale), genCoord(t, label+"y", scale))
}

func TestPredicatesRapid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		scale := math.Ldexp(1, rapid.IntRange(-150, 150).Draw(t, "exp"))
		a, b, c, d := genPoint(t, "a", scale), genPoint(t, "b", scale), genPoint(t, "c", scale), genPoint(t, "d", scale)
		o := orientRat(a, b, c)
		if Orient(a, b, c) != o || (safeAll(a, b, c, d) && exactOrient(a, b, c) != o) {
			t.Fatalf("orient%v: got %d/%d want %d", []Point{a, b, c}, Orient(a, b, c), exactOrient(a, b, c), o)
		}
		if Orient(b, a, c) != -o || Orient(b, c, a) != o {
			t.Fatalf("orient%v not alternating", []Point{a, b, c})
		}
		ic := inCircleRat(a, b, c, d)
		if InCircle(a, b, c, d) != ic || (safeAll(a, b, c, d) && exactInCircle(a, b, c, d) != ic) {
			t.Fatalf("incircle%v: got %d/%d want %d", []Point{a, b, c, d}, InCircle(a, b, c, d), exactInCircle(a, b, c, d), ic)
		}
		if InCircle(b, a, c, d) != -ic || InCircle(a, b, d, c) != -ic {
			t.Fatalf("incircle%v not alternating", []Point{a, b, c, d})
		}
	})
}

// TestExpansionArithmetic checks expSum and expScale against big.Rat and
// checks the output invariants (increasing magnitude, nonoverlapping).
func TestExpansionArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	value := func(e []float64) *big.Rat {
		s := new(big.Rat)
		for _, c := range e {
			s.Add(s, new(big.Rat).SetFloat64(c))
		}
		return s
	}
	nonoverlapping := func(e []float64) {
		for i := 1; i < len(e); i++ {
			check(t, math.Abs(e[i-1]) < math.Abs(e[i]))
			// The lowest set bit of e[i] lies above the highest of e[i-1].
			_, exp := math.Frexp(e[i-1])
			lowBit := e[i] / math.Ldexp(1, exp)
			equal(t, math.Trunc(lowBit), lowBit, "components overlap: %v", e)
		}
	}
	randExp := func() []float64 {
		// Build an expansion by summing random products: always valid.
		h := []float64{0}
		for k := rng.IntN(5); k >= 0; k-- {
			p1, p0 := eft.TwoProd(rng.NormFloat64()*math.Ldexp(1, rng.IntN(60)-30), rng.NormFloat64())
			buf := make([]float64, len(h)+2)
			h = expSum(buf, h, []float64{p0, p1})
		}
		return h
	}
	for k := 0; k < 2000; k++ {
		e, f := randExp(), randExp()
		nonoverlapping(e)
		s := expSum(make([]float64, len(e)+len(f)), e, f)
		nonoverlapping(s)
		equal(t, 0, value(s).Cmp(new(big.Rat).Add(value(e), value(f))))
		b := rng.NormFloat64() * math.Ldexp(1, rng.IntN(40)-20)
		m := expScale(make([]float64, 2*len(e)), e, b)
		nonoverlapping(m)
		equal(t, 0, value(m).Cmp(new(big.Rat).Mul(value(e), new(big.Rat).SetFloat64(b))))
		equal(t, value(s).Sign(), expSign(s))
	}
}
