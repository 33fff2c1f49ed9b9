package homotopy

import (
	"cmp"
	"fmt"
	"math"
	"math/cmplx"
	"slices"

	"github.com/hypersteiner/hypersteiner/poly"
)

// monoEval evaluates a polynomial system and its Jacobian by sharing
// monomials: every monomial the values or the partial derivatives need
// (x^α for each term, x^{α−e_j} for each of its variables) is computed
// once per call as parent·x_v, parents first, so that
//
//	f_i   = Σ_t c_t · m[α_t]
//	∂_j f_i = Σ_t (c_t·α_tj) · m[α_t − e_j]
//
// costs one complex multiplication per monomial, per term and per
// (term, variable) pair. For the small dense systems of homotopy
// continuation this is several times cheaper than evaluating each term's
// derivatives separately. The compiled program is read-only; the scratch
// space m belongs to one goroutine (clone for others).
type monoEval struct {
	nvars, neqs int
	parent      []int32 // monomial k = monomial parent[k] · x_{pvar[k]}; k = 0 is 1
	pvar        []int32
	// The outputs f_0 … f_{neqs−1}, then ∂_j f_i at neqs + i·nvars + j:
	// output o is Σ_r coef[r]·m[mono[r]] over r ∈ [start[o], start[o+1]),
	// one contiguous run per output so the sum stays in registers.
	start []int32
	coef  []complex128
	mono  []int32
	// invDeg[i] = 1/d_i when every term of equation i has the same total
	// degree d_i ≥ 1, else nil: with the Jacobian wanted, such an f_i is
	// got from Euler's identity d_i·f_i = Σ_j x_j·∂_j f_i, saving its terms.
	invDeg []float64
	nJac   int // the monomials m[:nJac] suffice for the Jacobian
	// Outputs whose monomials form one contiguous run of m (after the
	// degree-lexicographic numbering, every Jacobian row of a dense
	// equation does) go to the vector kernel instead: dense[:denseJ]
	// are rows of f, dense[denseJ:] rows of the Jacobian; isDense marks
	// their outputs for the indexed loop to skip. Empty without the kernel.
	dense    []denseRow
	denseJ   int
	isDense  []bool
	cre, cim []float64    // the dense rows' coefficients, (re, re) and (im, im) pairs
	prog     []int32      // (parent, pvar) pairs, for the vector kernel
	m        []complex128 // scratch: monomial values
}

// denseRow is an output o = Σ_{k<n} c[off+k]·m[lo+k] over a contiguous
// run of monomials (the layout denseDotsFMA reads); out indexes f or the
// Jacobian (row-major), whichever the row belongs to.
type denseRow struct {
	out, lo, n, off int64
}

// minDenseRow is the shortest run worth the vector kernel's call.
const minDenseRow = 4

func compileMonoEval(s poly.System[complex128]) (*monoEval, error) {
	n := s.NumVars()
	ev := &monoEval{nvars: n, neqs: s.NumEqs()}
	kernel := denseKernel()
	idx := poly.NewMonomialIndex(n)
	add := idx.Add
	type entry struct {
		c complex128
		m int32
	}
	neq := s.NumEqs()
	outs := make([][]entry, neq*(1+n))
	// The derivatives' monomials first: they and their parents are then
	// the prefix m[:nJac], all that the Jacobian (and f by Euler) needs.
	for pass := range 2 {
		for i := range neq {
			p := s.Poly(i)
			for k := range p.NumTerms() {
				t := p.Term(k)
				if cmplx.IsNaN(t.Coef) || cmplx.IsInf(t.Coef) {
					return nil, fmt.Errorf("equation %d, term %d: coefficient %v is not finite", i, k, t.Coef)
				}
				if pass == 1 {
					outs[i] = append(outs[i], entry{t.Coef, add(t.Exp)})
				}
			}
		}
		if pass == 1 {
			break
		}
		for i := range neq {
			p := s.Poly(i)
			for k := range p.NumTerms() {
				t := p.Term(k)
				e := []int(t.Exp)
				for j, a := range e {
					if a == 0 {
						continue
					}
					de := slices.Clone(e)
					de[j]--
					o := neq + i*n + j
					outs[o] = append(outs[o], entry{t.Coef * complex(float64(a), 0), add(de)})
				}
			}
		}
		ev.nJac = idx.Len()
	}
	exps := idx.Exp
	ev.parent, ev.pvar = idx.Parent, idx.Var
	if len(exps) > math.MaxInt32/2 {
		return nil, fmt.Errorf("too many monomials (%d)", len(exps))
	}
	ev.invDeg = make([]float64, neq)
	for i := range neq {
		p := s.Poly(i)
		d := -1
		for k := range p.NumTerms() {
			td := p.Term(k).Exp.Degree()
			if d >= 0 && td != d {
				d = 0
				break
			}
			d = td
		}
		if d < 1 {
			ev.invDeg = nil
			break
		}
		ev.invDeg[i] = 1 / float64(d)
	}
	// Renumber the monomials by degree, then lexicographically, within
	// the Jacobian's prefix and within the rest: parents (one degree
	// lower) still come first, and the derivatives of a dense equation
	// read one contiguous run.
	perm := make([]int32, len(exps)) // new index → old
	for i := range perm {
		perm[i] = int32(i)
	}
	byDegLex := func(a, b int32) int {
		ea, eb := exps[a], exps[b]
		if c := cmp.Compare(ea.Degree(), eb.Degree()); c != 0 {
			return c
		}
		return slices.Compare(eb, ea)
	}
	slices.SortFunc(perm[:ev.nJac], byDegLex)
	slices.SortFunc(perm[ev.nJac:], byDegLex)
	newIdx := make([]int32, len(exps))
	for i, old := range perm {
		newIdx[old] = int32(i)
	}
	parent, pvar := make([]int32, len(perm)), make([]int32, len(perm))
	for i, old := range perm {
		parent[i], pvar[i] = -1, ev.pvar[old]
		if p := ev.parent[old]; p >= 0 {
			parent[i] = newIdx[p]
		}
	}
	ev.parent, ev.pvar = parent, pvar
	ev.isDense = make([]bool, len(outs))
	ev.start = append(ev.start, 0)
	for o, es := range outs {
		for k := range es {
			es[k].m = newIdx[es[k].m]
		}
		slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.m, b.m) })
		if kernel && len(es) >= minDenseRow && int(es[len(es)-1].m-es[0].m) == len(es)-1 {
			ev.isDense[o] = true
			if o < neq {
				ev.denseJ++
			}
			out := o
			if o >= neq {
				out -= neq
			}
			ev.dense = append(ev.dense, denseRow{out: int64(out), lo: int64(es[0].m), n: int64(len(es)), off: int64(len(ev.cre) / 2)})
			for _, e := range es {
				ev.cre = append(ev.cre, real(e.c), real(e.c))
				ev.cim = append(ev.cim, imag(e.c), imag(e.c))
			}
		} else {
			for _, e := range es {
				ev.coef = append(ev.coef, e.c)
				ev.mono = append(ev.mono, e.m)
			}
		}
		ev.start = append(ev.start, int32(len(ev.coef)))
	}
	ev.m = make([]complex128, len(exps))
	if kernel {
		ev.prog = make([]int32, 2*len(exps))
		for k := 1; k < len(exps); k++ {
			ev.prog[2*k], ev.prog[2*k+1] = ev.parent[k], ev.pvar[k]
		}
	}
	return ev, nil
}

func (ev *monoEval) clone() *monoEval {
	c := *ev
	c.m = make([]complex128, len(ev.m))
	return &c
}

// eval sets f (length neqs) and, unless jac is nil, jac (neqs×nvars,
// row-major) at x.
func (ev *monoEval) eval(f, jac, x []complex128) {
	x = x[:ev.nvars]
	f = f[:ev.neqs]
	nout := ev.neqs
	first := 0
	nm := len(ev.parent)
	euler := jac != nil && ev.invDeg != nil
	if jac != nil {
		nout += ev.neqs * ev.nvars
		jac = jac[:ev.neqs*ev.nvars]
		if euler {
			first, nm = ev.neqs, ev.nJac
		}
	}
	m := ev.m[:nm]
	m[0] = 1
	if ev.prog != nil {
		monoProducts(m, x, ev.prog)
		if !euler {
			denseDots(f, ev.dense[:ev.denseJ], m, ev.cre, ev.cim)
		}
		if jac != nil {
			denseDots(jac, ev.dense[ev.denseJ:], m, ev.cre, ev.cim)
		}
	} else {
		parent, pvar := ev.parent[:nm], ev.pvar[:nm]
		for k := 1; k < len(parent); k++ {
			m[k] = m[parent[k]] * x[pvar[k]]
		}
	}
	start, coef, mono := ev.start[:nout+1], ev.coef, ev.mono[:len(ev.coef)]
	isDense := ev.isDense[:nout]
	for o := first; o < nout; o++ {
		if isDense[o] {
			continue
		}
		// Two accumulators halve the chain of dependent additions.
		var v, w complex128
		r, end := start[o], start[o+1]
		for ; r+1 < end; r += 2 {
			v += coef[r] * m[mono[r]]
			w += coef[r+1] * m[mono[r+1]]
		}
		if r < end {
			v += coef[r] * m[mono[r]]
		}
		if o < len(f) {
			f[o] = v + w
		} else {
			jac[o-len(f)] = v + w
		}
	}
	if !euler {
		return
	}
	n := ev.nvars
	for i, d := range ev.invDeg {
		row := jac[i*n : i*n+n]
		var v complex128
		for j, xj := range x {
			v += xj * row[j]
		}
		f[i] = v * complex(d, 0)
	}
}
