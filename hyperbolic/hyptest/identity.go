package hyptest

import (
	"fmt"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// The catalogue of identities. Each check takes the values a program
// computed together with the accuracy they claim (Tol, or a displacement
// bound for computed points), and returns a *Violation only when it
// proves that no exact values within those claims satisfy the identity:
// every side of every identity is enclosed in outward-rounded interval
// arithmetic, so a violation is a proof, and a consistent answer means
// only "not refuted at this accuracy". Where the identity concerns the
// geometry itself (collinearity, existence of a Steiner point), it is
// decided exactly.

// identPrec is the working precision of the identity checks.
const identPrec = 128

// claims converts values to the enclosures their tolerance admits.
func claims(tol Tol, vs ...float64) ([]certify.Interval64, error) {
	out := make([]certify.Interval64, len(vs))
	for i, v := range vs {
		c, err := tol.Claim(v)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// TriangleInequality checks claimed distances ab = d(a, b), bc = d(b, c),
// ca = d(c, a) of the triangle tr = (a, b, c) against the triangle
// inequality. Whether the three points lie on one geodesic (a chord of the
// Klein disk) is decided exactly: if not, every inequality is strict,
// d(x, z) < d(x, y) + d(y, z); if so, the distance between the two outer
// points equals the sum of the other two. A *Violation when the claims
// cannot satisfy that.
func TriangleInequality(tr Triangle, ab, bc, ca float64, tol Tol) error {
	vs, err := exactAll(tr.A, tr.B, tr.C)
	if err != nil {
		return err
	}
	cs := caseOf("a", pt(tr.A), "b", pt(tr.B), "c", pt(tr.C), "ab", g(ab), "bc", g(bc), "ca", g(ca))
	return triangleInequality([3]ratPoint{vs[0], vs[1], vs[2]}, cs, ab, bc, ca, tol)
}

func triangleInequality(vs [3]ratPoint, cs string, ab, bc, ca float64, tol Tol) error {
	cl, err := claims(tol, ab, bc, ca)
	if err != nil {
		return err
	}
	names := [3]string{"ab", "bc", "ca"}
	if orientR(vs[0], vs[1], vs[2]) != 0 {
		for i := range 3 {
			x, y, z := cl[i], cl[(i+1)%3], cl[(i+2)%3]
			if sum := y.Add(z); x.Lo >= sum.Hi {
				return &Violation{Check: "triangle inequality", Case: cs,
					Detail: fmt.Sprintf("the vertices are not on one geodesic, so %s < %s + %s strictly, but %s ∋ %s ≥ %s ∋ %s + %s",
						names[i], names[(i+1)%3], names[(i+2)%3], iv(x), names[i], iv(sum), names[(i+1)%3], names[(i+2)%3])}
			}
		}
		return nil
	}
	// On one geodesic: the middle vertex splits the outer distance. Side
	// names[i] joins vs[i] and vs[i+1], so with vs[m] in the middle the
	// outer side is m+1 and the two others m+2 and m.
	for m := range 3 {
		if !betweenR(vs[(m+2)%3], vs[m], vs[(m+1)%3]) {
			continue
		}
		outer, s1, s2 := (m+1)%3, (m+2)%3, m
		sum := cl[s1].Add(cl[s2])
		if disjoint(cl[outer], sum) {
			return &Violation{Check: "triangle inequality", Case: cs,
				Detail: fmt.Sprintf("the vertices lie on one geodesic with %c between the others, so %s = %s + %s exactly, but %s ∋ %s and %s ∋ %s + %s are disjoint",
					"abc"[m], names[outer], names[s1], names[s2], iv(cl[outer]), names[outer], iv(sum), names[s1], names[s2])}
		}
		return nil
	}
	return nil // unreachable: of three collinear points one is between the others
}

// interval helpers at identPrec.
func newIv() *certify.Interval { return new(certify.Interval).SetPrec(identPrec) }

func mustIv(z *certify.Interval, err error) *certify.Interval {
	if err != nil {
		panic("hyptest: " + err.Error()) // callers clip arguments into the functions' domains
	}
	return z
}

// clip intersects a claim with [lo, hi]; ok is false when they are disjoint.
func clip(x certify.Interval64, lo, hi float64) (certify.Interval64, bool) {
	return x.Intersect(certify.Interval64{Lo: lo, Hi: hi})
}

// triangleClaims validates and clips the claimed sides (to [0, 700]) and
// angles (to [0, π]); a side or angle outside its range is a violation.
func triangleClaims(name, cs string, tol Tol, sides, angles []float64) (s, a []*certify.Interval, err error) {
	for _, v := range sides {
		c, err := tol.Claim(v)
		if err != nil {
			return nil, nil, err
		}
		if c.Lo > 700 {
			return nil, nil, fmt.Errorf("hyptest: %s: claimed side %s is beyond 700, outside the range of this check", name, g(v))
		}
		c, ok := clip(c, 0, 700)
		if !ok {
			return nil, nil, &Violation{Check: name, Case: cs, Detail: fmt.Sprintf("side %s (claim %s) is negative", g(v), iv(c))}
		}
		s = append(s, bigOf(c))
	}
	pi := new(certify.Interval).Pi(64).Interval64()
	for _, v := range angles {
		c, err := tol.Claim(v)
		if err != nil {
			return nil, nil, err
		}
		c2, ok := clip(c, 0, pi.Hi)
		if !ok || c.Lo > pi.Hi {
			return nil, nil, &Violation{Check: name, Case: cs, Detail: fmt.Sprintf("angle %s (claim %s) is outside [0, π]", g(v), iv(c))}
		}
		a = append(a, bigOf(c2))
	}
	return s, a, nil
}

// zeroCheck returns a *Violation if the enclosure r of a residual that
// the identity says is 0 excludes 0.
func zeroCheck(name, cs, what string, r *certify.Interval) error {
	if r.Lo.Sign() > 0 || r.Hi.Sign() < 0 {
		return &Violation{Check: name, Case: cs, Detail: fmt.Sprintf("%s should be 0 but lies in %s", what, iv(r.Interval64()))}
	}
	return nil
}

// LawOfCosines checks claimed sides and angles of one triangle against
// both hyperbolic laws of cosines. sides are a = |BC|, b = |CA|, c = |AB|
// (each opposite the vertex of the same index), angles α at A, β at B,
// γ at C, all claimed to tol. For each vertex it encloses
//
//	cos α·sinh b·sinh c − (cosh b·cosh c − cosh a)          (first law)
//	cos α + cos β·cos γ − sin β·sin γ·cosh a               (second law)
//
// over every value the claims admit and reports a *Violation when an
// enclosure excludes 0. For tiny triangles both sides are nearly equal
// and the check is weak, as the conditioning of the laws dictates.
func LawOfCosines(sides, angles [3]float64, tol Tol) error {
	cs := caseOf("sides", fmt.Sprint(sides), "angles", fmt.Sprint(angles))
	s, a, err := triangleClaims("law of cosines", cs, tol, sides[:], angles[:])
	if err != nil {
		return err
	}
	var ch, sh, co, si [3]*certify.Interval
	for i := range 3 {
		ch[i] = mustIv(newIv().Cosh(s[i], identPrec))
		sh[i] = mustIv(newIv().Sinh(s[i], identPrec))
		co[i] = mustIv(newIv().Cos(a[i], identPrec))
		si[i] = mustIv(newIv().Sin(a[i], identPrec))
	}
	for i := range 3 {
		j, k := (i+1)%3, (i+2)%3
		r := newIv().Mul(co[i], sh[j])
		r.Mul(r, sh[k])
		t := newIv().Mul(ch[j], ch[k])
		t.Sub(t, ch[i])
		r.Sub(r, t)
		what := fmt.Sprintf("cos %s·sinh %c·sinh %c − (cosh %c·cosh %c − cosh %c)", angleName[i], "abc"[j], "abc"[k], "abc"[j], "abc"[k], "abc"[i])
		if err := zeroCheck("law of cosines", cs, what, r); err != nil {
			return err
		}
		r2 := newIv().Mul(co[j], co[k])
		r2.Add(r2, co[i])
		t2 := newIv().Mul(si[j], si[k])
		t2.Mul(t2, ch[i])
		r2.Sub(r2, t2)
		what = fmt.Sprintf("cos %s + cos %s·cos %s − sin %s·sin %s·cosh %c", angleName[i], angleName[j], angleName[k], angleName[j], angleName[k], "abc"[i])
		if err := zeroCheck("law of cosines", cs, what, r2); err != nil {
			return err
		}
	}
	return nil
}

var angleName = [3]string{"α", "β", "γ"}

// LawOfSines checks claimed sides and angles (as in LawOfCosines) against
// sin α/sinh a = sin β/sinh b = sin γ/sinh c, enclosing
// sin α·sinh b − sin β·sinh a and its two rotations.
func LawOfSines(sides, angles [3]float64, tol Tol) error {
	cs := caseOf("sides", fmt.Sprint(sides), "angles", fmt.Sprint(angles))
	s, a, err := triangleClaims("law of sines", cs, tol, sides[:], angles[:])
	if err != nil {
		return err
	}
	var sh, si [3]*certify.Interval
	for i := range 3 {
		sh[i] = mustIv(newIv().Sinh(s[i], identPrec))
		si[i] = mustIv(newIv().Sin(a[i], identPrec))
	}
	for i := range 3 {
		j := (i + 1) % 3
		r := newIv().Mul(si[i], sh[j])
		r.Sub(r, newIv().Mul(si[j], sh[i]))
		what := fmt.Sprintf("sin %s·sinh %c − sin %s·sinh %c", angleName[i], "abc"[j], angleName[j], "abc"[i])
		if err := zeroCheck("law of sines", cs, what, r); err != nil {
			return err
		}
	}
	return nil
}

// AngleSum checks claimed angles α, β, γ and area Δ of one triangle
// against Gauss–Bonnet, α + β + γ = π − Δ.
func AngleSum(angles [3]float64, area float64, tol Tol) error {
	cs := caseOf("angles", fmt.Sprint(angles), "area", g(area))
	_, a, err := triangleClaims("angle sum", cs, tol, nil, append(angles[:], area))
	if err != nil {
		return err
	}
	r := newIv().Add(a[0], a[1])
	r.Add(r, a[2])
	r.Add(r, a[3])
	r.Sub(r, newIv().Pi(identPrec))
	return zeroCheck("angle sum", cs, "α + β + γ + Δ − π", r)
}

// invariant reports a *Violation if x and y, each widened by slack, are
// disjoint: |x − y| ≤ slack is then impossible.
func invariant(name, cs, what string, x, y certify.Interval64, slack float64) error {
	w := certify.Interval64{Lo: -slack, Hi: slack}
	if slack < 0 || !finite(slack) {
		return fmt.Errorf("hyptest: %s: slack %v: want a finite value ≥ 0", name, slack)
	}
	if disjoint(x.Add(w), y) {
		return &Violation{Check: name, Case: cs,
			Detail: fmt.Sprintf("%s: %s and %s differ by more than the allowed %s", what, iv(x), iv(y), g(slack))}
	}
	return nil
}

// DistInvariance checks that two distances claimed by code under test,
// d for d(p, q) and gd for d(g̃p, g̃q) with g̃p, g̃q computed images of p
// and q under one isometry, are consistent: the exact distances differ by
// at most slack = d(g̃p, g·p) + d(g̃q, g·q) (the images' displacements,
// e.g. from Isometry.Displacement), since d(g·p, g·q) = d(p, q). A
// *Violation when the claims (to tol) cannot be that close.
func DistInvariance(d, gd float64, tol Tol, slack float64) error {
	cl, err := claims(tol, d, gd)
	if err != nil {
		return err
	}
	return invariant("distance invariance", caseOf("d", g(d), "gd", g(gd)), "d(p,q) and d(g̃p,g̃q)", cl[0], cl[1], slack)
}

// IsometryDist checks claimed images gp, gq of p, q under one isometry,
// each claimed within slack/2 of the exact image (hyperbolic distance;
// slack is the sum of the two claims): the certified distances d(p, q) and
// d(gp, gq) must then differ by at most slack.
func IsometryDist(p, q, gp, gq hyperbolic.Point, slack float64) error {
	r, err := exactAll(p, q, gp, gq)
	if err != nil {
		return err
	}
	return isometryDist(r[0], r[1], r[2], r[3], caseOf("p", pt(p), "q", pt(q), "gp", pt(gp), "gq", pt(gq)), slack)
}

func isometryDist(p, q, gp, gq ratPoint, cs string, slack float64) error {
	var e encloser
	d1, d2 := e.dist(p, q), e.dist(gp, gq)
	if e.err != nil {
		return e.err
	}
	return invariant("distance invariance", cs, "d(p,q) and d(gp,gq)", d1, d2, slack)
}

// AngleAllowance returns a rigorous upper bound of how much the angle at
// v between the geodesics to a and b can change when v moves by at most
// dv and a, b by at most da, db (hyperbolic distances), given lower
// bounds la ≤ d(v, a), lb ≤ d(v, b) of the original sides; π when a move
// is not smaller than half the side it affects (no useful bound).
//
// Moving an end point x by δ turns the direction from v by the angle
// opposite δ in the triangle (v, x, x′), which is the triangle's smallest
// angle when 2δ < d(v, x), so below π/2, and by the law of sines its sine
// is at most sinh δ/sinh d(v, x): the turn is at most (π/2)·sinh δ/sinh L.
// Moving the vertex by δ changes the angle to each end x, measured from
// the parallel-transported direction of the move, by γₓ + Aₓ, the angle at
// x and the area of the triangle (v, v′, x): γₓ as before, and
// tan(Aₓ/2) ≤ tanh(δ/2)/(1 − tanh(δ/2)), so Aₓ ≤ δ/(1 − δ/2).
func AngleAllowance(dv, da, db, la, lb float64) float64 {
	for _, v := range []float64{dv, da, db, la, lb} {
		if !(v >= 0) || !finite(v) {
			return math.Pi
		}
	}
	total := newIv().SetInt64(0)
	for _, x := range []struct{ d, l float64 }{{dv, la}, {dv, lb}} {
		e, ok := endTurn(x.d, x.l)
		if !ok || x.d >= 1 {
			return math.Pi
		}
		total.Add(total, e)
		total.Add(total, vertexArea(x.d))
	}
	for _, x := range []struct{ d, l float64 }{{da, la - dv}, {db, lb - dv}} {
		if x.d == 0 {
			continue
		}
		e, ok := endTurn(x.d, x.l)
		if !ok {
			return math.Pi
		}
		total.Add(total, e)
	}
	return math.Min(upperBound(total), math.Pi)
}

// endTurn encloses (π/2)·sinh δ/sinh L from above, for 0 ≤ 2δ < L.
func endTurn(d, l float64) (*certify.Interval, bool) {
	if d == 0 {
		return newIv().SetInt64(0), true
	}
	if !(2*d < l) { // float64 comparison of exact values: no rounding
		return nil, false
	}
	sd := mustIv(newIv().Sinh(bigOf(certify.Point64(d)), identPrec))
	sl := mustIv(newIv().Sinh(bigOf(certify.Point64(l)), identPrec))
	r := mustIv(newIv().Quo(sd, sl)) // sinh L > 0
	half := newIv().Pi(identPrec)
	half.Lo.SetMantExp(&half.Lo, -1)
	half.Hi.SetMantExp(&half.Hi, -1)
	return r.Mul(r, half), true
}

// vertexArea encloses δ/(1 − δ/2) from above, 0 ≤ δ < 1.
func vertexArea(d float64) *certify.Interval {
	x := bigOf(certify.Point64(d))
	den := newIv().SetInt64(1)
	h := bigOf(certify.Point64(d / 2)) // exact halving
	den.Sub(den, h)
	return mustIv(newIv().Quo(x, den))
}

// AngleInvariance checks two angles claimed by code under test, theta at
// v between a and b, and gtheta at the computed image g̃v between g̃a and
// g̃b, against the invariance of angles: they may differ by at most
// AngleAllowance of the images' displacements disp = (dv, da, db) and of
// lower bounds of the sides d(v, a), d(v, b) (from certified distances).
func AngleInvariance(a, v, b hyperbolic.Point, theta, gtheta float64, tol Tol, disp [3]float64) error {
	la, err := Dist(v, a)
	if err != nil {
		return err
	}
	lb, err := Dist(v, b)
	if err != nil {
		return err
	}
	cl, err := claims(tol, theta, gtheta)
	if err != nil {
		return err
	}
	slack := AngleAllowance(disp[0], disp[1], disp[2], la.Lo, lb.Lo)
	cs := caseOf("a", pt(a), "v", pt(v), "b", pt(b), "theta", g(theta), "gtheta", g(gtheta))
	return invariant("angle invariance", cs, "the angle at v and at g̃v", cl[0], cl[1], slack)
}

// IsometryAngle checks claimed images ga, gv, gb of a, v, b under one
// isometry, each claimed within disp of the exact image: the certified
// angles at v and at gv may differ by at most AngleAllowance.
func IsometryAngle(a, v, b, ga, gv, gb hyperbolic.Point, disp [3]float64) error {
	r, err := exactAll(a, v, b, ga, gv, gb)
	if err != nil {
		return err
	}
	cs := caseOf("a", pt(a), "v", pt(v), "b", pt(b), "ga", pt(ga), "gv", pt(gv), "gb", pt(gb))
	return isometryAngle([6]ratPoint(r), cs, disp)
}

func isometryAngle(r [6]ratPoint, cs string, disp [3]float64) error {
	var e encloser
	th, gth := e.angle(r[0], r[1], r[2]), e.angle(r[3], r[4], r[5])
	la, lb := e.dist(r[1], r[0]), e.dist(r[1], r[2])
	if e.err != nil {
		return e.err
	}
	slack := AngleAllowance(disp[0], disp[1], disp[2], la.Lo, lb.Lo)
	return invariant("angle invariance", cs, "the angle at v and at gv", th, gth, slack)
}

// Fermat120 checks a point s claimed to lie within disp (hyperbolic
// distance) of the Fermat point of the triangle (a, b, c). If the triangle
// has a Steiner point (every angle < 120°, decided exactly), the three
// sides are seen from it under exactly 120°, so from s under
// 120° ± AngleAllowance(disp, …); a *Violation when a certified angle at s
// lies outside that. Otherwise the Fermat point is the vertex with the
// angle ≥ 120° (or a repeated vertex), and s must lie within disp of it.
func Fermat120(a, b, c, s hyperbolic.Point, disp float64) error {
	r, err := exactAll(a, b, c, s)
	if err != nil {
		return err
	}
	cs := caseOf("a", pt(a), "b", pt(b), "c", pt(c), "s", pt(s), "disp", g(disp))
	return fermat120([3]ratPoint{r[0], r[1], r[2]}, r[3], cs, disp)
}

// wideVertex returns the vertex where the sum of the distances is least
// when the triangle has no Steiner point, and whether it has none: a
// repeated vertex (2d(s, x) + d(s, y) ≥ d(x, y) + d(s, x) makes it the
// minimiser), or the vertex whose angle is ≥ 120°, decided exactly.
func wideVertex(vs [3]ratPoint) (int, bool, error) {
	switch {
	case equalR(vs[0], vs[1]) || equalR(vs[0], vs[2]):
		return 0, true, nil
	case equalR(vs[1], vs[2]):
		return 1, true, nil
	}
	for i := range 3 {
		terms, err := isoptic.NewRatTerms(vs[(i+1)%3], vs[(i+2)%3], vs[i])
		if err != nil {
			return 0, false, err
		}
		if terms.AngleCmp120() >= 0 {
			return i, true, nil
		}
	}
	return -1, false, nil
}

func fermat120(vs [3]ratPoint, s ratPoint, cs string, disp float64) error {
	if !(disp >= 0) || !finite(disp) {
		return fmt.Errorf("hyptest: Fermat120: displacement %v: want a finite value ≥ 0", disp)
	}
	w, none, err := wideVertex(vs)
	if err != nil {
		return err
	}
	if none {
		if equalR(s, vs[w]) {
			return nil
		}
		d, err := distR(s, vs[w])
		if err != nil {
			return err
		}
		if d.Lo > disp {
			return &Violation{Check: "fermat 120°", Case: cs,
				Detail: fmt.Sprintf("no Steiner point exists (the Fermat point is vertex %c), but d(s, %c) ∈ %s exceeds %s", "abc"[w], "abc"[w], iv(d), g(disp))}
		}
		return nil
	}
	third := newIv().Pi(identPrec)
	mustIv(third.Quo(third, newIv().SetInt64(3)))
	twoThirds := newIv().Add(third, third).Interval64()
	for i := range 3 {
		x, y := vs[i], vs[(i+1)%3]
		if equalR(s, x) || equalR(s, y) {
			return &Violation{Check: "fermat 120°", Case: cs, Detail: "s is a vertex, but a Steiner point exists and is not a vertex"}
		}
		var e encloser
		th, lx, ly := e.angle(x, s, y), e.dist(s, x), e.dist(s, y)
		if e.err != nil {
			return e.err
		}
		// The Fermat point F is within disp of s: d(F, x) ≥ d(s, x) − disp.
		fx := certify.Point64(lx.Lo).Sub(certify.Point64(disp)).Lo
		fy := certify.Point64(ly.Lo).Sub(certify.Point64(disp)).Lo
		slack := AngleAllowance(disp, 0, 0, fx, fy)
		what := fmt.Sprintf("the angle at s between %c and %c, and 120°", "abc"[i], "abc"[(i+1)%3])
		if err := invariant("fermat 120°", cs, what, th, twoThirds, slack); err != nil {
			return err
		}
	}
	return nil
}

// FermatEquivariance checks a Fermat-point solver's answers at a triangle
// and at its image: s is its answer for tr, gs its answer for the image
// triangle g̃tr (vertices g.Apply'd, so rounded), both claimed within disp
// of the true Fermat points. It checks Fermat120 at both, and that the
// total lengths Σ d(s, v) and Σ d(gs, g̃v) agree: the minimum of the sum
// is 1-Lipschitz in each vertex, so the two minima differ by at most the
// vertices' displacements, and a point within disp of a minimiser exceeds
// the minimum by at most 3·disp. The caller computes gs on
// ImageTriangle(g, tr), the same rounded images this check uses.
func FermatEquivariance(tr Triangle, g Isometry, s, gs hyperbolic.Point, disp float64) error {
	img, dv, err := ImageTriangle(g, tr)
	if err != nil {
		return err
	}
	if err := Fermat120(tr.A, tr.B, tr.C, s, disp); err != nil {
		return err
	}
	if err := Fermat120(img.A, img.B, img.C, gs, disp); err != nil {
		return err
	}
	l1, err := TreeLength([]hyperbolic.Point{s, tr.A, tr.B, tr.C}, starEdges)
	if err != nil {
		return err
	}
	l2, err := TreeLength([]hyperbolic.Point{gs, img.A, img.B, img.C}, starEdges)
	if err != nil {
		return err
	}
	slack := certify.Point64(dv[0]).Add(certify.Point64(dv[1])).Add(certify.Point64(dv[2])).Add(certify.Point64(6 * disp)).Hi
	cs := caseOf("tr", fmt.Sprint(tr), "g", g.GoString(), "s", pt(s), "gs", pt(gs))
	return invariant("fermat equivariance", cs, "Σ d(s, v) and Σ d(gs, g̃v)", l1, l2, slack)
}

var starEdges = []Edge{{0, 1}, {0, 2}, {0, 3}}

// ImageTriangle returns g.Apply of each vertex of tr and the certified
// displacements of those rounded images from the exact ones.
func ImageTriangle(g Isometry, tr Triangle) (Triangle, [3]float64, error) {
	ps, disp, err := g.ApplyAll([]hyperbolic.Point{tr.A, tr.B, tr.C})
	if err != nil {
		return Triangle{}, [3]float64{}, err
	}
	return Triangle{ps[0], ps[1], ps[2]}, [3]float64{disp[0], disp[1], disp[2]}, nil
}

// ApplyAll returns g.Apply of each point and the certified displacement
// of each rounded image from the exact one (Displacement).
func (g Isometry) ApplyAll(ps []hyperbolic.Point) ([]hyperbolic.Point, []float64, error) {
	out := make([]hyperbolic.Point, len(ps))
	disp := make([]float64, len(ps))
	for i, p := range ps {
		q, err := g.Apply(p)
		if err != nil {
			return nil, nil, fmt.Errorf("hyptest: point %d: %w", i, err)
		}
		d, err := g.Displacement(p, q)
		if err != nil {
			return nil, nil, err
		}
		out[i], disp[i] = q, d
	}
	return out, disp, nil
}

// TreeInvariance checks two total lengths claimed by code under test for
// one graph: length for the vertices, glength for their computed images
// under an isometry, displaced by disp[i] from the exact images. The exact
// lengths differ by at most Σ over edges (i, j) of disp[i] + disp[j]; a
// *Violation when the claims (to tol) cannot be that close.
func TreeInvariance(edges []Edge, disp []float64, length, glength float64, tol Tol) error {
	slack := certify.Point64(0)
	for k, e := range edges {
		for _, i := range e {
			if i < 0 || i >= len(disp) {
				return fmt.Errorf("hyptest: edge %d (%d, %d): vertex index out of range [0, %d)", k, e[0], e[1], len(disp))
			}
			slack = slack.Add(certify.Point64(disp[i]))
		}
	}
	cl, err := claims(tol, length, glength)
	if err != nil {
		return err
	}
	cs := caseOf("edges", fmt.Sprint(len(edges)), "length", g(length), "glength", g(glength))
	return invariant("tree length invariance", cs, "the lengths before and after the isometry", cl[0], cl[1], slack.Hi)
}

// Conversion checks a point's claimed coordinates in another model
// against its Klein coordinates k: the exact Klein point of the claimed
// coordinates (a rational point: 2w/(1 + |w|²) for Poincaré, (X, Y)/T
// for the hyperboloid, (|z|² − 1, −2x)/(|z|² + 1) for the half-plane) must
// lie within slack (hyperbolic distance) of k. coords are (x, y) for the
// disk models and the half-plane, (t, x, y) for the hyperboloid. A
// *Violation when the distance provably exceeds slack: sinh²d is computed
// exactly and compared with an upper bound of sinh²(slack).
func Conversion(k hyperbolic.Point, m hyperbolic.Model, coords []float64, slack float64) error {
	if err := k.Check(); err != nil {
		return err
	}
	if !(slack >= 0) || !finite(slack) {
		return fmt.Errorf("hyptest: conversion: slack %v: want a finite value ≥ 0", slack)
	}
	pre, err := KleinOf(m, coords)
	if err != nil {
		return err
	}
	return conversion(exact(k), pre, caseOf("klein", pt(k), m.String(), fmt.Sprint(coords)), slack)
}

func conversion(k, pre ratPoint, cs string, slack float64) error {
	s2 := ratSinhSq(pre, k)
	// sinh x ≤ x·eˣ for x ≥ 0, so sinh²(slack) ≤ (slack·e^slack)².
	e := mustIv(newIv().Exp(bigOf(certify.Point64(slack)), identPrec))
	e.Mul(e, bigOf(certify.Point64(slack)))
	e.Sqr(e)
	bound := new(big.Rat)
	e.Hi.Rat(bound)
	if s2.Cmp(bound) > 0 {
		d := new(big.Float).SetPrec(64).SetRat(s2)
		df, _ := d.Float64()
		return &Violation{Check: "model conversion", Case: cs,
			Detail: fmt.Sprintf("the exact Klein point of the model coordinates is at distance asinh(√%.6g) from the Klein point, more than the allowed %s", df, g(slack))}
	}
	return nil
}
