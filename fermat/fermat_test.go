package fermat

import (
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
	"github.com/hypersteiner/hypersteiner/newton"
)

// allStrategies are the registered float strategies.
var allStrategies = []Strategy{Simple{}, Newton{}, Homotopy{}, Precise{}, Auto{}}

func TestStatusString(t *testing.T) {
	for _, tc := range []struct {
		s    Status
		want string
	}{{Found, "ok"}, {None, "none"}, {Failed, "fail"}, {Undecided, "undecided"}, {Status(42), "Status(42)"}} {
		assert.Equal(t, tc.want, tc.s.String())
	}
	var zero Result
	assert.Equal(t, Undecided, zero.Status, "a zero Result claims nothing")
}

func TestRegistry(t *testing.T) {
	names := Names()
	for _, want := range []string{"simple", "newton", "homotopy", "precise", "auto"} {
		require.Contains(t, names, want)
		s, err := ByName(want)
		require.NoError(t, err)
		assert.Equal(t, want, s.Name())
		_, ok := s.(Strategy)
		assert.True(t, ok, "%s is a Strategy", want)
	}
	assert.IsIncreasing(t, names)
	def, err := ByName("")
	require.NoError(t, err)
	assert.Equal(t, DefaultName, def.Name())
	_, err = ByName("certifed")
	var ue *UnknownSolverError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, "certifed", ue.Name)
	assert.Equal(t, names, ue.Known)
	assert.Contains(t, err.Error(), "available: auto, ")
}

// TestSimpleSettings pins Simple to hybrd1's (scipy fsolve's) settings.
func TestSimpleSettings(t *testing.T) {
	w := simplePool.Get().(*simpleWork)
	defer simplePool.Put(w)
	assert.InDelta(t, 1.49012e-8, w.set.XTol, 1e-13)
	assert.Equal(t, 600, w.set.MaxFev)
	assert.Equal(t, 100.0, w.set.Factor)
	assert.Equal(t, newton.ScaleUser, w.set.Scale)
	assert.Nil(t, w.set.Diag) // D = 1
	assert.Zero(t, w.set.EpsFcn)
}

// wedge returns a triangle (p, v, q) with angle theta at v, |v| ≤ 0.9 and
// sides from 0.01 to 1: there the rounding of the coordinates moves the
// angle by less than 1e-13, so the construction is exact enough for
// angles 1e-9 from 120°.
func wedge(rng *rand.Rand, theta float64) tri {
	for {
		v := polar(0.9*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64())
		th0 := 2 * math.Pi * rng.Float64()
		p, ok1 := around(v, 0.01+rng.Float64(), th0)
		q, ok2 := around(v, 0.01+rng.Float64(), th0+theta)
		if tr := (tri{p, v, q}); ok1 && ok2 && inRange(tr) {
			return tr
		}
	}
}

// TestWideNone: a triangle with an angle ≥ 120° has no Steiner point, for
// every strategy, and Wide names the vertex. The angle is built by
// construction and checked independently with hyperbolic.Angle (accurate
// to a few ulps, far below the smallest excess 1e-9 used here).
func TestWideNone(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, excess := range []float64{1e-9, 1e-6, 1e-3, 0.1, 0.5, 1.0} {
		for range 20 {
			tr := wedge(rng, 2*math.Pi/3+excess)
			w := -1
			for i := range 3 {
				if a := hyperbolic.Angle(tr[(i+1)%3], tr[i], tr[(i+2)%3]); a >= 2*math.Pi/3+excess/2 {
					w = i
				}
			}
			require.NotEqual(t, -1, w, "construction: no angle ≥ 120° in %v", tr)
			for _, st := range allStrategies {
				r, err := st.Solve(tr[0], tr[1], tr[2])
				require.NoError(t, err)
				assert.Equal(t, None, r.Status, "%s on %v", st.Name(), tr)
				assert.Equal(t, w, r.Wide)
				p, s := st.Fermat(tr[0], tr[1], tr[2])
				assert.Equal(t, None, s)
				assert.Equal(t, hyperbolic.Point{}, p)
			}
		}
	}
}

// TestJustBelow120: an angle 1e-9 below 120° has a Steiner point very near
// its vertex; every accurate strategy finds it, distinct from the vertex.
// Vertices stay within |v| ≤ 0.9 and sides ≥ 0.01, so that the offset
// (about 1e-9 of the sides) is far above the float64 resolution there.
func TestJustBelow120(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	theta := 2*math.Pi/3 - 1e-9
	for range 40 {
		tr := wedge(rng, theta)
		p, v, q := tr[0], tr[1], tr[2]
		e, err := isoptic.SteinerExists(p, v, q)
		require.NoError(t, err)
		require.True(t, e.Exists, "angle 1e-9 below 120°: the Steiner point exists")
		r0, _ := Newton{}.Solve(p, v, q)
		exact := oracle(t, p, v, q, r0.Point)
		per := perimeter(tr)
		ds := distToH(v, exact)
		// The exact point: off the vertex, but by far less than the sides.
		require.Greater(t, ds, 0.0)
		require.Less(t, ds, 1e-6*per, "Steiner point %.3g from the vertex", ds)
		for _, st := range []Strategy{Newton{}, Homotopy{}, Auto{}, Precise{}} {
			r, err := st.Solve(p, v, q)
			require.NoError(t, err)
			require.Equal(t, Found, r.Status, "%s on %v", st.Name(), tr)
			assert.NotEqual(t, v, r.Point, "%s returned the vertex", st.Name())
			assert.Less(t, hyperbolic.Dist(r.Point, v), 1e-6*per)
			if r.Method != "simple" {
				assert.LessOrEqual(t, distToH(r.Point, exact), accuracyBound(tr, exact), st.Name())
			}
		}
	}
}

// TestDegenerate: repeated vertices and collinear triangles have no
// Steiner point; invalid points are an error from Solve and None from
// Fermat, never a panic.
func TestDegenerate(t *testing.T) {
	a, b, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: 0.1}, hyperbolic.Point{X: 0.2, Y: -0.4}
	cases := []struct {
		name     string
		t        tri
		wantErr  error
		wantWide int
	}{
		{"repeated a=b", tri{a, a, c}, nil, -1},
		{"repeated all", tri{a, a, a}, nil, -1},
		{"repeated a=c", tri{a, b, a}, nil, -1},
		{"collinear", tri{{X: -0.5, Y: 0}, {X: 0.25, Y: 0}, {X: 0.5, Y: 0}}, nil, 1},
		{"outside", tri{a, {X: 1, Y: 0}, c}, hyperbolic.ErrOutsideDisk, -1},
		{"far outside", tri{a, b, {X: 3, Y: 4}}, hyperbolic.ErrOutsideDisk, -1},
		{"NaN", tri{{X: math.NaN(), Y: 0}, b, c}, hyperbolic.ErrNotFinite, -1},
		{"Inf", tri{a, b, {X: 0, Y: math.Inf(-1)}}, hyperbolic.ErrNotFinite, -1},
	}
	for _, tc := range cases {
		for _, st := range allStrategies {
			r, err := st.Solve(tc.t[0], tc.t[1], tc.t[2])
			if tc.wantErr != nil {
				require.Error(t, err, "%s %s", tc.name, st.Name())
				assert.True(t, errors.Is(err, tc.wantErr), "%s: %v", tc.name, err)
				var ie *isoptic.InputError
				assert.ErrorAs(t, err, &ie)
			} else {
				require.NoError(t, err)
				assert.Equal(t, tc.wantWide, r.Wide, tc.name)
			}
			assert.Equal(t, None, r.Status, "%s %s", tc.name, st.Name())
			_, s := st.Fermat(tc.t[0], tc.t[1], tc.t[2])
			assert.Equal(t, None, s, "%s %s", tc.name, st.Name())
		}
	}
}

// genIsometry draws a rotation, a boost of length ≤ 3 and maybe a
// reflection.
func genIsometry(t *rapid.T) hyperbolic.Isometry {
	g := hyperbolic.Rotation(rapid.Float64Range(0, 2*math.Pi).Draw(t, "rot"))
	g = hyperbolic.Boost(rapid.Float64Range(0, 3).Draw(t, "dist"), rapid.Float64Range(0, 2*math.Pi).Draw(t, "dir")).Compose(g)
	if rapid.Bool().Draw(t, "reflect") {
		g = g.Compose(hyperbolic.Reflection(rapid.Float64Range(0, math.Pi).Draw(t, "axis")))
	}
	return g
}

// genTri draws a triangle with sides ≥ 1e-3 in |p| ≤ 0.95: rounding the
// images under an isometry then changes its angles by less than 1e-10
// (a few ulps, amplified by the boost's cosh² ≤ e⁶ and divided by the
// side), so the image is the same triangle to that accuracy.
func genTri(t *rapid.T) tri {
	var tr tri
	for i := range tr {
		tr[i] = polar(rapid.Float64Range(0, 0.95).Draw(t, "r"), rapid.Float64Range(0, 2*math.Pi).Draw(t, "th"))
	}
	for i := range 3 {
		if hyperbolic.Dist(tr[i], tr[(i+1)%3]) < 1e-3 {
			t.Skip("side below 1e-3")
		}
	}
	return tr
}

// TestIsometryInvariance: Fermat(g·a, g·b, g·c) = g·Fermat(a, b, c). Both
// sides carry the strategy's error (accuracyBound: 1e-13·perimeter plus
// the Klein resolution at the point) and g·s the rounding of Apply (a few
// ulps of the image, again the Klein resolution there); hence the bound
// 2e-13·perimeter + 4·(ulpLength(s') + ulpLength(g·s)).
func TestIsometryInvariance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := genTri(t)
		g := genIsometry(t)
		var gt tri
		for i, p := range tr {
			q, err := g.Apply(p)
			if err != nil {
				t.Skip("image not representable")
			}
			gt[i] = q
		}
		for _, st := range []Strategy{Newton{}, Auto{}} {
			r1, err1 := st.Solve(tr[0], tr[1], tr[2])
			r2, err2 := st.Solve(gt[0], gt[1], gt[2])
			if err1 != nil || err2 != nil {
				t.Skip("degenerate")
			}
			if r1.Status == None || r2.Status == None {
				// Existence is invariant, but rounding the images can move
				// an angle within an ulp of 120° across it.
				if r1.Status != r2.Status {
					a := 0.0
					for i := range 3 {
						a = max(a, hyperbolic.Angle(tr[(i+1)%3], tr[i], tr[(i+2)%3]))
					}
					if math.Abs(a-2*math.Pi/3) > 1e-10 {
						t.Fatalf("%s: status %v vs %v for %v (max angle %v)", st.Name(), r1.Status, r2.Status, tr, a)
					}
				}
				continue
			}
			if r1.Status != Found || r2.Status != Found {
				t.Fatalf("%s: %v / %v for %v", st.Name(), r1.Status, r2.Status, tr)
			}
			gs, err := g.Apply(r1.Point)
			if err != nil {
				t.Skip("image not representable")
			}
			d := hyperbolic.Dist(gs, r2.Point)
			bound := 2e-13*perimeter(gt) + 4*(ulpLength(gs)+ulpLength(r2.Point))
			if d > bound {
				t.Fatalf("%s: d(g·s, s') = %.3g > %.3g for %v", st.Name(), d, bound, tr)
			}
		}
	})
}

// TestConcurrent: many goroutines get the same answers as one.
func TestConcurrent(t *testing.T) {
	var sample []tri
	for ci, c := range triClasses {
		sample = append(sample, sampleClass(c, uint64(300+ci), 15)...)
	}
	for _, st := range allStrategies {
		requireConcurrentSame(t, st, sample, 8, 7)
	}
}

// requireConcurrentSame checks that goroutines solving the sample at the
// same time, goroutine g in its own order (from triangle stride·g on), get
// the Results of a solve of each triangle alone.
func requireConcurrentSame(t *testing.T, st Strategy, sample []tri, goroutines, stride int) {
	t.Helper()
	want := make([]Result, len(sample))
	for i, tr := range sample {
		want[i], _ = st.Solve(tr[0], tr[1], tr[2])
	}
	var wg sync.WaitGroup
	got := make([][]Result, goroutines)
	for g := range got {
		got[g] = make([]Result, len(sample))
		wg.Go(func() {
			for k := range sample {
				i := (k + stride*g) % len(sample) // different orders
				tr := sample[i]
				got[g][i], _ = st.Solve(tr[0], tr[1], tr[2])
			}
		})
	}
	wg.Wait()
	for g := range got {
		require.Equal(t, want, got[g], "%s, goroutine %d", st.Name(), g)
	}
}

// TestSeesAt120 checks the acceptance test on its cases: the Steiner
// point (accepted), a spurious root of the φ system with the third angle
// 0 (rejected), a terminal (rejected), a point outside that sees one side
// under less than 75.5° (rejected), and — what it is not meant to decide —
// a point inside away from the Steiner point (accepted: the test only
// tells roots of the φ system apart; convergence is checked elsewhere).
func TestSeesAt120(t *testing.T) {
	// Equilateral triangle about the origin: the Steiner point is 0.
	q := [3][2]float64{{0.5, 0}, {-0.25, 0.4330127018922193}, {-0.25, -0.4330127018922193}}
	assert.True(t, seesAt120(&q, [2]float64{0, 0}))
	assert.False(t, seesAt120(&q, q[1]), "a terminal")
	// A spurious root: x and z in the same direction from s, with x, z on
	// the X axis and y above; s on the axis beyond z sees x and z under 0°.
	r := [3][2]float64{{0.6, 0}, {0.3, 0.3}, {0.2, 0}}
	assert.False(t, seesAt120(&r, [2]float64{-0.5, 0}))
	assert.False(t, seesAt120(&q, [2]float64{0.9, 0}), "sees yz under ~41°")
	assert.True(t, seesAt120(&q, [2]float64{-0.24, 0}), "angles ~177°, ~91°, ~91°")
}

// TestEuclidFermat: X(13) sees the sides under 120° (Euclidean), and is
// refused when an angle is ≥ 120°.
func TestEuclidFermat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	checked := 0
	for range 500 {
		var q [3][2]float64
		for i := range q {
			q[i] = [2]float64{rng.Float64()*2 - 1, rng.Float64()*2 - 1}
		}
		wide := false
		for i := range 3 {
			a := euclidAngle(q[(i+1)%3], q[i], q[(i+2)%3])
			wide = wide || a >= 2*math.Pi/3
		}
		s, ok := euclidFermat(&q)
		if wide {
			assert.False(t, ok, "%v", q)
			continue
		}
		require.True(t, ok, "%v", q)
		checked++
		for i := range 3 {
			// Conditioning: the angle at s is accurate to ~1e-16/dist.
			assert.InDelta(t, 2*math.Pi/3, euclidAngle(q[i], s, q[(i+1)%3]), 1e-9, "%v", q)
		}
	}
	assert.Greater(t, checked, 100)
}

// exactBoost returns, in 200-bit arithmetic, the image of p under the
// Lorentz boost L that takes c to the origin: for C = (C₀, c⃗),
// L(V) = (C₀V₀ − c⃗·v⃗, v⃗ − c⃗V₀ + c⃗(c⃗·v⃗)/(1 + C₀)).
func exactBoost(c, p hyperbolic.Point) hpt {
	C, P := kleinToHyp(c), kleinToHyp(p)
	cv := bf().Add(bf().Mul(C[1], P[1]), bf().Mul(C[2], P[2]))
	t0 := bf().Sub(bf().Mul(C[0], P[0]), cv)
	k := bf().Quo(cv, bf().Add(bfv(1), C[0]))
	var r hpt
	r[0] = t0
	for i := 1; i < 3; i++ {
		r[i] = bf().Sub(P[i], bf().Mul(C[i], P[0]))
		r[i].Add(r[i], bf().Mul(C[i], k))
	}
	return r
}

func euclidAngle(a, v, b [2]float64) float64 {
	u := [2]float64{a[0] - v[0], a[1] - v[1]}
	w := [2]float64{b[0] - v[0], b[1] - v[1]}
	return math.Atan2(math.Abs(u[0]*w[1]-u[1]*w[0]), u[0]*w[0]+u[1]*w[1])
}

// TestFrame: the frame takes its centre to the origin, preserves
// distances, and toGlobal inverts toLocal; it agrees with the Lorentz
// boost of package hyperbolic.
func TestFrame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := polar(rapid.Float64Range(0, 0.999999).Draw(t, "rc"), rapid.Float64Range(0, 2*math.Pi).Draw(t, "thc"))
		p := polar(rapid.Float64Range(0, 0.999999).Draw(t, "rp"), rapid.Float64Range(0, 2*math.Pi).Draw(t, "thp"))
		f := newFrame([2]float64{c.X, c.Y})
		q := f.toLocal([2]float64{p.X, p.Y}, oneMinusNormSq(p.X, p.Y))
		o := f.toLocal([2]float64{c.X, c.Y}, oneMinusNormSq(c.X, c.Y))
		if o != [2]float64{} {
			t.Fatalf("centre maps to %v", o)
		}
		// Distances: d(0, q) = d(c, p), to a relative 1e-12 (Dist is
		// accurate to 1e-13; the map rounds a few times) plus the Klein
		// resolution at q and p: a point at distance 12 from the centre
		// has local Klein coordinates 1 − 1e-10 from the circle, where an
		// ulp is 3e-7 of distance.
		d1, d2 := hyperbolic.DistOrigin(point(q)), hyperbolic.Dist(c, p)
		if math.Abs(d1-d2) > 1e-12*d2+4*(ulpLength(point(q))+ulpLength(p)) {
			t.Fatalf("distance %v vs %v", d1, d2)
		}
		// Against the exact image: the Lorentz boost taking c to the
		// origin, applied in 200-bit arithmetic on the hyperboloid. The
		// frame's error is a few ulps of q and of the data (ulpLength), not
		// the cosh²-amplified error of a float64 matrix boost.
		ex := exactBoost(c, p)
		if d := distToH(point(q), ex); d > 4*(ulpLength(point(q))+ulpLength(p)+ulpLength(c)) {
			t.Fatalf("frame %v off the exact image by %.3g (ulpLength q %.3g, p %.3g)", q, d, ulpLength(point(q)), ulpLength(p))
		}
		// Round trip, to the Klein resolution at p and at q.
		back := f.toGlobal(q)
		if hyperbolic.Dist(back, p) > 4*(ulpLength(p)+ulpLength(point(q))) {
			t.Fatalf("round trip %v → %v (%.3g)", p, back, hyperbolic.Dist(back, p))
		}
	})
}

// TestOneMinusNormSq against exact big.Rat arithmetic.
func TestOneMinusNormSq(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 2000 {
		p := polar(1-math.Pow(10, -12*rng.Float64()), 2*math.Pi*rng.Float64())
		if p.Check() != nil {
			continue
		}
		exact, _ := bf().Sub(bfv(1), bf().Add(bf().Mul(bfv(p.X), bfv(p.X)), bf().Mul(bfv(p.Y), bfv(p.Y)))).Float64()
		got := oneMinusNormSq(p.X, p.Y)
		require.InEpsilon(t, exact, got, 4e-16, "%v", p)
	}
}
