package homotopy

import (
	"encoding/binary"
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
	eqStart     []int32 // terms of equation i: [eqStart[i], eqStart[i+1])
	coef        []complex128
	mono        []int32 // per term: index of x^α
	dStart      []int32 // derivative entries of term t: [dStart[t], dStart[t+1])
	dVar        []int32
	dMono       []int32
	dCoef       []complex128 // c_t·α_tj
	m           []complex128 // scratch: monomial values
}

func compileMonoEval(s poly.System[complex128]) (*monoEval, error) {
	n := s.NumVars()
	ev := &monoEval{nvars: n, neqs: s.NumEqs()}
	index := map[string]int32{}
	var exps [][]int
	key := func(e []int) string {
		b := make([]byte, 0, 2*len(e))
		for _, v := range e {
			b = binary.AppendUvarint(b, uint64(v))
		}
		return string(b)
	}
	// add registers monomial e and, recursively, its parent.
	var add func(e []int) int32
	add = func(e []int) int32 {
		k := key(e)
		if i, ok := index[k]; ok {
			return i
		}
		v := slices.IndexFunc(e, func(x int) bool { return x > 0 })
		par, pv := int32(-1), int32(-1)
		if v >= 0 {
			pe := slices.Clone(e)
			pe[v]--
			par, pv = add(pe), int32(v)
		}
		i := int32(len(exps))
		index[k] = i
		exps = append(exps, slices.Clone(e))
		ev.parent = append(ev.parent, par)
		ev.pvar = append(ev.pvar, pv)
		return i
	}
	add(make([]int, n))
	ev.eqStart = append(ev.eqStart, 0)
	ev.dStart = append(ev.dStart, 0)
	for i := range s.NumEqs() {
		p := s.Poly(i)
		for k := range p.NumTerms() {
			t := p.Term(k)
			if cmplx.IsNaN(t.Coef) || cmplx.IsInf(t.Coef) {
				return nil, fmt.Errorf("equation %d, term %d: coefficient %v is not finite", i, k, t.Coef)
			}
			e := []int(t.Exp)
			ev.coef = append(ev.coef, t.Coef)
			ev.mono = append(ev.mono, add(e))
			for j, a := range e {
				if a == 0 {
					continue
				}
				de := slices.Clone(e)
				de[j]--
				ev.dVar = append(ev.dVar, int32(j))
				ev.dMono = append(ev.dMono, add(de))
				ev.dCoef = append(ev.dCoef, t.Coef*complex(float64(a), 0))
			}
			ev.dStart = append(ev.dStart, int32(len(ev.dVar)))
		}
		ev.eqStart = append(ev.eqStart, int32(len(ev.coef)))
	}
	if len(exps) > math.MaxInt32/2 {
		return nil, fmt.Errorf("too many monomials (%d)", len(exps))
	}
	ev.m = make([]complex128, len(exps))
	return ev, nil
}

func (ev *monoEval) clone() *monoEval {
	c := *ev
	c.m = make([]complex128, len(ev.m))
	return &c
}

// eval sets f (length neqs) and, unless jac is nil, jac (neqs×nvars,
// row-major) at x.
func (ev *monoEval) eval(x, f, jac []complex128) {
	m := ev.m
	m[0] = 1
	for k := 1; k < len(m); k++ {
		m[k] = m[ev.parent[k]] * x[ev.pvar[k]]
	}
	n := ev.nvars
	for i := range ev.neqs {
		var v complex128
		lo, hi := ev.eqStart[i], ev.eqStart[i+1]
		for t := lo; t < hi; t++ {
			v += ev.coef[t] * m[ev.mono[t]]
		}
		f[i] = v
		if jac == nil {
			continue
		}
		row := jac[i*n : (i+1)*n]
		clear(row)
		for d := ev.dStart[lo]; d < ev.dStart[hi]; d++ {
			row[ev.dVar[d]] += ev.dCoef[d] * m[ev.dMono[d]]
		}
	}
}
