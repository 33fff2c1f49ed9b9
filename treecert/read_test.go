package treecert

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

// sampleTree builds the tree of n points of G(0, 0.5).
func sampleTree(tb testing.TB, n int) *sll.Tree {
	tb.Helper()
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(uint64(n), 4)), n, hyperbolic.Point{}, 0.5)
	require.NoError(tb, err)
	tr, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(fermat.Auto{})})
	require.NoError(tb, err)
	return tr
}

func FuzzRead(f *testing.F) {
	b, err := json.Marshal(sampleTree(f, 30))
	require.NoError(f, err)
	f.Add(b)
	f.Add([]byte(`{"space":"hyperbolic","terminals":1,"vertices":[[0,0]],"edges":[]}`))
	f.Add([]byte(`{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"edge_lengths":[1]}`))
	f.Add([]byte(`{"vertices":[[2,0]]}`))
	f.Add([]byte(`{"edges":[[0,5]]}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, c, err := Read(data, "fuzz")
		if err != nil {
			return
		}
		if len(tr.Vertices) > 200 {
			return // keep the fuzz loop fast
		}
		rep, err := Check(tr, c, Options{Workers: 1})
		if err != nil {
			return
		}
		if rep.OK != (len(rep.Failures) == 0) {
			t.Fatal("OK disagrees with the failures")
		}
	})
}
