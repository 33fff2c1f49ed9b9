package certify

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// quickTriangle is a triangle with a candidate Steiner point.
type quickTriangle struct {
	name string
	tri  [3]hyperbolic.Point
	cand hyperbolic.Point
}

// quickTriangles makes triangles of many shapes (random in the disk, up
// to 1e-12 from the ideal boundary, tiny, with an angle within 1e-3 to
// 1e-12 of 120° on either side), each with candidates at the float64
// answer of the Fermat point and moved from it by fractions of the
// tolerance in random directions — on both sides of the quick proof's
// radius TolAbs/2 and of TolAbs itself.
func quickTriangles(t *testing.T, rng *rand.Rand) []quickTriangle {
	var tris [][3]hyperbolic.Point
	var names []string
	add := func(name string, tri [3]hyperbolic.Point) {
		tris, names = append(tris, tri), append(names, name)
	}
	place := func(tri [3]hyperbolic.Point, at float64) [3]hyperbolic.Point {
		m, err := hyperbolic.Translation(randInDisk(rng, at))
		require.NoError(t, err)
		m = m.Compose(hyperbolic.Rotation(2 * math.Pi * rng.Float64()))
		for j := range tri {
			tri[j], err = m.Apply(tri[j])
			require.NoError(t, err)
		}
		return tri
	}
	for range 150 {
		add("random", [3]hyperbolic.Point{randInDisk(rng, 0.95), randInDisk(rng, 0.95), randInDisk(rng, 0.95)})
	}
	for _, at := range []float64{0.999, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12} {
		for range 20 {
			s := 1e-3 * rng.Float64()
			add(fmt.Sprintf("near the boundary (%g)", at), place([3]hyperbolic.Point{randInDisk(rng, s), randInDisk(rng, s), randInDisk(rng, s)}, at))
		}
	}
	for _, s := range []float64{1e-6, 1e-20, 1e-100, 1e-160, 1e-300} {
		for range 10 {
			add(fmt.Sprintf("tiny (%g)", s), [3]hyperbolic.Point{randInDisk(rng, s), randInDisk(rng, s), randInDisk(rng, s)})
		}
	}
	for _, delta := range []float64{-1e-3, -1e-6, -1e-9, -1e-12, 1e-12, 1e-6} {
		for range 15 {
			th := 2*math.Pi/3 + delta
			r1, r2 := 0.1+0.8*rng.Float64(), 0.1+0.8*rng.Float64()
			add(fmt.Sprintf("angle 120°%+g", delta), place([3]hyperbolic.Point{{X: r1}, {}, {X: r2 * math.Cos(th), Y: r2 * math.Sin(th)}}, 0.8))
		}
	}
	var out []quickTriangle
	fc := NewFermatCertifier()
	var cert FermatCert
	for i, tri := range tris {
		centroid := hyperbolic.Point{X: (tri[0].X + tri[1].X + tri[2].X) / 3, Y: (tri[0].Y + tri[1].Y + tri[2].Y) / 3}
		require.NoError(t, fc.Certify(&cert, tri[0], tri[1], tri[2], centroid, FermatOptions{}))
		out = append(out, quickTriangle{names[i] + ", centroid", tri, centroid})
		if !cert.Proved {
			continue
		}
		near := cert.Near
		out = append(out, quickTriangle{names[i] + ", float64 answer", tri, near})
		tol := FermatTolAbs(tri[0], tri[1], tri[2], FermatOptions{})
		for _, f := range []float64{0.1, 0.3, 0.45, 0.49, 0.51, 0.55, 0.9, 0.99, 1.01, 2} {
			out = append(out, quickTriangle{fmt.Sprintf("%s, moved by %g·TolAbs", names[i], f), tri, moved(rng, near, f*tol)})
		}
	}
	return out
}

// moved is p moved by m in the max norm, in a random direction.
func moved(rng *rand.Rand, p hyperbolic.Point, m float64) hyperbolic.Point {
	th := 2 * math.Pi * rng.Float64()
	c, s := math.Cos(th), math.Sin(th)
	n := max(math.Abs(c), math.Abs(s))
	return hyperbolic.Point{X: p.X + m*c/n, Y: p.Y + m*s/n}
}

// boxGap is a lower bound of the max-norm distance from c to the proved
// enclosure of cert (0 when c is in it).
func boxGap(cert *FermatCert, c hyperbolic.Point) float64 {
	gap := 0.0
	for i, x := range [2]float64{c.X, c.Y} {
		b := &cert.Box[i]
		lo, _ := b.Lo.Float64()
		hi, _ := b.Hi.Float64()
		// Rounded to float64 the box can only grow by an ulp each way; the
		// gaps below round down by less than that.
		lo, hi = math.Nextafter(lo, math.Inf(-1)), math.Nextafter(hi, math.Inf(1))
		switch {
		case lo > x:
			gap = max(gap, (lo-x)*(1-0x1p-52))
		case hi < x:
			gap = max(gap, (x-hi)*(1-0x1p-52))
		}
	}
	return gap
}

// Whatever the quick proof certifies, the full prover (without its own
// quick path) certifies too, and its enclosure of the Fermat point is
// within TolAbs/2 of the candidate, the radius the quick proof claims:
// on triangles of every shape and candidates on both sides of that
// radius. It also proves the float64 answer of well-conditioned
// triangles (else it would not be worth having).
func TestQuickFermatImpliesCertified(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	fc := NewFermatCertifier()
	var cert FermatCert
	proved, certified := map[string]int{}, map[string]int{}
	far := 0
	for _, q := range quickTriangles(t, rng) {
		a, b, c := q.tri[0], q.tri[1], q.tri[2]
		ok := QuickFermat(a, b, c, q.cand, FermatOptions{})
		require.NoError(t, fc.Certify(&cert, a, b, c, q.cand, FermatOptions{}))
		if cert.Status == FermatCertified {
			certified[q.name]++
		}
		if !ok {
			continue
		}
		proved[q.name]++
		require.Equal(t, FermatCertified, cert.Status, q.name)
		tol := FermatTolAbs(q.tri[0], q.tri[1], q.tri[2], FermatOptions{})
		require.Equal(t, tol, cert.TolAbs, q.name)
		require.LessOrEqual(t, boxGap(&cert, q.cand), tol/2, q.name)
		off, _ := cert.Offset.Float64()
		if off > tol/2 {
			far++
		}
	}
	names := slices.Sorted(maps.Keys(certified))
	for _, name := range names {
		t.Logf("%-50s quick %3d / full %3d", name, proved[name], certified[name])
	}
	t.Logf("%d quick proofs where the full enclosure reaches past TolAbs/2", far)
	const answer = "random, float64 answer"
	require.Greater(t, certified[answer], 50)
	require.GreaterOrEqual(t, float64(proved[answer]), 0.95*float64(certified[answer]), "random triangles' float64 answers proved quickly")
	for _, f := range []string{"0.51", "0.55", "0.9", "0.99", "1.01", "2"} {
		require.Zero(t, proved["random, moved by "+f+"·TolAbs"], "farther than TolAbs/2")
	}
}

// A declared radius is the tolerance itself: the quick proof certifies
// a candidate within half of it, and the full prover agrees.
func TestQuickFermatDeclaredRadius(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	fc := NewFermatCertifier()
	var cert FermatCert
	n := 0
	for range 200 {
		tri := [3]hyperbolic.Point{randInDisk(rng, 0.9), randInDisk(rng, 0.9), randInDisk(rng, 0.9)}
		centroid := hyperbolic.Point{X: (tri[0].X + tri[1].X + tri[2].X) / 3, Y: (tri[0].Y + tri[1].Y + tri[2].Y) / 3}
		require.NoError(t, fc.Certify(&cert, tri[0], tri[1], tri[2], centroid, FermatOptions{}))
		if !cert.Proved {
			continue
		}
		for _, abs := range []float64{1e-14, 1e-9, 1e-5} {
			th := 2 * math.Pi * rng.Float64()
			f := 0.8 * rng.Float64()
			c := hyperbolic.Point{X: cert.Near.X + f*abs*math.Cos(th), Y: cert.Near.Y + f*abs*math.Sin(th)}
			if !QuickFermat(tri[0], tri[1], tri[2], c, FermatOptions{Abs: abs}) {
				continue
			}
			n++
			var full FermatCert
			require.NoError(t, NewFermatCertifier().Certify(&full, tri[0], tri[1], tri[2], c, FermatOptions{Abs: abs}))
			require.Equal(t, FermatCertified, full.Status)
			require.LessOrEqual(t, boxGap(&full, c), abs/2)
		}
	}
	require.Greater(t, n, 100)
}

// The quick proof refuses what Certify refuses as input, and triangles
// without a Fermat point.
func TestQuickFermatRefusals(t *testing.T) {
	a, b, c := hyperbolic.Point{X: 0.1}, hyperbolic.Point{Y: 0.1}, hyperbolic.Point{X: -0.1, Y: -0.1}
	cert, err := CertifyFermat(a, b, c, hyperbolic.Point{}, FermatOptions{})
	require.NoError(t, err)
	s := cert.Near
	require.True(t, QuickFermat(a, b, c, s, FermatOptions{}))
	for _, tc := range []struct {
		name       string
		a, b, c, s hyperbolic.Point
		tol, abs   float64
	}{
		{"negative tolerance", a, b, c, s, -1e-10, 0},
		{"NaN tolerance", a, b, c, s, math.NaN(), 0},
		{"infinite radius", a, b, c, s, 1e-10, math.Inf(1)},
		{"NaN candidate", a, b, c, hyperbolic.Point{X: math.NaN()}, 1e-10, 0},
		{"terminal on the boundary", hyperbolic.Point{X: 1}, b, c, s, 1e-10, 0},
		{"coincident terminals", a, a, c, s, 1e-10, 0},
		{"collinear (180°)", hyperbolic.Point{X: -0.1}, hyperbolic.Point{}, hyperbolic.Point{X: 0.1}, hyperbolic.Point{}, 1e-10, 0},
		{"candidate at a terminal", a, b, c, a, 1e-10, 0},
	} {
		require.False(t, QuickFermat(tc.a, tc.b, tc.c, tc.s, FermatOptions{Tol: tc.tol, Abs: tc.abs}), tc.name)
	}
}
