package fermat

import (
	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

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
