package homotopy

import (
	"encoding/json"
	"math"

	"github.com/hypersteiner/hypersteiner/internal/jsonnum"

	"github.com/hypersteiner/hypersteiner/certify"
)

// ReportHelp documents, for the usage text of 'hypersteiner solve' (so in
// that command's terms, its flags --seed, --start, --certify and --prec
// being ReportOptions' fields), the methods of NewReport and the JSON of
// Report, field by field, with what each number promises.
const ReportHelp = `Methods:
  homotopy  (default) every isolated solution, by total-degree homotopy
            continuation (homotopy.SolvePoly: variables scaled by powers of
            2 where the coefficients call for it, random gamma and start
            phases drawn from --seed).
  hybrid    Powell's hybrid method (MINPACK hybrj, the settings of hybrj1
            but xtol = 1e-10) with the analytic Jacobian, from --start;
            real systems only.
  newton    damped Newton (Armijo backtracking) with the analytic Jacobian,
            from --start; real systems only.
  hybrid and newton converge when the solver stops with its convergence
  status (hybrid: info 1, "xtol_reached"; newton: "converged") and every
  equation satisfies |f_i(x)| <= sqrt(eps)*sum_a |c_a*x^a| (sqrt(eps) =
  1.49e-8, MINPACK's default xtol; the sum runs over the terms of f_i).

Output: one JSON object
  {"paths","finite","real","singular","at_infinity","failed",["infinity",]
   "solutions":[{"values":{"x":[re,im],...},"residual","condition","real","singular"}]}
  paths        paths tracked (1 for hybrid and newton)
  finite       distinct finite solutions listed (singular ones included)
  real         listed solutions that are real; singular: listed ones that are singular
  at_infinity  paths that diverged; failed: paths that failed (or a run of
               hybrid/newton that did not converge: then no solution is listed)
  infinity     (when at_infinity > 0) how each such path was judged:
               {"path":k,"by":"valuation","valuation":v}: the endgame's
               estimates of v = d log|z0|/d log t were positive and stable;
               {"path":k,"by":"end_point"}: it reached t = 0 at a point
               with z0 = 0 within that point's error (a root beyond about
               1/eps times the scale of the scaled system looks like this);
               {"path":k,"by":"overflow"}: finite, but beyond float64.
  values       each variable's [real part, imaginary part]; a real solution
               of a real system is printed with imaginary part exactly 0
  residual     max_i |f_i(x)| of the equations as written, at the printed values
  condition    condition number of the root (the larger of the row-scaled
               inf-norm condition number of the Jacobian and the coefficient
               condition number); null when singular to working precision
  real         max |Im x_i| <= 1e-8*max(1, |x|) (a proof is --certify's)
  singular     condition above 1e10, a multiple root, or (homotopy) a path
               that ended like one
  hybrid and newton add "status" (the solver's stop reason: xtol_reached,
  maxfev_reached, xtol_too_small, no_progress_jacobian,
  no_progress_iterations, converged, singular_jacobian, line_search_failed,
  max_iter_reached, non_finite), "nfev" and "njev".
  Solutions are listed real first, then by coordinates (real, then
  imaginary parts, in variable order). Numbers round-trip float64.

With --certify every listed solution is proved or not, at its printed
values, by Krawczyk's method in interval arithmetic (package certify:
float64 with outward rounding, then big.Float from 128 bits up to
max(1024, 2*BITS) bits), and the object gets
  "certified","certified_real","certified_distinct"   (before "solutions")
  certified           solutions proved: a unique root within "radius" of
                      the printed values
  certified_distinct  solutions whose roots are proved pairwise distinct
  certified_real      of those, roots proved real (a box invariant under
                      conjugation holds a unique root)
and each solution
  "certified":true|false, "radius": an upper bound of max_i |root_i - x_i|
  (null when not certified), "realness": "real"|"nonreal"|"undecided",
  "prec": the bits of the deciding test (53: float64), and, when not
  certified, "reason": "singular" (singular Jacobian at the point),
  "undecided" (not proved up to the precision cap: too ill-conditioned, or
  a multiple root), "not_approximate" (Newton's method from the point leads
  to a root whose proved region misses the point) or "no_root".

With --prec BITS > 53 every nonsingular solution is refined by Newton's
method in complex big.Float (BITS+64 bits of working precision) until every
coordinate's last correction is below 2^-(BITS+2) of it, and its values are
printed as decimal STRINGS with floor(BITS*log10(2)) significant digits (60
for 200 bits; trailing zeros dropped, so a root 3/5 prints as "0.6");
residual is then evaluated in big.Float at the printed values. Singular
solutions, and any whose refinement does not converge, keep their float64
values (as strings) with a warning on stderr.

`

// Report is the outcome of NewReport, in the JSON form 'hypersteiner
// solve' prints (fields in this order; numbers round-trip float64, null
// where not finite).
type Report struct {
	Paths      int `json:"paths"`       // paths tracked (1 for hybrid and newton)
	Finite     int `json:"finite"`      // distinct finite solutions listed, singular ones included
	Real       int `json:"real"`        // listed solutions that are real
	Singular   int `json:"singular"`    // listed solutions that are singular
	AtInfinity int `json:"at_infinity"` // paths that diverged
	Failed     int `json:"failed"`      // paths that failed, or a local run that did not converge
	// Infinity says how each path at infinity was judged.
	Infinity []InfinityReport `json:"infinity,omitempty"`
	// Status, NFev and NJev: the local method's stop reason and its
	// function and Jacobian evaluations (hybrid and newton only).
	Status string `json:"status,omitempty"`
	NFev   *int   `json:"nfev,omitempty"`
	NJev   *int   `json:"njev,omitempty"`
	// Certified, CertifiedReal and CertifiedDistinct count the proved
	// solutions, those proved real and those proved pairwise distinct
	// (with ReportOptions.Certify).
	Certified         *int             `json:"certified,omitempty"`
	CertifiedReal     *int             `json:"certified_real,omitempty"`
	CertifiedDistinct *int             `json:"certified_distinct,omitempty"`
	Solutions         []SolutionReport `json:"solutions"`
	// Warnings are for the reader, not part of the JSON: what the
	// numbers do not settle (failed paths, singular solutions, a
	// solution not refined or not certified).
	Warnings []string `json:"-"`
}

// InfinityReport says how a path was judged to be at infinity: By is
// InfinityKind.Name, Valuation the endgame's estimate for "valuation".
type InfinityReport struct {
	Path      int            `json:"path"`
	By        string         `json:"by"`
	Valuation *jsonnum.Float `json:"valuation,omitempty"`
}

// SolutionReport is one listed solution: its printed values, the
// residual of the equations as written at exactly those values, its
// condition number (null when singular to working precision) and, with
// ReportOptions.Certify, its certificate (whose fields join these).
type SolutionReport struct {
	Values    Values         `json:"values"`
	Residual  *jsonnum.Float `json:"residual"`
	Condition *jsonnum.Float `json:"condition"`
	Real      bool           `json:"real"`
	Singular  bool           `json:"singular"`
	*certify.CertLine
}

// Values are a solution's coordinates as printed: for each unknown, in
// the system's order, the JSON texts of its real and imaginary parts
// (numbers that round-trip float64, or decimal strings). They encode as
// {"x":[re,im],...}.
type Values struct {
	Names  []string
	Re, Im []json.RawMessage
}

// MarshalJSON implements json.Marshaler.
func (v Values) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, name := range v.Names {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':', '['), v.Re[i]...)
		b = append(append(append(b, ','), v.Im[i]...), ']')
	}
	return append(b, '}'), nil
}

// floatValues prints x as JSON numbers that round-trip float64.
func floatValues(names []string, x []complex128) Values {
	v := Values{Names: names, Re: make([]json.RawMessage, len(x)), Im: make([]json.RawMessage, len(x))}
	for i, z := range x {
		v.Re[i] = jsonnum.Append(nil, real(z)+0) // +0 turns −0 into 0
		v.Im[i] = jsonnum.Append(nil, imag(z)+0)
	}
	return v
}

// strings turns JSON numbers into JSON strings of the same text.
func (v Values) strings() Values {
	text := make([][2]string, len(v.Re))
	for i := range v.Re {
		text[i] = [2]string{string(v.Re[i]), string(v.Im[i])}
	}
	return textValues(v.Names, text)
}

// textValues prints decimal strings {re, im} per unknown.
func textValues(names []string, text [][2]string) Values {
	v := Values{Names: names, Re: make([]json.RawMessage, len(text)), Im: make([]json.RawMessage, len(text))}
	for i, t := range text {
		v.Re[i], _ = json.Marshal(t[0])
		v.Im[i], _ = json.Marshal(t[1])
	}
	return v
}

// finiteOrNull returns x for JSON, or nil (null) when it is not finite.
func finiteOrNull(x float64) *jsonnum.Float {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	f := jsonnum.Float(x)
	return &f
}
