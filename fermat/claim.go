package fermat

import (
	"math"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// ClaimHelp documents CertifyClaim's rule and certify.FermatLine, for the
// usage text of 'verify fermat' (its --solver is CertifyClaim's first).
const ClaimHelp = `The rule. A claimed point s is certified when the Fermat point of the
triangle provably lies within tol·size of s in the max norm (Klein
coordinates), size being the largest coordinate difference between two
vertices: the Fermat point is enclosed in a Krawczyk box
(certify.FermatCertifier, float64 interval arithmetic first, more bits
only where needed) and every point of the box is within tol·size of s.
It is refuted when the Fermat point provably lies farther (the box is
farther, or the box s ± tol·size holds no point seeing the sides under
120°); none when the triangle has no Fermat point (an angle ≥ 120°,
decided exactly, or two vertices coincide: the point minimising the
distances to the vertices is then that vertex, and a claimed point
farther than tol·size from it is wrong); undecided when the
precision cap is reached first. Without a claimed point, the --solver
strategy (then every other float strategy, until one answers) supplies
the candidate, judged by the same rule.

When the Fermat point is enclosed, x and y print the enclosure's centre
and radius bounds (rigorously, printing included) the max-norm distance
from the printed (x, y) to the Fermat point; digits counts the correct
significant digits. "offset" bounds the distance from the candidate (or
claimed point) to the Fermat point. Without an enclosure x, y and radius
are null.

`

// CertifyClaim judges a claimed Fermat point of the triangle v, or
// without a claim (nil) the answer of the float strategies (FirstFound
// from first): fc certifies it into cert by the rule of
// certify.FermatCertifier. Without a claim and without an answer the
// existence verdict still stands (FermatNone), and any other status is
// FermatUndecided: a point far from any root cannot be certified.
// CertifyClaim returns the name of the strategy that gave the candidate
// ("" for a claim) and the certifier's error (invalid vertices).
func CertifyClaim(fc *certify.FermatCertifier, cert *certify.FermatCert, v [3]hyperbolic.Point, claim *hyperbolic.Point,
	first string, opt certify.FermatOptions) (string, error) {
	if claim != nil {
		return "", fc.Certify(cert, v[0], v[1], v[2], *claim, opt)
	}
	cand, name, ok := FirstFound(first, v[0], v[1], v[2])
	err := fc.Certify(cert, v[0], v[1], v[2], cand, opt)
	if err == nil && !ok && cert.Status != certify.FermatNone {
		cert.Status, cert.Proved = certify.FermatUndecided, false
	}
	return name, err
}

// ClaimFails reports whether a row that CertifyClaim judged into cert
// fails: refuted or undecided; or, for a triangle without a Fermat point
// (FermatNone), a claimed point farther than the tolerance (max norm)
// from the vertex that minimises the sum of distances — the wide vertex,
// or a vertex given twice — which is what a claim there may name.
func ClaimFails(cert *certify.FermatCert, v [3]hyperbolic.Point, claim *hyperbolic.Point) bool {
	switch cert.Status {
	case certify.FermatRefuted, certify.FermatUndecided:
		return true
	case certify.FermatNone:
		if claim == nil {
			return false
		}
		m := -1
		switch {
		case cert.Wide >= 0:
			m = cert.Wide
		case v[0] == v[1] || v[0] == v[2]:
			m = 0
		case v[1] == v[2]:
			m = 1
		}
		if m < 0 {
			return true
		}
		near := func(a, b float64) bool { return math.Abs(a-b) <= cert.TolAbs }
		return !near(claim.X, v[m].X) || !near(claim.Y, v[m].Y)
	}
	return false
}
