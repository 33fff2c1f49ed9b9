package hierarchy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/fermat"
)

func TestParseMissing(t *testing.T) {
	for in, want := range map[string][]float64{
		"paper":          PaperMissing,
		" Paper ":        PaperMissing,
		"95, 92.5%":      {95, 92.5},
		"0":              {0},
		"99.5 %, 10, 20": {99.5, 10, 20},
	} {
		got, err := ParseMissing(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for in, want := range map[string]string{
		"100":    `item 1, "100", is not a percentage in [0, 100)`,
		"5,-1":   `item 2, "-1", is not a percentage in [0, 100)`,
		"5,x":    `item 2, "x", is not a percentage in [0, 100)`,
		"5,NaN":  `item 2, "NaN", is not a percentage in [0, 100)`,
		"5,5.0%": "5 is listed twice",
	} {
		_, err := ParseMissing(in)
		assert.EqualError(t, err, want, in)
	}
	p, _ := ParseMissing("paper")
	p[0] = 1
	assert.Equal(t, 95.0, PaperMissing[0], "a copy")
}

func TestParseMethods(t *testing.T) {
	got, err := ParseMethods(" NJ,mst ")
	require.NoError(t, err)
	assert.Equal(t, []string{"nj", "mst"}, got)
	_, err = ParseMethods("mst,upgma")
	assert.EqualError(t, err, `unknown method "upgma" (known: hypersteiner, mst, nj)`)
	_, err = ParseMethods("mst,MST")
	assert.EqualError(t, err, `"mst" is listed twice`)
}

func TestSweepSteps(t *testing.T) {
	assert.Equal(t, 1+2*7, SweepConfig{Missing: []float64{0, 50, 90}, Runs: 7}.Steps())
	assert.Zero(t, SweepConfig{Runs: 7}.Steps())
}

// TestHyperSteinerMethod: the method's tree has its Steiner points after
// the terminals, is shorter than the MST and, like it, follows the
// branches of a synthetic hierarchy (Synthetic.ErrorBound).
func TestHyperSteinerMethod(t *testing.T) {
	syn := newSynthetic(t, 9, 3, 20, 1, 1e-4)
	d := syn.Data
	s, err := fermat.ByName("auto")
	require.NoError(t, err)
	hs, err := HyperSteinerMethod(s).Build(d.Points)
	require.NoError(t, err)
	assert.Equal(t, len(d.Points), hs.Terminals)
	assert.Greater(t, hs.Vertices, hs.Terminals)
	mst, err := MST(d.Points)
	require.NoError(t, err)
	sum := func(l []float64) (s float64) {
		for _, x := range l {
			s += x
		}
		return s
	}
	assert.Less(t, sum(hs.Lengths), sum(mst.Lengths))
	tr, err := Evaluate(HyperSteinerMethod(s), d)
	require.NoError(t, err)
	assert.LessOrEqual(t, tr.Error, syn.ErrorBound(1e-4))
}

// BenchmarkPlanariaHyperSteiner times HyperSteiner (single-threaded) and
// its root distances on the whole Planaria set.
func BenchmarkPlanariaHyperSteiner(b *testing.B) {
	d := planaria(b)
	s, err := fermat.ByName("auto")
	if err != nil {
		b.Fatal(err)
	}
	m := HyperSteinerMethod(s)
	var tr Trial
	for b.Loop() {
		if tr, err = Evaluate(m, d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(tr.CPU, "cpu-s/op")
	b.ReportMetric(tr.Error, "error")
}

func TestMethods(t *testing.T) {
	s, err := fermat.ByName("simple")
	require.NoError(t, err)
	ms := Methods([]string{"nj", "hypersteiner", "mst"}, MethodOptions{Solver: s, NJMax: 3})
	require.Len(t, ms, 3)
	assert.Equal(t, []string{"nj", "hypersteiner", "mst"}, []string{ms[0].Name, ms[1].Name, ms[2].Name})
	d := smallDataset(t)
	_, err = ms[0].Build(d.Points)
	assert.ErrorContains(t, err, "the limit is 3 points", "NJMax reaches NJMethod")
}

func TestNJBytes(t *testing.T) {
	assert.Equal(t, 16e6, NJBytes(1000, false))
	assert.Equal(t, 8e6, NJBytes(1000, true))
}
