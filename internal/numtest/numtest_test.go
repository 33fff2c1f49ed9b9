package numtest

import (
	"math"
	"math/big"
	"testing"
)

// CosSin against math.Cos and math.Sin (within a few ulps of float64),
// and against identities that hold to the working precision:
// cos² + sin² = 1, and the values at −x.
func TestCosSin(t *testing.T) {
	for _, x := range []float64{0, 1e-300, 0.5, 1, -2.25, math.Pi / 3, 4, 7, -9.5} {
		c, s := CosSin(big.NewFloat(x), 200)
		cf, _ := c.Float64()
		sf, _ := s.Float64()
		if math.Abs(cf-math.Cos(x)) > 4e-16 || math.Abs(sf-math.Sin(x)) > 4e-16 {
			t.Errorf("CosSin(%g) = %g, %g; math: %g, %g", x, cf, sf, math.Cos(x), math.Sin(x))
		}
		one := new(big.Float).SetPrec(200).Mul(c, c)
		one.Add(one, new(big.Float).SetPrec(200).Mul(s, s))
		one.Sub(one, big.NewFloat(1))
		if one.Sign() != 0 && one.MantExp(nil) > -190 {
			t.Errorf("CosSin(%g): cos² + sin² − 1 = %g", x, one)
		}
		cm, sm := CosSin(big.NewFloat(-x), 200)
		if cm.Cmp(c) != 0 || sm.Cmp(new(big.Float).Neg(s)) != 0 {
			t.Errorf("CosSin(−%g) is not (cos, −sin)", x)
		}
	}
}
