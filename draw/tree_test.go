package draw

import (
	"bytes"
	"flag"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/svg/svgtest"
	"github.com/hypersteiner/hypersteiner/sll"
)

// parseSVG decodes the document as XML and returns its elements in order.
func parseSVG(t *testing.T, b []byte) []svgtest.Element {
	t.Helper()
	els, err := svgtest.Parse(b)
	require.NoError(t, err, "the SVG parses as XML")
	return els
}

func texts(els []svgtest.Element, class string) []string {
	var out []string
	for _, e := range svgtest.ByClass(els, class) {
		out = append(out, e.Text)
	}
	return out
}

// pathPoints returns the points a path visits and its subpaths.
func pathPoints(t *testing.T, d string) ([][2]float64, int) {
	t.Helper()
	pts, sub, err := svgtest.PathPoints(d)
	require.NoError(t, err)
	return pts, sub
}

func attrFloat(t *testing.T, e svgtest.Element, name string) float64 {
	t.Helper()
	v, err := e.Float(name)
	require.NoError(t, err)
	return v
}

// sampleTree is the hyperbolic tree of n points of G(0, 0.5), seed 1.
func sampleTree(t testing.TB, n int, space string) *sll.Tree {
	rng := rand.New(rand.NewPCG(1, 0))
	pts, err := hyperbolic.SampleWrappedGaussian(rng, n, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	sp := sll.Euclidean()
	if space == "hyperbolic" {
		solver, err := fermat.ByName("auto")
		require.NoError(t, err)
		sp = sll.Hyperbolic(solver)
	}
	tree, err := sll.Build(pts, sll.Options{Space: sp, FST: 4, KeepMesh: true})
	require.NoError(t, err)
	return tree
}

func render(t *testing.T, tree *sll.Tree, opt Options) []svgtest.Element {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, Tree(&b, tree, opt))
	return parseSVG(t, b.Bytes())
}

func TestTreeElements(t *testing.T) {
	for _, tc := range []struct {
		name    string
		space   string
		n       int
		opt     Options
		model   string
		arcs    bool
		nFrames int
	}{
		{"klein", "hyperbolic", 40, Options{}, "Klein disk", false, 0},
		{"poincare", "hyperbolic", 40, Options{Model: "poincare"}, "Poincaré disk", true, 0},
		{"delaunay", "hyperbolic", 40, Options{Delaunay: true, Width: 500}, "Klein disk", false, 0},
		{"euclidean", "euclidean", 25, Options{Model: "poincare"}, "Euclidean plane", false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := sampleTree(t, tc.n, tc.space)
			els := render(t, tree, tc.opt)
			width := attrFloat(t, els[0], "width")
			height := attrFloat(t, els[0], "height")
			want := tc.opt.Width
			if want == 0 {
				want = RefWidth
			}
			assert.Equal(t, want, width)
			assert.Greater(t, height, width, "the legend below the plane")

			edges := svgtest.ByClass(els, "edges")
			require.Len(t, edges, 1)
			pts, sub := pathPoints(t, edges[0].Attrs["d"])
			assert.Equal(t, len(tree.Edges), sub, "one subpath per edge")
			assert.Equal(t, tc.arcs, strings.Contains(edges[0].Attrs["d"], "A"), "arcs only in the Poincaré disk")
			for _, class := range []string{"terminals", "steiner"} {
				dots := svgtest.ByClass(els, class)
				require.Len(t, dots, 1, class)
				p, sub := pathPoints(t, dots[0].Attrs["d"])
				pts = append(pts, p...)
				if class == "terminals" {
					assert.Equal(t, tree.Terminals, sub)
				} else {
					assert.Equal(t, tree.SteinerPoints(), sub)
				}
			}
			assert.Len(t, svgtest.ByClass(els, "delaunay"), map[bool]int{true: 1}[tc.opt.Delaunay])
			assert.Len(t, svgtest.ByClass(els, "frame"), tc.nFrames, "axes for a Euclidean tree only")
			assert.Len(t, svgtest.ByClass(els, "boundary"), 1-tc.nFrames, "the disk for a hyperbolic tree only")
			for _, p := range pts {
				assert.True(t, p[0] >= 0 && p[0] <= width && p[1] >= 0 && p[1] <= width, "point %v inside the plane's square", p)
			}

			legend := strings.Join(texts(els, "legend"), " | ")
			assert.Contains(t, legend, "terminal ("+strconv.Itoa(tree.Terminals)+")")
			assert.Contains(t, legend, "Steiner point ("+strconv.Itoa(tree.SteinerPoints())+")")
			assert.Contains(t, legend, "edge ("+strconv.Itoa(len(tree.Edges))+")")
			assert.Equal(t, tc.opt.Delaunay, strings.Contains(legend, "Delaunay edge"))
			summary := strings.Join(texts(els, "summary"), " ")
			assert.Contains(t, summary, tc.model)
			assert.Contains(t, summary, "RED "+strconv.FormatFloat(tree.RED(), 'f', 2, 64)+" %")
			assert.Contains(t, summary, "MST ")
			assert.Contains(t, summary, "solver "+tree.Solver)
			for _, e := range els {
				if e.Name != "text" {
					continue
				}
				x0, y0, x1, y1, err := svgtest.TextBox(e)
				require.NoError(t, err)
				assert.True(t, x0 >= 0 && x1 <= width && y0 >= 0 && y1 <= height, "%q inside the picture", e.Text)
			}
		})
	}
}

// The stroke and dot sizes of the file are StyleFor's, scaled with the
// width.
func TestTreeSizesFollowStyle(t *testing.T) {
	for _, tc := range []struct {
		n     int
		width float64
	}{{5, 0}, {60, 0}, {300, 0}, {300, 1600}, {1200, 400}} {
		tree := sampleTree(t, tc.n, "euclidean")
		els := render(t, tree, Options{Width: tc.width})
		f := tc.width / RefWidth
		if tc.width == 0 {
			f = 1
		}
		st := StyleFor(len(tree.Vertices))
		near := func(want, got float64) { assert.InDelta(t, want, got, 0.006, "n=%d width=%g", tc.n, tc.width) }
		near(st.Edge*f, attrFloat(t, svgtest.ByClass(els, "edges")[0], "stroke-width"))
		near(2*st.Terminal*f, attrFloat(t, svgtest.ByClass(els, "terminals")[0], "stroke-width"))
		near(2*st.Steiner*f, attrFloat(t, svgtest.ByClass(els, "steiner")[0], "stroke-width"))
	}
}

func TestStyleFor(t *testing.T) {
	for _, tc := range []struct {
		n              int
		edge, terminal float64
	}{
		{1, 2.5, 5},
		{4, 2.5, 5},
		{144, 2.5, 5},
		{400, 2, 3},
		{1600, 1, 1.5},
		{1324, 40 / math.Sqrt(1324), 60 / math.Sqrt(1324)},
		{2500, 0.8, 1.2},
		{6400, 0.6, 0.8},
		{10000, 0.6, 0.8},
		{1000000, 0.6, 0.8},
	} {
		s := StyleFor(tc.n)
		assert.InDelta(t, tc.edge, s.Edge, 1e-12, "n=%d", tc.n)
		assert.InDelta(t, tc.terminal, s.Terminal, 1e-12, "n=%d", tc.n)
		assert.InDelta(t, 0.8*tc.terminal, s.Steiner, 1e-12, "n=%d", tc.n)
	}
	assert.Equal(t, StyleFor(1), StyleFor(0), "an empty tree gets the largest marks")
}

// Marks never grow with n, stay within their bounds, and a dot is never
// narrower than an edge.
func TestStyleForMonotone(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.IntRange(0, 1<<24).Draw(t, "a")
		b := rapid.IntRange(a, 1<<24).Draw(t, "b")
		sa, sb := StyleFor(a), StyleFor(b)
		if sb.Edge > sa.Edge || sb.Terminal > sa.Terminal || sb.Steiner > sa.Steiner {
			t.Fatalf("StyleFor(%d) = %+v larger than StyleFor(%d) = %+v", b, sb, a, sa)
		}
		if sb.Edge < 0.6 || sb.Edge > 2.5 || sb.Terminal < 0.8 || sb.Terminal > 5 {
			t.Fatalf("StyleFor(%d) = %+v out of bounds", b, sb)
		}
		if 2*sb.Steiner < sb.Edge {
			t.Fatalf("StyleFor(%d) = %+v: a Steiner dot narrower than an edge", b, sb)
		}
	})
}

// The geodesic's circle passes through both points and meets the unit
// circle at right angles (|c|² = 1 + r²).
func TestOrthogonalCircle(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pt := func(name string) hyperbolic.Point {
			r := rapid.Float64Range(0.01, 0.99).Draw(t, name+"r")
			a := rapid.Float64Range(0, 2*math.Pi).Draw(t, name+"a")
			return hyperbolic.Point{X: r * math.Cos(a), Y: r * math.Sin(a)}
		}
		p, q := pt("p"), pt("q")
		c, r, ok := orthogonalCircle(p, q)
		if !ok {
			cross := p.X*q.Y - p.Y*q.X
			if math.Abs(cross) > 1e-8 {
				t.Fatalf("no circle for %v, %v (cross %g)", p, q, cross)
			}
			return
		}
		for _, x := range []hyperbolic.Point{p, q} {
			if d := math.Hypot(x.X-c.X, x.Y-c.Y); math.Abs(d-r) > 1e-9*math.Max(1, r) {
				t.Fatalf("|c − %v| = %g, r = %g", x, d, r)
			}
		}
		if d := c.X*c.X + c.Y*c.Y - 1 - r*r; math.Abs(d) > 1e-9*math.Max(1, r*r) {
			t.Fatalf("|c|² − 1 − r² = %g", d)
		}
	})
	_, _, ok := orthogonalCircle(hyperbolic.Point{X: 0.5}, hyperbolic.Point{X: -0.25})
	assert.False(t, ok, "a diameter has no circle")
	_, _, ok = orthogonalCircle(hyperbolic.Point{}, hyperbolic.Point{X: 0.3, Y: 0.1})
	assert.False(t, ok, "through the origin: a diameter")
}

func TestTreeErrors(t *testing.T) {
	good := func() *sll.Tree {
		return &sll.Tree{Space: "hyperbolic", Terminals: 2, Vertices: []hyperbolic.Point{{X: 0.1}, {Y: 0.2}}, Edges: [][2]int{{0, 1}}}
	}
	for _, tc := range []struct {
		name string
		edit func(*sll.Tree)
		opt  Options
		msg  string
	}{
		{"model", nil, Options{Model: "halfplane"}, `unknown model "halfplane"`},
		{"width", nil, Options{Width: 10}, "width 10 px"},
		{"space", func(t *sll.Tree) { t.Space = "spherical" }, Options{}, `unknown plane "spherical"`},
		{"edge", func(t *sll.Tree) { t.Edges = append(t.Edges, [2]int{1, 2}) }, Options{}, "edge 1 joins 1 and 2"},
		{"terminals", func(t *sll.Tree) { t.Terminals = 3 }, Options{}, "3 terminals of 2 vertices"},
		{"nan", func(t *sll.Tree) { t.Vertices[1].Y = math.NaN() }, Options{}, "vertex 1 is"},
		{"outside", func(t *sll.Tree) { t.Vertices[1].Y = 1.5 }, Options{Model: "poincare"}, "vertex 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := good()
			if tc.edit != nil {
				tc.edit(tree)
			}
			var b bytes.Buffer
			err := Tree(&b, tree, tc.opt)
			require.ErrorContains(t, err, tc.msg)
			assert.Zero(t, b.Len(), "nothing written")
		})
	}
	require.Error(t, Tree(io.Discard, nil, Options{}))
	var b bytes.Buffer
	require.NoError(t, Tree(&b, good(), Options{}))
	parseSVG(t, b.Bytes())
}

// An empty tree and a single point still give a valid picture.
func TestTreeDegenerate(t *testing.T) {
	for _, tree := range []*sll.Tree{
		{Space: "euclidean"},
		{Space: "euclidean", Terminals: 1, Vertices: []hyperbolic.Point{{X: 3, Y: 4}}},
		{Space: "hyperbolic", Terminals: 1, Vertices: []hyperbolic.Point{{X: 0.5}}},
	} {
		els := render(t, tree, Options{})
		assert.NotEmpty(t, svgtest.ByClass(els, "legend"))
	}
}

func BenchmarkTree(b *testing.B) {
	tree := sampleTree(b, 10000, "hyperbolic")
	for _, model := range []string{"klein", "poincare"} {
		b.Run(model, func(b *testing.B) {
			for b.Loop() {
				if err := Tree(io.Discard, tree, Options{Model: model}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var gallery = flag.String("gallery", "", "write the test pictures to this folder, to look at (e.g. after rsvg-convert to PNG)")

// TestGallery draws the pictures a person should look at when the
// drawing changes — 10, 1000 and 10⁴ points, both disks, the Euclidean
// plane with its Delaunay edges — and writes them to -gallery DIR.
func TestGallery(t *testing.T) {
	for _, tc := range []struct {
		name, space string
		n           int
		opt         Options
	}{
		{"klein_10", "hyperbolic", 10, Options{}},
		{"klein_1000", "hyperbolic", 1000, Options{}},
		{"poincare_1000", "hyperbolic", 1000, Options{Model: "poincare"}},
		{"klein_10000", "hyperbolic", 10000, Options{}},
		{"euclidean_60_delaunay", "euclidean", 60, Options{Delaunay: true}},
	} {
		var b bytes.Buffer
		require.NoError(t, Tree(&b, sampleTree(t, tc.n, tc.space), tc.opt), tc.name)
		parseSVG(t, b.Bytes())
		if *gallery != "" {
			require.NoError(t, os.MkdirAll(*gallery, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(*gallery, tc.name+".svg"), b.Bytes(), 0o644))
		}
	}
}
