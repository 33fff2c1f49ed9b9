package homotopy_test

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/poly"
)

func mustComplex(t *testing.T, text string) poly.System[*poly.ComplexRat] {
	t.Helper()
	sys, err := poly.ParseComplex(text)
	require.NoError(t, err)
	return sys
}

// ratOf reads a printed value (a JSON number or decimal string) exactly.
func ratOf(t *testing.T, raw json.RawMessage) *big.Rat {
	t.Helper()
	s := strings.Trim(string(raw), `"`)
	r, ok := new(big.Rat).SetString(s)
	require.True(t, ok, s)
	return r
}

// TestReportCircleLine: every method finds the roots ±(3/5, 4/5), printed
// real, and the certificates' radii bound the distance from the printed
// values to the exact roots.
func TestReportCircleLine(t *testing.T) {
	sys := mustComplex(t, "x^2 + y^2 - 1; x - 3/4*y")
	for _, opt := range []homotopy.ReportOptions{
		{Seed: 1, Certify: true},
		{Method: "hybrid", Start: []float64{1, 1}, Certify: true},
		{Method: "newton", Start: []float64{1, 0.5}, Certify: true},
		{Seed: 1, Certify: true, Prec: 200},
	} {
		rep, err := homotopy.NewReport(sys, opt)
		require.NoError(t, err, opt.Method)
		assert.Empty(t, rep.Warnings)
		want := 2
		if opt.Method != "" {
			want = 1
			assert.Contains(t, []string{"xtol_reached", "converged"}, rep.Status)
			require.NotNil(t, rep.NFev)
		}
		assert.Equal(t, want, rep.Finite)
		assert.Equal(t, want, rep.Real)
		require.NotNil(t, rep.Certified)
		assert.Equal(t, want, *rep.Certified)
		assert.Equal(t, want, *rep.CertifiedReal)
		for _, s := range rep.Solutions {
			require.NotNil(t, s.CertLine)
			require.True(t, s.Certified)
			x, y := ratOf(t, s.Values.Re[0]), ratOf(t, s.Values.Re[1])
			assert.Zero(t, ratOf(t, s.Values.Im[0]).Sign(), "a real root prints imaginary part 0")
			sign := int64(x.Sign())
			dx := new(big.Rat).Sub(x, big.NewRat(3*sign, 5))
			dy := new(big.Rat).Sub(y, big.NewRat(4*sign, 5))
			r := new(big.Rat).SetFloat64(float64(*s.Radius))
			assert.LessOrEqual(t, dx.Abs(dx).Cmp(r), 0)
			assert.LessOrEqual(t, dy.Abs(dy).Cmp(r), 0)
			if opt.Prec == 200 {
				assert.Zero(t, dx.Sign(), "refined to the exact decimal %s", s.Values.Re[0])
				assert.Less(t, float64(*s.Radius), 1e-59)
			}
		}
	}
}

// TestReportJSON: the fields in the documented order, real values with
// imaginary part 0, how the path at infinity was judged.
func TestReportJSON(t *testing.T) {
	rep, err := homotopy.NewReport(mustComplex(t, "x*y - 1; x - 1"), homotopy.ReportOptions{Seed: 1})
	require.NoError(t, err)
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	assert.Equal(t, `{"paths":2,"finite":1,"real":1,"singular":0,"at_infinity":1,"failed":0,`+
		`"infinity":[{"path":0,"by":"end_point"}],`+
		`"solutions":[{"values":{"x":[1,0],"y":[1,0]},"residual":0,"condition":`+
		string(mustJSON(t, rep.Solutions[0].Condition))+`,"real":true,"singular":false}]}`, string(b))
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestReportWarnings: what the numbers do not settle is said in a
// warning, not in an error.
func TestReportWarnings(t *testing.T) {
	for _, tc := range []struct {
		text string
		opt  homotopy.ReportOptions
		want string
	}{
		{"x^2 + 1", homotopy.ReportOptions{Method: "hybrid", Start: []float64{0.5}}, "hybrid did not converge (stopped with status "},
		{"x^2 - 1", homotopy.ReportOptions{Method: "newton"}, "newton did not converge (stopped with status singular_jacobian); last iterate (x=0)"},
		{"x^4 - 4*x^3 + 6*x^2 - 4*x + 1", homotopy.ReportOptions{Method: "newton"}, "newton converged to a singular point (condition "},
		{"x^2 - 2*x + 1", homotopy.ReportOptions{Seed: 1, Prec: 100}, "solution 1 is singular: not refined, its values are float64 ones"},
		{"x^2 - 2*x + 1", homotopy.ReportOptions{Seed: 1, Certify: true}, "solution 1 not certified (up to "},
		{"x - x + 1", homotopy.ReportOptions{Seed: 1}, "an equation is a nonzero constant: the system has no solutions"},
	} {
		rep, err := homotopy.NewReport(mustComplex(t, tc.text), tc.opt)
		require.NoError(t, err, tc.text)
		assert.Contains(t, strings.Join(rep.Warnings, "\n"), tc.want, tc.text)
	}
}

// TestReportErrors: a system the method cannot take is ErrBadSystem.
func TestReportErrors(t *testing.T) {
	_, err := homotopy.NewReport(mustComplex(t, "x - I"), homotopy.ReportOptions{Method: "newton"})
	assert.ErrorIs(t, err, homotopy.ErrBadSystem)
	assert.EqualError(t, err, "newton needs a real system: equation 1, the constant term has the non-real coefficient -I")
	_, err = homotopy.NewReport(mustComplex(t, "x - 1; y"), homotopy.ReportOptions{Method: "hybrid", Start: []float64{1}})
	assert.ErrorIs(t, err, homotopy.ErrBadSystem, "a start of the wrong size")
	_, err = homotopy.NewReport(mustComplex(t, "x - 1"), homotopy.ReportOptions{Method: "bisection"})
	assert.Error(t, err)
}

// TestReportEndPointWarns: a path classified at infinity only by its end
// point cannot be told from a huge finite root, and the report says so;
// a system whose paths all end finite gets no such warning.
func TestReportEndPointWarns(t *testing.T) {
	for _, tc := range []struct {
		text string
		warn bool
	}{
		{"x^2 - 1e100*x + 1", true}, // roots 1e-100 and 1e100: no solution at infinity
		{"x^2 + y^2 - 1; x - 3/4*y", false},
	} {
		rep, err := homotopy.NewReport(mustComplex(t, tc.text), homotopy.ReportOptions{Seed: 1})
		require.NoError(t, err, tc.text)
		n := 0
		for _, inf := range rep.Infinity {
			if inf.By == "end_point" {
				n++
			}
		}
		require.Equal(t, tc.warn, n > 0, "%s: %+v", tc.text, rep.Infinity)
		found := false
		for _, w := range rep.Warnings {
			found = found || strings.Contains(w, `"by":"end_point"`)
		}
		require.Equal(t, tc.warn, found, "%s: %q", tc.text, rep.Warnings)
	}
}
