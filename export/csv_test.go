package export

import (
	"bytes"
	"encoding/csv"
	"math"
	"strconv"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readCSV(t *testing.T, b []byte) [][]string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	require.NoError(t, err)
	return recs
}

func TestEdgesRoundTrip(t *testing.T) {
	tr := hyperbolicTree(t, 300, 7)
	var b bytes.Buffer
	require.NoError(t, WriteEdges(&b, tr))
	recs := readCSV(t, b.Bytes())
	require.Len(t, recs, len(tr.Edges)+1)
	assert.Equal(t, []string{"u", "v", "length"}, recs[0])
	for k, r := range recs[1:] {
		assert.Equal(t, strconv.Itoa(tr.Edges[k][0]), r[0])
		assert.Equal(t, strconv.Itoa(tr.Edges[k][1]), r[1])
		require.Equal(t, math.Float64bits(tr.EdgeLengths[k]), math.Float64bits(parseFloat(t, r[2])), "edge %d", k)
	}
}

func TestNodes(t *testing.T) {
	tr := handTree(2, [][2]int{{0, 2}, {1, 2}}, []float64{1, 2})
	tr.Space = "hyperbolic"
	tr.Vertices = []hyperbolic.Point{{X: 0.5, Y: 0}, {X: 0, Y: -0.25}, {X: 0.1, Y: 0.1}}
	tr.Labels = []string{"cell, first", `say "hi"`}
	for _, tc := range []struct {
		model string
		want  string
	}{
		{"", "id,kind,x,y,label\n0,terminal,0.5,0,\"cell, first\"\n1,terminal,0,-0.25,\"say \"\"hi\"\"\"\n2,steiner,0.1,0.1,\n"},
		{"hyperboloid", "id,kind,t,x,y,label\n" +
			"0,terminal," + f(1/math.Sqrt(0.75)) + "," + f(0.5/math.Sqrt(0.75)) + ",0,\"cell, first\"\n" +
			"1,terminal," + f(1/math.Sqrt(1-0.0625)) + ",0," + f(-0.25/math.Sqrt(1-0.0625)) + ",\"say \"\"hi\"\"\"\n" +
			"2,steiner," + f(1/math.Sqrt(0.98)) + "," + f(0.1/math.Sqrt(0.98)) + "," + f(0.1/math.Sqrt(0.98)) + ",\n"},
	} {
		t.Run(tc.model, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteNodes(&b, tr, Options{Model: tc.model}))
			assert.Equal(t, tc.want, b.String())
			recs := readCSV(t, b.Bytes())
			assert.Equal(t, []string{"cell, first", `say "hi"`, ""}, []string{recs[1][len(recs[1])-1], recs[2][len(recs[2])-1], recs[3][len(recs[3])-1]})
		})
	}
}

func f(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
