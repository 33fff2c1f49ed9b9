package main

import (
	"encoding/json"
	"math"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/internal/cli"
)

// solveReport is the JSON output of solve.
type solveReport struct {
	Paths             int            `json:"paths"`
	Finite            int            `json:"finite"`
	Real              int            `json:"real"`
	Singular          int            `json:"singular"`
	AtInfinity        int            `json:"at_infinity"`
	Failed            int            `json:"failed"`
	Infinity          []infinityJSON `json:"infinity,omitempty"`
	Status            string         `json:"status,omitempty"`
	NFev              *int           `json:"nfev,omitempty"`
	NJev              *int           `json:"njev,omitempty"`
	Certified         *int           `json:"certified,omitempty"`
	CertifiedReal     *int           `json:"certified_real,omitempty"`
	CertifiedDistinct *int           `json:"certified_distinct,omitempty"`
	Solutions         []solutionJSON `json:"solutions"`
}

// infinityJSON says how a path was judged to be at infinity.
type infinityJSON struct {
	Path      int        `json:"path"`
	By        string     `json:"by"`
	Valuation *cli.Float `json:"valuation,omitempty"`
}

type solutionJSON struct {
	Values    valuesJSON `json:"values"`
	Residual  *cli.Float `json:"residual"`
	Condition *cli.Float `json:"condition"`
	Real      bool       `json:"real"`
	Singular  bool       `json:"singular"`
	*certJSON            // with --certify
}

// certJSON is a solution's certificate (its fields join the solution's).
type certJSON struct {
	Certified bool       `json:"certified"`
	Radius    *cli.Float `json:"radius"` // null when not certified
	Realness  string     `json:"realness"`
	Prec      uint       `json:"prec"`
	Reason    string     `json:"reason,omitempty"`
}

// addCertificate adds a certificate's fields.
func (s *solutionJSON) addCertificate(c certify.SolutionCert) {
	s.certJSON = &certJSON{Certified: c.Certified, Radius: finiteOrNull(c.Radius), Realness: c.Real.Name(),
		Prec: c.Prec, Reason: c.Reason.Name()}
}

// valuesJSON encodes {"x":[re,im],...} with the variables in system order.
type valuesJSON struct {
	names  []string
	re, im []json.RawMessage
}

func (v valuesJSON) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, name := range v.names {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		b = append(b, k...)
		b = append(b, ':', '[')
		b = append(b, v.re[i]...)
		b = append(b, ',')
		b = append(b, v.im[i]...)
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// floatValues prints x as JSON numbers that round-trip float64.
func floatValues(names []string, x []complex128) valuesJSON {
	v := valuesJSON{names: names, re: make([]json.RawMessage, len(x)), im: make([]json.RawMessage, len(x))}
	for i, z := range x {
		v.re[i] = cli.AppendFloat(nil, real(z)+0) // +0 turns −0 into 0
		v.im[i] = cli.AppendFloat(nil, imag(z)+0)
	}
	return v
}

// stringValues turns JSON numbers into JSON strings of the same text.
func stringValues(v valuesJSON) valuesJSON {
	out := valuesJSON{names: v.names, re: make([]json.RawMessage, len(v.re)), im: make([]json.RawMessage, len(v.im))}
	for i := range v.re {
		out.re[i], _ = json.Marshal(string(v.re[i]))
		out.im[i], _ = json.Marshal(string(v.im[i]))
	}
	return out
}

// textValues prints decimal strings {re, im} per variable.
func textValues(names []string, text [][2]string) valuesJSON {
	v := valuesJSON{names: names, re: make([]json.RawMessage, len(text)), im: make([]json.RawMessage, len(text))}
	for i, t := range text {
		v.re[i], _ = json.Marshal(t[0])
		v.im[i], _ = json.Marshal(t[1])
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
