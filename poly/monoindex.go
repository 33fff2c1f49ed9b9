package poly

import (
	"encoding/binary"
	"slices"
)

// MonomialIndex numbers monomials so that each one but 1 is the product
// of an earlier one and a variable: the evaluation order in which every
// monomial costs one multiplication. Add registers a monomial (and,
// recursively, the parent it is built from: itself with the first
// positive exponent lowered by one) and returns its number; monomial 0 is
// the constant 1. Evaluators of values and Jacobians that share monomials
// (packages homotopy and certify) compile through it.
type MonomialIndex struct {
	// Parent[k] and Var[k]: monomial k is monomial Parent[k] times
	// variable Var[k] (both −1 for k = 0).
	Parent, Var []int32
	// Exp[k] is the exponent vector of monomial k.
	Exp   []Monomial
	index map[string]int32
}

// NewMonomialIndex returns the index of nvars variables holding 1.
func NewMonomialIndex(nvars int) *MonomialIndex {
	m := &MonomialIndex{index: map[string]int32{}}
	m.Add(make(Monomial, nvars))
	return m
}

// Len returns the number of monomials registered.
func (m *MonomialIndex) Len() int { return len(m.Parent) }

// Add registers e and returns its number.
func (m *MonomialIndex) Add(e Monomial) int32 {
	b := make([]byte, 0, 2*len(e))
	for _, v := range e {
		b = binary.AppendUvarint(b, uint64(v))
	}
	k := string(b)
	if i, ok := m.index[k]; ok {
		return i
	}
	par, pv := int32(-1), int32(-1)
	if v := slices.IndexFunc(e, func(x int) bool { return x > 0 }); v >= 0 {
		pe := slices.Clone(e)
		pe[v]--
		par, pv = m.Add(pe), int32(v)
	}
	i := int32(len(m.Parent))
	m.index[k] = i
	m.Parent = append(m.Parent, par)
	m.Var = append(m.Var, pv)
	m.Exp = append(m.Exp, slices.Clone(e))
	return i
}
