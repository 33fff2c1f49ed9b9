package poly

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
)

// System is an ordered list of variable names and a list of polynomials in
// those variables (every polynomial has NumVars = len(Vars)). It may be
// square (as many equations as unknowns) or not. Like Poly it is an
// immutable value.
type System[K Coeff] struct {
	vars  []string
	polys []Poly[K]
}

// ErrNotSquare is matched (errors.Is) by *NotSquareError.
var ErrNotSquare = errors.New("poly: system is not square")

// NotSquareError reports a system with a different number of equations
// and unknowns where a square one is needed.
type NotSquareError struct {
	Eqs, Vars int
}

func (e *NotSquareError) Error() string {
	return fmt.Sprintf("poly: system is not square: %d equations in %d unknowns", e.Eqs, e.Vars)
}

// Is makes errors.Is(err, ErrNotSquare) true.
func (e *NotSquareError) Is(target error) bool { return target == ErrNotSquare }

// NewSystem returns the system of polys in the named variables. Names must
// be distinct identifiers ([A-Za-z_][A-Za-z0-9_]*). Each polynomial must
// have at most len(vars) variables; fewer are widened (its variables are
// the first names).
func NewSystem[K Coeff](vars []string, polys ...Poly[K]) (System[K], error) {
	if err := checkNames(vars); err != nil {
		return System[K]{}, err
	}
	ps := make([]Poly[K], len(polys))
	for i, p := range polys {
		if p.n > len(vars) {
			return System[K]{}, fmt.Errorf("poly: NewSystem: polynomial %d has %d variables, only %d names", i, p.n, len(vars))
		}
		ps[i] = p.Widen(len(vars))
	}
	return System[K]{vars: slices.Clone(vars), polys: ps}, nil
}

func checkNames(vars []string) error {
	seen := make(map[string]int, len(vars))
	for i, v := range vars {
		if !isIdent(v) {
			return fmt.Errorf("poly: variable %d: %q is not an identifier", i, v)
		}
		if j, dup := seen[v]; dup {
			return fmt.Errorf("poly: variable %q appears twice (positions %d and %d)", v, j, i)
		}
		seen[v] = i
	}
	return nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) || (i == 0 && isDigit(s[i])) {
			return false
		}
	}
	return true
}

func isIdentByte(c byte) bool {
	return c == '_' || isDigit(c) || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// Vars returns a copy of the variable names.
func (s System[K]) Vars() []string { return slices.Clone(s.vars) }

// VarIndex returns the index of the named variable.
func (s System[K]) VarIndex(name string) (int, bool) {
	i := slices.Index(s.vars, name)
	return i, i >= 0
}

// NumVars returns the number of unknowns.
func (s System[K]) NumVars() int { return len(s.vars) }

// NumEqs returns the number of polynomials.
func (s System[K]) NumEqs() int { return len(s.polys) }

// Poly returns polynomial i.
func (s System[K]) Poly(i int) Poly[K] { return s.polys[i] }

// Polys returns a copy of the polynomial list.
func (s System[K]) Polys() []Poly[K] { return slices.Clone(s.polys) }

// IsSquare reports whether NumEqs = NumVars.
func (s System[K]) IsSquare() bool { return len(s.polys) == len(s.vars) }

// CheckSquare returns a *NotSquareError unless the system is square.
func (s System[K]) CheckSquare() error {
	if !s.IsSquare() {
		return &NotSquareError{Eqs: len(s.polys), Vars: len(s.vars)}
	}
	return nil
}

// Degrees returns the total degree of each polynomial (−1 for zero).
func (s System[K]) Degrees() []int {
	d := make([]int, len(s.polys))
	for i, p := range s.polys {
		d[i] = p.Degree()
	}
	return d
}

// Bezout returns the product of the total degrees: the number of paths of
// a total-degree homotopy, an upper bound on the isolated solutions of a
// square system. A zero polynomial contributes factor 0.
func (s System[K]) Bezout() *big.Int {
	b := big.NewInt(1)
	for _, d := range s.Degrees() {
		b.Mul(b, big.NewInt(int64(max(d, 0))))
	}
	return b
}

// Equal reports whether both systems have the same variable names in the
// same order and equal polynomials.
func (s System[K]) Equal(t System[K]) bool {
	if !slices.Equal(s.vars, t.vars) || len(s.polys) != len(t.polys) {
		return false
	}
	for i := range s.polys {
		if !s.polys[i].Equal(t.polys[i]) {
			return false
		}
	}
	return true
}

// Eval returns the values of all polynomials at x (len(x) = NumVars),
// computed in the arithmetic of K. See the compiled evaluators for speed.
func (s System[K]) Eval(x []K) ([]K, error) {
	if len(x) != len(s.vars) {
		return nil, fmt.Errorf("poly: Eval: got %d values for %d variables", len(x), len(s.vars))
	}
	out := make([]K, len(s.polys))
	for i, p := range s.polys {
		v, err := p.Eval(x)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// Jacobian returns the exact derivative polynomials J[i][j] = ∂f_i/∂x_j,
// NumEqs rows by NumVars columns.
func (s System[K]) Jacobian() [][]Poly[K] {
	J := make([][]Poly[K], len(s.polys))
	for i, p := range s.polys {
		J[i] = p.Gradient()
	}
	return J
}

// Homogenize returns the system with each polynomial homogenised to its
// own degree by a new variable named name, inserted first (index 0).
func (s System[K]) Homogenize(name string) (System[K], error) {
	vars := append([]string{name}, s.vars...)
	if err := checkNames(vars); err != nil {
		return System[K]{}, fmt.Errorf("poly: Homogenize: %w", err)
	}
	ps := make([]Poly[K], len(s.polys))
	for i, p := range s.polys {
		ps[i] = p.Homogenize()
	}
	return System[K]{vars: vars, polys: ps}, nil
}

// Dehomogenize sets the first variable to 1 and removes it.
func (s System[K]) Dehomogenize() (System[K], error) {
	if len(s.vars) == 0 {
		return System[K]{}, errors.New("poly: Dehomogenize: system has no variables")
	}
	ps := make([]Poly[K], len(s.polys))
	for i, p := range s.polys {
		ps[i] = p.Dehomogenize()
	}
	return System[K]{vars: slices.Clone(s.vars[1:]), polys: ps}, nil
}

// SubstValue sets the named variable to c in every polynomial and removes
// it from the variable list.
func (s System[K]) SubstValue(name string, c K) (System[K], error) {
	i, ok := s.VarIndex(name)
	if !ok {
		return System[K]{}, fmt.Errorf("poly: SubstValue: no variable %q", name)
	}
	if isNilCoef(c) {
		return System[K]{}, errors.New("poly: SubstValue: nil value")
	}
	ps := make([]Poly[K], len(s.polys))
	for k, p := range s.polys {
		q, err := p.SubstValue(i, c).RemoveVar(i)
		if err != nil {
			return System[K]{}, err // unreachable: x_i was substituted
		}
		ps[k] = q
	}
	return System[K]{vars: slices.Delete(slices.Clone(s.vars), i, i+1), polys: ps}, nil
}
