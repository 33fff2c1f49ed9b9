package hyptest_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen"
	"pgregory.net/rapid"
)

// Every identity is checked both ways: values from accurate code
// (package hyperbolic, or the oracles' own enclosures) must pass, and
// values from code with a known defect must be caught. A pass that could
// not fail, or a catch that could not pass, would prove nothing.

// isViolation reports whether err is a *hyptest.Violation.
func isViolation(err error) bool {
	var v *hyptest.Violation
	return errors.As(err, &v)
}

// accurate is the tolerance of package hyperbolic's scalar functions,
// whose measured worst error is 6 ulps (its accuracy tests).
var accurate = hyptest.Ulps(16)

func TestOracleChecks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := gen.Triangles().Draw(t, "tr")
		a, b, c := tr.Vertices()
		if err := hyptest.CheckDist(a, b, hyperbolic.Dist(a, b), accurate); err != nil {
			t.Fatal(err)
		}
		if err := hyptest.CheckAngle(a, b, c, hyperbolic.Angle(a, b, c), accurate); err != nil {
			t.Fatal(err)
		}
		if err := hyptest.CheckArea(a, b, c, hyperbolic.Area(a, b, c), accurate); err != nil {
			t.Fatal(err)
		}
		// A relative error of 2⁻⁴⁰ is far beyond 16 ulps: caught (unless
		// the value is 0, which a relative error cannot move).
		if d := hyperbolic.Dist(a, b); !isViolation(hyptest.CheckDist(a, b, d*(1+0x1p-40), accurate)) {
			t.Fatalf("d·(1 + 2⁻⁴⁰) = %v not caught", d*(1+0x1p-40))
		}
		if th := hyperbolic.Angle(a, b, c); th > 0 && !isViolation(hyptest.CheckAngle(a, b, c, th*(1-0x1p-40), accurate)) {
			t.Fatalf("angle·(1 − 2⁻⁴⁰) not caught")
		}
	})
}

func TestTriangleInequality(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var tr hyptest.Triangle
		if rapid.Bool().Draw(t, "degenerate") {
			tr = gen.NearDegenerate().Draw(t, "tr")
		} else {
			tr = gen.Triangles().Draw(t, "tr")
		}
		a, b, c := tr.Vertices()
		ab, bc, ca := hyperbolic.Dist(a, b), hyperbolic.Dist(b, c), hyperbolic.Dist(c, a)
		if err := hyptest.TriangleInequality(tr, ab, bc, ca, accurate); err != nil {
			t.Fatal(err)
		}
		// The largest side made longer than the sum of the other two.
		if err := hyptest.TriangleInequality(tr, ab, bc, (ab+bc)*(1+0x1p-30)+1e-300, accurate); !isViolation(err) && ca >= ab && ca >= bc {
			t.Fatalf("ca > ab + bc not caught: %v", err)
		}
	})
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	// Exactly on one geodesic, b between a and c: ca = ab + bc exactly, so
	// a ca short by 2⁻³⁰ relative is caught, though it satisfies every
	// inequality.
	line := hyptest.Triangle{A: p(0.1, 0.1), B: p(0.2, 0.2), C: p(0.3, 0.3)}
	ab, bc := hyperbolic.Dist(line.A, line.B), hyperbolic.Dist(line.B, line.C)
	if err := hyptest.TriangleInequality(line, ab, bc, ab+bc, accurate); err != nil {
		t.Errorf("collinear, exact sum: %v", err)
	}
	err := hyptest.TriangleInequality(line, ab, bc, (ab+bc)*(1-0x1p-30), accurate)
	if !isViolation(err) || !strings.Contains(err.Error(), "one geodesic") {
		t.Errorf("collinear, short sum: %v", err)
	}
	// Off a geodesic the inequality is strict: claims of exact values
	// (tolerance 0) with ca = ab + bc are impossible.
	off := hyptest.Triangle{A: p(0.1, 0.1), B: p(0.2, 0.2), C: p(0.3, 0.3000001)}
	if err := hyptest.TriangleInequality(off, 1, 1, 2, hyptest.Tol{}); !isViolation(err) {
		t.Errorf("off a geodesic, equality claimed exactly: %v", err)
	}
	if err := hyptest.TriangleInequality(off, 1, 1, 2, hyptest.Ulps(1)); err != nil {
		t.Errorf("off a geodesic, equality within one ulp: %v", err)
	}
}

// certifiedTriangle returns the sides a = |BC|, b = |CA|, c = |AB|, the
// angles at A, B, C and the area, as the midpoints of the oracles'
// enclosures (within an ulp or two of the exact values).
func certifiedTriangle(t *rapid.T, tr hyptest.Triangle) (sides, angles [3]float64, area float64) {
	a, b, c := tr.Vertices()
	mid := func(x certify.Interval64, err error) float64 {
		if err != nil {
			t.Fatal(err)
		}
		return x.Lo + (x.Hi-x.Lo)/2
	}
	sides = [3]float64{mid(hyptest.Dist(b, c)), mid(hyptest.Dist(c, a)), mid(hyptest.Dist(a, b))}
	angles = [3]float64{mid(hyptest.Angle(b, a, c)), mid(hyptest.Angle(a, b, c)), mid(hyptest.Angle(a, c, b))}
	return sides, angles, mid(hyptest.Area(a, b, c))
}

func TestLawsAndAngleSum(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := gen.Triangles().Draw(t, "tr")
		sides, angles, area := certifiedTriangle(t, tr)
		tol := hyptest.Tol{Rel: 0x1p-50, Abs: 1e-300}
		if err := hyptest.LawOfCosines(sides, angles, tol); err != nil {
			t.Fatal(err)
		}
		if err := hyptest.LawOfSines(sides, angles, tol); err != nil {
			t.Fatal(err)
		}
		if err := hyptest.AngleSum(angles, area, tol); err != nil {
			t.Fatal(err)
		}
	})
	// On a triangle with sides near 1, an angle off by 2⁻³⁰ relative
	// breaks all three.
	tr := hyptest.Triangle{A: hyperbolic.Point{X: 0.5}, B: hyperbolic.Point{Y: 0.5}, C: hyperbolic.Point{X: -0.3, Y: -0.2}}
	var sides, angles [3]float64
	var area float64
	rapid.Check(t, func(rt *rapid.T) { sides, angles, area = certifiedTriangle(rt, tr) })
	wrong := angles
	wrong[1] *= 1 + 0x1p-30
	tol := hyptest.Ulps(8)
	if err := hyptest.LawOfCosines(sides, wrong, tol); !isViolation(err) {
		t.Errorf("law of cosines: %v", err)
	}
	if err := hyptest.LawOfSines(sides, wrong, tol); !isViolation(err) {
		t.Errorf("law of sines: %v", err)
	}
	if err := hyptest.AngleSum(wrong, area, tol); !isViolation(err) {
		t.Errorf("angle sum: %v", err)
	}
	// Euclidean angles in the Klein chart (a classic bug: the model is not
	// conformal) violate the laws.
	eu := func(a, v, b hyperbolic.Point) float64 {
		return math.Abs(math.Remainder(math.Atan2(a.Y-v.Y, a.X-v.X)-math.Atan2(b.Y-v.Y, b.X-v.X), 2*math.Pi))
	}
	euAngles := [3]float64{eu(tr.B, tr.A, tr.C), eu(tr.A, tr.B, tr.C), eu(tr.A, tr.C, tr.B)}
	if err := hyptest.LawOfCosines(sides, euAngles, hyptest.Ulps(1024)); !isViolation(err) {
		t.Errorf("Euclidean angles pass the law of cosines: %v", err)
	}
	// Out-of-range claims are violations, not errors.
	if err := hyptest.AngleSum([3]float64{4, 0, 0}, 0, tol); !isViolation(err) {
		t.Errorf("an angle of 4 rad: %v", err)
	}
	if err := hyptest.LawOfSines([3]float64{-1, 1, 1}, angles, tol); !isViolation(err) {
		t.Errorf("a negative side: %v", err)
	}
}

func TestAngleAllowanceIsSound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := gen.Triangles().Draw(t, "tr")
		a, v, b := tr.Vertices()
		// Move each vertex to a nearby point (or leave it).
		move := func(p hyperbolic.Point, label string) (hyperbolic.Point, float64) {
			if !rapid.Bool().Draw(t, label) {
				return p, 0
			}
			q := gen.Near(p).Draw(t, label+"'")
			d, err := hyptest.Dist(p, q)
			if err != nil {
				t.Fatal(err)
			}
			return q, d.Hi
		}
		a2, da := move(a, "a")
		v2, dv := move(v, "v")
		b2, db := move(b, "b")
		if a2 == v2 || b2 == v2 {
			t.Skip("a vertex moved onto another")
		}
		la, _ := hyptest.Dist(v, a)
		lb, _ := hyptest.Dist(v, b)
		allow := hyptest.AngleAllowance(dv, da, db, la.Lo, lb.Lo)
		th, err := hyptest.Angle(a, v, b)
		if err != nil {
			t.Fatal(err)
		}
		th2, err := hyptest.Angle(a2, v2, b2)
		if err != nil {
			t.Fatal(err)
		}
		// The smallest possible change must not exceed the allowance.
		if gap := math.Max(th2.Lo-th.Hi, th.Lo-th2.Hi); gap > allow {
			t.Fatalf("the angle moved by at least %g, allowance %g (moves %g %g %g, sides %g %g)", gap, allow, dv, da, db, la.Lo, lb.Lo)
		}
	})
}

func TestIsometryInvariances(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := gen.Triangles().Draw(t, "tr")
		g := gen.Isometries(4).Draw(t, "g")
		img, disp, err := hyptest.ImageTriangle(g, tr)
		if err != nil {
			t.Skip("image not representable")
		}
		a, v, b := tr.Vertices()
		ga, gv, gb := img.Vertices()
		if ga == gv || gb == gv {
			t.Skip("two images round to one point (near the boundary)")
		}
		// Accurate code passes.
		if err := hyptest.DistInvariance(hyperbolic.Dist(a, v), hyperbolic.Dist(ga, gv), accurate, disp[0]+disp[1]); err != nil {
			t.Fatal(err)
		}
		if err := hyptest.IsometryDist(a, v, ga, gv, disp[0]+disp[1]); err != nil {
			t.Fatal(err)
		}
		if err := hyptest.AngleInvariance(a, v, b, hyperbolic.Angle(a, v, b), hyperbolic.Angle(ga, gv, gb), accurate, [3]float64{disp[1], disp[0], disp[2]}); err != nil {
			t.Fatal(err)
		}
		if err := hyptest.IsometryAngle(a, v, b, ga, gv, gb, [3]float64{disp[1], disp[0], disp[2]}); err != nil {
			t.Fatal(err)
		}
	})
	// The Euclidean distance of the Klein chart is not invariant, and the
	// checks see it on a triangle moved by a boost of length 1.
	g := gen.Boosts(2).Example(5)
	p, q := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: 0.1}
	ps, disp, err := g.ApplyAll([]hyperbolic.Point{p, q})
	if err != nil {
		t.Fatal(err)
	}
	eu := func(a, b hyperbolic.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
	if err := hyptest.DistInvariance(eu(p, q), eu(ps[0], ps[1]), accurate, disp[0]+disp[1]); !isViolation(err) {
		t.Errorf("Euclidean distance passes: %v", err)
	}
	// Images off by 10⁻⁶ are caught by the certified check.
	moved := hyperbolic.Point{X: ps[1].X + 1e-6, Y: ps[1].Y}
	if err := hyptest.IsometryDist(p, q, ps[0], moved, disp[0]+disp[1]); !isViolation(err) {
		t.Errorf("an image off by 1e-6 passes: %v", err)
	}
}

// fermatClaim returns the certified Fermat point rounded to float64 and
// a rigorous bound of its distance to the true one (the largest distance
// to a corner of the enclosure: the distance to a point is convex along
// Klein chords, so its maximum over the box is at a corner).
func fermatClaim(t *rapid.T, tr hyptest.Triangle) (hyperbolic.Point, float64, bool) {
	f, err := hyptest.Fermat(tr.A, tr.B, tr.C)
	if errors.Is(err, hyptest.ErrUndecided) {
		t.Skip("no certificate")
	}
	if err != nil {
		t.Fatal(err)
	}
	if !f.Exists {
		return hyperbolic.Point{}, 0, false
	}
	s := hyperbolic.Point{X: f.X.Lo + (f.X.Hi-f.X.Lo)/2, Y: f.Y.Lo + (f.Y.Hi-f.Y.Lo)/2}
	disp := 0.0
	for _, x := range []float64{f.X.Lo, f.X.Hi} {
		for _, y := range []float64{f.Y.Lo, f.Y.Hi} {
			d, err := hyptest.Dist(s, hyperbolic.Point{X: x, Y: y})
			if err != nil {
				t.Fatal(err)
			}
			disp = math.Max(disp, d.Hi)
		}
	}
	return s, disp, true
}

// euclidFermat is the Fermat point of the Klein triangle in the
// Euclidean metric of the chart (Weiszfeld's iteration): a plausible but
// wrong answer, the hyperbolic Fermat point differs from it.
func euclidFermat(tr hyptest.Triangle) hyperbolic.Point {
	vs := []hyperbolic.Point{tr.A, tr.B, tr.C}
	x, y := (tr.A.X+tr.B.X+tr.C.X)/3, (tr.A.Y+tr.B.Y+tr.C.Y)/3
	for range 200 {
		var sx, sy, sw float64
		for _, v := range vs {
			w := 1 / math.Max(math.Hypot(v.X-x, v.Y-y), 1e-300)
			sx, sy, sw = sx+w*v.X, sy+w*v.Y, sw+w
		}
		x, y = sx/sw, sy/sw
	}
	return hyperbolic.Point{X: x, Y: y}
}

func TestFermatChecks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := gen.WithAngle(0.3, 2).Draw(t, "tr")
		s, disp, ok := fermatClaim(t, tr)
		if !ok {
			return
		}
		if err := hyptest.Fermat120(tr.A, tr.B, tr.C, s, disp); err != nil {
			t.Fatal(err)
		}
		if err := hyptest.CheckFermat(tr.A, tr.B, tr.C, s, 1e-10); err != nil {
			t.Fatal(err)
		}
		g := gen.Isometries(3).Draw(t, "g")
		img, _, err := hyptest.ImageTriangle(g, tr)
		if err != nil {
			t.Skip("image not representable")
		}
		gs, gdisp, ok := fermatClaim(t, img)
		if !ok {
			t.Skip("the image triangle has no Steiner point") // rounding moved an angle across 120°
		}
		if err := hyptest.FermatEquivariance(tr, g, s, gs, math.Max(disp, gdisp)); err != nil {
			t.Fatal(err)
		}
	})
	// The Euclidean Fermat point of the chart is refuted on a triangle with
	// sides near 1.
	tr := hyptest.Triangle{A: hyperbolic.Point{X: 0.5}, B: hyperbolic.Point{Y: 0.5}, C: hyperbolic.Point{X: -0.3, Y: -0.2}}
	e := euclidFermat(tr)
	if err := hyptest.Fermat120(tr.A, tr.B, tr.C, e, 1e-12); !isViolation(err) {
		t.Errorf("Euclidean Fermat point passes Fermat120: %v", err)
	}
	if err := hyptest.CheckFermat(tr.A, tr.B, tr.C, e, 1e-10); !isViolation(err) {
		t.Errorf("Euclidean Fermat point passes CheckFermat: %v", err)
	}
	g := gen.Boosts(2).Example(7)
	img, _, _ := hyptest.ImageTriangle(g, tr)
	var s hyperbolic.Point
	rapid.Check(t, func(rt *rapid.T) { s, _, _ = fermatClaim(rt, tr) })
	if err := hyptest.FermatEquivariance(tr, g, s, euclidFermat(img), 1e-12); !isViolation(err) {
		t.Errorf("a solver that is not equivariant passes: %v", err)
	}
	// No Steiner point (an angle of 150° at B): the Fermat point is B.
	wide := hyptest.Triangle{A: hyperbolic.Point{X: 0.5}, B: hyperbolic.Point{}, C: hyperbolic.Point{X: -0.4330127018922193, Y: 0.25}}
	if err := hyptest.Fermat120(wide.A, wide.B, wide.C, wide.B, 0); err != nil {
		t.Errorf("wide angle, s = B: %v", err)
	}
	if err := hyptest.Fermat120(wide.A, wide.B, wide.C, hyperbolic.Point{X: 0.01}, 1e-3); !isViolation(err) {
		t.Errorf("wide angle, s ≠ B: %v", err)
	}
	if err := hyptest.CheckFermat(wide.A, wide.B, wide.C, wide.B, 1e-10); !isViolation(err) || !strings.Contains(err.Error(), "no Steiner point") {
		t.Errorf("CheckFermat on a triangle without a Steiner point: %v", err)
	}
}

func TestTreeChecks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		vs := rapid.SliceOfN(gen.Points(), 2, 8).Draw(t, "vertices")
		var edges []hyptest.Edge
		for i := 1; i < len(vs); i++ {
			edges = append(edges, hyptest.Edge{i, rapid.IntRange(0, i-1).Draw(t, "parent")})
		}
		length := func(ps []hyperbolic.Point) float64 {
			s := 0.0
			for _, e := range edges {
				s += hyperbolic.Dist(ps[e[0]], ps[e[1]])
			}
			return s
		}
		// n float64 additions of values accurate to 6 ulps each.
		tol := hyptest.Ulps(16 * float64(len(vs)))
		if err := hyptest.CheckTreeLength(vs, edges, length(vs), tol); err != nil {
			t.Fatal(err)
		}
		g := gen.Isometries(3).Draw(t, "g")
		img, disp, err := g.ApplyAll(vs)
		if err != nil {
			t.Skip("image not representable")
		}
		if err := hyptest.TreeInvariance(edges, disp, length(vs), length(img), tol); err != nil {
			t.Fatal(err)
		}
	})
	if err := hyptest.TreeInvariance([]hyptest.Edge{{0, 3}}, []float64{0, 0}, 1, 1, accurate); err == nil || isViolation(err) {
		t.Errorf("edge out of range: %v", err)
	}
}

func TestConversion(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := gen.Points().Draw(t, "k")
		slack := 16 * hyptest.Resolution(k)
		w, err := hyperbolic.KleinToPoincare(k)
		if err != nil {
			t.Fatal(err)
		}
		h, err := hyperbolic.KleinToHyperboloid(k)
		if err != nil {
			t.Fatal(err)
		}
		z, _ := hyperbolic.KleinToHalfPlane(k)
		for _, c := range []struct {
			m      hyperbolic.Model
			coords []float64
		}{
			{hyperbolic.Poincare, []float64{w.X, w.Y}},
			{hyperbolic.Hyperboloid, []float64{h.T, h.X, h.Y}},
			{hyperbolic.HalfPlane, []float64{z.X, z.Y}},
			{hyperbolic.Klein, []float64{k.X, k.Y}},
		} {
			if err := hyptest.Conversion(k, c.m, c.coords, slack); err != nil {
				t.Fatalf("%v: %v", c.m, err)
			}
		}
	})
	// A common slip: Poincaré as k/(1 + |k|) instead of k/(1 + √(1 − |k|²)).
	k := hyperbolic.Point{X: 0.6, Y: 0.3}
	n := 1 + math.Hypot(k.X, k.Y)
	if err := hyptest.Conversion(k, hyperbolic.Poincare, []float64{k.X / n, k.Y / n}, 16*hyptest.Resolution(k)); !isViolation(err) {
		t.Errorf("wrong Poincaré conversion passes: %v", err)
	}
	if err := hyptest.Conversion(k, hyperbolic.Hyperboloid, []float64{1, 2}, 1); err == nil || isViolation(err) {
		t.Errorf("two hyperboloid coordinates: %v", err)
	}
}

func TestViolationMessage(t *testing.T) {
	err := hyptest.CheckDist(hyperbolic.Point{}, hyperbolic.Point{X: 0.5}, 0.55, hyptest.Ulps(4))
	var v *hyptest.Violation
	if !errors.As(err, &v) {
		t.Fatalf("not a violation: %v", err)
	}
	want := "hyptest: dist violated: p=(0, 0) q=(0.5, 0): claimed 0.55 (within rel 4.44e-16 = 4 ulps: "
	if !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "[0.5493061443340548, 0.5493061443340549]") {
		t.Errorf("message %q", err.Error())
	}
	if _, err := (hyptest.Tol{Rel: 1}).Claim(1); err == nil {
		t.Error("Tol{Rel: 1}: no error")
	}
	if err := hyptest.CheckDist(hyperbolic.Point{X: 2}, hyperbolic.Point{}, 1, accurate); err == nil || isViolation(err) {
		t.Errorf("a point outside the disk is an input error, not a violation: %v", err)
	}
}

func TestClaim(t *testing.T) {
	for _, c := range []struct {
		v      float64
		tol    hyptest.Tol
		lo, hi float64
	}{
		{1, hyptest.Tol{}, 1, 1},
		{1, hyptest.Tol{Abs: 0.5}, 0.5, 1.5},
		{1, hyptest.Tol{Rel: 0.5}, 2.0 / 3, 2},
		{-1, hyptest.Tol{Rel: 0.5}, -2, -2.0 / 3},
		{0, hyptest.Tol{Rel: 0.5, Abs: 1}, -2, 2},
	} {
		got, err := c.tol.Claim(c.v)
		if err != nil {
			t.Fatal(err)
		}
		// The claim is the exact set, rounded outward by at most an ulp.
		if !(got.Lo <= c.lo && got.Hi >= c.hi && c.lo-got.Lo <= 1e-15 && got.Hi-c.hi <= 1e-15) {
			t.Errorf("Claim(%v, %+v) = %v, want [%v, %v]", c.v, c.tol, got, c.lo, c.hi)
		}
	}
}
