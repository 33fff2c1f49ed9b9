package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/bench"
	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/bigref"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

// buildTree makes a hyperbolic Steiner tree of n seeded points.
func buildTree(tb testing.TB, n int, seed uint64) *sll.Tree {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	pts, err := hyperbolic.SampleWrappedGaussian(rng, n, hyperbolic.Point{}, 0.7)
	require.NoError(tb, err)
	s, err := fermat.ByName("auto")
	require.NoError(tb, err)
	tree, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s)})
	require.NoError(tb, err)
	return tree
}

// treeJSON is the file form of a tree, as a generic map for tampering.
func treeJSON(tb testing.TB, t *sll.Tree) map[string]any {
	b, err := json.Marshal(t)
	require.NoError(tb, err)
	var m map[string]any
	require.NoError(tb, json.Unmarshal(b, &m))
	return m
}

func writeJSON(tb testing.TB, v any) string {
	tb.Helper()
	b, err := json.Marshal(v)
	require.NoError(tb, err)
	return fixture.WriteTemp(tb, "tree.json", b)
}

func runCmd(args []string, stdin string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, strings.NewReader(stdin), &o, &e)
	return code, o.String(), e.String()
}

func TestVerifyTreeCertifiesBuiltTree(t *testing.T) {
	tree := buildTree(t, 300, 1)
	require.Greater(t, tree.SteinerPoints(), 10)
	path := writeJSON(t, tree)
	for _, prec := range []string{"53", "256"} {
		code, out, errOut := runCmd([]string{"tree", "--json", "--prec", prec, path}, "")
		require.Equal(t, cli.ExitOK, code, errOut)
		var rep treecert.Report
		require.NoError(t, json.Unmarshal([]byte(out), &rep))
		assert.True(t, rep.OK)
		assert.True(t, rep.IsTree)
		assert.Equal(t, tree.SteinerPoints(), rep.Steiner.Certified)
		assert.Empty(t, rep.Failures)
		for _, s := range rep.SteinerPoints {
			assert.Equal(t, "certified", s.Status)
		}
		// every vertex classified once
		a := rep.Angles
		assert.Equal(t, len(tree.Vertices), a.Leaves+a.Below+a.AtOrAbove+a.Steiner120)
		assert.Equal(t, tree.SteinerPoints(), a.Steiner120)
		// the length enclosure contains the 300-bit sum
		ref := new(big.Float).SetPrec(300)
		for _, e := range tree.Edges {
			ref.Add(ref, bigref.Dist(tree.Vertices[e[0]], tree.Vertices[e[1]], 300))
		}
		lo, _, err := big.ParseFloat(rep.Length.Enclosure[0], 10, 300, big.ToNearestEven)
		require.NoError(t, err)
		hi, _, err := big.ParseFloat(rep.Length.Enclosure[1], 10, 300, big.ToNearestEven)
		require.NoError(t, err)
		assert.True(t, lo.Cmp(ref) <= 0 && ref.Cmp(hi) <= 0, "length %v ∉ [%v, %v]", ref, lo, hi)
		w := new(big.Float).Sub(hi, lo)
		rel, _ := w.Quo(w, ref).Float64()
		if prec == "53" {
			assert.Less(t, rel, 1e-13)
		} else {
			assert.Less(t, rel, 1e-70)
		}
	}
	// the summary
	code, out, _ := runCmd([]string{"tree", path}, "")
	assert.Equal(t, cli.ExitOK, code)
	assert.Contains(t, out, "OK: every claim of the tree is proved")
	assert.Contains(t, out, "structure: a tree")
}

func TestVerifyTreeTampered(t *testing.T) {
	tree := buildTree(t, 200, 2)
	n := tree.Terminals
	steiner := n + 1
	edgeOf := func(m map[string]any, v int) int {
		for k, e := range m["edges"].([]any) {
			ee := e.([]any)
			if int(ee[0].(float64)) == v || int(ee[1].(float64)) == v {
				return k
			}
		}
		t.Fatal("no edge")
		return -1
	}
	cases := []struct {
		name   string
		tamper func(m map[string]any)
		code   int
		msg    string
	}{
		{"moved Steiner point", func(m map[string]any) {
			v := m["vertices"].([]any)[steiner].([]any)
			v[0] = v[0].(float64) + 1e-6
		}, cli.ExitFailure, "not the Fermat point of its neighbours"},
		{"degree-2 Steiner point", func(m map[string]any) {
			k := edgeOf(m, steiner)
			es, ls := m["edges"].([]any), m["edge_lengths"].([]any)
			m["edges"] = append(es[:k:k], es[k+1:]...)
			m["edge_lengths"] = append(ls[:k:k], ls[k+1:]...)
		}, cli.ExitFailure, "Steiner point of degree 2, expected 3"},
		{"dangling edge index", func(m map[string]any) {
			m["edges"].([]any)[3].([]any)[1] = float64(len(m["vertices"].([]any)) + 7)
		}, cli.ExitUsage, "is out of range"},
		{"negative edge index", func(m map[string]any) {
			m["edges"].([]any)[0].([]any)[0] = -1.0
		}, cli.ExitUsage, "is out of range"},
		{"loop", func(m map[string]any) {
			e := m["edges"].([]any)[0].([]any)
			e[1] = e[0]
		}, cli.ExitUsage, "is a loop"},
		{"vertex outside the disk", func(m map[string]any) {
			m["vertices"].([]any)[5] = []any{0.8, 0.8}
		}, cli.ExitUsage, "vertex 5"},
		{"euclidean tree", func(m map[string]any) { m["space"] = "euclidean" }, cli.ExitUsage, `euclidean trees are stored in "euclidean" coordinates`},
		{"poincare model", func(m map[string]any) { m["model"] = "poincare" }, cli.ExitUsage, `hyperbolic trees are stored in "klein" coordinates`},
		{"unknown space", func(m map[string]any) { m["space"] = "spherical" }, cli.ExitUsage, `space "spherical"`},
		{"no terminals", func(m map[string]any) { delete(m, "terminals") }, cli.ExitUsage, `no "terminals"`},
		// Every stored number is a claim (issue 16's tampered trees).
		{"length ×(1+1e-12)", func(m map[string]any) { m["length"] = m["length"].(float64) * (1 + 1e-12) }, cli.ExitFailure, "length: stored"},
		{"length ×(1+1e-9)", func(m map[string]any) { m["length"] = m["length"].(float64) * (1 + 1e-9) }, cli.ExitFailure, "length: stored"},
		{"first edge length doubled", func(m map[string]any) {
			ls := m["edge_lengths"].([]any)
			ls[0] = 2 * ls[0].(float64)
		}, cli.ExitFailure, "edge_lengths: edge 0"},
		{"mst_length off", func(m map[string]any) { m["mst_length"] = m["mst_length"].(float64) * (1 + 1e-11) }, cli.ExitFailure, "mst_length: stored"},
		{"ratio off", func(m map[string]any) { m["ratio"] = m["ratio"].(float64) * (1 + 1e-12) }, cli.ExitFailure, "ratio: stored"},
		{"red_percent off", func(m map[string]any) { m["red_percent"] = m["red_percent"].(float64) + 0.01 }, cli.ExitFailure, "red_percent: stored"},
		{"fst3 off", func(m map[string]any) { m["fst3"] = m["fst3"].(float64) + 1 }, cli.ExitFailure, "fst3: stored"},
		{"terminals n+1", func(m map[string]any) { m["terminals"] = m["terminals"].(float64) + 1 }, cli.ExitFailure, "full components"},
		{"terminal count", func(m map[string]any) { m["terminals"] = 1e6 }, cli.ExitUsage, "terminals"},
		{"edge lengths", func(m map[string]any) { m["edge_lengths"] = []any{1.0} }, cli.ExitUsage, "edge lengths for"},
		{"cycle", func(m map[string]any) {
			m["edges"] = append(m["edges"].([]any), []any{0.0, 1.0})
			m["edge_lengths"] = append(m["edge_lengths"].([]any), 1.0)
		}, cli.ExitFailure, "not a tree: edge"},
		{"cycle, summary", func(m map[string]any) {
			m["edges"] = append(m["edges"].([]any), []any{0.0, 1.0})
			m["edge_lengths"] = append(m["edge_lengths"].([]any), 1.0)
		}, cli.ExitFailure, "closes a cycle\n"},
		{"disconnected", func(m map[string]any) {
			es, ls := m["edges"].([]any), m["edge_lengths"].([]any)
			m["edges"], m["edge_lengths"] = es[:len(es)-1], ls[:len(ls)-1]
		}, cli.ExitFailure, "not a tree: the graph is disconnected (2 parts"},
		// Other models' coordinates beside the Klein ones (--out-model)
		// are claims too: within 4·2⁻⁵³ of the images of the Klein ones.
		{"vertices_poincare", func(m map[string]any) {
			rows := make([]any, len(m["vertices"].([]any)))
			for i := range rows {
				rows[i] = []any{0.1, 0.2}
			}
			m["vertices_poincare"] = rows
		}, cli.ExitFailure, "vertices_poincare: vertex 0 (terminal) stores (0.1, 0.2), but the exact image"},
		{"vertices_poincare count", func(m map[string]any) { m["vertices_poincare"] = []any{[]any{0.1, 0.2}} }, cli.ExitUsage, `1 rows in "vertices_poincare"`},
	}
	for _, tc := range cases {
		m := treeJSON(t, tree)
		tc.tamper(m)
		path := writeJSON(t, m)
		code, out, errOut := runCmd([]string{"tree", path}, "")
		assert.Equal(t, tc.code, code, "%s: %s", tc.name, errOut)
		assert.Contains(t, out+errOut, tc.msg, tc.name)
	}
	// the moved point's report names it and its r is the perturbation
	m := treeJSON(t, tree)
	v := m["vertices"].([]any)[steiner].([]any)
	v[1] = v[1].(float64) - 1e-6
	code, out, _ := runCmd([]string{"tree", "--json", writeJSON(t, m)}, "")
	require.Equal(t, cli.ExitFailure, code)
	var rep treecert.Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	// Moving the point makes its three edges' stored lengths and the total
	// false too.
	var vertices []int
	for _, f := range rep.Failures {
		vertices = append(vertices, f.Vertex)
	}
	assert.Equal(t, []int{-1, -1, steiner}, vertices, "%v", rep.Failures)
	assert.Equal(t, "refuted", rep.SteinerPoints[1].Status)
	r, _ := new(big.Float).SetString(rep.SteinerPoints[1].Radius)
	rf, _ := r.Float64()
	assert.InEpsilon(t, 1e-6, rf, 0.02) // printed with 3 digits, rounded up

	// malformed JSON, missing file, no argument
	p := fixture.WriteTemp(t, "bad.json", []byte(`{"vertices": [[0.1, 0.2],`))
	code, _, errOut := runCmd([]string{"tree", p}, "")
	assert.Equal(t, cli.ExitUsage, code)
	assert.Contains(t, errOut, "malformed JSON")
	code, _, _ = runCmd([]string{"tree", filepath.Join(t.TempDir(), "none.json")}, "")
	assert.Equal(t, cli.ExitUsage, code)
	code, _, _ = runCmd([]string{"tree"}, "")
	assert.Equal(t, cli.ExitUsage, code)
	code, _, _ = runCmd([]string{"tree", "--prec", "20", p}, "")
	assert.Equal(t, cli.ExitUsage, code)
	// standard input
	b, _ := json.Marshal(tree)
	code, _, errOut = runCmd([]string{"tree", "-"}, string(b))
	assert.Equal(t, cli.ExitOK, code, errOut)
}

// verify fermat: every line parses; statuses as the rule says.
func TestVerifyFermat(t *testing.T) {
	parse := func(out string) []certify.FermatLine {
		var lines []certify.FermatLine
		sc := bufio.NewScanner(strings.NewReader(out))
		for sc.Scan() {
			var l certify.FermatLine
			require.NoError(t, json.Unmarshal(sc.Bytes(), &l), sc.Text())
			lines = append(lines, l)
		}
		return lines
	}
	six := "0.1,0.2,-0.3,-0.1,0.25,-0.35\n0.75,0,0.5,0,0.375,0.25\n0.9,0,-0.9,0,0,0.9999999\n"
	code, out, errOut := runCmd([]string{"fermat"}, six)
	require.Equal(t, cli.ExitOK, code, errOut)
	lines := parse(out)
	require.Len(t, lines, 3)
	assert.Equal(t, "certified", lines[0].Status)
	assert.Equal(t, "auto", lines[0].Solver)
	assert.Equal(t, "none", lines[1].Status)
	require.NotNil(t, lines[1].Wide)
	assert.Equal(t, 1, *lines[1].Wide, "the exact 120° vertex")
	assert.Nil(t, lines[1].X)
	assert.Equal(t, "certified", lines[2].Status)
	assert.GreaterOrEqual(t, lines[0].Digits, 14)
	// the printed point and radius hold the Fermat point: compare with
	// the 256-bit answer
	code, out, _ = runCmd([]string{"fermat", "--prec", "256"}, six[:29])
	require.Equal(t, cli.ExitOK, code)
	l256 := parse(out)[0]
	assert.GreaterOrEqual(t, l256.Digits, 70)
	x53, _ := new(big.Float).SetPrec(300).SetString(*lines[0].X)
	x256, _ := new(big.Float).SetPrec(300).SetString(*l256.X)
	r53, _ := new(big.Float).SetString(*lines[0].Radius)
	d := new(big.Float).SetPrec(300).Sub(x53, x256)
	assert.LessOrEqual(t, d.Abs(d).Cmp(r53), 0)

	good := "0.1,0.2,-0.3,-0.1,0.25,-0.35,0.004961340564163853,-0.05038986309406556\n"
	moved := "0.1,0.2,-0.3,-0.1,0.25,-0.35,0.004961340564163853,-0.05038886309406556\n"
	terminal := "0.1,0.2,-0.3,-0.1,0.25,-0.35,0.1,0.2\n"
	wide := "0.75,0,0.5,0,0.375,0.25,0.5,0\n"
	notWide := "0.75,0,0.5,0,0.375,0.25,0.6,0\n" // no Fermat point, and not the wide vertex either
	code, out, errOut = runCmd([]string{"fermat", "-"}, good+moved+terminal+wide+notWide)
	assert.Equal(t, cli.ExitFailure, code)
	assert.Contains(t, errOut, "3 of 5 rows refuted, undecided or claiming a wrong point")
	lines = parse(out)
	require.Len(t, lines, 5)
	assert.Equal(t, []string{"certified", "refuted", "refuted", "none", "none"},
		[]string{lines[0].Status, lines[1].Status, lines[2].Status, lines[3].Status, lines[4].Status})
	require.NotNil(t, lines[1].Offset)
	off, _ := new(big.Float).SetString(*lines[1].Offset)
	of, _ := off.Float64()
	assert.InEpsilon(t, 1e-6, of, 0.02) // printed with 3 digits, rounded up

	// a looser tolerance accepts the moved point
	code, out, _ = runCmd([]string{"fermat", "--tol", "1e-5"}, moved)
	assert.Equal(t, cli.ExitOK, code)
	assert.Equal(t, "certified", parse(out)[0].Status)

	// unusable input
	for _, bad := range []string{"0.1,0.2,-0.3\n", "1.1,0,0,0,0.5,0.5\n", "a,b,c,d,e,f\n", ""} {
		code, _, errOut = runCmd([]string{"fermat"}, bad)
		assert.Equal(t, cli.ExitUsage, code, "%q: %s", bad, errOut)
	}
	// JSON on standard input
	code, _, errOut = runCmd([]string{"fermat"}, "[[0, 0, 0.5, 0, 0.1, 0.2]]")
	assert.Equal(t, cli.ExitOK, code, errOut)
	// the place is line:column of the vertex, 1-based
	_, _, errOut = runCmd([]string{"fermat"}, "1.1,0,0,0,0.5,0.5\n")
	assert.Equal(t, "verify fermat: stdin:1:1: vertex a: point (1.1, 0) is on or outside the unit circle (the klein model needs x² + y² < 1)\n", errOut)
	_, _, errOut = runCmd([]string{"fermat"}, "# c\n0,0, 0.5,0, 0.9,0.9\n")
	assert.Equal(t, "verify fermat: stdin:2:13: vertex c: point (0.9, 0.9) is on or outside the unit circle (the klein model needs x² + y² < 1)\n", errOut)
	code, _, _ = runCmd([]string{"fermat", "--solver", "certified"}, six)
	assert.Equal(t, cli.ExitUsage, code)
}

func TestVerifyCompare(t *testing.T) {
	code, out, errOut := runCmd([]string{"compare", "--json", "--n", "40", "--seed", "3"}, "")
	require.Equal(t, cli.ExitOK, code, errOut)
	var rep bench.Comparison
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 40, rep.Triangles)
	assert.Equal(t, map[string]int{"generic": 10, "boundary": 10, "tiny": 10, "near-120": 10}, rep.Kinds)
	assert.Equal(t, 40, rep.WithSteiner+rep.None)
	names := []string{}
	for _, s := range rep.Strategies {
		names = append(names, s.Name)
		assert.Equal(t, rep.WithSteiner, s.Found+s.Missed+s.Wrong+s.Unverified, s.Name)
		assert.LessOrEqual(t, s.Spurious, rep.None)
	}
	assert.Equal(t, fermat.FloatNames(), names)
	for _, s := range rep.Strategies {
		if s.Name == "auto" || s.Name == "newton" {
			assert.Equal(t, rep.Certified, s.Found, "%s finds every certified point", s.Name)
			assert.Zero(t, s.Wrong+s.Spurious)
		}
	}
	// Markdown, and CSV input
	code, out, _ = runCmd([]string{"compare", "--n", "8"}, "")
	require.Equal(t, cli.ExitOK, code)
	assert.Contains(t, out, "| strategy | found | missed | spurious | wrong |")
	p := fixture.WriteTemp(t, "tri.csv", []byte("ax,ay,bx,by,cx,cy\n0.1,0.2,-0.3,-0.1,0.25,-0.35\n0.75,0,0.5,0,0.375,0.25\n"))
	code, out, errOut = runCmd([]string{"compare", "--json", p}, "")
	require.Equal(t, cli.ExitOK, code, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 1, rep.WithSteiner)
	assert.Equal(t, 1, rep.None)
	code, _, _ = runCmd([]string{"compare", "--n", "0"}, "")
	assert.Equal(t, cli.ExitUsage, code)
}

// BenchmarkVerifyTree: verify tree on a 10⁴-terminal tree (built once with
// sll.Build), parsing included, all cores.
func BenchmarkVerifyTree(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		tree := buildTree(b, n, 5)
		path := writeJSON(b, tree)
		b.Run(strconvItoa(n), func(b *testing.B) {
			for b.Loop() {
				var o, e bytes.Buffer
				if code := run([]string{"tree", path}, nil, &o, &e); code != cli.ExitOK {
					b.Fatal(e.String())
				}
			}
		})
	}
}

func strconvItoa(n int) string { return big.NewInt(int64(n)).String() }
