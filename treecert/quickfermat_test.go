package treecert

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
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
		m, err := hyperbolic.Translation(randIn(rng, at))
		require.NoError(t, err)
		m = m.Compose(hyperbolic.Rotation(2 * math.Pi * rng.Float64()))
		for j := range tri {
			tri[j], err = m.Apply(tri[j])
			require.NoError(t, err)
		}
		return tri
	}
	for range 150 {
		add("random", [3]hyperbolic.Point{randIn(rng, 0.95), randIn(rng, 0.95), randIn(rng, 0.95)})
	}
	for _, at := range []float64{0.999, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12} {
		for range 20 {
			s := 1e-3 * rng.Float64()
			add(fmt.Sprintf("near the boundary (%g)", at), place([3]hyperbolic.Point{randIn(rng, s), randIn(rng, s), randIn(rng, s)}, at))
		}
	}
	for _, s := range []float64{1e-6, 1e-20, 1e-100, 1e-160, 1e-300} {
		for range 10 {
			add(fmt.Sprintf("tiny (%g)", s), [3]hyperbolic.Point{randIn(rng, s), randIn(rng, s), randIn(rng, s)})
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
	fc := certify.NewFermatCertifier()
	var cert certify.FermatCert
	for i, tri := range tris {
		centroid := hyperbolic.Point{X: (tri[0].X + tri[1].X + tri[2].X) / 3, Y: (tri[0].Y + tri[1].Y + tri[2].Y) / 3}
		require.NoError(t, fc.Certify(&cert, tri[0], tri[1], tri[2], centroid, certify.FermatOptions{}))
		out = append(out, quickTriangle{names[i] + ", centroid", tri, centroid})
		if !cert.Proved {
			continue
		}
		near := cert.Near
		out = append(out, quickTriangle{names[i] + ", float64 answer", tri, near})
		tol := certify.FermatTolAbs(tri[0], tri[1], tri[2], certify.FermatOptions{})
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

// randIn is a point uniform in the disk of radius r about the origin.
func randIn(rng *rand.Rand, r float64) hyperbolic.Point {
	rho, th := r*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64()
	return hyperbolic.Point{X: rho * math.Cos(th), Y: rho * math.Sin(th)}
}

// boxGap is a lower bound of the max-norm distance from c to the proved
// enclosure of cert.
func boxGap(cert *certify.FermatCert, c hyperbolic.Point) float64 {
	g := distLowerBound(&certify.FermatCert{Candidate: c, Prec: cert.Prec, Box: cert.Box})
	f, _ := g.Float64()
	return f
}

// Whatever the quick proof certifies, the full prover (without its own
// quick path) certifies too, and its enclosure of the Fermat point is
// within TolAbs/2 of the candidate, the radius the quick proof claims:
// on triangles of every shape and candidates on both sides of that
// radius. It also proves the float64 answer of well-conditioned
// triangles (else it would not be worth having).
func TestQuickFermatImpliesCertified(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	fc := certify.NewFermatCertifier()
	var cert certify.FermatCert
	proved, certified := map[string]int{}, map[string]int{}
	far := 0
	for _, q := range quickTriangles(t, rng) {
		a, b, c := q.tri[0], q.tri[1], q.tri[2]
		ok := certify.QuickFermat(a, b, c, q.cand, certify.FermatOptions{})
		require.NoError(t, fc.Certify(&cert, a, b, c, q.cand, certify.FermatOptions{}))
		if cert.Status == certify.FermatCertified {
			certified[q.name]++
		}
		if !ok {
			continue
		}
		proved[q.name]++
		require.Equal(t, certify.FermatCertified, cert.Status, q.name)
		tol := certify.FermatTolAbs(q.tri[0], q.tri[1], q.tri[2], certify.FermatOptions{})
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
	fc := certify.NewFermatCertifier()
	var cert certify.FermatCert
	n := 0
	for range 200 {
		tri := [3]hyperbolic.Point{randIn(rng, 0.9), randIn(rng, 0.9), randIn(rng, 0.9)}
		centroid := hyperbolic.Point{X: (tri[0].X + tri[1].X + tri[2].X) / 3, Y: (tri[0].Y + tri[1].Y + tri[2].Y) / 3}
		require.NoError(t, fc.Certify(&cert, tri[0], tri[1], tri[2], centroid, certify.FermatOptions{}))
		if !cert.Proved {
			continue
		}
		for _, abs := range []float64{1e-14, 1e-9, 1e-5} {
			th := 2 * math.Pi * rng.Float64()
			f := 0.8 * rng.Float64()
			c := hyperbolic.Point{X: cert.Near.X + f*abs*math.Cos(th), Y: cert.Near.Y + f*abs*math.Sin(th)}
			if !certify.QuickFermat(tri[0], tri[1], tri[2], c, certify.FermatOptions{Abs: abs}) {
				continue
			}
			n++
			var full certify.FermatCert
			require.NoError(t, certify.NewFermatCertifier().Certify(&full, tri[0], tri[1], tri[2], c, certify.FermatOptions{Abs: abs}))
			require.Equal(t, certify.FermatCertified, full.Status)
			require.LessOrEqual(t, boxGap(&full, c), abs/2)
		}
	}
	require.Greater(t, n, 100)
}

// The quick proof refuses what Certify refuses as input, and triangles
// without a Fermat point.
func TestQuickFermatRefusals(t *testing.T) {
	a, b, c := hyperbolic.Point{X: 0.1}, hyperbolic.Point{Y: 0.1}, hyperbolic.Point{X: -0.1, Y: -0.1}
	cert, err := certify.CertifyFermat(a, b, c, hyperbolic.Point{}, certify.FermatOptions{})
	require.NoError(t, err)
	s := cert.Near
	require.True(t, certify.QuickFermat(a, b, c, s, certify.FermatOptions{}))
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
		require.False(t, certify.QuickFermat(tc.a, tc.b, tc.c, tc.s, certify.FermatOptions{Tol: tc.tol, Abs: tc.abs}), tc.name)
	}
}

// Check with Verdicts (SelfCheck's) gives every Steiner point and every
// claim the verdict of the full check (Check without Verdicts, which
// never takes the quick paths) on random and adversarial trees in both
// planes, as built, with Steiner points moved by fractions of their
// tolerance and with stored edge lengths moved around LengthRelTol.
func TestQuickSteinerVerdictsMatchFullCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	type set struct {
		name string
		pts  []hyperbolic.Point
	}
	var sets []set
	for _, sigma := range []float64{0.05, 0.5, 1.5, 3} {
		pts, err := hyperbolic.SampleWrappedGaussian(rng, 250, hyperbolic.Point{}, sigma)
		require.NoError(t, err)
		sets = append(sets, set{fmt.Sprintf("G(0, %g)", sigma), pts})
	}
	for _, file := range []string{"boundary_2^-53.csv", "ring_1e-15.csv", "grid_cocircular.csv", "near_coincident.csv", "near_collinear.csv",
		"six_unit.csv", "six_2^-1000.csv", "six_2^1000.csv", "triangle_1e-3.csv", "triangle_1e-300.csv", "triangle_1e-310.csv", "triangle_1e300.csv", "exact120_klein.csv"} {
		sets = append(sets, set{file, readPoints(t, fixture.Path(t, "adversarial/"+file))})
	}
	quick := 0
	for _, st := range sets {
		for _, sp := range []sll.Space{sll.DefaultSpace(), sll.Euclidean()} {
			tree, err := sll.Build(st.pts, sll.Options{Space: sp})
			if err != nil { // outside the disk: Euclidean only
				continue
			}
			// A Steiner point's edge and an edge between terminals, if any.
			steinerEdge, terminalEdge := -1, -1
			for k, e := range tree.Edges {
				if steinerEdge < 0 && max(e[0], e[1]) >= tree.Terminals {
					steinerEdge = k
				}
				if terminalEdge < 0 && max(e[0], e[1]) < tree.Terminals {
					terminalEdge = k
				}
			}
			type tamper struct {
				name string
				f    func(tr *sll.Tree)
			}
			cases := []tamper{{"as built", func(*sll.Tree) {}}}
			for _, f := range []float64{0.45, 0.55, 1.1} {
				cases = append(cases, tamper{fmt.Sprintf("Steiner points moved by %g·TolAbs", f), func(tr *sll.Tree) {
					adj := adjacency(len(tr.Vertices), tr.Edges)
					for v := tr.Terminals; v < len(tr.Vertices); v++ {
						nb := adj.of(v)
						tri := [3]hyperbolic.Point{tree.Vertices[nb[0]], tree.Vertices[nb[1]], tree.Vertices[nb[2]]}
						tr.Vertices[v] = moved(rng, tr.Vertices[v], f*certify.FermatTolAbs(tri[0], tri[1], tri[2], certify.FermatOptions{}))
					}
				}})
			}
			for _, k := range []int{steinerEdge, terminalEdge} {
				for _, rel := range []float64{-1.2e-13, -5e-14, 5e-14, 1.2e-13} {
					if k >= 0 {
						cases = append(cases, tamper{fmt.Sprintf("edge %d ×(1%+g)", k, rel), func(tr *sll.Tree) { tr.EdgeLengths[k] *= 1 + rel }})
					}
				}
			}
			for _, tc := range cases {
				tr := *tree
				tr.Vertices = slices.Clone(tree.Vertices)
				tr.EdgeLengths = slices.Clone(tree.EdgeLengths)
				tc.f(&tr)
				name := fmt.Sprintf("%s %s, %s", sp.Name(), st.name, tc.name)
				full, err := Check(&tr, ClaimsOf(&tr), Options{SkipAngles: true})
				require.NoError(t, err)
				fast, err := Check(&tr, ClaimsOf(&tr), Options{SkipAngles: true, Verdicts: true})
				require.NoError(t, err)
				require.Equal(t, len(full.SteinerPoints), len(fast.SteinerPoints))
				for i := range full.SteinerPoints {
					require.Equal(t, full.SteinerPoints[i].Status, fast.SteinerPoints[i].Status, "%s, vertex %d", name, full.SteinerPoints[i].Vertex)
					require.Equal(t, full.SteinerPoints[i].Message, fast.SteinerPoints[i].Message, name)
				}
				fs, qs := full.Steiner, fast.Steiner
				require.Equal(t, [5]int{fs.Count, fs.Certified, fs.Relaxed, fs.Declared, fs.Failed}, [5]int{qs.Count, qs.Certified, qs.Relaxed, qs.Declared, qs.Failed}, name)
				require.Equal(t, full.Failures, fast.Failures, name)
				require.Equal(t, len(full.Claims), len(fast.Claims), name)
				for i, c := range full.Claims {
					require.Equal(t, [3]any{c.Name, c.OK, c.Message}, [3]any{fast.Claims[i].Name, fast.Claims[i].OK, fast.Claims[i].Message}, name)
				}
				if sp == sll.DefaultSpace() {
					quick += len(fast.SteinerPoints)
				}
			}
		}
	}
	require.Positive(t, quick)
}

// readPoints reads a CSV file of x,y rows.
func readPoints(t *testing.T, path string) []hyperbolic.Point {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var pts []hyperbolic.Point
	for _, line := range strings.Fields(string(data)) {
		x, y, ok := strings.Cut(line, ",")
		require.True(t, ok, line)
		px, err := strconv.ParseFloat(x, 64)
		require.NoError(t, err)
		py, err := strconv.ParseFloat(y, 64)
		require.NoError(t, err)
		pts = append(pts, hyperbolic.Point{X: px, Y: py})
	}
	return pts
}
