package fermat

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

func TestCertifiedRegistry(t *testing.T) {
	require.Contains(t, Names(), "certified")
	s, err := ByName("certified")
	require.NoError(t, err)
	_, ok := s.(Strategy)
	assert.True(t, ok)
	p, ok := s.(Precision)
	require.True(t, ok, "certified takes a precision")
	s256, err := p.WithPrec(256)
	require.NoError(t, err)
	assert.Equal(t, "certified", s256.Name())
	assert.Equal(t, uint(256), s256.(Certified).Prec)
	_, err = p.WithPrec(20)
	assert.Error(t, err)
	_, err = Certified{Base: "certified"}.Solve(hyperbolic.Point{X: 0.1}, hyperbolic.Point{Y: 0.1}, hyperbolic.Point{X: -0.1})
	assert.Error(t, err, "the float strategy cannot be certified itself")
	_, err = Certified{Base: "nonesuch"}.Solve(hyperbolic.Point{X: 0.1}, hyperbolic.Point{Y: 0.1}, hyperbolic.Point{X: -0.1})
	var ue *UnknownSolverError
	assert.ErrorAs(t, err, &ue)
}

// distToCert returns the max-norm distance from p to the certificate's
// centre, in float64 (for statistics), and whether p is within
// Radius + tol of it, decided in exact arithmetic.
func distToCert(c *Certificate, p hyperbolic.Point, tol float64) (float64, bool) {
	d := 0.0
	ok := true
	for i, v := range [2]float64{p.X, p.Y} {
		m := c.X
		if i == 1 {
			m = c.Y
		}
		e := new(big.Float).SetPrec(m.Prec()+64).Sub(new(big.Float).SetFloat64(v), m)
		e.Abs(e)
		f, _ := e.Float64()
		d = max(d, f)
		lim := new(big.Float).SetPrec(m.Prec()+64).Add(c.Radius, new(big.Float).SetFloat64(tol))
		ok = ok && e.Cmp(lim) <= 0
	}
	return d, ok
}

// Certified points agree with the float strategies to the floats'
// accuracy: every Found answer of newton, homotopy and auto is certified
// at certify's default tolerance (1e-10·size + 4 ulps); simple and
// precise stop at MINPACK's xtol = 1.49e-8 relative, so their answers are
// checked to 1e-6 of the coordinates' scale (a wrong root is farther).
func TestCertifiedAgreesWithFloat(t *testing.T) {
	cs := Certified{}
	for ci, c := range triClasses {
		for _, tr := range sampleClass(c, uint64(500+ci), 25) {
			r, cert, err := cs.Prove(tr[0], tr[1], tr[2])
			require.NoError(t, err)
			e, err := isoptic.SteinerExists(tr[0], tr[1], tr[2])
			require.NoError(t, err)
			if !e.Exists {
				assert.Equal(t, None, r.Status, "%s %v", c.name, tr)
				continue
			}
			require.Equal(t, Found, r.Status, "%s %v", c.name, tr)
			require.NotNil(t, r.Cert)
			require.True(t, cert.Proved)
			// Point is a float64 point of the enclosure
			_, in := distToCert(r.Cert, r.Point, 0)
			assert.True(t, in || cert.Prec > 53, "Point in the enclosure")
			scale := 0.0
			for _, v := range tr {
				scale = max(scale, math.Abs(v.X), math.Abs(v.Y))
			}
			for _, st := range allStrategies {
				p, s := st.Fermat(tr[0], tr[1], tr[2])
				if s != Found {
					continue
				}
				tol := certify.DefaultFermatTol*cert.Size + 0x1p-50*scale
				if st.Name() == "simple" || st.Name() == "precise" {
					tol = 1e-6 * max(scale, cert.Size)
				}
				d, ok := distToCert(r.Cert, p, tol)
				assert.True(t, ok, "%s on %s %v: %v is %g from the certified point", st.Name(), c.name, tr, p, d)
			}
		}
	}
}

// An exact 120° angle: never Found, at any precision.
func TestCertifiedExact120(t *testing.T) {
	v, x, y := hyperbolic.Point{X: 0.5}, hyperbolic.Point{X: 0.75}, hyperbolic.Point{X: 0.375, Y: 0.25}
	for _, prec := range []uint{53, 256} {
		s, err := Certified{}.WithPrec(prec)
		require.NoError(t, err)
		for _, o := range [][3]hyperbolic.Point{{v, x, y}, {x, v, y}, {y, x, v}} {
			p, st := s.Fermat(o[0], o[1], o[2])
			assert.Equal(t, None, st)
			assert.Equal(t, hyperbolic.Point{}, p)
		}
	}
}

// fixed is a float strategy that always answers p with status st.
type fixed struct {
	p  hyperbolic.Point
	st Status
}

func (fixed) Name() string                                                 { return "fixed" }
func (f fixed) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) { return f.p, f.st }

func TestCertifiedStatuses(t *testing.T) {
	a, b, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	good, st := Auto{}.Fermat(a, b, c)
	require.Equal(t, Found, st)

	// the float strategy misses a point that provably exists: Failed
	r, cert, err := Certified{Float: fixed{st: Failed}}.Prove(a, b, c)
	require.NoError(t, err)
	assert.Equal(t, Failed, r.Status)
	assert.Nil(t, cert)

	// an answer off by 1e-6: refuted as a candidate, but Newton from it
	// proves the Steiner point, which is Found
	off := hyperbolic.Point{X: good.X + 1e-6, Y: good.Y}
	r, cert, err = Certified{Float: fixed{p: off, st: Found}}.Prove(a, b, c)
	require.NoError(t, err)
	assert.Equal(t, certify.FermatRefuted, cert.Status)
	assert.Equal(t, Found, r.Status)
	d, ok := distToCert(r.Cert, good, 1e-15)
	assert.True(t, ok, "the proved point is the float64 answer's, %g", d)

	// a candidate that is a terminal: the proof from the centroid still
	// finds the Steiner point
	r, cert, err = Certified{Float: fixed{p: a, st: Found}}.Prove(a, b, c)
	require.NoError(t, err)
	assert.Equal(t, certify.FermatRefuted, cert.Status)
	if r.Status == Found {
		_, ok := distToCert(r.Cert, good, 1e-15)
		assert.True(t, ok)
	} else {
		assert.Equal(t, Failed, r.Status)
	}

	// no Steiner point: None before any solving
	r, cert, err = Certified{Float: fixed{st: Failed}}.Prove(hyperbolic.Point{X: 0.75}, hyperbolic.Point{X: 0.5}, hyperbolic.Point{X: 0.375, Y: 0.25})
	require.NoError(t, err)
	assert.Equal(t, None, r.Status)
	assert.Equal(t, 1, r.Wide)
	assert.Nil(t, cert)

	// bad input is an error, as for every strategy
	_, err = Certified{}.Solve(hyperbolic.Point{X: 2}, b, c)
	assert.Error(t, err)
	_, st = Certified{}.Fermat(hyperbolic.Point{X: math.NaN()}, b, c)
	assert.Equal(t, None, st)
}

func TestCertifiedPrecision(t *testing.T) {
	a, b, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	s, err := Certified{}.WithPrec(256)
	require.NoError(t, err)
	r, cert, err := s.(Certified).Prove(a, b, c)
	require.NoError(t, err)
	require.Equal(t, Found, r.Status)
	assert.Equal(t, uint(256), cert.Prec)
	assert.GreaterOrEqual(t, cert.Digits(), 70)
	assert.Less(t, r.Cert.Radius.Cmp(big.NewFloat(1e-70)), 0)
	// Point is the float64 nearest the enclosure's centre
	x, _ := r.Cert.X.Float64()
	y, _ := r.Cert.Y.Float64()
	assert.Equal(t, hyperbolic.Point{X: x, Y: y}, r.Point)
	// the float64 certificate's enclosure contains the 256-bit one's centre
	r53, _, err := Certified{}.Prove(a, b, c)
	require.NoError(t, err)
	_, ok := distToCert(r53.Cert, hyperbolic.Point{X: x, Y: y}, 0x1p-60)
	assert.True(t, ok)
}

func TestCertifiedConcurrent(t *testing.T) {
	var sample []tri
	for ci, c := range triClasses {
		sample = append(sample, sampleClass(c, uint64(700+ci), 6)...)
	}
	requireConcurrentSame(t, Certified{}, sample, 4, 5)
}
