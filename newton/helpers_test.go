package newton_test

import (
	"errors"
	"math"
	"math/big"

	"github.com/ALTree/bigfloat"

	"github.com/hypersteiner/hypersteiner/newton"
)

// prec is the working precision of the exact references.
const prec = 256

func bf(x float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(x) }

// circle is x² + y² − 1 = 0, x − y = 0 with the root (√½, √½).
var circle = newton.System{
	M: 2,
	F: func(f, x []float64) {
		f[0] = x[0]*x[0] + x[1]*x[1] - 1
		f[1] = x[0] - x[1]
	},
	Jac: func(jac, x []float64) {
		jac[0], jac[1] = 2*x[0], 2*x[1]
		jac[2], jac[3] = 1, -1
	},
}

// circleRoot returns √½ to 256 bits, both coordinates of circle's root.
func circleRoot() []*big.Float {
	h := new(big.Float).SetPrec(prec).Quo(bf(1), bf(2))
	r := new(big.Float).SetPrec(prec).Sqrt(h)
	return []*big.Float{r, r}
}

// powellBadlyScaledRoot solves 1e4·x1·x2 = 1, e^(−x1) + e^(−x2) = c at 256
// bits by Newton's method from a float64 approximation, where c is the
// float64 constant 1.0001 used by the test function (the exact dyadic value
// the float64 program computes with). Twelve steps from a start good to
// 1e-6 are far more than quadratic convergence to 256 bits needs.
func powellBadlyScaledRoot(start []float64) []*big.Float {
	x1, x2 := bf(start[0]), bf(start[1])
	c := bf(1.0001)
	e4 := bf(1e4)
	for it := 0; it < 12; it++ {
		m1 := new(big.Float).SetPrec(prec).Neg(x1)
		m2 := new(big.Float).SetPrec(prec).Neg(x2)
		ex1, ex2 := bigfloat.Exp(m1), bigfloat.Exp(m2)
		f1 := new(big.Float).SetPrec(prec).Mul(e4, x1)
		f1.Mul(f1, x2).Sub(f1, bf(1))
		f2 := new(big.Float).SetPrec(prec).Add(ex1, ex2)
		f2.Sub(f2, c)
		// J = [[a, b], [p, q]] = [[1e4·x2, 1e4·x1], [−e^(−x1), −e^(−x2)]].
		a := new(big.Float).SetPrec(prec).Mul(e4, x2)
		b := new(big.Float).SetPrec(prec).Mul(e4, x1)
		p := new(big.Float).SetPrec(prec).Neg(ex1)
		q := new(big.Float).SetPrec(prec).Neg(ex2)
		det := new(big.Float).SetPrec(prec).Mul(a, q)
		det.Sub(det, new(big.Float).SetPrec(prec).Mul(b, p))
		// dx = −J⁻¹·f = −[q·f1 − b·f2, −p·f1 + a·f2]/det.
		d1 := new(big.Float).SetPrec(prec).Mul(q, f1)
		d1.Sub(d1, new(big.Float).SetPrec(prec).Mul(b, f2)).Quo(d1, det)
		d2 := new(big.Float).SetPrec(prec).Mul(a, f2)
		d2.Sub(d2, new(big.Float).SetPrec(prec).Mul(p, f1)).Quo(d2, det)
		x1.Sub(x1, d1)
		x2.Sub(x2, d2)
	}
	return []*big.Float{x1, x2}
}

func ones(n int) []*big.Float {
	r := make([]*big.Float, n)
	for i := range r {
		r[i] = bf(1)
	}
	return r
}

// relErr returns ‖x − ref‖/‖ref‖ with the difference taken exactly.
func relErr(x []float64, ref []*big.Float) float64 {
	var num, den float64
	for i, r := range ref {
		d, _ := new(big.Float).SetPrec(prec).Sub(bf(x[i]), r).Float64()
		v, _ := r.Float64()
		num += d * d
		den += v * v
	}
	return math.Sqrt(num) / math.Sqrt(den)
}

func asError(err error, target **newton.Error) bool { return errors.As(err, target) }
