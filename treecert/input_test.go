package treecert

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadErrors: every refusal names the file and, where the file has a
// place for it, the 1-based line and column of the value refused; no Go
// type or package name leaks into a message.
func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, in, msg string
	}{
		{"no terminals", `{"vertices":[[0,0]],"edges":[]}`,
			`t.json: no "terminals": the number of input points is required`},
		{"no vertices", `{"terminals":0,"edges":[]}`, `t.json: no "vertices"`},
		{"syntax", "{\"terminals\":2,\n\"vertices\":[[0,0],[0.1,0]],\n\"edges\":[[0,1]]\n,}",
			`t.json:4:3: malformed JSON: invalid character '}' looking for beginning of object key string`},
		{"truncated", `{"terminals":2,"vertices":[[0,0]`, `t.json:1:33: malformed JSON: the file ends inside a value`},
		{"wrong type", `{"terminals":"x"}`, `t.json:1:14: "terminals": a JSON string where a whole number is expected`},
		{"not an object", `[1, 2]`, `t.json:1:1: "the tree": a JSON array where an object is expected`},
		{"vertex outside", "{\"terminals\":2,\n \"vertices\":[[0,0], [2,0]],\n \"edges\":[[0,1]]}",
			`t.json:2:21: vertex 1 (terminal): (2, 0) is on or outside the unit circle (Klein coordinates need x² + y² < 1)`},
		{"loop", "{\"terminals\":2,\n \"vertices\":[[0,0],[0.5,0]],\n \"edges\":[[0,1], [1,1]]}",
			`t.json:3:18: edge 1 [1, 1] is a loop`},
		{"edge out of range", `{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,7]]}`,
			`t.json:1:52: edge 0 [0, 7]: vertex index 7 is out of range (2 vertices)`},
		{"too many terminals", `{"terminals":3,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]]}`,
			`t.json:1:14: "terminals" is 3 but there are 2 vertices`},
		{"edge lengths", `{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"edge_lengths":[1,2]}`,
			`t.json:1:74: 2 edge lengths for 1 edges`},
		{"model", `{"terminals":2,"model":"poincare","vertices":[[0,0],[0.5,0]],"edges":[[0,1]]}`,
			`t.json:1:24: model "poincare": hyperbolic trees are stored in "klein" coordinates (other models' coordinates may stand beside them as "vertices_<model>")`},
		{"unproved", "{\"terminals\":2,\"vertices\":[[0,0],[0.5,0]],\"edges\":[[0,1]],\n\"unproved\":[{\"vertex\":1}]}",
			`t.json:2:13: unproved entry 0: vertex 1 is not a Steiner point`},
		// Keys repeated exactly or up to case: encoding/json takes the
		// last (case-insensitively), other readers may take the first, so
		// the stored value is ambiguous (verify tree used to judge the last
		// and pass a file whose "length" any case-sensitive reader takes
		// as false).
		{"key case", `{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"length":1,"Length":0.5}`,
			`t.json:1:70: the keys "length" and "Length" differ only in case: which value the file states is ambiguous`},
		{"key twice", "{\"terminals\":2,\"length\":1,\n\"vertices\":[[0,0],[0.5,0]],\"edges\":[[0,1]],\"length\":0.5}",
			`t.json:2:44: the key "length" appears twice in one object: which value the file states is ambiguous`},
		{"nested key case", "{\"terminals\":2,\"vertices\":[[0,0],[0.5,0],[0.2,0.1]],\"edges\":[[0,2],[1,2]],\n\"unproved\":[{\"vertex\":2,\"Vertex\":1}]}",
			`t.json:2:25: the keys "vertex" and "Vertex" differ only in case: which value the file states is ambiguous`},
		// Rows of the wrong width: encoding/json pads a short one with
		// zeros and drops the surplus of a long one (and reads a null as
		// 0), so these used to pass as other vertices and edges.
		{"long edge", `{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1,7]]}`,
			`t.json:1:52: "edges": row 0 has 3 values, expected 2`},
		{"short vertex", `{"terminals":2,"vertices":[[0,0],[0.5]],"edges":[[0,1]]}`,
			`t.json:1:34: "vertices": row 1 has 1 value, expected 2`},
		{"null coordinate", `{"terminals":2,"vertices":[[0,0],[null,0.5]],"edges":[[0,1]]}`,
			`t.json:1:34: "vertices": row 1 holds a null where 2 numbers are expected`},
		{"null row", `{"terminals":2,"vertices":[null,[0.5,0]],"edges":[[0,1]]}`,
			`t.json:1:28: "vertices": row 0 holds a null where 2 numbers are expected`},
		{"model rows", `{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"vertices_hyperboloid":[[1,0,0],[1.2,0.6]]}`,
			`t.json:1:91: "vertices_hyperboloid": row 1 has 2 values, expected 3`},
		{"model count", `{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"vertices_poincare":[[0,0]]}`,
			`t.json:1:79: 1 rows in "vertices_poincare" for 2 vertices`},
		{"model of the Euclidean plane", `{"space":"euclidean","terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"vertices_poincare":[[0,0],[0.2,0]]}`,
			`t.json:1:99: "vertices_poincare": a euclidean tree has no other models`},
		{"space", `{"space":"spherical","terminals":0,"vertices":[],"edges":[]}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Read([]byte(tc.in), "t.json")
			var ie *InputError
			require.True(t, errors.As(err, &ie), "%v", err)
			if tc.msg != "" {
				assert.Equal(t, tc.msg, err.Error())
			} else {
				assert.Contains(t, err.Error(), "t.json:1:10: space \"spherical\"")
			}
			assert.NotContains(t, err.Error(), "sll.")
			assert.NotContains(t, err.Error(), "hyperbolic:")
		})
	}
}

// TestLocate finds the values of top-level keys and the elements of
// arrays, across lines and around nested values.
func TestLocate(t *testing.T) {
	data := []byte("{\"a\": {\"x\": [1, 2]},\n  \"b\" : [ [1,2], {\"k\":[3]},\n 7 ],\"c\":true}")
	for _, tc := range []struct {
		key       string
		index     int
		line, col int
	}{
		{"a", -1, 1, 7}, {"b", -1, 2, 9}, {"b", 0, 2, 11}, {"b", 1, 2, 18}, {"b", 2, 3, 2},
		{"b", 3, 2, 9}, {"c", -1, 3, 10}, {"d", -1, 0, 0},
	} {
		l, c := locate(data, tc.key, tc.index)
		assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{l, c}, "%s[%d]", tc.key, tc.index)
	}
	l, c := locate([]byte(`[1]`), "a", -1)
	assert.Equal(t, [2]int{0, 0}, [2]int{l, c})
}

// TestSummaryNotATree: the one-line summary says why the graph is not a
// tree.
func TestSummaryNotATree(t *testing.T) {
	for in, want := range map[string]string{
		`{"terminals":3,"vertices":[[0,0],[0.1,0],[0.2,0.1]],"edges":[[0,1],[1,2],[2,0]]}`:     "not a tree: edge 2 [2, 0] closes a cycle",
		`{"terminals":4,"vertices":[[0,0],[0.1,0],[0.2,0.1],[0.3,0.3]],"edges":[[0,1],[2,3]]}`: "not a tree: the graph is disconnected (2 parts; 4 vertices but 2 edges)",
	} {
		tr, c, err := Read([]byte(in), "t.json")
		require.NoError(t, err)
		rep, err := Check(tr, c, Options{Workers: 1})
		require.NoError(t, err)
		assert.False(t, rep.OK)
		assert.Equal(t, want, rep.Summary())
	}
}

// TestCheckProgress: each stage of Check reports its start and its end.
func TestCheckProgress(t *testing.T) {
	tr := sampleTree(t, 300)
	ends := map[string]int{}
	starts := map[string]int{}
	_, err := Check(tr, ClaimsOf(tr), Options{Workers: 2, Progress: func(stage string, done, total int) {
		if done == 0 {
			starts[stage] = total
		}
		if done == total {
			ends[stage] = total
		}
	}})
	require.NoError(t, err)
	want := map[string]int{
		"certifying Steiner points": tr.SteinerPoints(),
		"enclosing angles":          len(tr.Vertices),
		"enclosing edge lengths":    len(tr.Edges),
		"MST of the terminals":      tr.Terminals - 1,
	}
	assert.Equal(t, want, starts)
	assert.Equal(t, want, ends)
}
