package export

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hypersteiner/hypersteiner/treecert"
)

// Tree files as convert reads them: every writer either refuses the tree
// with an error or writes it, and a written Newick tree reads back with
// one node per vertex.
func FuzzWrite(f *testing.F) {
	b, err := json.Marshal(hyperbolicTree(f, 12, 1))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b, 0)
	f.Add([]byte(`{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"labels":["a b","c'd"]}`), 1)
	f.Add([]byte(`{"space":"euclidean","terminals":1,"vertices":[[0,0],[1,0],[0,1]],"edges":[[0,1],[1,2]],"edge_lengths":[1e308,1e308]}`), 0)
	f.Add([]byte(`{"terminals":3,"vertices":[[0,0],[0.5,0],[0,0.5]],"edges":[[0,1],[1,0]]}`), 2)
	f.Fuzz(func(t *testing.T, data []byte, root int) {
		tr, _, err := treecert.Read(data, "fuzz")
		if err != nil || len(tr.Vertices) > 500 {
			return
		}
		for _, fm := range []Format{JSON, Newick, GraphML, Edges} {
			var b bytes.Buffer
			err := Write(&b, tr, fm, Options{Root: root, Model: "poincare"})
			if err != nil {
				if b.Len() > 0 && fm != JSON {
					t.Fatalf("%v: %d bytes written before the error %v", fm, b.Len(), err)
				}
				continue
			}
			if fm == Newick {
				nodes, err := parseNewick(b.String())
				if err != nil {
					t.Fatalf("written Newick does not read back: %v\n%s", err, b.String())
				}
				if len(nodes) != len(tr.Vertices) {
					t.Fatalf("%d Newick nodes for %d vertices", len(nodes), len(tr.Vertices))
				}
			}
		}
	})
}
