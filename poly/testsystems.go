package poly

import "fmt"

// Katsura returns the katsura-n system, a standard homotopy benchmark from
// magnetism: n+1 unknowns u_0..u_n, named x1..x(n+1), and the equations
//
//	Σ_{l=−n..n} u_|l| · u_|m−l| − u_m = 0   for m = 0, ..., n−1,
//	Σ_{l=−n..n} u_|l| − 1 = 0,
//
// with u_k = 0 for k > n. Degrees are 2, ..., 2, 1, so the Bézout number is
// 2^n, and every one of the 2^n solutions is isolated and nonsingular
// (katsura-6: 64). It panics if n < 0.
func Katsura[K Coeff](n int) System[K] {
	if n < 0 {
		panic(fmt.Sprintf("poly: Katsura(%d): n must be ≥ 0", n))
	}
	nv := n + 1
	f := FieldOf[K]()
	u := func(k int) Poly[K] {
		if k < 0 {
			k = -k
		}
		if k > n {
			return Zero[K](nv)
		}
		return Var[K](nv, k)
	}
	var eqs []Poly[K]
	for m := range n {
		p := u(m).Neg()
		for l := -n; l <= n; l++ {
			p = p.Add(u(l).Mul(u(m - l)))
		}
		eqs = append(eqs, p)
	}
	lin := Const(nv, f.Neg(f.One()))
	for l := -n; l <= n; l++ {
		lin = lin.Add(u(l))
	}
	eqs = append(eqs, lin)
	s, err := NewSystem(numberedNames("x", 1, nv), eqs...)
	if err != nil {
		panic(err) // unreachable: names are valid and distinct
	}
	return s
}

// Cyclic returns the cyclic-n roots system in unknowns x1..xn:
//
//	Σ_{i=0..n−1} Π_{j=0..k−1} x_{(i+j) mod n} = 0   for k = 1, ..., n−1,
//	x_1 ··· x_n − 1 = 0.
//
// Degrees are 1, 2, ..., n (Bézout number n!). Cyclic-5 has 70 isolated
// nonsingular solutions, cyclic-6 has 156; cyclic-4 has positive-
// dimensional solution sets. It panics if n < 1.
func Cyclic[K Coeff](n int) System[K] {
	if n < 1 {
		panic(fmt.Sprintf("poly: Cyclic(%d): n must be ≥ 1", n))
	}
	f := FieldOf[K]()
	var eqs []Poly[K]
	for k := 1; k < n; k++ {
		p := Zero[K](n)
		for i := range n {
			m := make(Monomial, n)
			for j := range k {
				m[(i+j)%n]++
			}
			p = p.Add(Poly[K]{n: n, terms: []Term[K]{{Coef: f.One(), Exp: m}}})
		}
		eqs = append(eqs, p)
	}
	all := make(Monomial, n)
	for i := range all {
		all[i] = 1
	}
	last, _ := New(n, Term[K]{Coef: f.One(), Exp: all}, Term[K]{Coef: f.Neg(f.One()), Exp: make(Monomial, n)})
	eqs = append(eqs, last)
	s, err := NewSystem(numberedNames("x", 1, n), eqs...)
	if err != nil {
		panic(err) // unreachable
	}
	return s
}

// numberedNames returns prefix+first, ..., prefix+(first+n−1).
func numberedNames(prefix string, first, n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("%s%d", prefix, first+i)
	}
	return names
}
