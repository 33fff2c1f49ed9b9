package hierarchy

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// exhaustiveSearch is the canonical O(m²) minimisation of Q over all active
// pairs, with the same criterion and tie-break as search.
func (s *njState[F]) exhaustiveSearch() (int32, int32) {
	c := float64(len(s.active) - 2)
	best := math.Inf(1)
	ba, bb := int32(math.MaxInt32), int32(math.MaxInt32)
	for i, si := range s.active {
		for _, sj := range s.active[:i] {
			a, b := s.slotID[si], s.slotID[sj]
			if a < b {
				a, b = b, a
			}
			q := c*float64(s.d[int(si)*s.n+int(sj)]) - (s.r[a] + s.r[b])
			if better(q, a, b, best, ba, bb) {
				best, ba, bb = q, a, b
			}
		}
	}
	return ba, bb
}

func matrixFunc(d [][]float64) func(i, j int) float64 {
	return func(i, j int) float64 { return d[i][j] }
}

// TestNJWikipedia is the five-taxon example of Saitou & Nei's method as
// worked on Wikipedia ("Neighbor joining"), taxa a…e = 0…4:
//
//	    a  b  c  d  e        row sums r: a 31, b 34, c 34, d 30, e 27
//	a   0  5  9  9  8
//	b   5  0 10 10  9        Q = 3·d − r_i − r_j:
//	c   9 10  0  8  7          Q(a,b) = 15 − 65 = −50 (the minimum)
//	d   9 10  8  0  3          Q(a,c) = Q(b,c) = −38, Q(c,d) = Q(c,e) = −40,
//	e   8  9  7  3  0          Q(a,d) = Q(a,e) = Q(b,d) = Q(b,e) = −34, Q(d,e) = −48
//
// Join a, b into u = 5: L(a) = 5/2 + (31 − 34)/6 = 2, L(b) = 3;
// d(u,c) = (9 + 10 − 5)/2 = 7, d(u,d) = 7, d(u,e) = (8 + 9 − 5)/2 = 6.
// Then m = 4, r: u 20, c 22, d 18, e 16, Q = 2·d − r_i − r_j:
// Q(u,c) = 14 − 42 = −28 = Q(d,e) = 6 − 34, the others −24. Wikipedia
// joins u and c; our tie-break takes the pair with the smaller newer id,
// (e=4, d=3) before (u=5, c=2): v = 6 with L(d) = 3/2 + (18 − 16)/4 = 2,
// L(e) = 1, d(v,u) = (7 + 6 − 3)/2 = 5, d(v,c) = (8 + 7 − 3)/2 = 6. The last
// three c, u, v (in id order) meet at w = 7: L(u) = (7 + 5 − 6)/2 = 3, L(c) = (7 + 6 − 5)/2
// = 4, L(v) = (5 + 6 − 7)/2 = 2. The tree is Wikipedia's (the matrix is
// additive), with the same branch lengths.
func TestNJWikipedia(t *testing.T) {
	d := [][]float64{
		{0, 5, 9, 9, 8},
		{5, 0, 10, 10, 9},
		{9, 10, 0, 8, 7},
		{9, 10, 8, 0, 3},
		{8, 9, 7, 3, 0},
	}
	for _, f32 := range []bool{false, true} {
		tr, err := NeighborJoining(5, matrixFunc(d), NJOptions{Float32: f32})
		require.NoError(t, err)
		assert.Equal(t, 8, tr.Vertices)
		assert.Equal(t, 5, tr.Terminals)
		// Every quantity above is a small dyadic rational: exact in float32 too.
		assert.Equal(t, [][2]int{{5, 1}, {5, 0}, {6, 4}, {6, 3}, {7, 2}, {7, 5}, {7, 6}}, tr.Edges)
		assert.Equal(t, []float64{3, 2, 1, 2, 4, 3, 2}, tr.Lengths)
	}
}

// TestNJBiotite checks the example in the documentation of Biotite's
// neighbor_joining (the implementation the paper used): the tree
// (3,(2,(1,0)),4), i.e. the splits {0,1} | {2,3,4} and {0,1,2} | {3,4}.
// The matrix is not additive; the lengths are not checked.
func TestNJBiotite(t *testing.T) {
	d := [][]float64{
		{0, 1, 7, 7, 9},
		{1, 0, 7, 6, 8},
		{7, 7, 0, 2, 4},
		{7, 6, 2, 0, 3},
		{9, 8, 4, 3, 0},
	}
	tr, err := NeighborJoining(5, matrixFunc(d), NJOptions{})
	require.NoError(t, err)
	got := splits(t, tr)
	key := func(vs ...int) string {
		b := []byte{}
		for _, v := range vs {
			b = append(b, 0, 0, 0, byte(v))
		}
		return string(b)
	}
	for _, k := range []string{key(1), key(2), key(3), key(4), key(2, 3, 4), key(3, 4)} {
		assert.Contains(t, got, k)
	}
	assert.Len(t, got, 7)
}

func TestNJSmall(t *testing.T) {
	tr, err := NeighborJoining(1, nil, NJOptions{})
	require.NoError(t, err)
	assert.Equal(t, &Tree{Vertices: 1, Terminals: 1}, tr)

	tr, err = NeighborJoining(2, func(i, j int) float64 { return 1.5 }, NJOptions{})
	require.NoError(t, err)
	assert.Equal(t, &Tree{Vertices: 2, Terminals: 2, Edges: [][2]int{{0, 1}}, Lengths: []float64{1.5}}, tr)

	// Three taxa: the star with L_a = (d_ab + d_ac − d_bc)/2.
	d := [][]float64{{0, 3, 4}, {3, 0, 5}, {4, 5, 0}}
	tr, err = NeighborJoining(3, matrixFunc(d), NJOptions{})
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{3, 0}, {3, 1}, {3, 2}}, tr.Edges)
	assert.Equal(t, []float64{1, 2, 3}, tr.Lengths)

	// Four points with a violated four-point condition give a negative
	// length, clamped to 0: d(0,1) + d(2,3) = 2 is the smallest sum, but
	// taxon 0 is far from everything, so L(1) = (1 + (Δ = 2·(−9))/2)/2 < 0.
	d = [][]float64{{0, 1, 10, 10}, {1, 0, 1, 1}, {10, 1, 0, 1}, {10, 1, 1, 0}}
	tr, err = NeighborJoining(4, matrixFunc(d), NJOptions{})
	require.NoError(t, err)
	// Q(1,0) = Q(3,2) = −22 (tie: the smaller newer id, 1, wins); Δ = −18,
	// L(1) = (1 − 9)/2 = −4 → 0, L(0) = 5; d(4,2) = d(4,3) = 5; the centre 5
	// of 2, 3, 4 gets L(2) = L(3) = ½, L(4) = 9/2.
	assert.Equal(t, [][2]int{{4, 1}, {4, 0}, {5, 2}, {5, 3}, {5, 4}}, tr.Edges)
	assert.Equal(t, []float64{0, 5, 0.5, 0.5, 4.5}, tr.Lengths)
}

func TestNJErrors(t *testing.T) {
	_, err := NeighborJoining(0, nil, NJOptions{})
	assert.ErrorIs(t, err, ErrTooFew)
	for _, bad := range []float64{math.NaN(), math.Inf(1), -1} {
		_, err := NeighborJoining(4, func(i, j int) float64 {
			if i == 3 && j == 1 {
				return bad
			}
			return 1
		}, NJOptions{})
		require.ErrorIs(t, err, ErrMatrix)
		var me *MatrixError
		require.True(t, errors.As(err, &me))
		assert.Equal(t, [2]int{3, 1}, [2]int{me.I, me.J})
	}
}

// checkAdditive runs NJ on the path metric of tr and requires the same
// splits with the same lengths within tol relative (0: bit for bit).
func checkAdditive(t require.TestingT, tb testing.TB, tr *Tree, opt NJOptions, tol float64) {
	d := pathMetric(tb, tr)
	got, err := NeighborJoining(tr.Terminals, matrixFunc(d), opt)
	require.NoError(t, err)
	want := splits(tb, tr)
	have := splits(tb, got)
	require.Len(t, have, len(want))
	for k, l := range want {
		g, ok := have[k]
		require.True(t, ok, "split missing")
		require.LessOrEqual(t, relErr(g, l), tol, "length %v, want %v", g, l)
	}
}

// TestNJAdditiveExact: on a tree metric with dyadic edge lengths k/64,
// k = 1 … 64, every path length, every d(u,k) = (d(i,k) + d(j,k) − d(i,j))/2
// and every Δ = (m − 2)(L_i − L_j) is a dyadic rational of at most 20 bits,
// so NJ's arithmetic is exact and the lengths must come back bit for bit.
func TestNJAdditiveExact(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 60).Draw(rt, "n")
		seed := rapid.Uint64().Draw(rt, "seed")
		rng := rand.New(rand.NewPCG(seed, 7))
		tr := randomBinaryTree(rng, n, func() float64 { return float64(1+rng.IntN(64)) / 64 })
		checkAdditive(rt, t, tr, NJOptions{}, 0)
	})
}

// TestNJAdditiveFloat: random lengths uniform in [0.05, 1). The path
// metric then carries rounding errors of about n·2⁻⁵³ relative to the
// diameter (≤ 2n here), which NJ carries additively into the lengths:
// about n²·1e-16 ≈ 1e-13 relative to the shortest edge for n ≤ 60, within
// the 1e-12 asked.
func TestNJAdditiveFloat(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 60).Draw(rt, "n")
		seed := rapid.Uint64().Draw(rt, "seed")
		rng := rand.New(rand.NewPCG(seed, 8))
		tr := randomBinaryTree(rng, n, func() float64 { return 0.05 + 0.95*rng.Float64() })
		checkAdditive(rt, t, tr, NJOptions{}, 1e-12)
	})
}

// TestNJAdditiveLarge recovers a 400-taxon tree, where the pruned search
// skips most of each row.
func TestNJAdditiveLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tr := randomBinaryTree(rng, 400, func() float64 { return float64(1+rng.IntN(64)) / 64 })
	checkAdditive(t, t, tr, NJOptions{}, 0)
	// float32 storage: the path lengths (≤ 800, multiples of 1/64) still
	// fit in float32's 24 bits, so the recovery is exact too.
	checkAdditive(t, t, tr, NJOptions{Float32: true}, 0)
}

// TestNJPrunedEqualsExhaustive: the pruned search must pick exactly the
// pair of the exhaustive one, on non-additive inputs with many ties
// (small integer distances) and without (hyperbolic-like random reals).
func TestNJPrunedEqualsExhaustive(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 80).Draw(rt, "n")
		seed := rapid.Uint64().Draw(rt, "seed")
		ints := rapid.Bool().Draw(rt, "ints")
		rng := rand.New(rand.NewPCG(seed, 9))
		d := make([][]float64, n)
		for i := range d {
			d[i] = make([]float64, n)
			for j := 0; j < i; j++ {
				if ints {
					d[i][j] = float64(rng.IntN(5))
				} else {
					d[i][j] = rng.ExpFloat64()
				}
				d[j][i] = d[i][j]
			}
		}
		f := matrixFunc(d)
		want, err := neighborJoining(n, f, (*njState[float64]).exhaustiveSearch)
		require.NoError(rt, err)
		got, err := neighborJoining(n, f, (*njState[float64]).search)
		require.NoError(rt, err)
		require.Equal(rt, want, got)
		want32, err := neighborJoining(n, f, (*njState[float32]).exhaustiveSearch)
		require.NoError(rt, err)
		got32, err := neighborJoining(n, f, (*njState[float32]).search)
		require.NoError(rt, err)
		require.Equal(rt, want32, got32)
		// The result is always a tree on 2n − 2 vertices.
		if n >= 2 {
			_, err = got.Distances(0)
			require.NoError(rt, err)
			require.Equal(rt, 2*n-2, got.Vertices)
			require.Len(rt, got.Edges, 2*n-3)
		}
	})
}
