package certify

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// ratCandidate is a candidate read exactly: coordinate j is re[j] + i·im[j].
type ratCandidate struct{ re, im []*big.Rat }

// ReadCandidates reads candidate solutions of a system in the unknowns
// vars, from data named name in errors: either the JSON object
// 'hypersteiner solve' prints (its "solutions"), or one JSON value per
// line, each one of
//
//	{"values":{"x":[re,im],"y":[re,im]}}   {"x":[re,im],"y":[re,im]}
//	{"x":re,"y":re}                       [[re,im],[re,im]]   [re,re]
//
// (arrays in the order of vars), skipping blank lines and lines starting
// with '#'. Numbers are JSON numbers (taken as the nearest float64) or
// decimal strings (taken exactly). ReadCandidates returns the candidates
// and the largest number of significant digits of a decimal string (see
// CandidatePrec). Every value is read exactly and rounded once, to 64 bits
// more than those digits carry, so that a short decimal such as "0.8" next
// to a long one keeps the precision of the long one. Errors name the
// place: "name:LINE: …", or "name: solution K: …" (0-based) in a whole
// report.
func ReadCandidates(data []byte, name string, vars []string) ([]ComplexPoint, int, error) {
	rats, digits, err := readRatCandidates(data, name, vars)
	if err != nil {
		return nil, 0, err
	}
	prec := uint(math.Ceil(float64(digits)*math.Log2(10))) + 64
	pts := make([]ComplexPoint, len(rats))
	for k, r := range rats {
		p := ComplexPoint{Re: make([]*big.Float, len(r.re)), Im: make([]*big.Float, len(r.im))}
		for j := range r.re {
			p.Re[j] = new(big.Float).SetPrec(prec).SetRat(r.re[j])
			p.Im[j] = new(big.Float).SetPrec(prec).SetRat(r.im[j])
		}
		pts[k] = p
	}
	return pts, digits, nil
}
func readRatCandidates(data []byte, name string, vars []string) ([]ratCandidate, int, error) {
	trimmed := bytes.TrimSpace(data)
	var whole struct {
		Solutions []json.RawMessage `json:"solutions"`
	}
	if bytes.HasPrefix(trimmed, []byte("{")) && json.Unmarshal(trimmed, &whole) == nil && whole.Solutions != nil {
		var pts []ratCandidate
		digits := 0
		for k, raw := range whole.Solutions {
			p, d, err := parseCandidate(raw, vars)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: solution %d: %w", name, k, err)
			}
			pts, digits = append(pts, p), max(digits, d)
		}
		return pts, digits, nil
	}
	var pts []ratCandidate
	digits := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		p, d, err := parseCandidate(text, vars)
		if err != nil {
			return nil, 0, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		pts, digits = append(pts, p), max(digits, d)
	}
	if err := sc.Err(); err != nil {
		return nil, 0, fmt.Errorf("%s: %w", name, err)
	}
	if len(pts) == 0 {
		return nil, 0, fmt.Errorf("%s: no candidate solutions", name)
	}
	return pts, digits, nil
}

// parseCandidate reads one candidate in any of the accepted shapes.
func parseCandidate(raw []byte, vars []string) (ratCandidate, int, error) {
	n := len(vars)
	p := ratCandidate{re: make([]*big.Rat, n), im: make([]*big.Rat, n)}
	digits := 0
	set := func(j int, v json.RawMessage) error {
		re, im, d, err := parseComplexValue(v)
		if err != nil {
			return fmt.Errorf("%s: %w", vars[j], err)
		}
		p.re[j], p.im[j], digits = re, im, max(digits, d)
		return nil
	}
	raw = bytes.TrimSpace(raw)
	switch {
	case bytes.HasPrefix(raw, []byte("[")):
		var arr []json.RawMessage
		if err := json.Unmarshal(raw, &arr); err != nil {
			return p, 0, err
		}
		if len(arr) != n {
			return p, 0, fmt.Errorf("%d values for %d unknowns (%s)", len(arr), n, strings.Join(vars, ", "))
		}
		for j, v := range arr {
			if err := set(j, v); err != nil {
				return p, 0, err
			}
		}
	case bytes.HasPrefix(raw, []byte("{")):
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return p, 0, err
		}
		if v, ok := obj["values"]; ok {
			obj = nil
			if err := json.Unmarshal(v, &obj); err != nil {
				return p, 0, fmt.Errorf("values: %w", err)
			}
		}
		for j, name := range vars {
			v, ok := obj[name]
			if !ok {
				return p, 0, fmt.Errorf("no value for %s", name)
			}
			if err := set(j, v); err != nil {
				return p, 0, err
			}
		}
		if len(obj) != n {
			return p, 0, fmt.Errorf("%d values for the %d unknowns %s", len(obj), n, strings.Join(vars, ", "))
		}
	default:
		return p, 0, errors.New("want a JSON object or array")
	}
	return p, digits, nil
}

// parseComplexValue reads re or [re, im], each a JSON number or a decimal
// string, and returns the significant digits of its strings (0 for
// numbers, which are float64).
func parseComplexValue(v json.RawMessage) (re, im *big.Rat, digits int, err error) {
	var pair []json.RawMessage
	if json.Unmarshal(v, &pair) == nil {
		if len(pair) != 2 {
			return nil, nil, 0, fmt.Errorf("want [re, im], got %d numbers", len(pair))
		}
		re, d1, err := parseReal(pair[0])
		if err != nil {
			return nil, nil, 0, err
		}
		im, d2, err := parseReal(pair[1])
		return re, im, max(d1, d2), err
	}
	re, d, err := parseReal(v)
	return re, new(big.Rat), d, err
}

// parseReal reads a JSON number (as the nearest float64) or a decimal
// string (exactly), and the significant digits of a string.
func parseReal(v json.RawMessage) (*big.Rat, int, error) {
	var s string
	if json.Unmarshal(v, &s) == nil {
		s = strings.TrimSpace(s)
		if !decimalInRange(s) {
			return nil, 0, fmt.Errorf("%q is not a decimal number of at most 65536 characters with an exponent of at most 10000", s)
		}
		x, ok := new(big.Rat).SetString(s)
		if !ok {
			return nil, 0, fmt.Errorf("%q is not a finite decimal number", s)
		}
		return x, countDigits(s), nil
	}
	var f float64
	if err := json.Unmarshal(v, &f); err != nil || math.IsInf(f, 0) {
		return nil, 0, fmt.Errorf("%s is not a number", v)
	}
	return new(big.Rat).SetFloat64(f), 0, nil
}

// decimalInRange checks a decimal string's shape before big.Rat reads it
// (which would expand an exponent such as e999999999): digits, an
// optional sign, point and exponent of at most 10000 in magnitude.
func decimalInRange(s string) bool {
	if s == "" || len(s) > 1<<16 || strings.ContainsAny(s, "/xXpP_") {
		return false
	}
	_, exp, found := strings.Cut(strings.ToLower(s), "e")
	if !found {
		return true
	}
	e, err := strconv.Atoi(exp)
	return err == nil && e >= -10000 && e <= 10000
}

// countDigits counts the significant digits of a decimal string.
func countDigits(s string) int {
	s, _, _ = strings.Cut(strings.ToLower(s), "e")
	s = strings.TrimLeft(strings.ReplaceAll(strings.TrimLeft(s, "+-"), ".", ""), "0")
	return len(s)
}
