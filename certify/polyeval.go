package certify

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/poly"
)

// PolySystem is a square system of polynomials with exact rational
// coefficients, compiled for interval evaluation of the values and the
// Jacobian (whose polynomials are differentiated exactly). It implements
// System.
//
// Each coefficient enters as the tightest interval of the working
// precision containing it (so 1/3 is enclosed, never rounded), each power
// x_jᵏ as a tight interval power (even powers are never negative), and
// each polynomial is evaluated term by term as Σ c·Π x_jᵉ. For boxes that
// straddle many sign changes a term-wise sum overestimates, but Krawczyk
// only needs the Jacobian over small boxes and the values at points.
//
// A PolySystem keeps scratch space and is not safe for concurrent use;
// Clone gives an independent copy that shares the compiled polynomials.
type PolySystem struct {
	plan *polyPlan
	// float64 workspace: powers of every variable, laid out by plan.off.
	pow64 []Interval64
	// big workspace and coefficient enclosures cached by precision.
	pow    []Interval
	coef   map[uint][]Interval
	t1, t2 Interval
	acc    Interval
	// point-evaluation workspace (pointeval.go)
	pt64       []float64
	ptBig      []big.Float
	b1, b2, b3 big.Float
}

// polyPlan is the immutable compiled form shared by clones.
type polyPlan struct {
	n      int
	f      [][]term // F_i, i < n
	jac    [][]term // ∂F_i/∂x_j at i·n+j
	deg    []int    // highest exponent of each variable
	off    []int    // offset of variable j's powers in the power tables
	nPow   int
	nTerms int
}

type term struct {
	idx  int        // global index, for the coefficient cache
	coef *big.Rat   // exact
	c64  Interval64 // tightest float64 enclosure of coef
	f64  float64    // coef rounded to nearest
	vars []int      // variables with a positive exponent
	exps []int      // their exponents
}

// NewPolySystem compiles the square system polys (len(polys) unknowns; a
// polynomial in fewer variables uses the first ones). It fails if a
// polynomial has more variables than there are polynomials.
func NewPolySystem(polys ...poly.Poly[*big.Rat]) (*PolySystem, error) {
	n := len(polys)
	if n == 0 {
		return nil, fmt.Errorf("certify: empty polynomial system: %w", ErrInvalid)
	}
	pl := &polyPlan{n: n, f: make([][]term, n), jac: make([][]term, n*n), deg: make([]int, n), off: make([]int, n)}
	for i, p := range polys {
		if p.NumVars() > n {
			return nil, fmt.Errorf("certify: polynomial %d has %d variables in a system of %d equations: %w",
				i, p.NumVars(), n, ErrInvalid)
		}
		p = p.Widen(n)
		pl.f[i] = pl.compile(p)
		for j := 0; j < n; j++ {
			pl.jac[i*n+j] = pl.compile(p.Diff(j))
		}
	}
	for j := range pl.deg {
		pl.off[j] = pl.nPow
		pl.nPow += pl.deg[j] + 1
	}
	return pl.newSystem(), nil
}

// NewPolySystemFrom compiles a square poly.System.
func NewPolySystemFrom(s poly.System[*big.Rat]) (*PolySystem, error) {
	if err := s.CheckSquare(); err != nil {
		return nil, fmt.Errorf("certify: %w: %w", ErrInvalid, err)
	}
	return NewPolySystem(s.Polys()...)
}

func (pl *polyPlan) compile(p poly.Poly[*big.Rat]) []term {
	ts := make([]term, p.NumTerms())
	for k := range ts {
		t := p.Term(k)
		f, _ := t.Coef.Float64()
		ts[k] = term{idx: pl.nTerms, coef: new(big.Rat).Set(t.Coef), c64: ratInterval64(t.Coef), f64: f}
		pl.nTerms++
		for j, e := range t.Exp {
			if e > 0 {
				ts[k].vars = append(ts[k].vars, j)
				ts[k].exps = append(ts[k].exps, e)
				pl.deg[j] = max(pl.deg[j], e)
			}
		}
	}
	return ts
}

func (pl *polyPlan) newSystem() *PolySystem {
	return &PolySystem{plan: pl, pow64: make([]Interval64, pl.nPow), pow: make([]Interval, pl.nPow),
		coef: map[uint][]Interval{}, pt64: make([]float64, pl.nPow)}
}

// Clone returns an independent evaluator for the same system.
func (s *PolySystem) Clone() *PolySystem { return s.plan.newSystem() }

// Dim returns the number of equations and unknowns.
func (s *PolySystem) Dim() int { return s.plan.n }

// ratInterval64 returns the tightest float64 interval containing r.
func ratInterval64(r *big.Rat) Interval64 {
	var z Interval
	z.SetPrec(53)
	z.SetRat(r)
	return z.Interval64()
}

// Enclose64 implements System.
func (s *PolySystem) Enclose64(f, jac, x []Interval64) {
	pl := s.plan
	for j := 0; j < pl.n; j++ {
		row := s.pow64[pl.off[j] : pl.off[j]+pl.deg[j]+1]
		row[0] = Point64(1)
		for k := 1; k < len(row); k++ {
			row[k], _ = x[j].Pow(k) // k ≥ 0 cannot fail
		}
	}
	if f != nil {
		for i := range pl.f {
			f[i] = s.sum64(pl.f[i])
		}
	}
	if jac != nil {
		for i := range pl.jac {
			jac[i] = s.sum64(pl.jac[i])
		}
	}
}

func (s *PolySystem) sum64(ts []term) Interval64 {
	acc := Point64(0)
	off := s.plan.off
	for k := range ts {
		t := &ts[k]
		v := t.c64
		for q, j := range t.vars {
			v = v.Mul(s.pow64[off[j]+t.exps[q]])
		}
		acc = acc.Add(v)
	}
	return acc
}

// Enclose implements System.
func (s *PolySystem) Enclose(f, jac, x []Interval, prec uint) {
	pl := s.plan
	coef := s.coefficients(prec)
	s.t1.SetPrec(prec)
	s.t2.SetPrec(prec)
	for j := 0; j < pl.n; j++ {
		row := s.pow[pl.off[j] : pl.off[j]+pl.deg[j]+1]
		row[0].SetPrec(prec).SetInt64(1)
		for k := 1; k < len(row); k++ {
			row[k].SetPrec(prec)
			row[k].Pow(&x[j], k) // k ≥ 0 cannot fail
		}
	}
	if f != nil {
		for i := range pl.f {
			s.sum(&f[i], pl.f[i], coef, prec)
		}
	}
	if jac != nil {
		for i := range pl.jac {
			s.sum(&jac[i], pl.jac[i], coef, prec)
		}
	}
}

func (s *PolySystem) sum(z *Interval, ts []term, coef []Interval, prec uint) {
	z.SetPrec(prec).SetInt64(0)
	s.acc.SetPrec(prec)
	acc, other := z, &s.acc // ping-pong: big.Float.Add allocates when aliased
	off := s.plan.off
	for k := range ts {
		t := &ts[k]
		// Alternate two scratch intervals so no product aliases its operand.
		v, next := &coef[t.idx], 0
		for q, j := range t.vars {
			w := &s.t1
			if next == 1 {
				w = &s.t2
			}
			w.Mul(v, &s.pow[off[j]+t.exps[q]])
			v, next = w, 1-next
		}
		other.Add(acc, v)
		acc, other = other, acc
	}
	if acc != z {
		z.Set(acc)
	}
}

// coefficients returns the enclosures of all coefficients at prec,
// computing them once per precision.
func (s *PolySystem) coefficients(prec uint) []Interval {
	if c, ok := s.coef[prec]; ok {
		return c
	}
	c := make([]Interval, s.plan.nTerms)
	for _, list := range [][][]term{s.plan.f, s.plan.jac} {
		for _, ts := range list {
			for _, t := range ts {
				c[t.idx].SetPrec(prec).SetRat(t.coef)
			}
		}
	}
	s.coef[prec] = c
	return c
}
