package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/hierarchy"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runIn(stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// labelledPentagon is the pentagon with a label column.
const labelledPentagon = "x,y,label\n0.3,0.1,root cell\n-0.2,0.35,b\n-0.4,-0.1,c_1\n0.05,-0.45,d\n0.5,-0.3,e\n"

// tree and exact write every format; the labels of the input name the
// terminals in each; convert turns the JSON into the same bytes as the
// command writes directly.
func TestOutFormats(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "pentagon.csv")
	require.NoError(t, os.WriteFile(in, []byte(labelledPentagon), 0o644))
	for _, cmd := range []string{"tree", "exact"} {
		t.Run(cmd, func(t *testing.T) {
			code, js, stderr := runIn("", cmd, "--quiet", in)
			require.Equal(t, 0, code, stderr)
			var tr sll.Tree
			require.NoError(t, json.Unmarshal([]byte(js), &tr))
			assert.Equal(t, []string{"root cell", "b", "c_1", "d", "e"}, tr.Labels)
			jsonFile := filepath.Join(dir, cmd+".json")
			require.NoError(t, os.WriteFile(jsonFile, []byte(js), 0o644))
			for _, tc := range []struct {
				format string
				has    []string
			}{
				{"newick", []string{"'root cell';\n", "'c_1':", "b:"}},
				{"graphml", []string{`<data key="label">root cell</data>`, `<data key="label">c_1</data>`, `<data key="kind">steiner</data>`, "</graphml>\n"}},
				{"edges", []string{"u,v,length\n"}},
				{"json", []string{`"labels":["root cell","b","c_1","d","e"]`}},
			} {
				code, direct, stderr := runIn("", cmd, "--quiet", "--out-format", tc.format, in)
				require.Equal(t, 0, code, stderr)
				for _, s := range tc.has {
					assert.Contains(t, direct, s, "%s %s", cmd, tc.format)
				}
				code, converted, stderr := runIn("", "convert", "--out-format", tc.format, jsonFile)
				require.Equal(t, 0, code, stderr)
				if tc.format == "json" { // the seconds differ between runs
					assert.Contains(t, converted, tc.has[0])
					continue
				}
				assert.Equal(t, direct, converted, "%s %s: convert writes what the command writes", cmd, tc.format)
			}
		})
	}
}

// --out's extension names the format when --out-format is not given;
// --nodes writes the vertices; --root hangs the Newick tree elsewhere.
func TestOutFiles(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "pentagon.csv")
	require.NoError(t, os.WriteFile(in, []byte(pentagon), 0o644))
	nwk, nodes, gml := filepath.Join(dir, "t.nwk"), filepath.Join(dir, "nodes.csv"), filepath.Join(dir, "t.graphml")
	code, _, stderr := runIn("", "tree", "--quiet", "--out", nwk, "--root", "3", "--nodes", nodes, in)
	require.Equal(t, 0, code, stderr)
	b, err := os.ReadFile(nwk)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(string(b), ")3;\n"), "hung from terminal 3: %s", b)
	b, err = os.ReadFile(nodes)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "id,kind,x,y,label\n0,terminal,0.3,0.1,0\n"), "%s", b)

	code, _, stderr = runIn("", "tree", "--quiet", "--out", gml, "--space", "euclidean", in)
	require.Equal(t, 0, code, stderr)
	b, err = os.ReadFile(gml)
	require.NoError(t, err)
	assert.Contains(t, string(b), `<data key="model">euclidean</data>`)

	// convert --out-model converts the coordinates
	js := filepath.Join(dir, "t.json")
	code, _, stderr = runIn("", "tree", "--quiet", "--out", js, in)
	require.Equal(t, 0, code, stderr)
	code, out, stderr := runIn("", "convert", "--out-format", "graphml", "--out-model", "hyperboloid", js)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, `<key id="t" for="node" attr.name="t" attr.type="double"/>`)
	assert.Contains(t, out, `<data key="model">hyperboloid</data>`)
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		return p
	}
	good := write("good.json", `{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]]}`)
	cycle := write("cycle.json", `{"terminals":3,"vertices":[[0,0],[0.5,0],[0,0.5]],"edges":[[0,1],[1,0]]}`)
	for _, tc := range []struct {
		name string
		args []string
		msg  string
	}{
		{"no file", []string{"convert"}, "hypersteiner convert: one TREE.json expected, got 0"},
		{"unknown format", []string{"convert", "--out-format", "xml", good}, `hypersteiner convert: invalid value "xml" for flag -out-format: unknown output format "xml": expected json, newick, graphml, edges`},
		{"root not a terminal", []string{"convert", "--out-format", "newick", "--root", "2", good}, "hypersteiner convert: --root 2: the tree's terminals are 0 to 1"},
		{"labels for some terminals", []string{"convert", write("lab.json", `{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"labels":["a"]}`)}, "hypersteiner convert: " + filepath.Join(dir, "lab.json") + ": 1 labels for 2 terminals"},
		{"not a tree", []string{"convert", "--out", filepath.Join(dir, "cycle.nwk"), cycle}, "hypersteiner convert: export: not a tree: edge 1 [1, 0] closes a cycle"},
		{"model of a Euclidean tree", []string{"convert", "--out-format", "graphml", "--out-model", "poincare", write("e.json", `{"space":"euclidean","model":"euclidean","terminals":2,"vertices":[[0,0],[3,4]],"edges":[[0,1]]}`)},
			`hypersteiner convert: export: model "poincare": a euclidean tree has euclidean coordinates only`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runIn("", tc.args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			first, _, _ := strings.Cut(stderr, " (run ")
			assert.Equal(t, tc.msg, strings.TrimSpace(first))
		})
	}
	// treecert.Read's position (its column is the one after the offending
	// byte, as encoding/json counts): the line is what this test holds.
	code, out, stderr := runIn("", "convert", write("bad.json", "{\n \"terminals\": 2,\n ]"))
	assert.Empty(t, out)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "bad.json:3:")
	assert.Contains(t, stderr, "malformed JSON")

	_, err := os.Stat(filepath.Join(dir, "cycle.nwk"))
	assert.ErrorIs(t, err, os.ErrNotExist, "a refused tree leaves no file")

	code, out, stderr = runIn(`{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]]}`, "convert", "--out-format", "newick", "-")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "(1:0.5493061443340548)0;\n", out, "the length computed in the plane (artanh 0.5) when the file has none")
}

// planaria --tree writes the tree the experiment scores, the same tree
// tree writes for the points file.
func TestPlanariaTree(t *testing.T) {
	dir, _ := syntheticDir(t)
	nwk := filepath.Join(t.TempDir(), "p.nwk")
	code, out, stderr := runCmd("--data", dir, "--quiet", "--tree", nwk)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "| hypersteiner |")
	got, err := os.ReadFile(nwk)
	require.NoError(t, err)
	code, want, stderr := runIn("", "tree", "--quiet", "--out-format", "newick", filepath.Join(dir, hierarchy.PlanariaPoints))
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, want, string(got))
	assert.True(t, strings.HasSuffix(want, ")0;\n"), "rooted at cell 0")

	code, _, stderr = runCmd("--data", dir, "--quiet", "--tree", "-")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--tree needs a file name")
}
