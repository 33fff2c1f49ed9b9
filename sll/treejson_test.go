package sll

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// marshalReference is the tree JSON as encoding/json writes the struct of
// the format: the oracle of WriteJSON.
func marshalReference(t *Tree) ([]byte, error) {
	j := treeJSON{
		Space: t.Space, Model: "klein", Terminals: t.Terminals,
		Vertices: make([][2]float64, len(t.Vertices)), Edges: t.Edges,
		EdgeLengths: t.EdgeLengths, Length: t.Length, MSTLength: t.MSTLength,
		Ratio: t.Ratio(), RED: t.RED(), FST3: t.FST3, FST4: t.FST4,
		Solver: t.Solver, Seconds: t.Seconds, Unproved: t.Unproved, Labels: t.Labels,
	}
	if pl, err := t.Plane(); err == nil {
		j.Model = pl.Model()
	} else {
		j.Model = t.Space
	}
	for i, v := range t.Vertices {
		j.Vertices[i] = [2]float64{v.X, v.Y}
	}
	if j.Edges == nil {
		j.Edges = [][2]int{}
	}
	if j.EdgeLengths == nil {
		j.EdgeLengths = []float64{}
	}
	return json.Marshal(j)
}

// WriteJSON writes what encoding/json writes, on built trees and on trees
// made of every kind of number and string.
func TestWriteJSONMatchesEncodingJSON(t *testing.T) {
	for _, n := range []int{0, 1, 2, 500} {
		for _, sp := range []Space{DefaultSpace(), Euclidean()} {
			tr, err := Build(gaussianSample(t, 3, n), Options{Space: sp})
			require.NoError(t, err)
			tr.Labels = nil
			if n == 500 {
				tr.Unproved = []Unproved{{Vertex: n, Reason: "a <test> & \"quote\""}, {Vertex: n + 1, Radius: 1e-9, Reason: "r"}}
				tr.Labels = make([]string, n)
				tr.Labels[7] = "é\u2028\x01\xff"
			}
			want, err := marshalReference(tr)
			require.NoError(t, err)
			got, err := json.Marshal(tr)
			require.NoError(t, err)
			require.Equal(t, string(want), string(got))
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		num := rapid.Float64Range(-1e300, 1e300)
		tiny := rapid.Float64Range(-1e-290, 1e-290)
		anyNum := rapid.OneOf(num, tiny, rapid.SampledFrom([]float64{0, math.Copysign(0, -1), 1e-6, 9.99e-7, 1e21, 1e20, 5e-324, math.MaxFloat64}))
		nv := rapid.IntRange(0, 6).Draw(t, "vertices")
		tr := &Tree{Space: rapid.SampledFrom([]string{"hyperbolic", "euclidean", "elsewhere"}).Draw(t, "space"),
			Solver: rapid.String().Draw(t, "solver"), Terminals: nv}
		for range nv {
			tr.Vertices = append(tr.Vertices, hyperbolic.Point{X: anyNum.Draw(t, "x"), Y: anyNum.Draw(t, "y")})
			tr.Labels = append(tr.Labels, string(rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, "label")))
		}
		for range rapid.IntRange(0, 4).Draw(t, "edges") {
			tr.Edges = append(tr.Edges, [2]int{rapid.IntRange(-3, 1e9).Draw(t, "u"), rapid.Int().Draw(t, "v")})
			tr.EdgeLengths = append(tr.EdgeLengths, anyNum.Draw(t, "l"))
		}
		tr.Length, tr.MSTLength, tr.Seconds = anyNum.Draw(t, "length"), anyNum.Draw(t, "mst"), anyNum.Draw(t, "seconds")
		if rapid.Bool().Draw(t, "unproved") {
			tr.Unproved = []Unproved{{Vertex: 1, Radius: anyNum.Draw(t, "radius"), Reason: rapid.String().Draw(t, "reason")}}
		}
		want, werr := marshalReference(tr)
		got, gerr := json.Marshal(tr)
		require.Equal(t, werr != nil, gerr != nil, "%v / %v", werr, gerr)
		if werr == nil {
			require.Equal(t, string(want), string(got))
		}
	})
}

// The long lists formatted side by side, and written while the next round
// is formatted, give the bytes of one worker.
func TestWriteJSONWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tr := &Tree{Space: "hyperbolic", Solver: "auto", Terminals: 5*listChunk + 17} // three rounds of two workers: both buffer sets reused
	for i := range tr.Terminals {
		tr.Vertices = append(tr.Vertices, hyperbolic.Point{X: rng.Float64() - 0.5, Y: math.Ldexp(rng.Float64(), -rng.IntN(40))})
		if i > 0 {
			tr.Edges = append(tr.Edges, [2]int{rng.IntN(i), i})
			tr.EdgeLengths = append(tr.EdgeLengths, math.Ldexp(rng.Float64(), -rng.IntN(30)))
		}
	}
	want, err := marshalReference(tr)
	require.NoError(t, err)
	rows := make([]float64, 3*len(tr.Vertices))
	for i := range rows {
		rows[i] = rng.NormFloat64()
	}
	var one bytes.Buffer
	require.NoError(t, tr.WriteJSON(&one, JSONOptions{Model: "hyperboloid", Cols: 3, Rows: rows, Workers: 1}))
	for _, w := range []int{1, 2, 3, 8} {
		var b bytes.Buffer
		require.NoError(t, tr.WriteJSON(&b, JSONOptions{Workers: w}))
		require.Equal(t, string(want), b.String(), "workers %d", w)
		b.Reset()
		require.NoError(t, tr.WriteJSON(&b, JSONOptions{Model: "hyperboloid", Cols: 3, Rows: rows, Workers: w}))
		require.Equal(t, one.String(), b.String(), "workers %d, with a model", w)
	}
}

// A number JSON cannot hold is refused before a byte is written, and the
// extra model vertices are written as jsonnum.Float writes them.
func TestWriteJSONErrorsAndModel(t *testing.T) {
	tr, err := Build(gaussianSample(t, 4, 20), Options{})
	require.NoError(t, err)
	var b bytes.Buffer
	bad := *tr
	bad.Seconds = math.NaN()
	require.Error(t, bad.WriteJSON(&b, JSONOptions{}))
	require.Zero(t, b.Len())
	rows := make([]float64, 2*len(tr.Vertices))
	for i, v := range tr.Vertices {
		rows[2*i], rows[2*i+1] = v.X/3, 1e-7*v.Y
	}
	require.Error(t, tr.WriteJSON(&b, JSONOptions{Model: "poincare", Cols: 3, Rows: rows}))
	require.NoError(t, tr.WriteJSON(&b, JSONOptions{Model: "poincare", Cols: 2, Rows: rows}))
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b.Bytes(), &m))
	var back [][2]float64
	require.NoError(t, json.Unmarshal(m["vertices_poincare"], &back))
	for i := range tr.Vertices {
		require.Equal(t, [2]float64{rows[2*i], rows[2*i+1]}, back[i])
	}
	require.Contains(t, string(m["vertices_poincare"]), "e-")
}
