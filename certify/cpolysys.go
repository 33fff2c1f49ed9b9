package certify

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/poly"
)

// ComplexPolySystem is a square polynomial system F: Cⁿ → Cⁿ with exact
// complex rational coefficients, compiled for enclosure over complex
// rectangles and presented to the Prover as the real system of dimension
// 2n it is: unknowns (Re z₁, …, Re zₙ, Im z₁, …, Im zₙ), equations
// (Re F₁, …, Re Fₙ, Im F₁, …, Im Fₙ). A box of R²ⁿ is a product of
// complex rectangles, and a Krawczyk proof for the real system proves a
// unique complex root in that product. Since F is holomorphic, the real
// Jacobian is the block matrix [[A, −B], [B, A]] of the complex Jacobian
// A + iB, enclosed from the same complex enclosure.
//
// Evaluation shares monomials: every monomial the values and the
// derivatives need is one complex interval product of a smaller one and a
// variable, and each value or derivative is Σ c·(monomial), with c the
// tightest enclosure of the exact coefficient (times the exponent, for a
// derivative). A ComplexPolySystem keeps scratch space and is not safe for
// concurrent use; Clone gives an independent copy sharing the compiled
// form.
type ComplexPolySystem struct {
	plan *cplan
	m64  []CBall64 // monomial values
	z64  []CBall64 // the variables
	fb64 []CBall64 // values and Jacobian
	jb64 []CBall64
	mBig []CInterval
	cBig map[uint][]CInterval // coefficient enclosures by precision
	acc  [2]CInterval
	t    CInterval
	s    cScratch
	// point evaluation scratch (EvalBig goes through Enclose)
	pt, zpt, fpt, jpt []complex128
	pe                pointEval
}

// cplan is the compiled, read-only part shared by clones.
type cplan struct {
	n            int
	parent, pvar []int32 // monomial k = monomial parent[k]·z_{pvar[k]}; 0 is 1
	// Output o < n is F_o; output n + i·n + j is ∂F_i/∂z_j. Its terms are
	// [start[o], start[o+1]): coefficient index and monomial.
	start      []int32
	mono       []int32
	re, im     []*big.Rat   // exact coefficients
	c64        []CBall64    // discs containing them
	p64        []complex128 // rounded to nearest, for point evaluation
	realCoeffs bool
	exact      poly.System[*poly.ComplexRat] // for the α-test
}

// NewComplexPolySystem compiles the square system s (coefficients of any
// kind poly supports, taken as the exact values they are).
func NewComplexPolySystem[K poly.Coeff](s poly.System[K]) (*ComplexPolySystem, error) {
	cs, err := poly.ExactSquare(s)
	if err != nil {
		return nil, fmt.Errorf("certify: %w: %w", ErrInvalid, err)
	}
	n := cs.NumVars()
	if n == 0 {
		return nil, fmt.Errorf("certify: system without unknowns: %w", ErrInvalid)
	}
	pl := &cplan{n: n, realCoeffs: true, exact: cs}
	idx := poly.NewMonomialIndex(n)
	addTerm := func(c *poly.ComplexRat, e poly.Monomial) {
		pl.mono = append(pl.mono, idx.Add(e))
		re, im := new(big.Rat).Set(&c.Re), new(big.Rat).Set(&c.Im)
		pl.re = append(pl.re, re)
		pl.im = append(pl.im, im)
		pl.c64 = append(pl.c64, BallOf(complexRatInterval64(re, im)))
		fr, _ := re.Float64()
		fi, _ := im.Float64()
		pl.p64 = append(pl.p64, complex(fr, fi))
		if im.Sign() != 0 {
			pl.realCoeffs = false
		}
	}
	addOutput := func(p poly.Poly[*poly.ComplexRat]) {
		for k := range p.NumTerms() {
			t := p.Term(k)
			addTerm(t.Coef, t.Exp)
		}
		pl.start = append(pl.start, int32(len(pl.mono)))
	}
	pl.start = append(pl.start, 0)
	for i := range n {
		addOutput(cs.Poly(i))
	}
	for i := range n {
		p := cs.Poly(i)
		for j := range n {
			addOutput(p.Diff(j))
		}
	}
	pl.parent, pl.pvar = idx.Parent, idx.Var
	return pl.newSystem(), nil
}

func (pl *cplan) newSystem() *ComplexPolySystem {
	return &ComplexPolySystem{plan: pl, m64: make([]CBall64, len(pl.parent)), z64: make([]CBall64, pl.n),
		fb64: make([]CBall64, pl.n), jb64: make([]CBall64, pl.n*pl.n), cBig: map[uint][]CInterval{}}
}

// Clone returns an independent evaluator for the same system.
func (s *ComplexPolySystem) Clone() *ComplexPolySystem { return s.plan.newSystem() }

// Dim returns 2n, the real dimension.
func (s *ComplexPolySystem) Dim() int { return 2 * s.plan.n }

// NumVars returns n, the number of complex unknowns.
func (s *ComplexPolySystem) NumVars() int { return s.plan.n }

// RealCoefficients reports whether every coefficient is real: then the
// complex conjugate of a root is a root.
func (s *ComplexPolySystem) RealCoefficients() bool { return s.plan.realCoeffs }

// Enclose64 implements System: x holds the real parts of the n complex
// unknowns, then their imaginary parts. The evaluation runs in disc
// arithmetic (CBall64); the results are the rectangles around the discs.
func (s *ComplexPolySystem) Enclose64(f, jac, x []Interval64) {
	pl, n := s.plan, s.plan.n
	for j := range n {
		s.z64[j] = BallOf(CInterval64{x[j], x[n+j]})
	}
	var fb, jb []CBall64
	if f != nil {
		fb = s.fb64[:n]
	}
	if jac != nil {
		jb = s.jb64[:n*n]
	}
	pl.evalBalls(fb, jb, s.z64, s.m64)
	for i := range fb {
		v := fb[i].Rect()
		f[i], f[n+i] = v.Re, v.Im
	}
	if jac != nil {
		N := 2 * n
		for i := range n {
			for j := range n {
				v := jb[i*n+j].Rect()
				jac[i*N+j], jac[i*N+n+j] = v.Re, v.Im.Neg()
				jac[(n+i)*N+j], jac[(n+i)*N+n+j] = v.Im, v.Re
			}
		}
	}
}

// Enclose implements System in big.Float intervals at prec bits.
func (s *ComplexPolySystem) Enclose(f, jac, x []Interval, prec uint) {
	pl, n := s.plan, s.plan.n
	if len(s.mBig) != len(pl.parent) {
		s.mBig = make([]CInterval, len(pl.parent))
	}
	coef := s.coefficients(prec)
	s.s.setPrec(prec)
	m := s.mBig
	m[0].SetPrec(prec)
	m[0].Re.SetInt64(1)
	m[0].Im.SetInt64(0)
	for k := 1; k < len(m); k++ {
		v := pl.pvar[k]
		m[k].SetPrec(prec)
		p := &m[pl.parent[k]]
		s.s.mulParts(&m[k].Re, &m[k].Im, &p.Re, &p.Im, &x[v], &x[n+int(v)])
	}
	sum := func(o int) *CInterval {
		a, b := &s.acc[0], &s.acc[1]
		a.SetPrec(prec)
		a.Re.SetInt64(0)
		a.Im.SetInt64(0)
		b.SetPrec(prec)
		s.t.SetPrec(prec)
		for r := pl.start[o]; r < pl.start[o+1]; r++ {
			s.s.mul(&s.t, &coef[r], &m[pl.mono[r]])
			b.Add(a, &s.t)
			a, b = b, a
		}
		return a
	}
	if f != nil {
		for i := range n {
			v := sum(i)
			f[i].SetPrec(prec).Set(&v.Re)
			f[n+i].SetPrec(prec).Set(&v.Im)
		}
	}
	if jac != nil {
		N := 2 * n
		for i := range n {
			for j := range n {
				v := sum(n + i*n + j)
				jac[i*N+j].SetPrec(prec).Set(&v.Re)
				jac[i*N+n+j].SetPrec(prec).Neg(&v.Im)
				jac[(n+i)*N+j].SetPrec(prec).Set(&v.Im)
				jac[(n+i)*N+n+j].SetPrec(prec).Set(&v.Re)
			}
		}
	}
}

// coefficients returns the coefficient enclosures at prec, computed once
// per precision.
func (s *ComplexPolySystem) coefficients(prec uint) []CInterval {
	if c, ok := s.cBig[prec]; ok {
		return c
	}
	pl := s.plan
	c := make([]CInterval, len(pl.re))
	for r := range c {
		c[r].SetPrec(prec)
		c[r].Re.SetRat(pl.re[r])
		c[r].Im.SetRat(pl.im[r])
	}
	s.cBig[prec] = c
	return c
}

// Eval64 implements PointSystem in complex128 with coefficients rounded
// to nearest (for the Prover's Newton refinement, which needs no rigour).
func (s *ComplexPolySystem) Eval64(f, jac, x []float64) {
	pl, n := s.plan, s.plan.n
	if len(s.pt) != len(pl.parent) {
		s.pt = make([]complex128, len(pl.parent))
		s.zpt = make([]complex128, n)
		s.fpt = make([]complex128, n)
		s.jpt = make([]complex128, n*n)
	}
	for j := range n {
		s.zpt[j] = complex(x[j], x[n+j])
	}
	var fp, jp []complex128
	if f != nil {
		fp = s.fpt
	}
	if jac != nil {
		jp = s.jpt
	}
	pl.evalPoint(fp, jp, s.zpt, s.pt)
	for i, v := range fp {
		f[i], f[n+i] = real(v), imag(v)
	}
	if jac != nil {
		N := 2 * n
		for i := range n {
			for j := range n {
				v := jp[i*n+j]
				jac[i*N+j], jac[i*N+n+j] = real(v), -imag(v)
				jac[(n+i)*N+j], jac[(n+i)*N+n+j] = imag(v), real(v)
			}
		}
	}
}

// EvalBig implements PointSystem: the midpoints of the enclosures at the
// point x.
func (s *ComplexPolySystem) EvalBig(f, jac, x []big.Float, prec uint) { s.pe.eval(s, f, jac, x, prec) }
