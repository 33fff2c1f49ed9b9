package certify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// steinerTriangle builds a triangle whose Fermat point is p: at the
// origin the Klein model is conformal and geodesics are lines, so
// terminals on three rays 120° apart have the origin as Fermat point;
// the translation taking the origin to p (then rounding the terminals to
// float64) moves it to p, up to the rounding's effect (~1e-16·cond).
func steinerTriangle(p hyperbolic.Point, rot float64, r [3]float64) ([3]hyperbolic.Point, error) {
	m, err := hyperbolic.Translation(p)
	if err != nil {
		return [3]hyperbolic.Point{}, err
	}
	var out [3]hyperbolic.Point
	for k := range out {
		th := rot + float64(k)*2*math.Pi/3
		out[k], err = m.Apply(hyperbolic.Point{X: r[k] * math.Cos(th), Y: r[k] * math.Sin(th)})
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// nearVertex builds a triangle whose angle at its second vertex is
// 120° + delta (before rounding), moved to a random place: a Steiner
// point exists iff delta < 0 (for |delta| ≫ 1e-16), very close to that
// vertex.
func nearVertex(rng *rand.Rand, delta float64) ([3]hyperbolic.Point, error) {
	th := 2*math.Pi/3 + delta
	r1, r2 := 0.1+0.8*rng.Float64(), 0.1+0.8*rng.Float64()
	tri := [3]hyperbolic.Point{{X: r1}, {}, {X: r2 * math.Cos(th), Y: r2 * math.Sin(th)}}
	m, err := hyperbolic.Translation(randDisk(rng, 0.8))
	if err != nil {
		return tri, err
	}
	m = m.Compose(hyperbolic.Rotation(2 * math.Pi * rng.Float64()))
	for j := range tri {
		if tri[j], err = m.Apply(tri[j]); err != nil {
			return tri, err
		}
	}
	return tri, nil
}

func randDisk(rng *rand.Rand, r float64) hyperbolic.Point {
	rho, th := r*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64()
	return hyperbolic.Point{X: rho * math.Cos(th), Y: rho * math.Sin(th)}
}

// exactCos returns cos of the angle at s between the geodesics to x and
// y at 400 bits, from the exact rational A, B (isoptic.RatTerms): an
// evaluation independent of this package's.
func exactCos(t testing.TB, x, y hyperbolic.Point, s [2]*big.Rat) *big.Float {
	t.Helper()
	rx, _ := isoptic.NewRatPoint(x)
	ry, _ := isoptic.NewRatPoint(y)
	tm, err := isoptic.NewRatTerms(rx, ry, isoptic.RatPoint{X: s[0], Y: s[1]})
	require.NoError(t, err)
	a := new(big.Float).SetPrec(400).SetRat(tm.A)
	b := new(big.Float).SetPrec(400).SetRat(tm.B())
	return a.Quo(a, b.Sqrt(b))
}

// float64Newton is a plain float64 solver for the test candidates: Newton
// on the ψ system from a start point.
func float64Newton(t testing.TB, tri [3]hyperbolic.Point, start hyperbolic.Point) hyperbolic.Point {
	f3, err := isoptic.NewFermat3(tri[0], tri[1], tri[2], isoptic.Cos120)
	require.NoError(t, err)
	s := [2]float64{start.X, start.Y}
	for range 30 {
		v, j := f3.PsiJac(s)
		det := j[0][0]*j[1][1] - j[0][1]*j[1][0]
		s[0] -= (j[1][1]*v[0] - j[0][1]*v[1]) / det
		s[1] -= (-j[1][0]*v[0] + j[0][0]*v[1]) / det
	}
	return hyperbolic.Point{X: s[0], Y: s[1]}
}

// nearCandidates returns float64 Newton answers for a triangle whose
// Fermat point is near tri[1], from the centroid and from points next to
// each vertex, with the far vertex tri[0] as the system's shared terminal.
func nearCandidates(t testing.TB, tri [3]hyperbolic.Point) []hyperbolic.Point {
	g := hyperbolic.Point{X: (tri[0].X + tri[1].X + tri[2].X) / 3, Y: (tri[0].Y + tri[1].Y + tri[2].Y) / 3}
	starts := []hyperbolic.Point{g}
	for _, v := range tri {
		starts = append(starts, hyperbolic.Point{X: v.X + 0.01*(g.X-v.X), Y: v.Y + 0.01*(g.Y-v.Y)})
	}
	var out []hyperbolic.Point
	for _, st := range starts {
		out = append(out, float64Newton(t, [3]hyperbolic.Point{tri[1], tri[0], tri[2]}, st))
	}
	return out
}

// checkProof verifies a certificate independently: the enclosure is
// consistent, the exact angles at its (rational) centre are 120° to
// within what the enclosure's width allows, and the candidate verdict
// agrees with Offset.
func checkProof(t *testing.T, c *FermatCert, tri [3]hyperbolic.Point) {
	t.Helper()
	require.True(t, c.Proved)
	var mid [2]*big.Rat
	for i := range 2 {
		b := &c.Box[i]
		require.True(t, b.Contains(&c.Mid[i]), "Mid in Box")
		r := new(big.Float).SetPrec(c.Prec + 64)
		b.RadAbout(r, &c.Mid[i])
		assert.LessOrEqual(t, r.Cmp(&c.Radius), 0, "Radius bounds the box about Mid")
		mid[i], _ = c.Mid[i].Rat(nil)
	}
	// |cos θ + ½| at the centre is at most the Lipschitz constant of cos
	// times Radius (the 120° point is within Radius), and |∇cos| is a
	// small multiple of 1/dmin, dmin the distance to the nearest
	// terminal: 1e4·Radius/dmin leaves a wide margin, yet a box off by
	// 1e-9·dmin would fail.
	mx, _ := c.Mid[0].Float64()
	my, _ := c.Mid[1].Float64()
	dmin := math.Inf(1)
	for _, v := range tri {
		dmin = min(dmin, max(math.Abs(v.X-mx), math.Abs(v.Y-my)))
	}
	bound := new(big.Float).Mul(&c.Radius, big.NewFloat(1e4/dmin))
	for k := range 3 {
		cs := exactCos(t, tri[k], tri[(k+1)%3], mid)
		d := new(big.Float).Add(cs, big.NewFloat(0.5))
		assert.LessOrEqual(t, d.Abs(d).Cmp(bound), 0, "exact cos at the centre, pair %d: %v", k, cs)
		assert.True(t, c.Cos[k].Contains(new(big.Float).SetFloat64(-0.5)), "Cos[%d] = %v encloses −1/2", k, c.Cos[k].String())
	}
	require.True(t, c.Box[0].Contains(new(big.Float).SetFloat64(c.Near.X)) || c.Prec > 53)
	r, _ := c.Radius.Float64()
	assert.Less(t, c.AngleErr, 1e6*r/dmin, "AngleErr (degrees) is of the box's size relative to dmin")
}

func TestCertifyFermatConstructed(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	fc := NewFermatCertifier()
	var c53, c256 FermatCert
	for it := range 200 {
		p := randDisk(rng, 0.9)
		var r [3]float64
		for k := range r {
			r[k] = 0.05 + 0.9*rng.Float64()
			if it%4 == 3 {
				r[k] *= 1e-6 // tiny
			}
			if it%4 == 2 && k == 0 {
				// a terminal 1e-9 from the Fermat point: its angle is
				// 120° − O(1e-9), the Fermat point right next to it
				r[k] *= 1e-9
			}
		}
		tri, err := steinerTriangle(p, 2*math.Pi*rng.Float64(), r)
		require.NoError(t, err)
		cand := float64Newton(t, tri, p)
		require.NoError(t, fc.Certify(&c53, tri[0], tri[1], tri[2], cand, FermatOptions{}))
		require.Equal(t, FermatCertified, c53.Status, "triangle %v, candidate %v", tri, cand)
		require.Equal(t, uint(53), c53.Prec, "the float64 path suffices")
		checkProof(t, &c53, tri)
		// The constructed point p is the Fermat point of the rounded
		// triangle up to the rounding's effect: the same tolerance as a
		// float64 solver's answer.
		require.NoError(t, fc.Certify(&c53, tri[0], tri[1], tri[2], p, FermatOptions{}))
		assert.Equal(t, FermatCertified, c53.Status, "the constructed point, triangle %v", tri)
		if it%10 == 0 {
			require.NoError(t, fc.Certify(&c256, tri[0], tri[1], tri[2], cand, FermatOptions{Prec: 256}))
			require.Equal(t, FermatCertified, c256.Status)
			checkProof(t, &c256, tri)
			// Both enclose the unique Fermat point: the boxes meet, and the
			// 256-bit radius is what 256 bits carry.
			for i := range 2 {
				_, ok := new(Interval).Intersect(&c53.Box[i], &c256.Box[i])
				assert.True(t, ok, "53- and 256-bit boxes meet")
			}
			assert.Less(t, c256.Radius.Cmp(big.NewFloat(1e-70)), 0, "256-bit radius %v", &c256.Radius)
			assert.GreaterOrEqual(t, c256.Digits(), 70)
		}
	}
}

// The difference-form evaluator against the generic polynomial route
// (isoptic's exact rational ψ system compiled by PolySystem): two
// independent enclosures of the same root must meet.
func TestCertifyFermatMatchesPolySystem(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	fc := NewFermatCertifier()
	var c FermatCert
	var res Result
	for range 10 {
		p := randDisk(rng, 0.8)
		tri, err := steinerTriangle(p, rng.Float64(), [3]float64{0.3, 0.5, 0.7})
		require.NoError(t, err)
		f3, err := isoptic.NewFermat3(tri[0], tri[1], tri[2], isoptic.Cos120)
		require.NoError(t, err)
		sys, err := f3.PsiSystem()
		require.NoError(t, err)
		ps, err := NewPolySystemFrom(sys)
		require.NoError(t, err)
		pr, err := NewProver(ps)
		require.NoError(t, err)
		cand := float64Newton(t, tri, p)
		require.NoError(t, pr.Certify(&res, []float64{cand.X, cand.Y}, Options{Prec: 256}))
		require.Equal(t, Proved, res.Status)
		require.NoError(t, fc.Certify(&c, tri[0], tri[1], tri[2], cand, FermatOptions{Prec: 256}))
		require.True(t, c.Proved)
		for i := range 2 {
			_, ok := new(Interval).Intersect(&c.Box[i], &res.Box[i])
			assert.True(t, ok, "coordinate %d: %v vs %v", i, c.Box[i].String(), res.Box[i].String())
		}
	}
}

// An exact 120° angle (isoptic's dyadic example: at v = (1/2, 0) between
// (3/4, 0) and (3/8, 1/4)) means no Steiner point: never certified,
// whatever the candidate, the vertex order or the precision.
func TestCertifyFermatExact120(t *testing.T) {
	v, x, y := hyperbolic.Point{X: 0.5}, hyperbolic.Point{X: 0.75}, hyperbolic.Point{X: 0.375, Y: 0.25}
	cands := []hyperbolic.Point{v, {X: 0.5 + 1e-12}, {X: 0.51, Y: 0.01}, {}, x}
	orders := [][3]hyperbolic.Point{{v, x, y}, {x, v, y}, {x, y, v}}
	fc := NewFermatCertifier()
	var c FermatCert
	for oi, o := range orders {
		for _, cand := range cands {
			for _, prec := range []uint{0, 256} {
				require.NoError(t, fc.Certify(&c, o[0], o[1], o[2], cand, FermatOptions{Prec: prec}))
				assert.Equal(t, FermatNone, c.Status)
				assert.False(t, c.Proved)
				assert.True(t, c.Equal120)
				assert.Equal(t, o[c.Wide], v, "order %d: the wide vertex is v", oi)
			}
		}
	}
}

// Angles of 120° − δ: the Steiner point exists and sits within ~δ·side of
// the vertex; the certifier must prove it (its system keeps the singular
// shared terminal away from it). 120° + δ: none.
func TestCertifyFermatNear120(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	fc := NewFermatCertifier()
	var c FermatCert
	for _, delta := range []float64{1e-3, 1e-6, 1e-9, 1e-12} {
		for range 10 {
			tri, err := nearVertex(rng, -delta)
			require.NoError(t, err)
			e, err := isoptic.SteinerExists(tri[0], tri[1], tri[2])
			require.NoError(t, err)
			require.True(t, e.Exists, "120° − %g", delta)
			// Plain float64 Newton may land on another root of ψ from a
			// given start; nearCandidates tries several. The certifier must
			// prove the Fermat point from one of them.
			proved := false
			for _, cand := range nearCandidates(t, tri) {
				require.NoError(t, fc.Certify(&c, tri[0], tri[1], tri[2], cand, FermatOptions{}))
				if c.Proved {
					// Float64 Newton on ψ is only ~√ε accurate next to a
					// terminal (ψ vanishes to second order there), so the
					// candidate may be refuted; the proved point must pass.
					proved = true
					tol := new(big.Float).SetFloat64(c.TolAbs)
					assert.Equal(t, c.Offset.Cmp(tol) <= 0, c.Status == FermatCertified)
					near := c.Near
					require.NoError(t, fc.Certify(&c, tri[0], tri[1], tri[2], near, FermatOptions{}))
					assert.Equal(t, FermatCertified, c.Status, "120° − %g: %v at %v", delta, tri, near)
					break
				}
			}
			require.True(t, proved, "120° − %g: %v", delta, tri)

			tri, err = nearVertex(rng, delta)
			require.NoError(t, err)
			require.NoError(t, fc.Certify(&c, tri[0], tri[1], tri[2], tri[1], FermatOptions{}))
			assert.Equal(t, FermatNone, c.Status, "120° + %g", delta)
			assert.Equal(t, 1, c.Wide)
			assert.False(t, c.Equal120)
		}
	}
}

// A candidate off by 1e-6 is refuted, with the Fermat point still proved
// (Newton from the candidate finds it) and Offset ≥ the perturbation.
func TestCertifyFermatRefutesPerturbed(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	fc := NewFermatCertifier()
	var c FermatCert
	for it := range 40 {
		p := randDisk(rng, 0.9)
		tri, err := steinerTriangle(p, rng.Float64(), [3]float64{0.2 + 0.6*rng.Float64(), 0.2 + 0.6*rng.Float64(), 0.2 + 0.6*rng.Float64()})
		require.NoError(t, err)
		good := float64Newton(t, tri, p)
		dx, dy := 1e-6*math.Cos(float64(it)), 1e-6*math.Sin(float64(it))
		bad := hyperbolic.Point{X: good.X + dx, Y: good.Y + dy}
		for _, prec := range []uint{0, 256} {
			require.NoError(t, fc.Certify(&c, tri[0], tri[1], tri[2], bad, FermatOptions{Prec: prec}))
			require.Equal(t, FermatRefuted, c.Status, "prec %d", prec)
			require.True(t, c.Proved)
			off, _ := c.Offset.Float64()
			assert.GreaterOrEqual(t, off, max(math.Abs(dx), math.Abs(dy))*(1-1e-6))
			checkProof(t, &c, tri)
		}
		// With a tolerance wider than the perturbation, the same candidate
		// is certified (TolAbs = Tol·Size + 4 ulps ≥ 2e-6).
		require.NoError(t, fc.Certify(&c, tri[0], tri[1], tri[2], bad, FermatOptions{Tol: 2e-6 / c.Size}))
		assert.Equal(t, FermatCertified, c.Status)
	}
}

// Candidates that are no Fermat point at all: a terminal, a point far
// off, a point outside the disk. The proof from the centroid still
// encloses the Fermat point, and the verdict is refuted.
func TestCertifyFermatBadCandidates(t *testing.T) {
	tri, err := steinerTriangle(hyperbolic.Point{X: 0.3, Y: -0.2}, 0.4, [3]float64{0.3, 0.5, 0.6})
	require.NoError(t, err)
	fc := NewFermatCertifier()
	var c FermatCert
	for _, cand := range []hyperbolic.Point{tri[0], tri[1], tri[2], {X: 0.9}, {X: 3, Y: -2}} {
		require.NoError(t, fc.Certify(&c, tri[0], tri[1], tri[2], cand, FermatOptions{}))
		assert.Equal(t, FermatRefuted, c.Status, "candidate %v", cand)
		if c.Proved {
			checkProof(t, &c, tri)
		}
	}
}

func TestCertifyFermatNoneAndErrors(t *testing.T) {
	fc := NewFermatCertifier()
	var c FermatCert
	a, b := hyperbolic.Point{X: 0.125, Y: 0.25}, hyperbolic.Point{X: -0.375, Y: 0.125}
	// repeated vertex: None, Wide −1
	require.NoError(t, fc.Certify(&c, a, a, b, a, FermatOptions{}))
	assert.Equal(t, FermatNone, c.Status)
	assert.Equal(t, -1, c.Wide)
	// collinear (a geodesic of the Klein model is a chord): 180°
	m := hyperbolic.Point{X: -0.125, Y: 0.1875} // the midpoint, exactly
	require.NoError(t, fc.Certify(&c, a, m, b, m, FermatOptions{}))
	assert.Equal(t, FermatNone, c.Status)
	assert.Equal(t, 1, c.Wide)
	for _, tc := range []struct {
		name          string
		a, b, c, cand hyperbolic.Point
		tol           float64
	}{
		{"outside", hyperbolic.Point{X: 1}, a, b, a, 0},
		{"NaN vertex", hyperbolic.Point{X: math.NaN()}, a, b, a, 0},
		{"NaN candidate", a, b, hyperbolic.Point{Y: 0.5}, hyperbolic.Point{X: math.NaN()}, 0},
		{"Inf candidate", a, b, hyperbolic.Point{Y: 0.5}, hyperbolic.Point{Y: math.Inf(1)}, 0},
		{"negative tol", a, b, hyperbolic.Point{Y: 0.5}, a, -1},
		{"NaN tol", a, b, hyperbolic.Point{Y: 0.5}, a, math.NaN()},
	} {
		err := fc.Certify(&c, tc.a, tc.b, tc.c, tc.cand, FermatOptions{Tol: tc.tol})
		assert.Error(t, err, tc.name)
	}
	_, err := CertifyFermat(a, b, hyperbolic.Point{Y: 0.5}, hyperbolic.Point{X: math.NaN()}, FermatOptions{})
	assert.ErrorIs(t, err, ErrInvalid)
	assert.Equal(t, "certified", FermatCertified.String())
	assert.Equal(t, "FermatStatus(9)", FermatStatus(9).String())
}

// Property: for any constructed triangle the certificate is consistent
// and Near (the float64 answer) lies in the box.
func TestCertifyFermatRapid(t *testing.T) {
	fc := NewFermatCertifier()
	var c FermatCert
	rapid.Check(t, func(t *rapid.T) {
		p := hyperbolic.Point{X: rapid.Float64Range(-0.6, 0.6).Draw(t, "px"), Y: rapid.Float64Range(-0.6, 0.6).Draw(t, "py")}
		var r [3]float64
		for k := range r {
			r[k] = rapid.Float64Range(0.01, 0.95).Draw(t, "r")
		}
		tri, err := steinerTriangle(p, rapid.Float64Range(0, 7).Draw(t, "rot"), r)
		if err != nil {
			t.Skip(err)
		}
		if err := fc.Certify(&c, tri[0], tri[1], tri[2], p, FermatOptions{}); err != nil {
			t.Fatal(err)
		}
		if c.Status != FermatCertified || !c.Proved {
			t.Fatalf("%v: %v", tri, c.Status)
		}
		nx, ny := new(big.Float).SetFloat64(c.Near.X), new(big.Float).SetFloat64(c.Near.Y)
		if !c.Box[0].Contains(nx) || !c.Box[1].Contains(ny) {
			t.Fatalf("Near %v outside the box", c.Near)
		}
		for k := range c.Cos {
			if !c.Cos[k].Contains(big.NewFloat(-0.5)) {
				t.Fatalf("Cos[%d] misses −1/2", k)
			}
		}
	})
}
