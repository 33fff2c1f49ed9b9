package main

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/poly"
)

// solveCert runs verify solve with args and stdin, requires the exit
// status want, and decodes the report (strictly: no unknown field). It
// returns the report and the standard error.
func solveCert(t *testing.T, want int, args []string, stdin string) (certify.SetReport, string) {
	t.Helper()
	code, out, errOut := runCmd(append([]string{"solve"}, args...), stdin)
	require.Equal(t, want, code, errOut)
	var r certify.SetReport
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&r), out)
	return r, errOut
}

// setCounts are the tallies of a certify.SetReport.
type setCounts struct{ Candidates, Certified, CertifiedReal, CertifiedDistinct int }

func countsOf(r certify.SetReport) setCounts {
	return setCounts{r.Candidates, r.Certified, r.CertifiedReal, r.CertifiedDistinct}
}

// The badly scaled system of issue 18, solved here and written as
// 'hypersteiner solve' writes it (values as [re, im] numbers): four
// certified real, distinct roots; exit 0.
func TestVerifySolveSolveOutput(t *testing.T) {
	const sys = "vars: x, y\n1000000000000*x^2 + y^2 - 1000000000000;\nx*y - 250000"
	s, err := poly.ParseComplex(sys)
	require.NoError(t, err)
	res, err := homotopy.SolvePoly(s, &homotopy.Options{Seed: 1})
	require.NoError(t, err)
	type sol struct {
		Values   map[string][2]float64 `json:"values"`
		Residual float64               `json:"residual"`
	}
	var doc struct {
		Paths     int   `json:"paths"`
		Solutions []sol `json:"solutions"`
	}
	doc.Paths = len(res.Paths)
	for _, so := range res.Solutions {
		x, _ := so.RealValues()
		doc.Solutions = append(doc.Solutions, sol{Values: map[string][2]float64{"x": {x[0], 0}, "y": {x[1], 0}}, Residual: so.Residual})
	}
	b, err := json.Marshal(doc)
	require.NoError(t, err)
	r, _ := solveCert(t, 0, []string{fixture.WriteTemp(t, "bad.sys", []byte(sys)), fixture.WriteTemp(t, "bad.json", b)}, "")
	assert.Equal(t, setCounts{Candidates: 4, Certified: 4, CertifiedReal: 4, CertifiedDistinct: 4}, countsOf(r))
	for _, l := range r.Solutions {
		assert.True(t, l.Certified)
		assert.Equal(t, "real", l.Realness)
		require.NotNil(t, l.Radius)
		assert.Less(t, float64(*l.Radius), 1e-8)
	}
}

// JSON lines in every accepted shape: duplicates are recognised, a
// 40-digit decimal is certified at about its own precision with a radius
// that bounds the distance to the exact root (3/5, 4/5), and blank and
// comment lines are skipped.
func TestVerifySolveLines(t *testing.T) {
	input := strings.Join([]string{
		"# circle and line",
		`{"values":{"x":[0.6,0],"y":[0.8,0]}}`,
		"",
		`{"x":[-0.6,0],"y":[-0.8,0]}`,
		`{"y":0.8,"x":0.6}`,
		`[[-0.6, 0], [-0.8, 0]]`,
		`["0.6000000000000000000000000000000000000001", "0.8"]`,
	}, "\n")
	r, _ := solveCert(t, 0, []string{"x^2 + y^2 - 1; x - 3/4*y", "-"}, input)
	assert.Equal(t, setCounts{Candidates: 5, Certified: 5, CertifiedReal: 2, CertifiedDistinct: 2}, countsOf(r))
	dup := func(k int) int {
		if r.Solutions[k].DuplicateOf == nil {
			return -1
		}
		return *r.Solutions[k].DuplicateOf
	}
	assert.Equal(t, []int{-1, -1, 0, 1, 0}, []int{dup(0), dup(1), dup(2), dup(3), dup(4)})
	last := r.Solutions[4]
	assert.Greater(t, last.Prec, uint(128), "a 40-digit candidate is certified beyond float64")
	// |(3/5, 4/5) − candidate| ≤ radius, exactly.
	x, _ := new(big.Rat).SetString("0.6000000000000000000000000000000000000001")
	d := new(big.Rat).Sub(x, big.NewRat(3, 5))
	rad := new(big.Rat).SetFloat64(float64(*last.Radius))
	assert.LessOrEqual(t, d.Abs(d).Cmp(rad), 0)
	assert.Less(t, float64(*last.Radius), 1e-39)
}

// --alpha adds the exact α-test: true at approximate roots, false at a
// point that is none (where the interval certificate fails too).
func TestVerifySolveAlpha(t *testing.T) {
	r, _ := solveCert(t, 1, []string{"--alpha", "x^2 + y^2 - 1; x - 3/4*y", "-"}, "[0.6, 0.8]\n[\"-0.6\", \"-0.8\"]\n[0.5, 0.5]\n")
	for k, want := range []bool{true, true, false} {
		require.NotNil(t, r.Solutions[k].Alpha)
		assert.Equal(t, want, *r.Solutions[k].Alpha, "candidate %d", k)
		assert.Equal(t, want, r.Solutions[k].Certified, "candidate %d", k)
	}
	_, out, _ := runCmd([]string{"solve", "x^2 - 2", "-"}, "[1.4142135623730951]\n")
	assert.NotContains(t, out, "alpha")
}

// Candidates that are no simple roots fail with a reason, exit 1.
func TestVerifySolveFailures(t *testing.T) {
	r, errOut := solveCert(t, 1, []string{"x^2 - 2*x + 1", "-"}, "[1]\n[1.0000001]\n")
	assert.Contains(t, errOut, "2 of 2 candidates not certified")
	assert.Zero(t, r.Certified)
	assert.Equal(t, "singular", r.Solutions[0].Reason)
	assert.Equal(t, "undecided", r.Solutions[1].Reason)
	assert.Nil(t, r.Solutions[0].Radius)
}

// Bad input: one line naming the file and line, exit 2.
func TestVerifySolveBadInput(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"solve", "x^2 - 2", "-"}, "[1]\n[1, 2]\n", "stdin:2: 2 values for 1 unknowns (x)"},
		{[]string{"solve", "x^2 - 2", "-"}, `{"y": 1}`, "stdin:1: no value for x"},
		{[]string{"solve", "x^2 - 2", "-"}, `["abc"]`, `stdin:1: x: "abc" is not a finite decimal number`},
		{[]string{"solve", "x^2 - 2", "-"}, `["1e999999999"]`, `stdin:1: x: "1e999999999" is not a decimal number`},
		{[]string{"solve", "x^2 - 2", "-"}, "\n# nothing\n", "stdin: no candidate solutions"},
		{[]string{"solve", "x^2 - 2; x", "-"}, "[1]", "not square"},
		{[]string{"solve", "x^2 +* 2", "-"}, "[1]", "1:6:"},
		{[]string{"solve", "x^2 - 2"}, "", "want SYSTEM and SOLUTIONS"},
	} {
		code, out, errOut := runCmd(tc.args, tc.stdin)
		assert.Equal(t, 2, code, "%v %q: %s", tc.args, tc.stdin, errOut)
		assert.Empty(t, out)
		assert.Contains(t, errOut, tc.want)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
	}
}
