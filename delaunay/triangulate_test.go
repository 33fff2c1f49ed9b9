package delaunay

import (
	"bufio"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"pgregory.net/rapid"
)

func uniformPoints(n int, seed uint64) []Point {
	rng := rand.New(rand.NewPCG(seed, 99))
	pts := make([]Point, n)
	for i := range pts {
		pts[i] = Point{rng.Float64(), rng.Float64()}
	}
	return pts
}

func gridPoints(nx, ny int, scale, off float64, seed uint64) []Point {
	var pts []Point
	for i := 0; i < nx; i++ {
		for j := 0; j < ny; j++ {
			pts = append(pts, Point{off + scale*float64(i), off + scale*float64(j)})
		}
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	rng.Shuffle(len(pts), func(i, j int) { pts[i], pts[j] = pts[j], pts[i] })
	return pts
}

func mustTriangulate(t tb, pts []Point) *Triangulation {
	t.Helper()
	tr, err := Triangulate(pts)
	noErr(t, err)
	verify(t, pts, tr)
	return tr
}

func TestTriangulateRandom(t *testing.T) {
	for _, n := range []int{3, 4, 5, 10, 50, 200, 500} {
		for seed := uint64(1); seed <= 3; seed++ {
			mustTriangulate(t, uniformPoints(n, seed))
		}
	}
}

// degenerateSets are point sets full of collinear and cocircular subsets.
func degenerateSets() map[string][]Point {
	sets := map[string][]Point{
		"grid2x2":     gridPoints(2, 2, 1, 0, 1),
		"grid3x3":     gridPoints(3, 3, 1, 0, 2),
		"grid7x5":     gridPoints(7, 5, 1, 0, 3),
		"grid20x20":   gridPoints(20, 20, 1, 0, 4),
		"grid22x22s":  gridPoints(22, 22, 0x1p-20, 1e6, 5),
		"grid16x16b":  gridPoints(16, 16, 3, -1e9, 6),
		"grid2x100":   gridPoints(2, 100, 1, 0, 7),
		"grid1x50+1":  append(gridPoints(1, 50, 1, 0, 8), Point{5, 5}),
		"circle325":   latticeCircle(325),
		"circle325+0": append(latticeCircle(325), Point{0, 0}),
		"circle1105":  latticeCircle(1105),
	}
	// Concentric lattice circles plus centre.
	var conc []Point
	for _, r := range []int{5, 25, 65, 85} {
		conc = append(conc, latticeCircle(r)...)
	}
	sets["concentric"] = append(conc, Point{0, 0})
	// A triangle with many points on its edges and inside on a line.
	var tri []Point
	for i := 0; i <= 40; i++ {
		f := float64(i)
		tri = append(tri, Point{f, 0}, Point{0, f}, Point{40 - f, f})
	}
	sets["triangle-edges"] = dedupe(tri)
	// Points on lines through the origin.
	var star []Point
	for i := 1; i <= 20; i++ {
		f := float64(i)
		star = append(star, Point{f, 0}, Point{-f, 0}, Point{0, f}, Point{0, -f}, Point{f, f}, Point{-f, -f}, Point{f, -f}, Point{-f, f})
	}
	sets["star+0"] = append(star, Point{0, 0})
	// Near-collinear: points on a line, each moved by at most one ulp.
	rng := rand.New(rand.NewPCG(11, 12))
	var near []Point
	for i := 0; i < 200; i++ {
		x := rng.Float64()
		p := Point{x, 0.3*x + 0.1}
		p.Y = ulpsFrom(p.Y, rng.IntN(3)-1)
		near = append(near, p)
	}
	sets["near-collinear"] = dedupe(near)
	// Near-cocircular: (cos θ, sin θ) rounded.
	var ring []Point
	for i := 0; i < 300; i++ {
		th := 2 * math.Pi * rng.Float64()
		ring = append(ring, Point{math.Cos(th), math.Sin(th)})
	}
	sets["near-circle"] = dedupe(ring)
	// Wide range of magnitudes (big.Rat predicates).
	sets["wide"] = []Point{{0, 0}, {1e-250, 0}, {0, 1e-250}, {1e250, 1e250}, {-1e250, 1e250}, {1e-250, 1e-250}, {3, 4}, {-2e-300, 5e-300}}
	return sets
}

func dedupe(pts []Point) []Point {
	seen := map[Point]bool{}
	var out []Point
	for _, p := range pts {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

func TestTriangulateDegenerate(t *testing.T) {
	for name, pts := range degenerateSets() {
		t.Run(name, func(t *testing.T) { mustTriangulate(t, pts) })
	}
}

// TestTriangulateAnyOrder inserts points in random order, so most of them
// land inside the hull or on edges and go through the point-location and
// split code; the result must still be Delaunay.
func TestTriangulateAnyOrder(t *testing.T) {
	sets := degenerateSets()
	sets["random300"] = uniformPoints(300, 9)
	inside := 0
	for name, pts := range sets {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(21, 22))
			for rep := 0; rep < 2; rep++ {
				b := newBuilder(pts)
				seed, ok, err := b.seed()
				noErr(t, err)
				check(t, ok, "seed")
				order := make([]int32, len(pts))
				for i := range order {
					order[i] = int32(i)
				}
				rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
				noErr(t, b.sweep(seed, order))
				inside += b.inside
				verify(t, pts, b.output())
			}
		})
	}
	// Sets in convex position never take the inside path; the grids do.
	check(t, inside > 1000, "only %d points took the inside path", inside)
	t.Logf("%d insertions went through point location", inside)
}

func TestTriangulateSmall(t *testing.T) {
	tr, err := Triangulate(nil)
	noErr(t, err)
	check(t, len(tr.Triangles) == 0 && len(tr.Edges) == 0 && len(tr.Hull) == 0, "n=0: %+v", tr)

	tr, err = Triangulate([]Point{{1, 2}})
	noErr(t, err)
	check(t, len(tr.Edges) == 0 && reflect.DeepEqual(tr.Hull, []int{0}), "n=1: %+v", tr)

	tr, err = Triangulate([]Point{{3, 1}, {1, 2}})
	noErr(t, err)
	check(t, reflect.DeepEqual(tr.Edges, [][2]int{{0, 1}}) && reflect.DeepEqual(tr.Hull, []int{1, 0}), "n=2: %+v", tr)

	tr = mustTriangulate(t, []Point{{0, 0}, {1, 0}, {0, 1}})
	check(t, reflect.DeepEqual(tr.Triangles, [][3]int{{0, 1, 2}}), "%v", tr.Triangles)
	check(t, reflect.DeepEqual(tr.Neighbors, [][3]int{{-1, -1, -1}}), "%v", tr.Neighbors)
}

func TestTriangulateCollinear(t *testing.T) {
	cases := map[string][]Point{
		"horizontal": {{3, 0}, {1, 0}, {2, 0}, {-5, 0}, {10, 0}},
		"vertical":   {{0, 3}, {0, -1}, {0, 2}, {0, 7}},
		"diagonal":   {{4, 9}, {0, 1}, {2, 5}, {-3, -5}, {1, 3}},
		"three":      {{0, 0}, {2, 2}, {1, 1}},
	}
	var big []Point
	for i := 0; i < 300; i++ {
		big = append(big, Point{float64((i * 7919) % 300), 2 * float64((i*7919)%300)})
	}
	cases["big"] = big
	for name, pts := range cases {
		t.Run(name, func(t *testing.T) {
			tr := mustTriangulate(t, pts)
			equal(t, 0, len(tr.Triangles))
		})
	}
	tr := mustTriangulate(t, cases["horizontal"])
	check(t, reflect.DeepEqual(tr.Hull, []int{3, 1, 2, 0, 4}), "%v", tr.Hull)
	check(t, reflect.DeepEqual(tr.Edges, [][2]int{{0, 2}, {0, 4}, {1, 2}, {1, 3}}), "%v", tr.Edges)
}

func TestTriangulateDuplicates(t *testing.T) {
	cases := []struct {
		name string
		pts  []Point
		i, j int
	}{
		{"pair", []Point{{1, 1}, {1, 1}}, 0, 1},
		{"seed", []Point{{0, 0}, {5, 5}, {5, 5}, {10, 0}, {0, 10}, {10, 10}}, 1, 2},
		{"later", []Point{{0, 0}, {1, 0}, {0, 1}, {3, 3}, {7, 2}, {0, 1}}, 2, 5},
		{"collinear", []Point{{0, 0}, {2, 2}, {1, 1}, {2, 2}}, 1, 3},
		{"signed zero", []Point{{0, 1}, {1, 0}, {0, 0}, {math.Copysign(0, -1), 0}, {1, 1}}, 2, 3},
		{"first pair wins", []Point{{4, 4}, {9, 9}, {0, 0}, {9, 9}, {4, 4}, {9, 1}}, 1, 3},
	}
	var grid []Point = gridPoints(10, 10, 1, 0, 3)
	grid = append(grid, grid[57])
	cases = append(cases, struct {
		name string
		pts  []Point
		i, j int
	}{"grid", grid, 57, 100})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Triangulate(c.pts)
			var de *DuplicateError
			check(t, errors.As(err, &de), "want *DuplicateError, got %v", err)
			equal(t, c.i, de.I)
			equal(t, c.j, de.J)
			check(t, strings.Contains(err.Error(), strconv.Itoa(c.i)) && strings.Contains(err.Error(), strconv.Itoa(c.j)), "%v", err)
		})
	}
}

func TestTriangulateNonFinite(t *testing.T) {
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		pts := []Point{{0, 0}, {1, 0}, {0, 1}, {1, bad}, {bad, 2}}
		_, err := Triangulate(pts)
		var pe *PointError
		check(t, errors.As(err, &pe), "want *PointError, got %v", err)
		equal(t, 3, pe.Index)
		check(t, errors.Is(err, ErrNotFinite), "%v", err)
	}
}

func TestTriangulateDeterministic(t *testing.T) {
	pts := uniformPoints(2000, 5)
	pts = append(pts, gridPoints(10, 10, 0.1, 0.05, 1)...)
	a, err := Triangulate(pts)
	noErr(t, err)
	b, err := Triangulate(pts)
	noErr(t, err)
	check(t, reflect.DeepEqual(a, b), "two runs differ")
}

// TestTriangulateRapid: small point sets on a coarse integer grid, so that
// collinear and cocircular subsets are the rule.
func TestTriangulateRapid(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		k := rapid.IntRange(1, 8).Draw(rt, "k")
		n := rapid.IntRange(0, 40).Draw(rt, "n")
		var pts []Point
		seen := map[Point]bool{}
		for i := 0; i < n; i++ {
			p := Point{float64(rapid.IntRange(0, k).Draw(rt, "x")), float64(rapid.IntRange(0, k).Draw(rt, "y"))}
			if !seen[p] {
				seen[p] = true
				pts = append(pts, p)
			}
		}
		tr, err := Triangulate(pts)
		if err != nil {
			rt.Fatalf("%v", err)
		}
		verify(rt, pts, tr)
	})
}

// FuzzTriangulate decodes bytes into points on a small grid (duplicates
// removed) and checks the result.
func FuzzTriangulate(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 0, 1, 1, 1, 2, 2})
	f.Add([]byte{0, 0, 2, 2, 4, 4, 1, 3})
	f.Add([]byte{3, 0, 0, 3, 4, 5, 5, 4, 0, 0, 7, 7, 1, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 128 {
			data = data[:128]
		}
		var pts []Point
		seen := map[Point]bool{}
		for i := 0; i+1 < len(data); i += 2 {
			p := Point{float64(data[i] % 16), float64(data[i+1] % 16)}
			if !seen[p] {
				seen[p] = true
				pts = append(pts, p)
			}
		}
		tr, err := Triangulate(pts)
		noErr(t, err)
		verify(t, pts, tr)
	})
}

// readXY reads a TSPLIB-derived file of "x y" lines.
func readXY(t *testing.T, path string) []Point {
	t.Helper()
	f, err := os.Open(path)
	noErr(t, err)
	defer f.Close()
	var pts []Point
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		check(t, len(fields) == 2, "%s:%d: want two fields", path, line)
		x, err := strconv.ParseFloat(fields[0], 64)
		noErr(t, err)
		y, err := strconv.ParseFloat(fields[1], 64)
		noErr(t, err)
		pts = append(pts, Point{x, y})
	}
	noErr(t, sc.Err())
	return pts
}

// TestTriangulateTSPLIB: d198 and lin318 are drilling problems with many
// points on grids and lines.
func TestTriangulateTSPLIB(t *testing.T) {
	for _, name := range []string{"d198.txt", "lin318.txt"} {
		t.Run(name, func(t *testing.T) {
			pts := readXY(t, fixture.Path(t, "tsplib/"+name))
			tr := mustTriangulate(t, pts)
			t.Logf("%s: %d points, %d triangles, %d edges, %d hull points", name, len(pts), len(tr.Triangles), len(tr.Edges), len(tr.Hull))
		})
	}
}
