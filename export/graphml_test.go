package export

import (
	"bytes"
	"encoding/xml"
	"math"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

const graphmlNS = "http://graphml.graphdrawing.org/xmlns"

// element is any XML element, parsed with encoding/xml.
type element struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []element  `xml:",any"`
}

func (e *element) attr(name string) (string, bool) {
	for _, a := range e.Attrs {
		if a.Name.Local == name && (a.Name.Space == "" || a.Name.Space == graphmlNS) {
			return a.Value, true
		}
	}
	return "", false
}

// contentModel is a sequence of (element name, at most one?) groups: the
// children must match the groups in order, each group any number of
// times (or at most once).
type group struct {
	names []string
	once  bool
}

// checkContent reports whether the children of e follow the model.
func checkContent(t tester, e *element, model []group) {
	t.Helper()
	g, count := 0, 0
	for _, c := range e.Children {
		require.Equal(t, graphmlNS, c.XMLName.Space, "<%s> outside the GraphML namespace", c.XMLName.Local)
		for g < len(model) && !slices.Contains(model[g].names, c.XMLName.Local) {
			g, count = g+1, 0
		}
		require.Less(t, g, len(model), "<%s> is not allowed here in <%s>", c.XMLName.Local, e.XMLName.Local)
		count++
		require.False(t, model[g].once && count > 1, "<%s> twice in <%s>", c.XMLName.Local, e.XMLName.Local)
	}
}

var nmtoken = regexp.MustCompile(`^[\pL\pN._:-]+$`)

// parsedGraph is what a GraphML file says, after the structure of the
// GraphML schema (graphml-structure.xsd and the attributes extension) has
// been checked: keys, graph data, nodes and edges with their typed data.
type parsedGraph struct {
	graphData map[string]string
	nodes     []map[string]string // by node order; "id" holds the node's id
	edges     []map[string]string // "source", "target" and the data
}

// parseGraphML checks the file against the schema's content models and
// attribute rules and returns its data by attribute name.
func parseGraphML(t tester, b []byte) parsedGraph {
	t.Helper()
	var root element
	require.NoError(t, xml.Unmarshal(b, &root))
	require.Equal(t, xml.Name{Space: graphmlNS, Local: "graphml"}, root.XMLName)
	// graphml: desc?, key*, (graph | data)*
	checkContent(t, &root, []group{{[]string{"desc"}, true}, {[]string{"key"}, false}, {[]string{"graph", "data"}, false}})
	type keyDecl struct{ target, name, typ string }
	keys := map[string]keyDecl{}
	var graphs []*element
	for i := range root.Children {
		c := &root.Children[i]
		switch c.XMLName.Local {
		case "key":
			id, ok := c.attr("id")
			require.True(t, ok, "a key without an id")
			_, dup := keys[id]
			require.False(t, dup, "key %q declared twice", id)
			target, _ := c.attr("for")
			require.Contains(t, []string{"all", "graphml", "graph", "node", "edge", "hyperedge", "port", "endpoint"}, target)
			name, _ := c.attr("attr.name")
			require.Regexp(t, nmtoken, name, "attr.name is an NMTOKEN")
			typ, _ := c.attr("attr.type")
			require.Contains(t, []string{"boolean", "int", "long", "float", "double", "string"}, typ)
			checkContent(t, c, []group{{[]string{"desc"}, true}, {[]string{"default"}, true}})
			keys[id] = keyDecl{target, name, typ}
		case "graph":
			graphs = append(graphs, c)
		}
	}
	require.Len(t, graphs, 1)
	g := graphs[0]
	ed, _ := g.attr("edgedefault")
	require.Contains(t, []string{"directed", "undirected"}, ed)
	// graph: desc?, (data | node | edge | hyperedge)*
	checkContent(t, g, []group{{[]string{"desc"}, true}, {[]string{"data", "node", "edge", "hyperedge"}, false}})
	// data reads one datum: its key declared for the element it is in,
	// its value of the key's type.
	data := func(into map[string]string, e *element, target string) {
		d, _ := e.attr("key")
		k, ok := keys[d]
		require.True(t, ok, "data with the undeclared key %q", d)
		require.Contains(t, []string{target, "all"}, k.target, "key %q is for %s, used in <%s>", d, k.target, target)
		_, dup := into[k.name]
		require.False(t, dup, "%s %q given twice", target, k.name)
		switch k.typ {
		case "double":
			_, err := strconv.ParseFloat(e.Text, 64)
			require.NoError(t, err)
		case "int":
			_, err := strconv.Atoi(e.Text)
			require.NoError(t, err)
		}
		into[k.name] = e.Text
	}
	p := parsedGraph{graphData: map[string]string{}}
	ids := map[string]bool{}
	for i := range g.Children {
		c := &g.Children[i]
		switch c.XMLName.Local {
		case "data":
			data(p.graphData, c, "graph")
		case "node":
			// node: desc?, (data | port)*, graph?, locator?
			checkContent(t, c, []group{{[]string{"desc"}, true}, {[]string{"data", "port"}, false}, {[]string{"graph"}, true}, {[]string{"locator"}, true}})
			id, ok := c.attr("id")
			require.True(t, ok)
			require.Regexp(t, nmtoken, id, "node ids are NMTOKENs")
			require.False(t, ids[id], "node id %q twice", id)
			ids[id] = true
			m := map[string]string{"id": id}
			for j := range c.Children {
				data(m, &c.Children[j], "node")
			}
			p.nodes = append(p.nodes, m)
		case "edge":
			// edge: desc?, data*, graph?
			checkContent(t, c, []group{{[]string{"desc"}, true}, {[]string{"data"}, false}, {[]string{"graph"}, true}})
			m := map[string]string{}
			m["source"], _ = c.attr("source")
			m["target"], _ = c.attr("target")
			for j := range c.Children {
				data(m, &c.Children[j], "edge")
			}
			p.edges = append(p.edges, m)
		}
	}
	for _, e := range p.edges {
		require.True(t, ids[e["source"]] && ids[e["target"]], "edge %v names a node that is not declared", e)
	}
	return p
}

func graphml(t *testing.T, tr *sll.Tree, o Options) parsedGraph {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteGraphML(&b, tr, o))
	return parseGraphML(t, b.Bytes())
}

func parseFloat(t tester, s string) float64 {
	t.Helper()
	x, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err)
	return x
}

// GraphML read back with encoding/xml: the schema's structure, one node
// per vertex with its kind, label and coordinates (bit for bit in the
// tree's chart, and equal to package hyperbolic's conversion in the
// others), one edge per edge with its length bit for bit.
func TestGraphMLRoundTrip(t *testing.T) {
	hyp := hyperbolicTree(t, 200, 5)
	hyp.Labels = make([]string, hyp.Terminals)
	for i := range hyp.Labels {
		hyp.Labels[i] = []string{"a<b", "x&y", `"q"`, "plain", "ü"}[i%5]
	}
	euc := euclideanTree(t, 150, 6)
	for _, tc := range []struct {
		name  string
		tree  *sll.Tree
		model string
		want  func(p hyperbolic.Point) map[string]float64
	}{
		{"hyperbolic klein", hyp, "", func(p hyperbolic.Point) map[string]float64 { return map[string]float64{"x": p.X, "y": p.Y} }},
		{"poincare", hyp, "poincare", func(p hyperbolic.Point) map[string]float64 {
			q, err := hyperbolic.KleinToPoincare(p)
			require.NoError(t, err)
			return map[string]float64{"x": q.X, "y": q.Y}
		}},
		{"halfplane", hyp, "halfplane", func(p hyperbolic.Point) map[string]float64 {
			q, err := hyperbolic.KleinToHalfPlane(p)
			require.NoError(t, err)
			return map[string]float64{"x": q.X, "y": q.Y}
		}},
		{"hyperboloid", hyp, "hyperboloid", func(p hyperbolic.Point) map[string]float64 {
			q, err := hyperbolic.KleinToHyperboloid(p)
			require.NoError(t, err)
			return map[string]float64{"t": q.T, "x": q.X, "y": q.Y}
		}},
		{"euclidean", euc, "", func(p hyperbolic.Point) map[string]float64 { return map[string]float64{"x": p.X, "y": p.Y} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := tc.tree
			p := graphml(t, tr, Options{Model: tc.model})
			require.Len(t, p.nodes, len(tr.Vertices))
			require.Len(t, p.edges, len(tr.Edges))
			pl, err := tr.Plane()
			require.NoError(t, err)
			model := tc.model
			if model == "" {
				model = pl.Model()
			}
			assert.Equal(t, map[string]string{"space": tr.Space, "model": model,
				"length": strconv.FormatFloat(fsum.Sum(tr.EdgeLengths), 'g', -1, 64), "terminals": strconv.Itoa(tr.Terminals)}, p.graphData)
			assert.Equal(t, tr.Length, parseFloat(t, p.graphData["length"]), "the total length is the tree's")
			for i, nd := range p.nodes {
				require.Equal(t, strconv.Itoa(i), nd["id"])
				if i < tr.Terminals {
					require.Equal(t, "terminal", nd["kind"])
					require.Equal(t, terminalName(tr, i), nd["label"])
				} else {
					require.Equal(t, "steiner", nd["kind"])
					require.NotContains(t, nd, "label")
				}
				want := tc.want(tr.Vertices[i])
				require.Len(t, nd, 2+len(want)+btoi(i < tr.Terminals))
				for name, x := range want {
					require.Equal(t, math.Float64bits(x), math.Float64bits(parseFloat(t, nd[name])), "vertex %d %s", i, name)
				}
			}
			for k, e := range p.edges {
				require.Equal(t, strconv.Itoa(tr.Edges[k][0]), e["source"])
				require.Equal(t, strconv.Itoa(tr.Edges[k][1]), e["target"])
				require.Equal(t, math.Float64bits(tr.EdgeLengths[k]), math.Float64bits(parseFloat(t, e["length"])), "edge %d", k)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestGraphMLModelErrors(t *testing.T) {
	var b bytes.Buffer
	err := WriteGraphML(&b, euclideanTree(t, 10, 1), Options{Model: "poincare"})
	assert.EqualError(t, err, `export: model "poincare": a euclidean tree has euclidean coordinates only`)
	err = WriteGraphML(&b, hyperbolicTree(t, 10, 1), Options{Model: "beltrami"})
	assert.EqualError(t, err, `export: unknown model "beltrami": expected klein, poincare, halfplane or hyperboloid`)
	assert.Zero(t, b.Len())
}

// appendEscaped writes what encoding/xml's EscapeText writes.
func TestAppendEscapedMatchesEncodingXML(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := string(rapid.SliceOfN(rapid.Byte(), 0, 40).Draw(t, "bytes"))
		if rapid.Bool().Draw(t, "runes") {
			s = rapid.String().Draw(t, "string")
		}
		var want bytes.Buffer
		if err := xml.EscapeText(&want, []byte(s)); err != nil {
			t.Fatal(err)
		}
		if got := string(appendEscaped(nil, s)); got != want.String() {
			t.Fatalf("%q: got %q, want %q", s, got, want.String())
		}
	})
}
