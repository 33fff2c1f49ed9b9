package poly

import "math/big"

// ComplexRat is an exact complex rational Re + Im·i. It is the coefficient
// kind of parsed text that uses the imaginary unit. The zero value is 0.
//
// Like the other pointer coefficient kinds, a *ComplexRat stored in a
// polynomial is treated as immutable: the package never modifies a
// coefficient after it is stored, and callers must not either.
type ComplexRat struct {
	Re, Im big.Rat
}

// NewComplexRat returns re + im·i; a nil argument counts as 0.
func NewComplexRat(re, im *big.Rat) *ComplexRat {
	z := new(ComplexRat)
	if re != nil {
		z.Re.Set(re)
	}
	if im != nil {
		z.Im.Set(im)
	}
	return z
}

// IsReal reports whether the imaginary part is zero.
func (z *ComplexRat) IsReal() bool { return z.Im.Sign() == 0 }

// IsZero reports whether z = 0.
func (z *ComplexRat) IsZero() bool { return z.Re.Sign() == 0 && z.Im.Sign() == 0 }

// Set sets z = x and returns z.
func (z *ComplexRat) Set(x *ComplexRat) *ComplexRat {
	z.Re.Set(&x.Re)
	z.Im.Set(&x.Im)
	return z
}

// Add sets z = x + y and returns z.
func (z *ComplexRat) Add(x, y *ComplexRat) *ComplexRat {
	addRat(&z.Re, &x.Re, &y.Re)
	addRat(&z.Im, &x.Im, &y.Im)
	return z
}

// addRat sets z = x + y, copying when one is zero: big.Rat.Add would
// normalise with a gcd even then.
func addRat(z, x, y *big.Rat) {
	switch {
	case y.Sign() == 0:
		z.Set(x)
	case x.Sign() == 0:
		z.Set(y)
	default:
		z.Add(x, y)
	}
}

// unit reports whether x is one of 1, −1, I, −I, returning it as re + im·I.
func (x *ComplexRat) unit() (re, im int, ok bool) {
	isPM1 := func(r *big.Rat) int {
		if r.IsInt() && r.Num().IsInt64() {
			if v := r.Num().Int64(); v == 1 || v == -1 {
				return int(v)
			}
		}
		return 0
	}
	switch {
	case x.Im.Sign() == 0:
		re = isPM1(&x.Re)
	case x.Re.Sign() == 0:
		im = isPM1(&x.Im)
	}
	return re, im, re != 0 || im != 0
}

// Sub sets z = x − y and returns z.
func (z *ComplexRat) Sub(x, y *ComplexRat) *ComplexRat {
	z.Re.Sub(&x.Re, &y.Re)
	z.Im.Sub(&x.Im, &y.Im)
	return z
}

// Neg sets z = −x and returns z.
func (z *ComplexRat) Neg(x *ComplexRat) *ComplexRat {
	z.Re.Neg(&x.Re)
	z.Im.Neg(&x.Im)
	return z
}

// Mul sets z = x·y and returns z. z may alias x or y.
func (z *ComplexRat) Mul(x, y *ComplexRat) *ComplexRat {
	if _, _, ok := x.unit(); ok {
		x, y = y, x
	}
	if re, im, ok := y.unit(); ok { // ±x or ±I·x: no multiplication
		if re != 0 {
			z.Set(x)
		} else {
			var t big.Rat // (a+bI)·I = −b + aI
			t.Set(&x.Re)
			z.Re.Neg(&x.Im)
			z.Im.Set(&t)
		}
		if re < 0 || im < 0 {
			z.Neg(z)
		}
		return z
	}
	if x.Im.Sign() == 0 && y.Im.Sign() == 0 { // real fast path
		z.Re.Mul(&x.Re, &y.Re)
		z.Im.SetInt64(0)
		return z
	}
	var ac, bd, ad, bc big.Rat
	ac.Mul(&x.Re, &y.Re)
	bd.Mul(&x.Im, &y.Im)
	ad.Mul(&x.Re, &y.Im)
	bc.Mul(&x.Im, &y.Re)
	z.Re.Sub(&ac, &bd)
	z.Im.Add(&ad, &bc)
	return z
}

// Quo sets z = x/y and returns z. It panics if y = 0, like big.Rat.Quo.
// z may alias x or y.
func (z *ComplexRat) Quo(x, y *ComplexRat) *ComplexRat {
	var den, t big.Rat
	den.Mul(&y.Re, &y.Re)
	den.Add(&den, t.Mul(&y.Im, &y.Im))
	if den.Sign() == 0 {
		panic("poly: ComplexRat division by zero")
	}
	conj := ComplexRat{}
	conj.Re.Set(&y.Re)
	conj.Im.Neg(&y.Im)
	z.Mul(x, &conj)
	z.Re.Quo(&z.Re, &den)
	z.Im.Quo(&z.Im, &den)
	return z
}

// Equal reports whether z = x.
func (z *ComplexRat) Equal(x *ComplexRat) bool {
	return z.Re.Cmp(&x.Re) == 0 && z.Im.Cmp(&x.Im) == 0
}

// String formats z as "re+im*I" in lowest terms ("3/4", "1/2*I", "1-2*I").
func (z *ComplexRat) String() string { return formatComplexRat(z, "I") }
