package hyptest

import (
	"fmt"
	"math"
	"math/big"
	"sync"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Isometry is an isometry of the hyperbolic plane known exactly: a 3×3
// matrix M of rationals with MᵀJM = J (J = diag(1, −1, −1)) and M₀₀ ≥ 1,
// acting on hyperboloid coordinates (T, X, Y) and projectively on Klein
// points. It is composed (Compose, Inverse) of rotations with rational
// cosine and sine (RotationIsometry: cos φ = (1 − τ²)/(1 + τ²),
// sin φ = 2τ/(1 + τ²) for a float64 τ), boosts with rational cosh and sinh
// (BoostIsometry: cosh r = (1 + σ²)/(1 − σ²), sinh r = 2σ/(1 − σ²) for a
// float64 σ = tanh(r/2)) and the reflection Y ↦ −Y (ReflectionIsometry),
// as the generators of package gen draw them, so the image of a float64
// point is an exact rational point, and the rounding of a computed image
// can be bounded rigorously (Displacement).
//
// Float gives the same isometry as a hyperbolic.Isometry built by that
// package's constructors (entries within a few ulps of the exact ones),
// for testing code that takes float64 matrices. The zero value is the
// identity.
type Isometry struct {
	// m returns the exact matrix, computed on first use and shared by
	// copies: code that only needs Float never pays for the rationals.
	m    func() [3][3]*big.Rat
	fl   hyperbolic.Isometry
	desc string
}

// lazy memoizes a matrix computation.
func lazy(f func() [3][3]*big.Rat) func() [3][3]*big.Rat { return sync.OnceValue(f) }

// known wraps a matrix already computed.
func known(m [3][3]*big.Rat) func() [3][3]*big.Rat { return func() [3][3]*big.Rat { return m } }

// IdentityIsometry returns the identity (the zero Isometry is the same).
func IdentityIsometry() Isometry {
	return Isometry{m: known(ratMatrix([3][3]int64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}})), fl: hyperbolic.Identity(), desc: "id"}
}

// exact returns the exact matrix (the identity for the zero value).
func (g Isometry) exact() [3][3]*big.Rat {
	if g.m == nil {
		return IdentityIsometry().m()
	}
	return g.m()
}

// float returns the float64 isometry (the identity for the zero value).
func (g Isometry) float() hyperbolic.Isometry {
	if g.m == nil {
		return hyperbolic.Identity()
	}
	return g.fl
}

// name returns the description ("id" for the zero value).
func (g Isometry) name() string {
	if g.m == nil {
		return "id"
	}
	return g.desc
}

func ratMatrix(a [3][3]int64) [3][3]*big.Rat {
	var m [3][3]*big.Rat
	for i := range 3 {
		for j := range 3 {
			m[i][j] = big.NewRat(a[i][j], 1)
		}
	}
	return m
}

// RotationIsometry returns the rotation about the origin by k quarter
// turns plus φ = 2·atan(τ), exactly: cos φ = (1 − τ²)/(1 + τ²) and
// sin φ = 2τ/(1 + τ²) are rational for every float64 τ. Every angle is
// kπ/2 + 2·atan(τ) for some k and |τ| ≤ tan(π/8), up to the rounding of
// τ; with τ = 0 the rotation is by quarter turns, exact on float64 points
// too. It panics unless τ is finite.
func RotationIsometry(k int, tau float64) Isometry {
	mustFinite("RotationIsometry", tau)
	theta := quarterAngle(k, tau)
	m := lazy(func() [3][3]*big.Rat {
		c, s := rotCosSin(k, tau)
		var m [3][3]*big.Rat
		m[0] = [3]*big.Rat{big.NewRat(1, 1), new(big.Rat), new(big.Rat)}
		m[1] = [3]*big.Rat{new(big.Rat), c, new(big.Rat).Neg(s)}
		m[2] = [3]*big.Rat{new(big.Rat), new(big.Rat).Set(s), new(big.Rat).Set(c)}
		return m
	})
	return Isometry{m: m, fl: hyperbolic.Rotation(theta), desc: fmt.Sprintf("rot(%.17g)", theta)}
}

// quarterAngle returns k quarter turns plus 2·atan(τ), in float64.
func quarterAngle(k int, tau float64) float64 {
	return float64(((k%4)+4)%4)*math.Pi/2 + 2*math.Atan(tau)
}

// rotCosSin returns the rational cosine and sine of k quarter turns plus
// φ = 2·atan(τ).
func rotCosSin(k int, tau float64) (c, s *big.Rat) {
	rt := ratF(tau)
	t2 := new(big.Rat).Mul(rt, rt)
	den := new(big.Rat).Add(big.NewRat(1, 1), t2)
	c = new(big.Rat).Quo(new(big.Rat).Sub(big.NewRat(1, 1), t2), den)
	s = new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(2, 1), rt), den)
	k = ((k % 4) + 4) % 4
	for range k { // (c, s) ↦ (−s, c): a quarter turn more
		c, s = new(big.Rat).Neg(s), c
	}
	return c, s
}

// BoostIsometry returns the boost (hyperbolic translation) by
// r = 2·atanh(σ), 0 ≤ σ < 1, along the geodesic through the origin in the
// direction α = kπ/2 + 2·atan(τ), exactly: with (c, s) = (cos α, sin α)
// rational (as in RotationIsometry) its matrix is
//
//	[ ch      sh·c            sh·s          ]
//	[ sh·c    1 + (ch−1)c²    (ch−1)·c·s    ]
//	[ sh·s    (ch−1)·c·s      1 + (ch−1)s²  ]
//
// with ch = (1 + σ²)/(1 − σ²) = cosh r and sh = 2σ/(1 − σ²) = sinh r.
// It panics unless 0 ≤ σ < 1 and τ is finite.
func BoostIsometry(sigma float64, k int, tau float64) Isometry {
	if !(sigma >= 0 && sigma < 1) {
		panic(fmt.Sprintf("hyptest: BoostIsometry(%v, %d, %v): want 0 ≤ σ < 1", sigma, k, tau))
	}
	mustFinite("BoostIsometry", tau)
	alpha := quarterAngle(k, tau)
	m := lazy(func() [3][3]*big.Rat {
		c, s := rotCosSin(k, tau)
		rs := ratF(sigma)
		s2 := new(big.Rat).Mul(rs, rs)
		one := big.NewRat(1, 1)
		den := new(big.Rat).Sub(one, s2)
		ch := new(big.Rat).Quo(new(big.Rat).Add(one, s2), den)
		sh := new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(2, 1), rs), den)
		chm := new(big.Rat).Sub(ch, one)
		cs := new(big.Rat).Mul(chm, new(big.Rat).Mul(c, s))
		var m [3][3]*big.Rat
		m[0] = [3]*big.Rat{ch, new(big.Rat).Mul(sh, c), new(big.Rat).Mul(sh, s)}
		m[1] = [3]*big.Rat{new(big.Rat).Set(m[0][1]), new(big.Rat).Add(one, new(big.Rat).Mul(chm, new(big.Rat).Mul(c, c))), cs}
		m[2] = [3]*big.Rat{new(big.Rat).Set(m[0][2]), new(big.Rat).Set(cs), new(big.Rat).Add(one, new(big.Rat).Mul(chm, new(big.Rat).Mul(s, s)))}
		return m
	})
	r := 2 * math.Atanh(sigma)
	return Isometry{m: m, fl: hyperbolic.Boost(r, alpha), desc: fmt.Sprintf("boost(%.17g, %.17g)", r, alpha)}
}

// ReflectionIsometry returns the reflection in the first axis,
// (x, y) ↦ (x, −y).
func ReflectionIsometry() Isometry {
	return Isometry{m: known(ratMatrix([3][3]int64{{1, 0, 0}, {0, 1, 0}, {0, 0, -1}})), fl: hyperbolic.Reflection(0), desc: "refl"}
}

// Compose returns g∘h (h first), exactly.
func (g Isometry) Compose(h Isometry) Isometry {
	m := lazy(func() [3][3]*big.Rat {
		a, b := g.exact(), h.exact()
		var m [3][3]*big.Rat
		for i := range 3 {
			for j := range 3 {
				s := new(big.Rat)
				for k := range 3 {
					s.Add(s, new(big.Rat).Mul(a[i][k], b[k][j]))
				}
				m[i][j] = s
			}
		}
		return m
	})
	return Isometry{m: m, fl: g.float().Compose(h.float()), desc: g.name() + "·" + h.name()}
}

// Inverse returns g⁻¹ = J·Mᵀ·J, exactly.
func (g Isometry) Inverse() Isometry {
	m := lazy(func() [3][3]*big.Rat {
		a := g.exact()
		var m [3][3]*big.Rat
		for i := range 3 {
			for j := range 3 {
				v := new(big.Rat).Set(a[j][i])
				if (i == 0) != (j == 0) {
					v.Neg(v)
				}
				m[i][j] = v
			}
		}
		return m
	})
	return Isometry{m: m, fl: g.float().Inverse(), desc: "(" + g.name() + ")⁻¹"}
}

// Matrix returns a copy of the exact matrix (rows and columns T, X, Y).
func (g Isometry) Matrix() [3][3]*big.Rat {
	a := g.exact()
	var m [3][3]*big.Rat
	for i := range 3 {
		for j := range 3 {
			m[i][j] = new(big.Rat).Set(a[i][j])
		}
	}
	return m
}

// Float returns the isometry as a hyperbolic.Isometry, composed from that
// package's Rotation, Boost and Reflection with the float64 parameters
// of the exact factors: its entries agree with the exact matrix to a few
// ulps, not exactly.
func (g Isometry) Float() hyperbolic.Isometry { return g.float() }

// GoString describes g by its factors (rapid prints drawn values with it).
func (g Isometry) GoString() string { return "hyptest.Isometry{" + g.name() + "}" }

// String is GoString.
func (g Isometry) String() string { return g.GoString() }

// ApplyExact returns the exact Klein image of p, as rationals. It fails
// for a p that is not a point of the disk.
func (g Isometry) ApplyExact(p hyperbolic.Point) (x, y *big.Rat, err error) {
	if err := p.Check(); err != nil {
		return nil, nil, err
	}
	v := [3]*big.Rat{big.NewRat(1, 1), ratF(p.X), ratF(p.Y)}
	a := g.exact()
	var h [3]*big.Rat
	for i := range 3 {
		s := new(big.Rat)
		for k := range 3 {
			s.Add(s, new(big.Rat).Mul(a[i][k], v[k]))
		}
		h[i] = s
	}
	return h[1].Quo(h[1], h[0]), h[2].Quo(h[2], h[0]), nil // h[0] ≥ 1
}

// Apply returns the float64 point nearest to the exact image of p
// (each coordinate correctly rounded). It fails for an invalid p, and with
// an error wrapping hyperbolic.ErrNotRepresentable if that nearest point
// is not strictly inside the disk.
func (g Isometry) Apply(p hyperbolic.Point) (hyperbolic.Point, error) {
	x, y, err := g.ApplyExact(p)
	if err != nil {
		return hyperbolic.Point{}, err
	}
	fx, _ := x.Float64()
	fy, _ := y.Float64()
	q := hyperbolic.Point{X: fx, Y: fy}
	if q.Check() != nil {
		return hyperbolic.Point{}, fmt.Errorf("hyptest: %v·%v rounds to (%v, %v): %w", g.name(), p, fx, fy, hyperbolic.ErrNotRepresentable)
	}
	return q, nil
}

// Displacement returns a rigorous upper bound of the hyperbolic distance
// from q (typically a computed image of p) to the exact image g·p. For
// Klein points x, y, sinh²d = ((1 − x·y)² − (1 − |x|²)(1 − |y|²))/((1 − |x|²)(1 − |y|²)),
// evaluated exactly in rationals, and d ≤ sinh d; the square root is
// rounded up. It fails for invalid p or q.
func (g Isometry) Displacement(p, q hyperbolic.Point) (float64, error) {
	if err := q.Check(); err != nil {
		return 0, err
	}
	x, y, err := g.ApplyExact(p)
	if err != nil {
		return 0, err
	}
	return ratDistBound(ratPoint{X: x, Y: y}, exact(q)), nil
}

// mustFinite panics, naming the constructor, if τ is not finite.
func mustFinite(name string, tau float64) {
	if !finite(tau) {
		panic(fmt.Sprintf("hyptest: %s: τ = %v: want a finite value", name, tau))
	}
}
