package delaunay

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
)

// checkMesh verifies that m holds the triangles and edges of the
// triangulation tr (the kept ones where kept is not nil), in its order,
// and that TriEdges and Across describe them.
func checkMesh(t *testing.T, m *Mesh, tr *Triangulation, kept []bool, what string) {
	t.Helper()
	equal(t, len(tr.Edges), len(m.Edges), what+": edges")
	for i, e := range tr.Edges {
		equal(t, [2]int32{int32(e[0]), int32(e[1])}, m.Edges[i], what)
	}
	index := make([]int32, len(tr.Triangles)) // Triangulation's → Mesh's, or −1
	k := int32(0)
	for i := range tr.Triangles {
		index[i] = -1
		if kept == nil || kept[i] {
			index[i] = k
			k++
		}
	}
	equal(t, int(k), len(m.Triangles), what+": triangles")
	equal(t, len(tr.Triangles), len(m.Faces), what+": faces")
	for i, tri := range tr.Triangles {
		for s := 0; s < 3; s++ {
			u, v := int32(tri[s]), int32(tri[(s+1)%3])
			equal(t, [2]int32{min(u, v), max(u, v)}, m.Edges[m.Faces[i][s]], what+": Faces")
		}
	}
	for i, tri := range tr.Triangles {
		j := index[i]
		if j < 0 {
			continue
		}
		for s := 0; s < 3; s++ {
			equal(t, int32(tri[s]), m.Triangles[j][s], what)
			e := m.Edges[m.TriEdges[j][s]]
			u, v := int32(tri[s]), int32(tri[(s+1)%3])
			equal(t, [2]int32{min(u, v), max(u, v)}, e, what+": TriEdges")
			want := int32(-1)
			if nb := tr.Neighbors[i][s]; nb >= 0 {
				want = index[nb]
			}
			equal(t, want, m.Across[j][s], what+": Across")
		}
	}
}

// TriangulateMesh and HyperbolicMesh are Triangulate and Hyperbolic in
// another form: the same triangles, edges and order.
func TestMeshMatchesTriangulation(t *testing.T) {
	sets := map[string][]Point{
		"uniform":   uniformPoints(3000, 1),
		"grid":      gridPoints(30, 30, 1, 0, 2),
		"collinear": {{0.5, 0}, {-0.25, 0}, {0, 0}, {0.75, 0}},
		"few":       {{0.1, 0.2}},
		"none":      nil,
	}
	for name, pts := range sets {
		tr, err := Triangulate(pts)
		noErr(t, err)
		m, err := TriangulateMesh(pts)
		noErr(t, err)
		checkMesh(t, m, tr, nil, name)
	}
	for i, pts := range [][]Point{kleinPoints(3000, 0.99, 3), boundaryKlein(2000, 10, 4), {{-0.9, 0}, {0.3, 0}, {0, 0}}, kleinPoints(30000, 0.9, 5)} {
		h, err := Hyperbolic(pts)
		noErr(t, err)
		m, err := HyperbolicMesh(pts, i+1)
		noErr(t, err)
		checkMesh(t, m, h.Euclidean, h.Kept, fmt.Sprint("hyperbolic set ", i))
	}
}

// HyperbolicMesh reports bad input as Hyperbolic does.
func TestHyperbolicMeshErrors(t *testing.T) {
	for _, pts := range [][]Point{
		{{0, 0}, {0.5, 0.5}, {1, 0}},
		{{0, 0}, {math.NaN(), 0}},
		{{0.1, 0.2}, {0.3, 0}, {0.1, 0.2}},
	} {
		_, want := Hyperbolic(pts)
		_, got := HyperbolicMesh(pts, 2)
		check(t, want != nil && got != nil && want.Error() == got.Error(), "%v: %v, want %v", pts, got, want)
		var dw, dg *DuplicateError
		equal(t, errors.As(want, &dw), errors.As(got, &dg))
		if dw != nil {
			equal(t, *dw, *dg)
		}
	}
}

func BenchmarkHyperbolicMesh(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		pts := kleinPoints(n, 0.9, 1)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := HyperbolicMesh(pts, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHyperbolicMeshGaussian is HyperbolicMesh on the distribution of
// the tree-run benchmark (G(0, 0.5), seed 1), with 1 and 2 workers, beside
// the bare sweep on the same points (what the floor runs).
func BenchmarkHyperbolicMeshGaussian(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		hp, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, 0)), n, hyperbolic.Point{}, 0.5)
		if err != nil {
			b.Fatal(err)
		}
		pts := make([]Point, n)
		for i, p := range hp {
			pts[i] = Point{p.X, p.Y}
		}
		b.Run(fmt.Sprintf("n=%d/sweep", n), func(b *testing.B) {
			cpuLoop(b, func() error { _, err := Triangulate(pts); return err })
		})
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/workers=%d", n, w), func(b *testing.B) {
				cpuLoop(b, func() error { _, err := HyperbolicMesh(pts, w); return err })
			})
		}
	}
}

// cpuLoop runs f b.N times and reports the process CPU time per run.
func cpuLoop(b *testing.B, f func() error) {
	b.ReportAllocs()
	runtime.GC()
	c0 := cputime.Process()
	for b.Loop() {
		if err := f(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cputime.Process()-c0)/1e6/float64(b.N), "cpu-ms/op")
}
