package certify_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/poly"
)

// TestReadCandidates: every accepted shape reads to the same exact
// values; decimal strings count their digits and are kept to 64 bits
// beyond them.
func TestReadCandidates(t *testing.T) {
	vars := []string{"x", "y"}
	lines := strings.Join([]string{
		"# circle and line",
		`{"values":{"x":[0.6,0],"y":[0.8,0]}}`,
		"",
		`{"x":[0.6,0],"y":[0.8,0]}`,
		`{"y":0.8,"x":0.6}`,
		`[[0.6, 0], [0.8, 0]]`,
		`[0.6, 0.8]`,
	}, "\n")
	whole := `{"paths":2,"solutions":[{"values":{"x":[0.6,0],"y":[0.8,0]},"residual":0}]}`
	for _, data := range []string{lines, whole} {
		pts, digits, err := certify.ReadCandidates([]byte(data), "in", vars)
		require.NoError(t, err)
		assert.Zero(t, digits)
		for _, p := range pts {
			require.Len(t, p.Re, 2)
			x, _ := p.Re[0].Float64()
			y, _ := p.Re[1].Float64()
			assert.Equal(t, [2]float64{0.6, 0.8}, [2]float64{x, y})
			assert.Zero(t, p.Im[0].Sign())
		}
	}
	const long = "0.6000000000000000000000000000000000000001" // 40 digits
	pts, digits, err := certify.ReadCandidates([]byte(`["`+long+`", "0.8"]`), "in", vars)
	require.NoError(t, err)
	assert.Equal(t, 40, digits)
	assert.Equal(t, uint(133+64), pts[0].Re[1].Prec(), "the short decimal keeps the long one's precision")
	exact, _ := new(big.Rat).SetString(long)
	got, _ := pts[0].Re[0].Rat(nil)
	d := new(big.Rat).Sub(got, exact)
	bound := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 133+64))
	assert.LessOrEqual(t, d.Abs(d).Cmp(bound), 0, "rounded once, to nearest")
	assert.Equal(t, uint(133), certify.CandidatePrec(digits, 1024))
	assert.Equal(t, uint(100), certify.CandidatePrec(digits, 100))
	assert.Zero(t, certify.CandidatePrec(17, 1024))
}

// TestReadCandidatesErrors: one error naming the place and the cause.
func TestReadCandidatesErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"[1]\n[1, 2]\n", "in:2: 2 values for 1 unknowns (x)"},
		{`{"y": 1}`, "in:1: no value for x"},
		{`{"x": 1, "y": 1}`, "in:1: 2 values for the 1 unknowns x"},
		{`["abc"]`, `in:1: x: "abc" is not a finite decimal number`},
		{`["1e999999999"]`, `in:1: x: "1e999999999" is not a decimal number of at most 65536 characters with an exponent of at most 10000`},
		{`[[1, 2, 3]]`, "in:1: x: want [re, im], got 3 numbers"},
		{`[true]`, "in:1: x: true is not a number"},
		{"true", "in:1: want a JSON object or array"},
		{"\n# nothing\n", "in: no candidate solutions"},
		{`{"solutions":[[1], ["q"]]}`, `in: solution 1: x: "q" is not a finite decimal number`},
	} {
		_, _, err := certify.ReadCandidates([]byte(tc.in), "in", []string{"x"})
		assert.EqualError(t, err, tc.want, tc.in)
	}
}

// TestCertifyCandidates: the report of a set with a duplicate and a
// point that is no root, with the α-test.
func TestCertifyCandidates(t *testing.T) {
	sys, err := poly.ParseComplex("x^2 + y^2 - 1; x - 3/4*y")
	require.NoError(t, err)
	pts, _, err := certify.ReadCandidates([]byte("[0.6, 0.8]\n[-0.6, -0.8]\n[0.6, 0.8]\n[0.5, 0.5]\n"), "in", sys.Vars())
	require.NoError(t, err)
	rep, err := certify.CertifyCandidates(sys, pts, certify.SetOptions{Alpha: true})
	require.NoError(t, err)
	assert.Equal(t, [4]int{4, 3, 2, 2}, [4]int{rep.Candidates, rep.Certified, rep.CertifiedReal, rep.CertifiedDistinct})
	for k, l := range rep.Solutions[:3] {
		require.True(t, l.Certified, "candidate %d", k)
		// The exact root ±(3/5, 4/5) is within the radius of the candidate.
		r := new(big.Rat).SetFloat64(float64(*l.Radius))
		d := new(big.Rat).Sub(new(big.Rat).SetFloat64(0.8), big.NewRat(4, 5))
		assert.LessOrEqual(t, d.Abs(d).Cmp(r), 0, "candidate %d", k)
		assert.Less(t, float64(*l.Radius), 1e-14)
		assert.Equal(t, "real", l.Realness)
		require.NotNil(t, l.Alpha)
		assert.True(t, *l.Alpha)
	}
	require.NotNil(t, rep.Solutions[2].DuplicateOf)
	assert.Equal(t, 0, *rep.Solutions[2].DuplicateOf)
	assert.Nil(t, rep.Solutions[1].DuplicateOf)
	bad := rep.Solutions[3]
	assert.False(t, bad.Certified)
	assert.False(t, *bad.Alpha)
	assert.Nil(t, bad.Radius)
	b, err := json.Marshal(bad)
	require.NoError(t, err)
	assert.Equal(t, `{"certified":false,"radius":null,"realness":"undecided","prec":`+
		fmt.Sprint(bad.Prec)+`,"reason":"`+bad.Reason+`","alpha":false}`, string(b), "fields in the documented order")
	_, err = certify.CertifyCandidates(sys, pts[:1:1][:0], certify.SetOptions{})
	assert.NoError(t, err, "no candidates: an empty report")
	_, err = certify.CertifyCandidates(sys, []certify.ComplexPoint{certify.PointOf([]complex128{1})}, certify.SetOptions{})
	assert.ErrorIs(t, err, certify.ErrInvalid, "a candidate of the wrong size")
}

// FuzzReadCandidates: the candidate reader never panics, and what it
// accepts has one finite value per unknown.
func FuzzReadCandidates(f *testing.F) {
	for _, s := range []string{
		`{"solutions":[{"values":{"x":[1,0],"y":[2,3]}}]}`,
		"[1, 2]\n[\"3.5\", [4, -1]]\n",
		`{"x": "1e-300", "y": [0, "2"]}`,
		"# c\n\n{\"values\": {\"x\": 1}}",
		`[[1]]`, `{"solutions": 3}`, `[1e999, 2]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		pts, _, err := certify.ReadCandidates(data, "fuzz", []string{"x", "y"})
		if err != nil {
			return
		}
		for _, p := range pts {
			if len(p.Re) != 2 || len(p.Im) != 2 {
				t.Fatalf("accepted a candidate with %d values", len(p.Re))
			}
			for j := range 2 {
				if p.Re[j] == nil || p.Im[j] == nil || p.Re[j].IsInf() || p.Im[j].IsInf() {
					t.Fatalf("accepted a non-finite value in %s", bytes.TrimSpace(data))
				}
			}
		}
	})
}
