package fermat

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// TestCertifyClaim: a claim is judged as given, no claim by the float
// strategies' answer; the line prints what was proved, rounded outward.
func TestCertifyClaim(t *testing.T) {
	tri := [3]hyperbolic.Point{{X: 0.1, Y: 0.2}, {X: -0.3, Y: -0.1}, {X: 0.25, Y: -0.35}}
	good := hyperbolic.Point{X: 0.004961340564163853, Y: -0.05038986309406556}
	moved := hyperbolic.Point{X: good.X, Y: good.Y + 1e-6}
	fc := certify.NewFermatCertifier()
	opt := certify.FermatOptions{Tol: certify.DefaultFermatTol}
	for _, tc := range []struct {
		claim  *hyperbolic.Point
		status certify.FermatStatus
		solver string
	}{
		{&good, certify.FermatCertified, ""},
		{&moved, certify.FermatRefuted, ""},
		{nil, certify.FermatCertified, "newton"},
	} {
		var cert certify.FermatCert
		name, err := CertifyClaim(fc, &cert, tri, tc.claim, "newton", opt)
		require.NoError(t, err)
		assert.Equal(t, tc.status, cert.Status)
		assert.Equal(t, tc.solver, name)
		line := cert.Line()
		assert.Equal(t, tc.status.String(), line.Status)
		require.NotNil(t, line.Offset)
		off, ok := new(big.Float).SetString(*line.Offset)
		require.True(t, ok)
		if tc.claim == &moved {
			// The printed bound is the exact offset rounded up to 3 digits.
			assert.LessOrEqual(t, cert.Offset.Cmp(off), 0)
			of, _ := off.Float64()
			assert.InEpsilon(t, 1e-6, of, 0.02)
		}
		x, _ := new(big.Float).SetString(*line.X)
		r, _ := new(big.Float).SetString(*line.Radius)
		d := new(big.Float).Sub(x, &cert.Mid[0])
		assert.LessOrEqual(t, d.Abs(d).Cmp(r), 0, "the printed ball holds the enclosure's centre")
		assert.GreaterOrEqual(t, line.Digits, 14)
	}

	var cert certify.FermatCert
	_, err := CertifyClaim(fc, &cert, [3]hyperbolic.Point{{X: 0.75}, {X: 0.5}, {X: 0.375, Y: 0.25}}, nil, "auto", opt)
	require.NoError(t, err)
	b, err := json.Marshal(cert.Line())
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), `{"status":"none","x":null,"y":null,"radius":null,"digits":0,"offset":null,"tol":"`), string(b))
	assert.True(t, strings.HasSuffix(string(b), `","wide":1}`), string(b))
	_, err = CertifyClaim(fc, &cert, [3]hyperbolic.Point{{X: 1.1}, {}, {X: 0.5, Y: 0.5}}, nil, "auto", opt)
	assert.Error(t, err)
}

// TestClaimFails: a row fails when refuted or undecided, and when it
// claims a point of a triangle without a Fermat point other than the
// vertex minimising the distances (verify fermat exited 0 on the claim
// (0.6, 0) for a triangle whose angle at (0.5, 0) is exactly 120°).
func TestClaimFails(t *testing.T) {
	fc := certify.NewFermatCertifier()
	opt := certify.FermatOptions{Tol: certify.DefaultFermatTol}
	wide := [3]hyperbolic.Point{{X: 0.75}, {X: 0.5}, {X: 0.375, Y: 0.25}} // exactly 120° at (0.5, 0)
	twice := [3]hyperbolic.Point{{X: 0.5}, {X: 0.5}, {X: -0.25, Y: -0.433}}
	tri := [3]hyperbolic.Point{{X: 0.1, Y: 0.2}, {X: -0.3, Y: -0.1}, {X: 0.25, Y: -0.35}}
	p := func(x, y float64) *hyperbolic.Point { return &hyperbolic.Point{X: x, Y: y} }
	for _, tc := range []struct {
		name  string
		v     [3]hyperbolic.Point
		claim *hyperbolic.Point
		fails bool
	}{
		{"certified", tri, p(0.004961340564163853, -0.05038986309406556), false},
		{"refuted", tri, p(0.004961340564163853, -0.05038886309406556), true},
		{"none, no claim", wide, nil, false},
		{"none, the wide vertex", wide, p(0.5, 0), false},
		{"none, another point", wide, p(0.6, 0), true},
		{"none, a vertex given twice", twice, p(0.5, 0), false},
		{"none, not the vertex given twice", twice, p(0.1, 0), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cert certify.FermatCert
			_, err := CertifyClaim(fc, &cert, tc.v, tc.claim, "newton", opt)
			require.NoError(t, err)
			assert.Equal(t, tc.fails, ClaimFails(&cert, tc.v, tc.claim), "status %v", cert.Status)
		})
	}
}
