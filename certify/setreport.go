package certify

import (
	"math"

	"github.com/hypersteiner/hypersteiner/internal/jsonnum"

	"github.com/hypersteiner/hypersteiner/poly"
)

// CertLine is a certificate in the JSON form the commands print ('verify
// solve' for each candidate; 'hypersteiner solve --certify' for each
// solution, its fields joining the solution's).
type CertLine struct {
	Certified bool `json:"certified"`
	// Radius bounds max_j |root_j − x_j| (null when not certified).
	Radius *jsonnum.Float `json:"radius"`
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
		r := jsonnum.Float(c.Radius)
		l.Radius = &r
	}
	return l
}

// SetReportHelp documents, for the usage text of 'verify solve' (so in
// that command's terms: --max-prec is SetOptions.MaxPrec, --alpha
// SetOptions.Alpha), what CertifyCandidates proves and the JSON of
// SetReport, field by field.
const SetReportHelp = `Each candidate is proved or not by Krawczyk's method in interval arithmetic
(package certify: float64 with outward rounding, then big.Float at rising
precision up to --max-prec bits; candidates given to more digits than
float64 holds start at about their own precision). Output: one JSON object

  {"candidates":n,"certified":n,"certified_real":n,"certified_distinct":n,
   "solutions":[{"certified":true,"radius":r,"realness":"real|nonreal|undecided",
                 "prec":bits,"duplicate_of":k,"reason":"…"},…]}

  certified           a unique root lies within radius of the candidate
                      (radius: an upper bound of max_i |root_i − x_i|, null
                      when not certified)
  certified_distinct  candidates whose roots are proved pairwise distinct;
                      a candidate proved to be the same root as an earlier
                      one names it in duplicate_of (0-based)
  certified_real      of the distinct ones, roots proved real (a box
                      invariant under complex conjugation holds a unique
                      root; for systems with real coefficients)
  reason              when not certified: singular (singular Jacobian at the
                      candidate), undecided (not proved up to --max-prec
                      bits: too ill-conditioned or a multiple root),
                      not_approximate (Newton from the candidate leads to a
                      root whose proved region misses the candidate), no_root
  alpha               with --alpha: Smale's alpha-test at the candidate in
                      exact rational arithmetic (alphaCertified's test), a
                      second certificate independent of interval arithmetic:
                      true when Newton's method from the candidate provably
                      converges quadratically to a root within 2*beta

`

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
