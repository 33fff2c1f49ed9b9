package draw

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/svg"
	"github.com/hypersteiner/hypersteiner/sll"
)

// element is one parsed SVG element: its name, attributes and text.
type element struct {
	name  string
	attrs map[string]string
	text  string
}

// parseSVG decodes the document as XML and returns its elements in order.
func parseSVG(t *testing.T, b []byte) []element {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	var out []element
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the SVG parses as XML")
		switch tk := tok.(type) {
		case xml.StartElement:
			e := element{name: tk.Name.Local, attrs: map[string]string{}}
			for _, a := range tk.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			out = append(out, e)
		case xml.CharData:
			if len(out) > 0 {
				out[len(out)-1].text += string(tk)
			}
		}
	}
	require.NotEmpty(t, out)
	require.Equal(t, "svg", out[0].name)
	return out
}

func byClass(els []element, class string) []element {
	var out []element
	for _, e := range els {
		if e.attrs["class"] == class {
			out = append(out, e)
		}
	}
	return out
}

func texts(els []element, class string) []string {
	var out []string
	for _, e := range byClass(els, class) {
		out = append(out, e.text)
	}
	return out
}

var numRE = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)

// pathPoints returns the coordinate pairs of a path's M and L commands
// (arc radii and flags are skipped) and how many subpaths it has.
func pathPoints(t *testing.T, d string) (pts [][2]float64, subpaths int) {
	t.Helper()
	for _, cmd := range regexp.MustCompile(`[MLAh][^MLAh]*`).FindAllString(d, -1) {
		nums := numRE.FindAllString(cmd[1:], -1)
		f := make([]float64, len(nums))
		for i, s := range nums {
			v, err := strconv.ParseFloat(s, 64)
			require.NoError(t, err)
			f[i] = v
		}
		switch cmd[0] {
		case 'M':
			subpaths++
			pts = append(pts, [2]float64{f[0], f[1]})
		case 'L':
			pts = append(pts, [2]float64{f[0], f[1]})
		case 'A':
			require.Len(t, f, 7, cmd)
			pts = append(pts, [2]float64{f[5], f[6]})
		}
	}
	return pts, subpaths
}

func attrFloat(t *testing.T, e element, name string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(e.attrs[name], 64)
	require.NoError(t, err, "%s=%q", name, e.attrs[name])
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

func render(t *testing.T, tree *sll.Tree, opt Options) []element {
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

			edges := byClass(els, "edges")
			require.Len(t, edges, 1)
			pts, sub := pathPoints(t, edges[0].attrs["d"])
			assert.Equal(t, len(tree.Edges), sub, "one subpath per edge")
			assert.Equal(t, tc.arcs, strings.Contains(edges[0].attrs["d"], "A"), "arcs only in the Poincaré disk")
			for _, class := range []string{"terminals", "steiner"} {
				dots := byClass(els, class)
				require.Len(t, dots, 1, class)
				p, sub := pathPoints(t, dots[0].attrs["d"])
				pts = append(pts, p...)
				if class == "terminals" {
					assert.Equal(t, tree.Terminals, sub)
				} else {
					assert.Equal(t, tree.SteinerPoints(), sub)
				}
			}
			assert.Len(t, byClass(els, "delaunay"), map[bool]int{true: 1}[tc.opt.Delaunay])
			assert.Len(t, byClass(els, "frame"), tc.nFrames, "axes for a Euclidean tree only")
			assert.Len(t, byClass(els, "boundary"), 1-tc.nFrames, "the disk for a hyperbolic tree only")
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
			for _, e := range append(byClass(els, "legend"), byClass(els, "summary")...) {
				right := attrFloat(t, e, "x") + svg.TextWidth(e.text, attrFloat(t, e, "font-size"))
				assert.LessOrEqual(t, right, width, "%q fits the width", e.text)
				assert.LessOrEqual(t, attrFloat(t, e, "y"), height)
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
		near(st.Edge*f, attrFloat(t, byClass(els, "edges")[0], "stroke-width"))
		near(2*st.Terminal*f, attrFloat(t, byClass(els, "terminals")[0], "stroke-width"))
		near(2*st.Steiner*f, attrFloat(t, byClass(els, "steiner")[0], "stroke-width"))
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
		{"space", func(t *sll.Tree) { t.Space = "spherical" }, Options{}, `unknown space "spherical"`},
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
		assert.NotEmpty(t, byClass(els, "legend"))
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
