package delaunay

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// adversarialSets reads the project's adversarial point sets (x,y lines).
func adversarialSets(t *testing.T) map[string][]Point {
	t.Helper()
	files, err := filepath.Glob("../testdata/adversarial/*.csv")
	noErr(t, err)
	check(t, len(files) > 5, "adversarial sets: %d files", len(files))
	sets := map[string][]Point{}
	for _, f := range files {
		fh, err := os.Open(f)
		noErr(t, err)
		var pts []Point
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			xs, ys, ok := strings.Cut(line, ",")
			check(t, ok, "%s: %q", f, line)
			x, err := strconv.ParseFloat(strings.TrimSpace(xs), 64)
			noErr(t, err)
			y, err := strconv.ParseFloat(strings.TrimSpace(ys), 64)
			noErr(t, err)
			pts = append(pts, Point{x, y})
		}
		noErr(t, sc.Err())
		noErr(t, fh.Close())
		sets[filepath.Base(f)] = pts
	}
	return sets
}

// equivalenceSets are Klein point sets of many kinds for comparing the
// mesh paths: random in disks of several radii, crowded at the ideal
// boundary, the tree benchmark's Gaussian, a grid (cocircular quadruples),
// collinear, tiny, with duplicates, and the adversarial files.
func equivalenceSets(t *testing.T) map[string][]Point {
	sets := adversarialSets(t)
	for seed := uint64(1); seed <= 4; seed++ {
		sets[fmt.Sprint("klein0.5/", seed)] = kleinPoints(500*int(seed), 0.5, seed)
		sets[fmt.Sprint("klein0.999/", seed)] = kleinPoints(2000, 0.999, seed)
		sets[fmt.Sprint("boundary/", seed)] = boundaryKlein(3000, 8+4*float64(seed), seed)
		hp, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(seed, 0)), 5000, hyperbolic.Point{}, 0.5)
		noErr(t, err)
		g := make([]Point, len(hp))
		for i, p := range hp {
			g[i] = Point{p.X, p.Y}
		}
		sets[fmt.Sprint("gaussian/", seed)] = g
	}
	// Points on circles that nearly touch the unit circle: triangles close
	// to horocycles, where the filter must give way.
	rng := rand.New(rand.NewPCG(9, 9))
	var horo []Point
	for len(horo) < 600 {
		th := 2 * math.Pi * rng.Float64()
		rho := 0.05 + 0.4*rng.Float64()
		o := 1 - rho - math.Ldexp(1, -30-rng.IntN(30))
		for k := 0; k < 6; k++ {
			ph := 2 * math.Pi * rng.Float64()
			p := Point{o*math.Cos(th) + rho*math.Cos(ph), o*math.Sin(th) + rho*math.Sin(ph)}
			if inOpenDisk(p) {
				horo = append(horo, p)
			}
		}
	}
	sets["horocycles"] = horo
	// More points than one block of the scans before the sweep.
	sets["klein0.9/large"] = kleinPoints(3*scanBlock+100, 0.9, 11)
	grid := gridPoints(40, 40, 1.0/64, -0.3, 3)
	sets["grid"] = grid
	sets["collinear"] = []Point{{0.5, 0.25}, {-0.5, -0.25}, {0, 0}, {0.25, 0.125}}
	sets["two"] = []Point{{0.1, 0.2}, {-0.3, 0.4}}
	sets["one"] = []Point{{0.1, 0.2}}
	sets["none"] = nil
	dup := kleinPoints(300, 0.9, 7)
	sets["duplicate"] = append(dup, dup[123])
	return sets
}

func sameMesh(t *testing.T, want, got *Mesh, what string) {
	t.Helper()
	check(t, slices.Equal(want.Edges, got.Edges), "%s: Edges differ", what)
	check(t, slices.Equal(want.Triangles, got.Triangles), "%s: Triangles differ", what)
	check(t, slices.Equal(want.TriEdges, got.TriEdges), "%s: TriEdges differ", what)
	check(t, slices.Equal(want.Across, got.Across), "%s: Across differ", what)
	check(t, slices.Equal(want.Faces, got.Faces), "%s: Faces differ", what)
}

// HyperbolicMesh (fused passes, static circle filter) and TriangulateMesh
// give the very slices of the reference implementation, or the same
// error, for every number of workers.
func TestMeshMatchesReference(t *testing.T) {
	for name, pts := range equivalenceSets(t) {
		want, wantErr := hyperbolicMeshRef(pts, 1)
		for _, w := range []int{1, 2, 3} {
			got, err := HyperbolicMesh(pts, w)
			what := fmt.Sprintf("%s, %d workers", name, w)
			if wantErr != nil {
				check(t, err != nil && err.Error() == wantErr.Error(), "%s: error %v, want %v", what, err, wantErr)
				continue
			}
			noErr(t, err)
			sameMesh(t, want, got, what)
		}
		b, ok, err := buildRef(pts)
		if err != nil || !ok {
			continue
		}
		ref := b.meshRef(1)
		ref.Faces = ref.TriEdges
		got, err := TriangulateMesh(pts)
		noErr(t, err)
		sameMesh(t, ref, got, name+", Euclidean")
	}
}

// inDiskFilter never contradicts the exact sign of G, and decides the
// ordinary triangles: random ones, tiny ones near the ideal boundary, and
// ones whose circumcircle nearly touches the unit circle.
func TestInDiskFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	decided, total := 0, 0
	try := func(a, b, c Point) {
		total++
		s := inDiskFilter(a, b, c)
		cc := newCircle(a, b, c)
		exact := cc.inDiskRat()
		check(t, s == 0 || s == exact, "%v %v %v: filter %d, exact %d", a, b, c, s, exact)
		if s != 0 {
			decided++
		}
	}
	disk := func(r float64) Point {
		for {
			p := Point{r * (2*rng.Float64() - 1), r * (2*rng.Float64() - 1)}
			if p.X*p.X+p.Y*p.Y < r*r {
				return p
			}
		}
	}
	for range 4000 {
		try(disk(1), disk(1), disk(1))
	}
	check(t, decided > total*99/100, "random: filter decided %d of %d", decided, total)
	for range 4000 {
		// A tiny triangle at distance ε from the ideal boundary.
		th := 2 * math.Pi * rng.Float64()
		eps := math.Ldexp(1, -rng.IntN(50))
		s := eps * math.Ldexp(1, -rng.IntN(20))
		o := Point{(1 - eps) * math.Cos(th), (1 - eps) * math.Sin(th)}
		pt := func() Point { d := disk(s); return Point{o.X + d.X, o.Y + d.Y} }
		a, b, c := pt(), pt(), pt()
		if inOpenDisk(a) && inOpenDisk(b) && inOpenDisk(c) {
			try(a, b, c)
		}
	}
	for range 4000 {
		// Three points of a circle within 2⁻²⁰…2⁻⁶⁰ of tangency.
		th := 2 * math.Pi * rng.Float64()
		rho := 0.01 + 0.5*rng.Float64()
		o := 1 - rho + math.Ldexp(2*rng.Float64()-1, -20-rng.IntN(40))
		on := func() Point {
			ph := 2 * math.Pi * rng.Float64()
			return Point{o*math.Cos(th) + rho*math.Cos(ph), o*math.Sin(th) + rho*math.Sin(ph)}
		}
		try(on(), on(), on())
	}
	t.Logf("decided %d of %d", decided, total)
	check(t, decided < total, "the filter gave way on no triangle at all")
}

// firstMin finds the first of equal minima, wherever the blocks split,
// for any number of workers, as a sequential loop does.
func TestFirstMin(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, n := range []int{0, 1, scanBlock - 1, scanBlock, 3*scanBlock + 7} {
		keys := make([]float64, n)
		for i := range keys {
			keys[i] = float64(rng.IntN(50)) // many ties, in every block
		}
		for i := n / 3; i < n; i += scanBlock / 2 {
			keys[i] = -1 // equal minima in several blocks
		}
		skip := func(i int32) bool { return i%7 == 3 }
		want, wantD := int32(-1), math.Inf(1)
		for i := range int32(n) {
			if !skip(i) && (want < 0 || keys[i] < wantD) {
				want, wantD = i, keys[i]
			}
		}
		for _, w := range []int{1, 2, 3} {
			got, d := firstMin(n, w, func(i int32) (float64, bool) { return keys[i], !skip(i) })
			equal(t, want, got, "n=%d workers=%d", n, w)
			if want >= 0 {
				equal(t, wantD, d, "n=%d workers=%d", n, w)
			}
		}
	}
}
