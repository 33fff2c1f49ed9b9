package hyptest

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// Exact points. The checks work on the exact rational Klein coordinates of
// the points they are given: a float64 Klein point is the dyadic rational
// it is, and a point given in another model (by the table runner) is the
// exact rational Klein image of its float64 coordinates, so that the
// rounding of a conversion never enters a verdict.

type ratPoint = isoptic.RatPoint

func ratF(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }

// exact returns p's exact coordinates; p must be finite.
func exact(p hyperbolic.Point) ratPoint { return ratPoint{X: ratF(p.X), Y: ratF(p.Y)} }

// exactAll checks Klein points and returns their exact coordinates.
func exactAll(ps ...hyperbolic.Point) ([]ratPoint, error) {
	out := make([]ratPoint, len(ps))
	for i, p := range ps {
		if err := p.Check(); err != nil {
			return nil, err
		}
		out[i] = exact(p)
	}
	return out, nil
}

func equalR(a, b ratPoint) bool { return a.X.Cmp(b.X) == 0 && a.Y.Cmp(b.Y) == 0 }

func dotR(a, b ratPoint) *big.Rat {
	r := new(big.Rat).Mul(a.X, b.X)
	return r.Add(r, new(big.Rat).Mul(a.Y, b.Y))
}

func subR(a, b ratPoint) ratPoint {
	return ratPoint{X: new(big.Rat).Sub(a.X, b.X), Y: new(big.Rat).Sub(a.Y, b.Y)}
}

func oneMinusR(r *big.Rat) *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), r) }

// orientR returns the sign of (b − a) × (c − a), exactly.
func orientR(a, b, c ratPoint) int {
	u, w := subR(b, a), subR(c, a)
	l := new(big.Rat).Mul(u.X, w.Y)
	return l.Cmp(new(big.Rat).Mul(u.Y, w.X))
}

// betweenR reports whether m lies on the closed segment from x to y, for
// collinear points: (x − m)·(y − m) ≤ 0, exactly.
func betweenR(x, m, y ratPoint) bool { return dotR(subR(x, m), subR(y, m)).Sign() <= 0 }

// ratSinhSq returns sinh² d(a, b) exactly for rational points of the disk.
func ratSinhSq(a, b ratPoint) *big.Rat {
	na, nb := oneMinusR(dotR(a, a)), oneMinusR(dotR(b, b))
	den := new(big.Rat).Mul(na, nb)
	num := oneMinusR(dotR(a, b))
	num.Mul(num, num)
	num.Sub(num, den)
	return num.Quo(num, den)
}

// ratDistBound returns an upper bound of the hyperbolic distance between
// two rational points of the disk: √(sinh²d), sinh²d exact, the square
// root enclosed with outward rounding (d ≤ sinh d).
func ratDistBound(a, b ratPoint) float64 {
	var z certify.Interval
	z.SetPrec(64).SetRat(ratSinhSq(a, b))
	z.Sqrt(&z) // sinh²d ≥ 0
	return z.Interval64().Hi
}

// resolutionR is Resolution at a rational point: u/(1 − |p|²), rounded up
// (it is a unit of tolerance, not a bound, but rounding it up keeps it
// from shrinking).
func resolutionR(p ratPoint) float64 {
	q := new(big.Rat).Quo(big.NewRat(1, 1), oneMinusR(dotR(p, p)))
	v, _ := new(big.Float).SetPrec(64).SetMode(big.ToPositiveInf).SetRat(q).Float64()
	return 0x1p-53 * v
}

// The oracles on exact points, at oraclePrec, rounded outward to float64.

func distR(a, b ratPoint) (certify.Interval64, error) {
	var z certify.Interval
	if _, err := z.DistRat(a, b, oraclePrec); err != nil {
		return certify.Interval64{}, err
	}
	return z.Interval64(), nil
}

func angleR(a, v, b ratPoint) (certify.Interval64, error) {
	var z certify.Interval
	if _, err := z.AngleRat(a, v, b, oraclePrec); err != nil {
		return certify.Interval64{}, err
	}
	return z.Interval64(), nil
}

// encloser runs exact oracles one after another and keeps the first
// error: once one has failed, the others return zero enclosures unrun.
type encloser struct{ err error }

func (e *encloser) dist(a, b ratPoint) (d certify.Interval64) {
	if e.err == nil {
		d, e.err = distR(a, b)
	}
	return d
}

func (e *encloser) angle(a, v, b ratPoint) (th certify.Interval64) {
	if e.err == nil {
		th, e.err = angleR(a, v, b)
	}
	return th
}

func areaR(a, b, c ratPoint) (certify.Interval64, error) {
	var z certify.Interval
	if _, err := z.AreaRat(a, b, c, oraclePrec); err != nil {
		return certify.Interval64{}, err
	}
	return z.Interval64(), nil
}

// KleinOf returns the exact Klein point of coordinates given in model m:
// (x, y) for the Klein and Poincaré disks and the half-plane, (t, x, y)
// for the hyperboloid, mapped by 2w/(1 + |w|²), (|z|² − 1, −2x)/(|z|² + 1)
// and (x, y)/t (the conversions of package hyperbolic, in exact rational
// arithmetic). It fails, with the hyperbolic sentinel errors, for
// coordinates outside their model (checked exactly).
func KleinOf(m hyperbolic.Model, c []float64) (isoptic.RatPoint, error) {
	want := 2
	if m == hyperbolic.Hyperboloid {
		want = 3
	}
	if len(c) != want {
		return ratPoint{}, fmt.Errorf("hyptest: %v coordinates: got %d values, want %d", m, len(c), want)
	}
	var err error
	switch m {
	case hyperbolic.Klein:
		err = hyperbolic.Point{X: c[0], Y: c[1]}.Check()
	case hyperbolic.Poincare:
		err = hyperbolic.PoincarePoint{X: c[0], Y: c[1]}.Check()
	case hyperbolic.HalfPlane:
		err = hyperbolic.HalfPlanePoint{X: c[0], Y: c[1]}.Check()
	case hyperbolic.Hyperboloid:
		err = hyperbolic.HyperboloidPoint{T: c[0], X: c[1], Y: c[2]}.Check()
	default:
		return ratPoint{}, fmt.Errorf("hyptest: unknown model %v", m)
	}
	if err != nil {
		return ratPoint{}, err
	}
	one, two := big.NewRat(1, 1), big.NewRat(2, 1)
	switch m {
	case hyperbolic.Klein:
		return ratPoint{X: ratF(c[0]), Y: ratF(c[1])}, nil
	case hyperbolic.Poincare:
		x, y := ratF(c[0]), ratF(c[1])
		d := new(big.Rat).Add(one, dotR(ratPoint{X: x, Y: y}, ratPoint{X: x, Y: y}))
		return ratPoint{X: new(big.Rat).Quo(new(big.Rat).Mul(two, x), d), Y: new(big.Rat).Quo(new(big.Rat).Mul(two, y), d)}, nil
	case hyperbolic.HalfPlane:
		x, y := ratF(c[0]), ratF(c[1])
		n2 := dotR(ratPoint{X: x, Y: y}, ratPoint{X: x, Y: y})
		d := new(big.Rat).Add(n2, one)
		return ratPoint{X: new(big.Rat).Quo(new(big.Rat).Sub(n2, one), d), Y: new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(-2, 1), x), d)}, nil
	}
	t := ratF(c[0])
	return ratPoint{X: new(big.Rat).Quo(ratF(c[1]), t), Y: new(big.Rat).Quo(ratF(c[2]), t)}, nil
}
