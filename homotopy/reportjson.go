package homotopy

import (
	"encoding/json"
	"math"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/internal/cli"
)

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
	Path      int        `json:"path"`
	By        string     `json:"by"`
	Valuation *cli.Float `json:"valuation,omitempty"`
}

// SolutionReport is one listed solution: its printed values, the
// residual of the equations as written at exactly those values, its
// condition number (null when singular to working precision) and, with
// ReportOptions.Certify, its certificate (whose fields join these).
type SolutionReport struct {
	Values    Values     `json:"values"`
	Residual  *cli.Float `json:"residual"`
	Condition *cli.Float `json:"condition"`
	Real      bool       `json:"real"`
	Singular  bool       `json:"singular"`
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
		v.Re[i] = cli.AppendFloat(nil, real(z)+0) // +0 turns −0 into 0
		v.Im[i] = cli.AppendFloat(nil, imag(z)+0)
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
func finiteOrNull(x float64) *cli.Float {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	f := cli.Float(x)
	return &f
}
