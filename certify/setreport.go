package certify

import (
	"math"

	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/poly"
)

// CertLine is a certificate in the JSON form the commands print ('verify
// solve' for each candidate; 'hypersteiner solve --certify' for each
// solution, its fields joining the solution's).
type CertLine struct {
	Certified bool `json:"certified"`
	// Radius bounds max_j |root_j − x_j| (null when not certified).
	Radius *cli.Float `json:"radius"`
	// Realness is Realness.Name; Prec the bits of the deciding test.
	Realness string `json:"realness"`
	Prec     uint   `json:"prec"`
	// DuplicateOf names an earlier candidate proved to be the same root
	// (SetReport only).
	DuplicateOf *int `json:"duplicate_of,omitempty"`
	// Reason is Reason.Name when not certified.
	Reason string `json:"reason,omitempty"`
	// Alpha is the outcome of the α-test, when asked for (SetReport only).
	Alpha *bool `json:"alpha,omitempty"`
}

// Line returns the certificate's CertLine, without DuplicateOf and Alpha.
func (c *SolutionCert) Line() CertLine {
	l := CertLine{Certified: c.Certified, Realness: c.Real.Name(), Prec: c.Prec, Reason: c.Reason.Name()}
	if c.Certified && !math.IsInf(c.Radius, 0) && !math.IsNaN(c.Radius) {
		r := cli.Float(c.Radius)
		l.Radius = &r
	}
	return l
}

// SetReport is the JSON report of CertifyCandidates ('verify solve').
type SetReport struct {
	Candidates        int        `json:"candidates"`
	Certified         int        `json:"certified"`
	CertifiedReal     int        `json:"certified_real"`
	CertifiedDistinct int        `json:"certified_distinct"`
	Solutions         []CertLine `json:"solutions"`
}

// CertifyCandidates certifies candidate solutions of sys (CertifySolutions
// on its exact coefficients) and reports every certificate with the
// candidate it duplicates and, with opt.Alpha, the α-test's outcome.
// Errors are about the input: a system the certifier cannot take, a
// candidate of the wrong size.
func CertifyCandidates(sys poly.System[*poly.ComplexRat], pts []ComplexPoint, opt SetOptions) (*SetReport, error) {
	cs, err := NewComplexPolySystem(sys)
	if err != nil {
		return nil, err
	}
	set, err := CertifySolutions(cs, pts, opt)
	if err != nil {
		return nil, err
	}
	rep := &SetReport{Candidates: len(pts), Certified: set.Certified, CertifiedReal: set.CertifiedReal,
		CertifiedDistinct: set.CertifiedDistinct, Solutions: make([]CertLine, len(pts))}
	for k := range set.Solutions {
		c := &set.Solutions[k]
		l := c.Line()
		if c.DuplicateOf >= 0 {
			d := c.DuplicateOf
			l.DuplicateOf = &d
		}
		if opt.Alpha {
			a := c.Alpha != nil && c.Alpha.Certified
			l.Alpha = &a
		}
		rep.Solutions[k] = l
	}
	return rep, nil
}

// CandidatePrec is the first working precision for candidates given to
// digits significant decimal digits: 0 (float64 first) when float64 and
// its round-trip decimals carry them, else about their own precision,
// at most maxPrec.
func CandidatePrec(digits int, maxPrec uint) uint {
	if bits := uint(math.Ceil(float64(digits) * math.Log2(10))); bits > 64 {
		return min(bits, maxPrec)
	}
	return 0
}
