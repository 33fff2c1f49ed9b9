package hyptest

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Violation reports a claim proved wrong: the identity or oracle check
// that failed, the case it was given, and the enclosures that prove it.
// The checks return it as their error (nil when the claim is consistent);
// other errors mean invalid input (a *hyperbolic.PointError, an invalid
// Tol) or, wrapping ErrUndecided, that nothing could be proved.
type Violation struct {
	// Check names the identity or oracle ("dist", "law of cosines", …).
	Check string
	// Case lists the inputs, each number printed so that it reads back as
	// the same float64.
	Case string
	// Detail states what was proved, with the enclosures, rounded outward.
	Detail string
}

func (v *Violation) Error() string {
	return "hyptest: " + v.Check + " violated: " + v.Case + ": " + v.Detail
}

// g prints a float64 so that it reads back exactly.
func g(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// pt prints a point.
func pt(p hyperbolic.Point) string { return "(" + g(p.X) + ", " + g(p.Y) + ")" }

// iv prints an enclosure.
func iv(x certify.Interval64) string { return "[" + g(x.Lo) + ", " + g(x.Hi) + "]" }

// caseOf joins name=value pairs.
func caseOf(kv ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(kv[i] + "=" + kv[i+1])
	}
	return b.String()
}

// disjoint reports whether x and y provably have no point in common.
func disjoint(x, y certify.Interval64) bool { return x.Hi < y.Lo || y.Hi < x.Lo }

// checkValue compares a claimed value with an oracle's enclosure.
func checkValue(name, cs string, got float64, tol Tol, want certify.Interval64) error {
	claim, err := tol.Claim(got)
	if err != nil {
		return err
	}
	// The claim's float64 enclosure is rounded outward, which among the
	// subnormals is coarse (the claim 5e-324 of the distance 0 reached 0,
	// and was consistent): decide disjointness exactly.
	if claimExcludes(got, tol, want) {
		return &Violation{Check: name, Case: cs,
			Detail: fmt.Sprintf("claimed %s (within %s: %s) but the exact value is in %s", g(got), tolText(tol), iv(claim), iv(want))}
	}
	return nil
}

// claimExcludes reports, exactly (rational arithmetic), whether no value
// of want is admitted by the claim "v, accurate to t": the claim's set
// {e : |v − e| ≤ Rel·|e| + Abs} is [L, U] with U = (v + Abs)/(1 ∓ Rel)
// (− when v + Abs ≥ 0) and L the mirror of U for −v, and it misses want
// when U < want.Lo or L > want.Hi.
func claimExcludes(v float64, t Tol, want certify.Interval64) bool {
	below := func(v, lo float64) bool { // U(v) < lo
		switch {
		case math.IsNaN(lo) || math.IsInf(lo, -1) || !finite(v):
			return false
		case math.IsInf(lo, 1):
			return true
		}
		num := new(big.Rat).Add(ratF(v), ratF(t.Abs))
		f := new(big.Rat).Sub(big.NewRat(1, 1), ratF(t.Rel))
		if num.Sign() < 0 {
			f.Add(big.NewRat(1, 1), ratF(t.Rel))
		}
		return num.Cmp(f.Mul(f, ratF(lo))) < 0
	}
	return below(v, want.Lo) || below(-v, -want.Hi)
}

// tolText describes a tolerance.
func tolText(t Tol) string {
	switch {
	case t.Abs == 0:
		return fmt.Sprintf("rel %.3g = %.3g ulps", t.Rel, t.Rel*0x1p53)
	case t.Rel == 0:
		return fmt.Sprintf("abs %.3g", t.Abs)
	}
	return fmt.Sprintf("rel %.3g, abs %.3g", t.Rel, t.Abs)
}

// CheckDist checks a claimed distance d between p and q against the
// certified distance: a *Violation if no exact value within tol of d can
// be the distance.
func CheckDist(p, q hyperbolic.Point, d float64, tol Tol) error {
	want, err := Dist(p, q)
	if err != nil {
		return err
	}
	return checkValue("dist", caseOf("p", pt(p), "q", pt(q)), d, tol, want)
}

// CheckAngle checks a claimed angle theta (radians) at v between the
// geodesics to a and b against the certified angle.
func CheckAngle(a, v, b hyperbolic.Point, theta float64, tol Tol) error {
	want, err := Angle(a, v, b)
	if err != nil {
		return err
	}
	return checkValue("angle", caseOf("a", pt(a), "v", pt(v), "b", pt(b)), theta, tol, want)
}

// CheckArea checks a claimed area of the triangle (a, b, c) against the
// certified area.
func CheckArea(a, b, c hyperbolic.Point, area float64, tol Tol) error {
	want, err := Area(a, b, c)
	if err != nil {
		return err
	}
	return checkValue("area", caseOf("a", pt(a), "b", pt(b), "c", pt(c)), area, tol, want)
}

// CheckTreeLength checks a claimed total length of the graph (vertices,
// edges) against the certified one.
func CheckTreeLength(vertices []hyperbolic.Point, edges []Edge, length float64, tol Tol) error {
	want, err := TreeLength(vertices, edges)
	if err != nil {
		return err
	}
	return checkValue("tree length", fmt.Sprintf("%d vertices, %d edges", len(vertices), len(edges)), length, tol, want)
}

// CheckFermat checks a claimed Fermat point s of the triangle (a, b, c)
// with certify.FermatCertifier, the rule of `verify fermat`: the claim is
// that the Steiner point lies within rel·size of s in the max norm (size:
// the largest coordinate difference between two vertices; plus four ulps
// of the coordinates). A *Violation when that is refuted or when the
// triangle has no Steiner point (an angle ≥ 120°, decided exactly); an
// error wrapping ErrUndecided when the certificate could not decide.
func CheckFermat(a, b, c, s hyperbolic.Point, rel float64) error {
	cert, err := certify.CertifyFermat(a, b, c, s, certify.FermatOptions{Tol: rel})
	if err != nil {
		return err
	}
	cs := caseOf("a", pt(a), "b", pt(b), "c", pt(c), "s", pt(s))
	switch cert.Status {
	case certify.FermatCertified:
		return nil
	case certify.FermatNone:
		why := "two vertices coincide"
		if cert.Wide >= 0 {
			why = fmt.Sprintf("the angle at vertex %c is ≥ 120° (exactly 120°: %v)", "abc"[cert.Wide], cert.Equal120)
		}
		return &Violation{Check: "fermat", Case: cs, Detail: "no Steiner point exists: " + why}
	case certify.FermatRefuted:
		d := "the Steiner point is provably farther than " + g(cert.TolAbs) + " (max norm) from s"
		if cert.Proved {
			d += fmt.Sprintf("; it lies in x ∈ %s, y ∈ %s", iv(cert.Box[0].Interval64()), iv(cert.Box[1].Interval64()))
		}
		return &Violation{Check: "fermat", Case: cs, Detail: d}
	}
	return fmt.Errorf("hyptest: fermat: %s: %w", cs, ErrUndecided)
}

// bigOf converts an enclosure to a big.Float interval (exact).
func bigOf(x certify.Interval64) *certify.Interval {
	z := new(certify.Interval).SetPrec(53)
	z.SetInterval64(x) // finite: the enclosures here are
	return z
}

// upperBound returns a float64 upper bound of x.
func upperBound(x *certify.Interval) float64 { return x.Interval64().Hi }
