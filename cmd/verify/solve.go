package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/poly"
)

func init() {
	register("solve", "certify solutions of a polynomial system written by any program", runVerifySolve)
}

const verifySolveUsage = `usage: verify solve [--alpha] [--max-prec BITS] SYSTEM SOLUTIONS

SYSTEM is a square polynomial system in the text form of 'hypersteiner
solve' (an existing file, or the text itself); SOLUTIONS is a file ('-' for
standard input) holding candidate solutions, either the JSON object
'hypersteiner solve' prints, or one JSON value per line, each one of
  {"values":{"x":[re,im],"y":[re,im]}}   {"x":[re,im],"y":[re,im]}
  {"x":re,"y":re}                       [[re,im],[re,im]]   [re,re]
(arrays in the system's variable order). Numbers are JSON numbers or
decimal strings ("0.6", "1.4142135623730950488016887242"), taken as the
exact decimals they are (a JSON number as the nearest float64); blank lines
and lines starting with '#' are skipped.

Each candidate is proved or not by Krawczyk's method in interval arithmetic
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

Exit status: 0 when every candidate is certified, 1 when one is not, 2 for
unusable input (a bad line is reported as FILE:LINE:).

flags:
`

// solveCertLine is one candidate's line of the output.
type solveCertLine struct {
	Certified   bool       `json:"certified"`
	Radius      *cli.Float `json:"radius"`
	Realness    string     `json:"realness"`
	Prec        uint       `json:"prec"`
	DuplicateOf *int       `json:"duplicate_of,omitempty"`
	Reason      string     `json:"reason,omitempty"`
	Alpha       *bool      `json:"alpha,omitempty"`
}

type solveCertReport struct {
	Candidates        int             `json:"candidates"`
	Certified         int             `json:"certified"`
	CertifiedReal     int             `json:"certified_real"`
	CertifiedDistinct int             `json:"certified_distinct"`
	Solutions         []solveCertLine `json:"solutions"`
}

func runVerifySolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "verify solve"
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	maxPrec := fs.Uint("max-prec", certify.DefaultMaxPrec, "precision cap in bits")
	alpha := fs.Bool("alpha", false, "add Smale's alpha-test at each candidate, in exact rational arithmetic")
	fs.Usage = func() { fmt.Fprint(fs.Output(), verifySolveUsage); fs.PrintDefaults() }
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) != 2 {
		return cli.Report(stderr, prog, cli.Usagef("want SYSTEM and SOLUTIONS, got %d arguments", len(rest)))
	}
	if err := cli.CheckPrec(*maxPrec); err != nil {
		return cli.Report(stderr, prog, cli.Usagef("--max-prec: %v", err))
	}
	sys, err := readSystem(rest[0])
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	data, name, err := readAll(rest[1], stdin)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	pts, digits, err := parseCandidates(data, name, sys.Vars())
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	cs, err := certify.NewComplexPolySystem(sys)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	opt := certify.SetOptions{MaxPrec: *maxPrec, Alpha: *alpha}
	if bits := uint(math.Ceil(float64(digits) * math.Log2(10))); bits > 64 {
		// Beyond what float64 (and its round-trip decimals) carries.
		opt.Prec = min(bits, *maxPrec)
	}
	set, err := certify.CertifySolutions(cs, pts, opt)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	rep := solveCertReport{Candidates: len(pts), Certified: set.Certified, CertifiedReal: set.CertifiedReal,
		CertifiedDistinct: set.CertifiedDistinct, Solutions: make([]solveCertLine, len(pts))}
	for k, c := range set.Solutions {
		l := solveCertLine{Certified: c.Certified, Realness: c.Real.Name(), Prec: c.Prec, Reason: c.Reason.Name()}
		if c.Certified {
			r := cli.Float(c.Radius)
			l.Radius = &r
		}
		if c.DuplicateOf >= 0 {
			d := c.DuplicateOf
			l.DuplicateOf = &d
		}
		if *alpha {
			a := c.Alpha != nil && c.Alpha.Certified
			l.Alpha = &a
		}
		rep.Solutions[k] = l
	}
	b, err := json.Marshal(rep)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if _, err := stdout.Write(append(b, '\n')); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if set.Certified < len(pts) {
		return cli.Report(stderr, prog, cli.Failedf("%d of %d candidates not certified", len(pts)-set.Certified, len(pts)))
	}
	return cli.ExitOK
}

// readSystem parses SYSTEM: the file if one exists by that name, else the
// text itself; it must be square with no zero equation.
func readSystem(arg string) (poly.System[*poly.ComplexRat], error) {
	text := arg
	if st, err := os.Stat(arg); err == nil && !st.IsDir() {
		b, err := os.ReadFile(arg)
		if err != nil {
			return poly.System[*poly.ComplexRat]{}, err
		}
		text = string(b)
	}
	sys, err := poly.ParseComplex(text)
	if err != nil {
		return sys, err
	}
	if err := sys.CheckSquare(); err != nil || sys.NumVars() == 0 {
		return sys, fmt.Errorf("the system is not square: %d equations in %d unknowns", sys.NumEqs(), sys.NumVars())
	}
	for i, p := range sys.Polys() {
		if p.IsZero() {
			return sys, fmt.Errorf("equation %d is identically zero: every point solves it", i+1)
		}
	}
	return sys, nil
}

// ratPoint is a candidate read exactly: coordinate j is re[j] + i·im[j].
type ratPoint struct{ re, im []*big.Rat }

// parseCandidates reads the candidates (see verifySolveUsage) and returns
// them with the largest number of significant digits given in a decimal
// string. Every value is read exactly and rounded once, to 64 bits more
// than those digits carry, so that a short decimal such as "0.8" next to
// a long one keeps the precision of the long one.
func parseCandidates(data []byte, name string, vars []string) ([]certify.ComplexPoint, int, error) {
	rats, digits, err := parseRatCandidates(data, name, vars)
	if err != nil {
		return nil, 0, err
	}
	prec := uint(math.Ceil(float64(digits)*math.Log2(10))) + 64
	pts := make([]certify.ComplexPoint, len(rats))
	for k, r := range rats {
		p := certify.ComplexPoint{Re: make([]*big.Float, len(r.re)), Im: make([]*big.Float, len(r.im))}
		for j := range r.re {
			p.Re[j] = new(big.Float).SetPrec(prec).SetRat(r.re[j])
			p.Im[j] = new(big.Float).SetPrec(prec).SetRat(r.im[j])
		}
		pts[k] = p
	}
	return pts, digits, nil
}

func parseRatCandidates(data []byte, name string, vars []string) ([]ratPoint, int, error) {
	trimmed := bytes.TrimSpace(data)
	var whole struct {
		Solutions []json.RawMessage `json:"solutions"`
	}
	if bytes.HasPrefix(trimmed, []byte("{")) && json.Unmarshal(trimmed, &whole) == nil && whole.Solutions != nil {
		var pts []ratPoint
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
	var pts []ratPoint
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
func parseCandidate(raw []byte, vars []string) (ratPoint, int, error) {
	n := len(vars)
	p := ratPoint{re: make([]*big.Rat, n), im: make([]*big.Rat, n)}
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
