package fstcat

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mat"
	gonumlp "gonum.org/v1/gonum/optimize/convex/lp"
)

// randomLP builds a random boxed programme: costs of both signs, integer
// coefficients in 0…3, row bounds around a random point of the box so
// that most instances are feasible.
func randomLP(rng *rand.Rand, nc, nr int) (c, lo, up []float64, rows [][]float64, L, U []float64) {
	c = make([]float64, nc)
	lo = make([]float64, nc)
	up = make([]float64, nc)
	x0 := make([]float64, nc)
	for j := range c {
		c[j] = rng.Float64()*2 - 0.5
		up[j] = float64(1 + rng.IntN(2))
		x0[j] = rng.Float64() * up[j]
	}
	for range nr {
		row := make([]float64, nc)
		act := 0.0
		for j := range row {
			if rng.IntN(3) == 0 {
				row[j] = float64(rng.IntN(4))
				act += row[j] * x0[j]
			}
		}
		rows = append(rows, row)
		switch rng.IntN(3) {
		case 0: // ≤
			L = append(L, 0)
			U = append(U, math.Floor(act+rng.Float64()))
		case 1: // ≥
			hi := 0.0
			for j, a := range row {
				hi += a * up[j]
			}
			L = append(L, math.Ceil(act-rng.Float64()))
			U = append(U, hi)
		default: // =
			L = append(L, math.Round(act))
			U = append(U, math.Round(act))
		}
	}
	return
}

// gonumOpt solves the same programme with gonum's simplex in standard
// form: x + t = u, a·x − s = L, s + s' = U − L, all variables ≥ 0.
func gonumOpt(c, up []float64, rows [][]float64, L, U []float64) (float64, error) {
	nc, nr := len(c), len(rows)
	nv := 2*nc + 2*nr
	ne := nc + 2*nr
	A := mat.NewDense(ne, nv, nil)
	b := make([]float64, ne)
	cc := make([]float64, nv)
	copy(cc, c)
	for j := range nc {
		A.Set(j, j, 1)
		A.Set(j, nc+j, 1)
		b[j] = up[j]
	}
	for i, row := range rows {
		e := nc + i
		for j, a := range row {
			A.Set(e, j, a)
		}
		A.Set(e, 2*nc+i, -1)
		b[e] = L[i]
		e2 := nc + nr + i
		A.Set(e2, 2*nc+i, 1)
		A.Set(e2, 2*nc+nr+i, 1)
		b[e2] = U[i] - L[i]
	}
	f, _, err := gonumlp.Simplex(cc, A, b, 1e-10, nil)
	return f, err
}

func TestLPAgainstGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	solved, infeasible := 0, 0
	for trial := range 300 {
		nc, nr := 3+rng.IntN(12), 1+rng.IntN(10)
		c, lo, up, rows, L, U := randomLP(rng, nc, nr)
		s := newLP(c, lo, up)
		for i, row := range rows {
			addDense(s, row, L[i], U[i])
		}
		st := s.solve()
		want, err := gonumOpt(c, up, rows, L, U)
		if agree(t, trial, s, st, want, err, rows, L, U, lo, up) {
			solved++
		} else {
			infeasible++
		}
	}
	t.Logf("%d optimal, %d infeasible", solved, infeasible)
	require.Greater(t, solved, 100)
	require.Greater(t, infeasible, 5)
}

func checkFeasible(t *testing.T, s *lp, rows [][]float64, L, U, lo, up []float64) {
	t.Helper()
	for j := range lo {
		require.GreaterOrEqual(t, s.x[j], lo[j]-1e-9)
		require.LessOrEqual(t, s.x[j], up[j]+1e-9)
	}
	for i, row := range rows {
		act := 0.0
		for j, a := range row {
			act += a * s.x[j]
		}
		require.GreaterOrEqual(t, act, L[i]-1e-8)
		require.LessOrEqual(t, act, U[i]+1e-8)
	}
}

// Rows added after a solve and bound changes restart from the last basis.
func TestLPWarmStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 100 {
		nc, nr := 5+rng.IntN(10), 2+rng.IntN(8)
		c, lo, up, rows, L, U := randomLP(rng, nc, nr)
		s := newLP(c, lo, up)
		add := func(i int) { addDense(s, rows[i], L[i], U[i]) }
		half := nr / 2
		for i := range half {
			add(i)
		}
		s.solve()
		for i := half; i < nr; i++ {
			add(i)
		}
		j := rng.IntN(nc)
		v := float64(rng.IntN(int(up[j]) + 1))
		s.setBounds(j, v, v)
		st := s.solve()
		lo2, up2 := append([]float64(nil), lo...), append([]float64(nil), up...)
		lo2[j], up2[j] = v, v
		// Fixing x_j = v: substitute into gonum's form through its bounds
		// (x_j + t_j = v with t_j ≥ 0 and x_j ≥ v via an extra row).
		rowsFix := append(append([][]float64(nil), rows...), unit(nc, j))
		want, err := gonumOpt(c, up2, rowsFix, append(append([]float64(nil), L...), v), append(append([]float64(nil), U...), v))
		agree(t, trial, s, st, want, err, rows, L, U, lo2, up2)
	}
}

// agree checks the outcome of s.solve (st) against gonum's (want, err):
// both infeasible, or both optimal with equal objectives and s's point
// feasible. It reports whether the programme was feasible.
func agree(t *testing.T, trial int, s *lp, st lpStatus, want float64, err error, rows [][]float64, L, U, lo, up []float64) bool {
	t.Helper()
	if err == gonumlp.ErrInfeasible {
		require.Equal(t, lpInfeasible, st, "trial %d", trial)
		return false
	}
	require.NoError(t, err, "trial %d", trial)
	require.Equal(t, lpOptimal, st, "trial %d", trial)
	require.InDelta(t, want, s.objective(), 1e-8*(1+math.Abs(want)), "trial %d", trial)
	checkFeasible(t, s, rows, L, U, lo, up)
	return true
}

// addDense adds the dense row L ≤ row·x ≤ U.
func addDense(s *lp, row []float64, L, U float64) {
	var idx []int
	var val []float64
	for j, a := range row {
		if a != 0 {
			idx = append(idx, j)
			val = append(val, a)
		}
	}
	s.addRow(idx, val, L, U)
}

func unit(n, j int) []float64 {
	u := make([]float64, n)
	u[j] = 1
	return u
}

// Larger programmes, with many rows added in rounds as cuts are.
func TestLPLarger(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := range 12 {
		nc, nr := 30+rng.IntN(20), 15+rng.IntN(15)
		c, lo, up, rows, L, U := randomLP(rng, nc, nr)
		s := newLP(c, lo, up)
		for i, row := range rows {
			addDense(s, row, L[i], U[i])
			if i%7 == 6 {
				s.solve()
			}
		}
		st := s.solve()
		want, err := gonumOpt(c, up, rows, L, U)
		agree(t, trial, s, st, want, err, rows, L, U, lo, up)
	}
}
