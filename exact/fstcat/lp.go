package fstcat

import (
	"math"
	"slices"
	"time"
)

// spcol is a sparse column: row indices and values.
type spcol struct {
	idx []int32
	val []float64
}

// lpStatus is the outcome of lp.solve.
type lpStatus int

const (
	lpOptimal    lpStatus = iota // primal and dual feasible to tolerance
	lpInfeasible                 // the dual is unbounded along a computed ray
	lpIterLimit                  // the iteration limit was reached
)

// Tolerances of the dual simplex, for costs scaled to at most 1 and
// variables in [0, 1] (row activities are integers up to the number of
// terminals). They steer the method only: the bounds Solve reports are
// recomputed from the final duals in outward-rounded arithmetic and do not
// depend on them.
const (
	tolPrimal   = 1e-9  // a basic value this far outside its bounds is infeasible
	tolDual     = 1e-10 // a reduced cost this far on the wrong side is infeasible
	tolPivot    = 1e-9  // smallest |α| accepted as a pivot
	refactorGap = 64    // basis changes between refactorisations
)

// lp is the linear programme
//
//	min cᵀx  subject to  L ≤ A·x ≤ U,  l ≤ x ≤ u,
//
// with every bound finite, solved by the dual simplex method with bounded
// variables: the row activities are logical variables s = A·x with bounds
// [L, U], so that [A | −I]·(x, s) = 0, and a basis is dual feasible as soon
// as every nonbasic variable sits at the bound its reduced cost points to —
// which a boxed variable can always do. Rows (cuts) and bound changes
// (branching) keep the last basis, from which the method restarts.
//
// Pricing is by dual steepest edge (Forrest–Goldfarb weights), the ratio
// test flips bounded variables while the dual objective still rises (the
// bound-flipping ratio test) and prefers large pivots among near ties.
type lp struct {
	nc, nr int
	cols   []spcol   // structural columns
	c      []float64 // structural costs in use (perturbed while cycling)
	cost   []float64 // structural costs
	lo, up []float64 // bounds, structurals then logicals

	head  []int     // basis position → variable
	where []int     // variable → basis position, −1 when nonbasic
	upper []bool    // nonbasic variable at its upper bound
	x     []float64 // values of all variables
	d     []float64 // reduced costs of all variables (0 when basic)
	w     []float64 // dual steepest-edge weights by basis position

	fac      basisFactor
	fresh    bool // the factorisation has no etas and x, d were recomputed
	iters    int
	maxIters int
	deadline time.Time // zero: none
	lastStep float64   // the last iteration's dual step
	banned   []int     // rows whose pivots were numerically unstable

	rho, alpha, tau, work []float64
	arow                  []float64 // pivot row by variable
	cand                  []breakpoint
}

type breakpoint struct {
	j     int
	ratio float64
	a     float64 // |α̃_j|
}

// newLP returns the programme with the given structural costs and bounds
// and no rows; every structural starts nonbasic at its lower bound.
func newLP(c, lo, up []float64) *lp {
	nc := len(c)
	s := &lp{nc: nc, c: slices.Clone(c), cost: slices.Clone(c), lo: slices.Clone(lo), up: slices.Clone(up)}
	s.cols = make([]spcol, nc)
	s.where = make([]int, nc)
	s.upper = make([]bool, nc)
	s.x = slices.Clone(lo)
	s.d = slices.Clone(c)
	for j := range s.where {
		s.where[j] = -1
	}
	return s
}

// addRow appends the row L ≤ Σ a·x_j ≤ U (idx, val sparse) with its
// logical basic, and returns its index.
func (s *lp) addRow(idx []int, val []float64, L, U float64) int {
	i := s.nr
	act := 0.0
	for t, j := range idx {
		s.cols[j].idx = append(s.cols[j].idx, int32(i))
		s.cols[j].val = append(s.cols[j].val, val[t])
		act += val[t] * s.x[j]
	}
	s.nr++
	s.lo = append(s.lo, L)
	s.up = append(s.up, U)
	s.x = append(s.x, act)
	s.d = append(s.d, 0)
	s.upper = append(s.upper, false)
	s.where = append(s.where, len(s.head))
	s.head = append(s.head, s.nc+i)
	s.w = append(s.w, 1)
	s.fresh = false
	return i
}

// removeRows deletes the rows marked in drop, which must all have their
// logicals basic, and renumbers the others.
func (s *lp) removeRows(drop []bool) {
	newIdx := make([]int32, s.nr)
	k := int32(0)
	for i := range drop {
		if drop[i] {
			newIdx[i] = -1
		} else {
			newIdx[i] = k
			k++
		}
	}
	for j := range s.cols {
		col := &s.cols[j]
		t := 0
		for u, i := range col.idx {
			if ni := newIdx[i]; ni >= 0 {
				col.idx[t], col.val[t] = ni, col.val[u]
				t++
			}
		}
		col.idx, col.val = col.idx[:t], col.val[:t]
	}
	keepV := func(v int) bool { return v < s.nc || !drop[v-s.nc] }
	nv := s.nc
	for v := s.nc; v < s.nc+s.nr; v++ {
		if keepV(v) {
			s.lo[nv], s.up[nv], s.x[nv], s.d[nv], s.upper[nv] = s.lo[v], s.up[v], s.x[v], s.d[v], s.upper[v]
			nv++
		}
	}
	s.lo, s.up, s.x, s.d, s.upper = s.lo[:nv], s.up[:nv], s.x[:nv], s.d[:nv], s.upper[:nv]
	head, w := s.head[:0], s.w[:0]
	for p, v := range s.head {
		if !keepV(v) {
			continue
		}
		if v >= s.nc {
			v = s.nc + int(newIdx[v-s.nc])
		}
		head = append(head, v)
		w = append(w, s.w[p])
	}
	s.head, s.w = head, w
	s.nr = int(k)
	s.where = resizeInts(s.where, nv)
	for v := range s.where {
		s.where[v] = -1
	}
	for p, v := range s.head {
		s.where[v] = p
	}
	s.fresh = false
}

// setBounds changes the bounds of structural j.
func (s *lp) setBounds(j int, lo, up float64) {
	s.lo[j], s.up[j] = lo, up
	s.fresh = false
}

// value returns the nonbasic value of variable v.
func (s *lp) bound(v int) float64 {
	if s.upper[v] {
		return s.up[v]
	}
	return s.lo[v]
}

// objective returns cᵀx.
func (s *lp) objective() float64 {
	o := 0.0
	for j, c := range s.cost {
		o += c * s.x[j]
	}
	return o
}

// refactor factorises the current basis, repairing it with logicals where
// it is singular, and recomputes x, the duals and the reduced costs. Every
// nonbasic variable is then moved to the bound its reduced cost points to,
// which makes the basis dual feasible.
func (s *lp) refactor() {
	s.grow()
	for {
		p, row := s.fac.factor(s.cols, s.nc, s.nr, s.head)
		if p < 0 {
			break
		}
		v := s.head[p]
		s.where[v] = -1
		s.upper[v] = false
		lv := s.nc + row
		s.head[p] = lv
		s.where[lv] = p
		s.w[p] = 1
	}
	s.computeDuals()
	for v := range s.nc + s.nr {
		if s.where[v] >= 0 || s.lo[v] == s.up[v] {
			continue
		}
		if s.d[v] < 0 {
			s.upper[v] = true
		} else if s.d[v] > 0 {
			s.upper[v] = false
		}
	}
	s.computePrimal()
	s.fresh = true
}

// computePrimal sets nonbasic variables to their bounds and solves for the
// basic ones: x_B = −B⁻¹·N·x_N.
func (s *lp) computePrimal() {
	v := s.work[:s.nr]
	clear(v)
	for j := 0; j < s.nc; j++ {
		if s.where[j] >= 0 {
			continue
		}
		xj := s.bound(j)
		s.x[j] = xj
		if xj == 0 {
			continue
		}
		col := s.cols[j]
		for t, i := range col.idx {
			v[i] -= col.val[t] * xj
		}
	}
	for i := 0; i < s.nr; i++ {
		if s.where[s.nc+i] >= 0 {
			continue
		}
		xi := s.bound(s.nc + i)
		s.x[s.nc+i] = xi
		v[i] += xi
	}
	s.fac.ftran(s.cols, v)
	for p, vv := range s.head {
		s.x[vv] = v[p]
	}
}

// duals returns y = B⁻ᵀ·c_B into y (length nr).
func (s *lp) duals(y []float64) {
	for p, v := range s.head {
		if v < s.nc {
			y[p] = s.c[v]
		} else {
			y[p] = 0
		}
	}
	s.fac.btran(s.cols, y)
}

// computeDuals recomputes the reduced costs d = c − [A | −I]ᵀ·y.
func (s *lp) computeDuals() {
	s.grow()
	y := s.rho[:s.nr]
	s.duals(y)
	for j := 0; j < s.nc; j++ {
		if s.where[j] >= 0 {
			s.d[j] = 0
			continue
		}
		dj := s.c[j]
		col := s.cols[j]
		for t, i := range col.idx {
			dj -= col.val[t] * y[i]
		}
		s.d[j] = dj
	}
	for i := 0; i < s.nr; i++ {
		if s.where[s.nc+i] >= 0 {
			s.d[s.nc+i] = 0
		} else {
			s.d[s.nc+i] = y[i]
		}
	}
}

func (s *lp) grow() {
	if len(s.rho) < s.nr {
		n := 2*s.nr + 16
		s.rho = make([]float64, n)
		s.alpha = make([]float64, n)
		s.tau = make([]float64, n)
		s.work = make([]float64, n)
	}
}

// solve runs the dual simplex method from the current basis. It gives up
// (lpIterLimit) after maxIters iterations in all, after 20·(rows +
// columns) + 1000 in this call, when the deadline passes, or when no
// stable pivot remains; the basis then stays dual feasible, so its duals
// still give a valid (if weaker) safe bound.
func (s *lp) solve() lpStatus {
	s.grow()
	s.refactor()
	since := 0
	limit := s.iters + 20*(s.nc+s.nr) + 1000
	clear(s.banned)
	s.banned = s.banned[:0]
	stall, perturbed := 0, 0
	for {
		if (s.maxIters > 0 && s.iters >= s.maxIters) || s.iters >= limit {
			return lpIterLimit
		}
		if s.iters%64 == 0 && !s.deadline.IsZero() && time.Now().After(s.deadline) {
			return lpIterLimit
		}
		if since >= refactorGap {
			s.refactor()
			since = 0
		}
		p, delta := s.price()
		if p < 0 && s.isPerturbed() {
			// Optimal for the perturbed costs: restore them and go on.
			copy(s.c, s.cost)
			s.refactor()
			since, stall = 0, 0
			continue
		}
		if p < 0 {
			if len(s.banned) > 0 {
				return lpIterLimit // only unstable pivots left
			}
			if !s.fresh {
				// Confirm with a fresh factorisation and fresh values.
				s.refactor()
				since = 0
				if p, _ = s.price(); p < 0 {
					return lpOptimal
				}
				continue
			}
			return lpOptimal
		}
		switch s.iterate(p, delta) {
		case iterDone:
			since++
			s.iters++
			s.fresh = false
			s.banned = s.banned[:0]
			// A step that raises the dual objective by no more than
			// rounding is degenerate.
			if s.lastStep*math.Abs(delta) <= 1e-14 {
				stall++
			} else {
				stall = 0
			}
			if stall > 50 && !s.isPerturbed() && perturbed < 4 {
				// Dual degenerate steps in a row: perturb the costs to
				// break ties (and cycles).
				perturbed++
				s.perturb(perturbed)
				s.refactor()
				since, stall = 0, 0
			}
		case iterUnbounded:
			if !s.fresh {
				s.refactor()
				since = 0
				continue
			}
			return lpInfeasible
		case iterRetry:
			s.iters++
			if s.fresh {
				// The pivot stays unstable on a fresh factorisation: leave
				// this row alone until a basis change.
				s.banned = append(s.banned, p)
				continue
			}
			s.refactor()
			since = 0
		}
	}
}

// isPerturbed reports whether the costs in use differ from the true ones.
func (s *lp) isPerturbed() bool { return !slices.Equal(s.c, s.cost) }

// perturb raises each cost by a pseudo-random relative amount of order
// 1e-7·round (deterministic: a hash of the column and the round).
func (s *lp) perturb(round int) {
	for j, c := range s.cost {
		h := uint64(j+1)*0x9E3779B97F4A7C15 ^ uint64(round)*0xBF58476D1CE4E5B9
		h ^= h >> 31
		h *= 0x94D049BB133111EB
		h ^= h >> 29
		f := 0.5 + float64(h>>11)/(1<<53)
		s.c[j] = c + 1e-7*float64(round)*f*(math.Abs(c)+1e-3)
	}
}

// price picks the leaving basis position: the largest primal infeasibility
// squared over its steepest-edge weight. delta is the infeasibility
// (negative below the lower bound). p < 0 when the basis is primal
// feasible.
func (s *lp) price() (p int, delta float64) {
	p = -1
	best := 0.0
	for q, v := range s.head {
		if slices.Contains(s.banned, q) {
			continue
		}
		x := s.x[v]
		var dl float64
		if x < s.lo[v]-tolPrimal*(1+math.Abs(s.lo[v])) {
			dl = x - s.lo[v]
		} else if x > s.up[v]+tolPrimal*(1+math.Abs(s.up[v])) {
			dl = x - s.up[v]
		} else {
			continue
		}
		if sc := dl * dl / s.w[q]; sc > best {
			best, p, delta = sc, q, dl
		}
	}
	return p, delta
}

type iterResult int

const (
	iterDone iterResult = iota
	iterUnbounded
	iterRetry
)

// iterate performs one dual simplex iteration with leaving position p.
func (s *lp) iterate(p int, delta float64) iterResult {
	nr := s.nr
	rho := s.rho[:nr]
	clear(rho)
	rho[p] = 1
	s.fac.btran(s.cols, rho)

	// Pivot row α_j = ρᵀ·a_j over the nonbasic, non-fixed variables, with
	// the sign flipped when the leaving variable goes to its upper bound:
	// then every candidate's dual step is ratio ≥ 0.
	sign := 1.0
	if delta > 0 {
		sign = -1
	}
	slope := math.Abs(delta)
	s.cand = s.cand[:0]
	if len(s.arow) < s.nc+nr {
		s.arow = make([]float64, 2*(s.nc+nr))
	}
	arow := s.arow[:s.nc+nr]
	consider := func(j int, a float64) {
		arow[j] = a
		a *= sign
		if s.upper[j] {
			if a > tolPivot {
				s.cand = append(s.cand, breakpoint{j, max(-s.d[j], 0) / a, a})
			}
		} else if a < -tolPivot {
			s.cand = append(s.cand, breakpoint{j, max(s.d[j], 0) / -a, -a})
		}
	}
	for j := 0; j < s.nc; j++ {
		if s.where[j] >= 0 {
			continue
		}
		a := 0.0
		col := s.cols[j]
		for t, i := range col.idx {
			a += col.val[t] * rho[i]
		}
		if s.lo[j] == s.up[j] {
			arow[j] = a
			continue
		}
		consider(j, a)
	}
	for i := 0; i < nr; i++ {
		v := s.nc + i
		if s.where[v] >= 0 {
			continue
		}
		if s.lo[v] == s.up[v] {
			arow[v] = -rho[i]
			continue
		}
		consider(v, -rho[i])
	}
	if len(s.cand) == 0 {
		return iterUnbounded
	}
	slices.SortFunc(s.cand, func(a, b breakpoint) int {
		switch {
		case a.ratio < b.ratio:
			return -1
		case a.ratio > b.ratio:
			return 1
		}
		return 0
	})
	// Bound flipping: pass breakpoints while the dual objective's slope
	// stays positive.
	// A slope within rounding of zero counts as zero: the last breakpoint
	// then enters (the row becomes feasible exactly at it).
	k := 0
	stop := tolPrimal * (1 + math.Abs(delta))
	for ; k < len(s.cand); k++ {
		b := s.cand[k]
		slope -= b.a * (s.up[b.j] - s.lo[b.j])
		if slope <= stop {
			break
		}
	}
	if k == len(s.cand) {
		return iterUnbounded
	}
	// Among the breakpoints within a small dual tolerance of the chosen
	// one, prefer the largest pivot.
	q, aq, tq := s.cand[k].j, s.cand[k].a, s.cand[k].ratio
	for _, b := range s.cand[k+1:] {
		if b.ratio > tq+tolDual/b.a {
			break
		}
		if b.a > aq {
			q, aq = b.j, b.a
		}
	}
	step := 0.0
	if s.upper[q] {
		step = -s.d[q] / aq
	} else {
		step = s.d[q] / aq
	}
	step = max(step, 0)
	s.lastStep = step
	flips := s.cand[:k]

	// Column of the entering variable.
	alpha := s.alpha[:nr]
	s.column(q, alpha)
	s.fac.ftran(s.cols, alpha)
	apq := alpha[p]
	if math.Abs(apq) < tolPivot || math.Abs(math.Abs(apq)-aq) > 1e-7*(1+aq) {
		// The row and the column disagree on the pivot: numerical trouble.
		return iterRetry
	}

	// Dual update: d_j += step·α̃_j for nonbasic j.
	if step != 0 {
		for v := range s.nc + nr {
			if s.where[v] < 0 {
				s.d[v] += step * sign * arow[v]
			}
		}
	}
	leave := s.head[p]
	s.d[q] = 0
	if delta < 0 {
		s.d[leave] = step
	} else {
		s.d[leave] = -step
	}

	// Primal update for the flipped variables.
	if len(flips) > 0 {
		r := s.work[:nr]
		clear(r)
		for _, b := range flips {
			j := b.j
			old := s.bound(j)
			s.upper[j] = !s.upper[j]
			dx := s.bound(j) - old
			s.x[j] = s.bound(j)
			if j < s.nc {
				col := s.cols[j]
				for t, i := range col.idx {
					r[i] += col.val[t] * dx
				}
			} else {
				r[j-s.nc] -= dx
			}
		}
		s.fac.ftran(s.cols, r)
		for pp, v := range s.head {
			s.x[v] -= r[pp]
		}
	}
	// Primal step: the leaving variable reaches its violated bound.
	target := s.lo[leave]
	if delta > 0 {
		target = s.up[leave]
	}
	theta := (s.x[leave] - target) / apq
	for pp, v := range s.head {
		s.x[v] -= theta * alpha[pp]
	}
	s.x[q] += theta
	s.x[leave] = target
	s.upper[leave] = delta > 0

	// Steepest-edge weights: w_p = ‖ρ‖², updated with τ = B⁻¹ρ.
	wp := 0.0
	for _, r := range rho {
		wp += r * r
	}
	tau := s.tau[:nr]
	copy(tau, rho)
	s.fac.ftran(s.cols, tau)
	for pp := range s.w {
		if pp == p {
			continue
		}
		if a := alpha[pp]; a != 0 {
			r := a / apq
			s.w[pp] = max(s.w[pp]-2*r*tau[pp]+r*r*wp, r*r, 1e-12)
		}
	}
	s.w[p] = max(wp/(apq*apq), 1e-12)

	// Basis change.
	s.fac.update(p, alpha)
	s.head[p] = q
	s.where[q] = p
	s.where[leave] = -1
	return iterDone
}

// column writes the column of variable v (by row) into a.
func (s *lp) column(v int, a []float64) {
	clear(a)
	if v >= s.nc {
		a[v-s.nc] = -1
		return
	}
	col := s.cols[v]
	for t, i := range col.idx {
		a[i] = col.val[t]
	}
}
