package poly

import (
	"math/big"
)

// Coeff is the set of coefficient kinds a polynomial may have:
//
//	float64      IEEE double
//	complex128   pair of IEEE doubles
//	*big.Rat     exact rational
//	*big.Float   arbitrary-precision binary float
//	*ComplexRat  exact complex rational
//
// Pointer kinds are immutable once stored in a polynomial: operations
// always allocate fresh results and never modify their operands.
type Coeff interface {
	float64 | complex128 | *big.Rat | *big.Float | *ComplexRat
}

// Field is the arithmetic of one coefficient kind. Results never alias
// operands. Quo panics on division by zero for the exact kinds.
//
// For *big.Float the result precision is the larger of the operands'
// precisions (math/big's rule for a receiver of precision 0), rounding to
// nearest even; FromInt gives precision 64 (exact for any int64).
type Field[K any] interface {
	Zero() K
	One() K
	FromInt(n int64) K
	IsZero(a K) bool
	Equal(a, b K) bool
	Add(a, b K) K
	Sub(a, b K) K
	Mul(a, b K) K
	Quo(a, b K) K
	Neg(a K) K
}

// FieldOf returns the arithmetic of coefficient kind K.
func FieldOf[K Coeff]() Field[K] {
	var z K
	var f any
	switch any(z).(type) {
	case float64:
		f = machineField[float64]{}
	case complex128:
		f = machineField[complex128]{}
	case *big.Rat:
		f = ratField{}
	case *big.Float:
		f = bigFloatField{}
	case *ComplexRat:
		f = complexRatField{}
	}
	return f.(Field[K])
}

// machineField is the arithmetic of the hardware kinds, float64 and
// complex128.
type machineField[T float64 | complex128] struct{}

func (machineField[T]) Zero() T { return 0 }
func (machineField[T]) One() T  { return 1 }

func (machineField[T]) FromInt(n int64) T {
	var z T
	switch p := any(&z).(type) {
	case *float64:
		*p = float64(n)
	case *complex128:
		*p = complex(float64(n), 0)
	}
	return z
}

func (machineField[T]) IsZero(a T) bool   { return a == 0 }
func (machineField[T]) Equal(a, b T) bool { return a == b }
func (machineField[T]) Add(a, b T) T      { return a + b }
func (machineField[T]) Sub(a, b T) T      { return a - b }
func (machineField[T]) Mul(a, b T) T      { return a * b }
func (machineField[T]) Quo(a, b T) T      { return a / b }
func (machineField[T]) Neg(a T) T         { return -a }

type ratField struct{}

func (ratField) Zero() *big.Rat             { return new(big.Rat) }
func (ratField) One() *big.Rat              { return big.NewRat(1, 1) }
func (ratField) FromInt(n int64) *big.Rat   { return big.NewRat(n, 1) }
func (ratField) IsZero(a *big.Rat) bool     { return a.Sign() == 0 }
func (ratField) Equal(a, b *big.Rat) bool   { return a.Cmp(b) == 0 }
func (ratField) Add(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func (ratField) Sub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func (ratField) Mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func (ratField) Quo(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }
func (ratField) Neg(a *big.Rat) *big.Rat    { return new(big.Rat).Neg(a) }

type bigFloatField struct{}

func (bigFloatField) Zero() *big.Float           { return new(big.Float) }
func (bigFloatField) One() *big.Float            { return new(big.Float).SetInt64(1) }
func (bigFloatField) FromInt(n int64) *big.Float { return new(big.Float).SetInt64(n) }
func (bigFloatField) IsZero(a *big.Float) bool   { return a.Sign() == 0 }
func (bigFloatField) Equal(a, b *big.Float) bool { return a.Cmp(b) == 0 }
func (bigFloatField) Add(a, b *big.Float) *big.Float {
	return new(big.Float).Add(a, b)
}
func (bigFloatField) Sub(a, b *big.Float) *big.Float {
	return new(big.Float).Sub(a, b)
}
func (bigFloatField) Mul(a, b *big.Float) *big.Float {
	return new(big.Float).Mul(a, b)
}
func (bigFloatField) Quo(a, b *big.Float) *big.Float {
	return new(big.Float).Quo(a, b)
}
func (bigFloatField) Neg(a *big.Float) *big.Float { return new(big.Float).Neg(a) }

type complexRatField struct{}

func (complexRatField) Zero() *ComplexRat { return new(ComplexRat) }
func (complexRatField) One() *ComplexRat {
	z := new(ComplexRat)
	z.Re.SetInt64(1)
	return z
}
func (complexRatField) FromInt(n int64) *ComplexRat {
	z := new(ComplexRat)
	z.Re.SetInt64(n)
	return z
}
func (complexRatField) IsZero(a *ComplexRat) bool   { return a.IsZero() }
func (complexRatField) Equal(a, b *ComplexRat) bool { return a.Equal(b) }
func (complexRatField) Add(a, b *ComplexRat) *ComplexRat {
	return new(ComplexRat).Add(a, b)
}
func (complexRatField) Sub(a, b *ComplexRat) *ComplexRat {
	return new(ComplexRat).Sub(a, b)
}
func (complexRatField) Mul(a, b *ComplexRat) *ComplexRat {
	return new(ComplexRat).Mul(a, b)
}
func (complexRatField) Quo(a, b *ComplexRat) *ComplexRat {
	return new(ComplexRat).Quo(a, b)
}
func (complexRatField) Neg(a *ComplexRat) *ComplexRat { return new(ComplexRat).Neg(a) }
