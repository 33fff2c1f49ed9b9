package hyperbolic

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// Accuracy against the exact values of the float64 inputs (reference_test.go).

// onCircle returns the float64 point nearest (r cos θ, r sin θ); its
// distance to the ideal boundary is 1 − r up to about 1e-16.
func onCircle(r, theta float64) Point {
	s, c := math.Sincos(theta)
	return Point{r * c, r * s}
}

// offset returns p moved by the Euclidean vector of length l at angle phi.
func offset(p Point, l, phi float64) Point {
	s, c := math.Sincos(phi)
	return Point{p.X + l*c, p.Y + l*s}
}

type pairFamily struct {
	name string
	gen  func(r *rand.Rand) (Point, Point)
}

func distFamilies() []pairFamily {
	angle := func(r *rand.Rand) float64 { return 2 * math.Pi * r.Float64() }
	return []pairFamily{
		{"generic", func(r *rand.Rand) (Point, Point) {
			return onCircle(math.Sqrt(r.Float64()), angle(r)), onCircle(math.Sqrt(r.Float64()), angle(r))
		}},
		{"both 1e-6 from boundary", func(r *rand.Rand) (Point, Point) {
			return onCircle(1-1e-6, angle(r)), onCircle(1-1e-6, angle(r))
		}},
		{"one 1e-6 from boundary", func(r *rand.Rand) (Point, Point) {
			return onCircle(1-1e-6, angle(r)), onCircle(math.Sqrt(r.Float64()), angle(r))
		}},
		{"1e-6 from boundary, 1e-9 apart", func(r *rand.Rand) (Point, Point) {
			p := onCircle(1-1e-6, angle(r))
			return p, offset(p, 1e-9, angle(r))
		}},
		{"1e-6 from boundary, 1e-9 apart tangentially", func(r *rand.Rand) (Point, Point) {
			th := angle(r)
			p := onCircle(1-1e-6, th)
			return p, offset(p, 1e-9, th+math.Pi/2+1e-3*(r.Float64()-0.5))
		}},
		{"1e-6 from boundary, 1e-4..1e-2 apart", func(r *rand.Rand) (Point, Point) {
			th := angle(r)
			return onCircle(1-1e-6, th), onCircle(1-1e-6*(0.5+r.Float64()), th+math.Pow(10, -4+2*r.Float64()))
		}},
		{"1e-9 from boundary", func(r *rand.Rand) (Point, Point) {
			return onCircle(1-1e-9, angle(r)), onCircle(1-1e-9, angle(r))
		}},
		{"1e-9 from boundary, 1e-9 apart", func(r *rand.Rand) (Point, Point) {
			p := onCircle(1-1e-9, angle(r))
			return p, offset(p, 1e-9, angle(r))
		}},
		{"1e-9 apart, anywhere", func(r *rand.Rand) (Point, Point) {
			p := onCircle(math.Sqrt(r.Float64()), angle(r))
			return p, offset(p, 1e-9, angle(r))
		}},
		{"1e-9 apart, near origin", func(r *rand.Rand) (Point, Point) {
			p := onCircle(1e-3*r.Float64(), angle(r))
			return p, offset(p, 1e-9, angle(r))
		}},
		{"wide: 1e-15..1 from boundary, 1e-16..1 apart", func(r *rand.Rand) (Point, Point) {
			th := angle(r)
			p := onCircle(1-math.Pow(10, -15*r.Float64()), th)
			l := math.Pow(10, -16*r.Float64())
			switch r.IntN(3) {
			case 0:
				return p, offset(p, l, angle(r))
			case 1:
				return p, offset(p, l, th+math.Pi/2)
			}
			return p, onCircle(1-math.Pow(10, -15*r.Float64()), th+l)
		}},
	}
}

// trials is the number of cases drawn from a family: 300, or wide for the
// "wide" families, which sweep many orders of magnitude.
func trials(family string, wide int) int {
	if strings.HasPrefix(family, "wide") {
		return wide
	}
	return 300
}

// TestDistAccuracy: Dist, SinhDist and CoshDist against the 256-bit
// reference. Bound: 1e-13 relative (the project's contract); the measured
// worst cases are logged and are a few ulps.
func TestDistAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, fam := range distFamilies() {
		var worstD, worstS, worstC float64
		for range trials(fam.name, 4000) {
			p, q := fam.gen(rng)
			if p.Check() != nil || q.Check() != nil || p == q {
				continue
			}
			s2 := bfRat(refSinhSq(p, q))
			s := bfSqrt(s2)
			c := bfSqrt(s2.Add(s2, bf(1)))
			eD := relErr(Dist(p, q), refDist(p, q))
			eS := relErr(SinhDist(p, q), s)
			eC := relErr(CoshDist(p, q), c)
			worstD, worstS, worstC = max(worstD, eD), max(worstS, eS), max(worstC, eC)
			if eD > 1e-13 || eS > 1e-13 || eC > 1e-13 {
				t.Errorf("%s: p=%v q=%v: rel. errors Dist %.3g SinhDist %.3g CoshDist %.3g > 1e-13", fam.name, p, q, eD, eS, eC)
			}
		}
		t.Logf("%-45s worst rel. error: Dist %.2e  SinhDist %.2e  CoshDist %.2e", fam.name, worstD, worstS, worstC)
	}
}

type triFamily struct {
	name string
	gen  func(r *rand.Rand) (a, v, b Point)
}

func angleFamilies() []triFamily {
	angle := func(r *rand.Rand) float64 { return 2 * math.Pi * r.Float64() }
	anywhere := func(r *rand.Rand) Point { return onCircle(math.Sqrt(r.Float64()), angle(r)) }
	return []triFamily{
		{"generic", func(r *rand.Rand) (Point, Point, Point) { return anywhere(r), anywhere(r), anywhere(r) }},
		{"tiny (sides 1e-7)", func(r *rand.Rand) (Point, Point, Point) {
			v := anywhere(r)
			return offset(v, 1e-7, angle(r)), v, offset(v, 1e-7, angle(r))
		}},
		{"tiny (sides 1e-7), 1e-6 from boundary", func(r *rand.Rand) (Point, Point, Point) {
			v := onCircle(1-1e-6, angle(r))
			return offset(v, 1e-7, angle(r)), v, offset(v, 1e-7, angle(r))
		}},
		{"angle within 1e-10 of π", func(r *rand.Rand) (Point, Point, Point) {
			v := onCircle(0.9*math.Sqrt(r.Float64()), angle(r))
			phi := angle(r)
			return offset(v, 0.05*r.Float64()+1e-6, phi), v, offset(v, 0.05*r.Float64()+1e-6, phi+math.Pi+1e-10*(r.Float64()-0.5))
		}},
		{"angle below 1e-10", func(r *rand.Rand) (Point, Point, Point) {
			v := onCircle(0.9*math.Sqrt(r.Float64()), angle(r))
			phi := angle(r)
			return offset(v, 0.05*r.Float64()+1e-6, phi), v, offset(v, 0.05*r.Float64()+1e-6, phi+1e-10*r.Float64())
		}},
		{"tiny and near π", func(r *rand.Rand) (Point, Point, Point) {
			v := anywhere(r)
			phi := angle(r)
			return offset(v, 1e-7, phi), v, offset(v, 1e-7, phi+math.Pi+1e-6*(r.Float64()-0.5))
		}},
		{"vertex 1e-6 from boundary", func(r *rand.Rand) (Point, Point, Point) {
			return anywhere(r), onCircle(1-1e-6, angle(r)), anywhere(r)
		}},
		{"wide: sides 1e-10..1, angles 1e-12..π", func(r *rand.Rand) (Point, Point, Point) {
			v := onCircle(1-math.Pow(10, -12*r.Float64()), angle(r))
			phi := angle(r)
			var gap float64
			switch r.IntN(3) {
			case 0:
				gap = angle(r)
			case 1:
				gap = math.Pow(10, -12*r.Float64())
			default:
				gap = math.Pi + math.Pow(10, -12*r.Float64())*(r.Float64()-0.5)
			}
			return offset(v, math.Pow(10, -10*r.Float64()), phi), v, offset(v, math.Pow(10, -10*r.Float64()), phi+gap)
		}},
	}
}

// TestAngleAccuracy: Angle and SinAngle against the reference, relative
// error ≤ 1e-13 (measured: a few ulps). CosAngle is measured twice: its
// absolute error (|cos| ≤ 1; near θ = π/2 the cosine is a difference and
// only its absolute error is small) and its relative error where
// |cos| ≥ 1/2; both ≤ 1e-13.
func TestAngleAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, fam := range angleFamilies() {
		var worstA, worstCabs, worstCrel, worstS float64
		for range trials(fam.name, 3000) {
			a, v, b := fam.gen(rng)
			if a.Check() != nil || v.Check() != nil || b.Check() != nil || a == v || b == v {
				continue
			}
			wantC, wantS := refCosSin(a, v, b)
			c, _ := wantC.Float64()
			eA := relErr(Angle(a, v, b), refAngle(a, v, b))
			eCabs := math.Abs(CosAngle(a, v, b) - c)
			eCrel := 0.0
			if math.Abs(c) >= 0.5 {
				eCrel = relErr(CosAngle(a, v, b), wantC)
			}
			eS := relErr(SinAngle(a, v, b), wantS)
			worstA, worstS = max(worstA, eA), max(worstS, eS)
			worstCabs, worstCrel = max(worstCabs, eCabs), max(worstCrel, eCrel)
			if eA > 1e-13 || eS > 1e-13 || eCabs > 1e-13 || eCrel > 1e-13 {
				t.Errorf("%s: a=%v v=%v b=%v: errors Angle %.3g SinAngle %.3g CosAngle %.3g (abs) %.3g (rel)", fam.name, a, v, b, eA, eS, eCabs, eCrel)
			}
		}
		t.Logf("%-40s worst rel. error: Angle %.2e  SinAngle %.2e  CosAngle %.2e (abs %.2e)", fam.name, worstA, worstS, worstCrel, worstCabs)
	}
}

// TestAreaAccuracy: Area against π minus the reference angle sum; relative
// error 1e-12 also for tiny triangles, whose area (~1e-14) the naive
// π − ΣAngles in float64 would get with an error of ~1e-16 absolute, i.e.
// a relative error of about 1e-2.
func TestAreaAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, fam := range angleFamilies() {
		var worst float64
		for range 100 {
			a, b, c := fam.gen(rng)
			if a.Check() != nil || b.Check() != nil || c.Check() != nil || a == b || b == c || a == c {
				continue
			}
			e := relErr(Area(a, b, c), refArea(a, b, c))
			worst = max(worst, e)
			if e > 1e-12 {
				t.Errorf("%s: a=%v b=%v c=%v: Area rel. error %.3g > 1e-12", fam.name, a, b, c, e)
			}
		}
		t.Logf("%-40s worst Area rel. error %.2e", fam.name, worst)
	}
}
