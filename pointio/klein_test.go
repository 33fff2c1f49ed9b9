package pointio

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"pgregory.net/rapid"
)

// kp builds a Klein point.
func kp(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }

func csvTable(t *testing.T, in string) Table {
	t.Helper()
	tab, err := Options{Name: "in.csv"}.Read(strings.NewReader(in), CSV)
	mustNoErr(t, err)
	return tab
}

func TestToKleinGood(t *testing.T) {
	tests := []struct {
		model string
		in    string
		want  []hyperbolic.Point
	}{
		{"klein", "x,y\n0,0\n0.5,-0.25\n-0.999999,0\n", []hyperbolic.Point{kp(0, 0), kp(0.5, -0.25), kp(-0.999999, 0)}},
		// Poincaré 1/2 ↦ 2·(1/2)/(1 + 1/4) = 4/5; the float64 nearest 4/5 is 0.8.
		{"poincare", "0,0\n0.5,0\n0,-0.5\n", []hyperbolic.Point{kp(0, 0), kp(0.8, 0), kp(0, -0.8)}},
		// Half-plane z ↦ (|z|² − 1, −2x)/(|z|² + 1): i ↦ 0, 2i ↦ 3/5, −1 + i ↦ (1/3, 2/3).
		{"halfplane", "0,1\n0,2\n-1,1\n", []hyperbolic.Point{kp(0, 0), kp(0.6, 0), kp(1.0/3, 2.0/3)}},
		// (5/4, 3/4, 0) is on the sheet exactly; its Klein point is 3/5.
		{"hyperboloid", "t,x,y\n1,0,0\n1.25,0.75,0\n1.25,0,-0.75\n", []hyperbolic.Point{kp(0, 0), kp(0.6, 0), kp(0, -0.6)}},
		{"Klein", "0.1 0.2\n", []hyperbolic.Point{kp(0.1, 0.2)}},
	}
	for _, tc := range tests {
		t.Run(tc.model, func(t *testing.T) {
			pts, err := ToKlein(csvTable(t, tc.in), tc.model)
			mustNoErr(t, err)
			wantEqual(t, "points", pts, tc.want)
		})
	}
}

func TestToKleinBad(t *testing.T) {
	tests := []struct {
		name  string
		model string
		in    string
		msg   string
		cause error
	}{
		{"klein outside", "klein", "0,0\n1.2,0.1\n",
			"in.csv:2:1: point (1.2, 0.1) is on or outside the unit circle (the klein model needs x² + y² < 1)", hyperbolic.ErrOutsideDisk},
		{"klein on circle", "klein", "# c\n\n1,0\n",
			"in.csv:3:1: point (1, 0) is on or outside the unit circle (the klein model needs x² + y² < 1)", hyperbolic.ErrOutsideDisk},
		{"poincare outside", "poincare", "0,-1.5\n",
			"in.csv:1:1: point (0, -1.5) is on or outside the unit circle (the poincare model needs x² + y² < 1)", hyperbolic.ErrOutsideDisk},
		// w = 1 − 2⁻⁴⁵ is inside the Poincaré disk; its Klein image
		// 2w/(1 + w²) = 1 − (1 − w)²/(1 + w²) ≈ 1 − 2⁻⁹¹ rounds to 1.
		{"poincare too close", "poincare", "0x1.fffffffffffp-1,0\n",
			"in.csv:1:1: point (0.9999999999999716, 0) is a valid poincare point, but its Klein image rounds onto or outside the unit circle in float64 (it is too close to the ideal boundary)", hyperbolic.ErrNotRepresentable},
		{"halfplane y=0", "halfplane", "0.5,1\n0.3,0\n",
			"in.csv:2:1: point (0.3, 0) is not in the upper half-plane (the halfplane model needs y > 0)", hyperbolic.ErrNotUpper},
		{"halfplane y<0", "halfplane", "0.3,-1\n",
			"in.csv:1:1: point (0.3, -1) is not in the upper half-plane (the halfplane model needs y > 0)", hyperbolic.ErrNotUpper},
		{"hyperboloid lower sheet", "hyperboloid", "-1.25,0.75,0\n",
			"in.csv:1:1: point (-1.25, 0.75, 0) is not on the upper sheet of the hyperboloid: t must be > 0 (columns t, x, y)", hyperbolic.ErrNotTimelike},
		{"hyperboloid off sheet", "hyperboloid", "2,0,0\n",
			"in.csv:1:1: point (2, 0, 0) is off the hyperboloid t² − x² − y² = 1 (columns t, x, y): |t² − x² − y² − 1|/(t² + x² + y²) = 0.75 > 1e-06", ErrOffSheet},
		{"hyperboloid x,y,t", "hyperboloid", "0.75,0,1.25\n",
			"in.csv:1:1: point (0.75, 0, 1.25) is off the hyperboloid t² − x² − y² = 1 (columns t, x, y): |t² − x² − y² − 1|/(t² + x² + y²) = 0.941 > 1e-06; the columns look like x, y, t, but the hyperboloid columns are t, x, y", ErrOffSheet},
		{"hyperboloid overflow", "hyperboloid", "1e-300,1e10,0\n",
			"in.csv:1:1: point (1e-300, 1e+10, 0) is off the hyperboloid t² − x² − y² = 1 (columns t, x, y): |t² − x² − y² − 1|/(t² + x² + y²) = NaN > 1e-06", ErrOffSheet},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ToKlein(csvTable(t, tc.in), tc.model)
			if err == nil {
				t.Fatal("no error")
			}
			wantEqual(t, "Error()", err.Error(), tc.msg)
			var ve *ValueError
			if !errors.As(err, &ve) || ve.Field != -1 {
				t.Errorf("want a whole-row *ValueError, got %T %+v", err, err)
			}
			if !errors.Is(err, tc.cause) {
				t.Errorf("error does not wrap %v", tc.cause)
			}
		})
	}
}

func TestToKleinShapeAndModel(t *testing.T) {
	_, err := ToKlein(csvTable(t, "1,2,3\n"), "klein")
	wantEqual(t, "Error()", err.Error(), "in.csv: table has 3 columns; the klein model needs 2 (x, y)")
	_, err = ToKlein(csvTable(t, "0.1,0.2\n"), "hyperboloid")
	wantEqual(t, "Error()", err.Error(), "in.csv: table has 2 columns; the hyperboloid model needs 3 (t, x, y)")
	_, err = ToKlein(csvTable(t, "0.1,0.2\n"), "sphere")
	if !errors.Is(err, ErrUnknownModel) {
		t.Errorf("unknown model: %v", err)
	}
	wantEqual(t, "Error()", err.Error(), `unknown model "sphere": expected klein, poincare, halfplane or hyperboloid`)
}

func TestToKleinNPYRow(t *testing.T) {
	b := buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }", le64(0, 0, 0.5, 0.5, 0.9, 0.9))
	tab, err := Options{Name: "p.npy"}.Read(bytes.NewReader(b), NPY)
	mustNoErr(t, err)
	_, err = ToKlein(tab, "klein")
	wantEqual(t, "Error()", err.Error(),
		"p.npy: row 3: point (0.9, 0.9) is on or outside the unit circle (the klein model needs x² + y² < 1)")
}

func TestReadPoints(t *testing.T) {
	pts, err := Options{Name: "h.json"}.ReadPoints(strings.NewReader("[[1.25, 0.75, 0]]"), JSON, "hyperboloid")
	mustNoErr(t, err)
	wantEqual(t, "points", pts, []hyperbolic.Point{kp(0.6, 0)})
	// The model fixes the column count, so the reader reports the row.
	_, err = Options{Name: "h.json"}.ReadPoints(strings.NewReader("[[0.1, 0.2]]"), JSON, "hyperboloid")
	wantEqual(t, "Error()", err.Error(), "h.json:1:2: row has 2 values, expected 3")
}

// TestHyperboloidFloat32Accepted: single-precision roundings of sheet
// points pass the sheet check, as HyperboloidTol promises.
func TestHyperboloidFloat32Accepted(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.Float64Range(0, 12).Draw(t, "r") // cosh 12 ≈ 8e4
		th := rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "theta")
		f := func(v float64) float64 { return float64(float32(v)) }
		tt, x, y := f(math.Cosh(r)), f(math.Sinh(r)*math.Cos(th)), f(math.Sinh(r)*math.Sin(th))
		if msg, err := sheetCheck(tt, x, y); err != nil {
			t.Fatalf("float32 sheet point (%v, %v, %v) rejected: %s", tt, x, y, msg)
		}
	})
}

// errExcess returns |got − exact| − tol·|exact| − 4·2⁻¹⁰⁷⁴, exactly: a
// positive value means got misses the bound of tol relative error plus four
// subnormal spacings (an exact value in the subnormal range has no float64
// with small relative error), and the reported relative error is then
// |got − exact|/|exact|.
func errExcess(got float64, exact *big.Rat, tol float64) (excess bool, rel float64) {
	d := new(big.Rat).Sub(new(big.Rat).SetFloat64(got), exact)
	d.Abs(d)
	bound := new(big.Rat).Mul(new(big.Rat).Abs(exact), new(big.Rat).SetFloat64(tol))
	bound.Add(bound, new(big.Rat).SetFloat64(4*0x1p-1074))
	if d.Cmp(bound) <= 0 {
		return false, 0
	}
	if exact.Sign() == 0 {
		return true, math.Inf(1)
	}
	rel, _ = new(big.Rat).Quo(d, new(big.Rat).Abs(exact)).Float64()
	return true, rel
}

// TestToKleinAccuracy compares ToKlein with the exact rational images of
// random float64 inputs. Each map is a few correctly rounded operations on
// quantities formed without cancellation (package hyperbolic), so each
// coordinate is within 4·2⁻⁵³ relative error of the exact value (plus a few
// subnormal spacings when that value is subnormal). Hyperboloid points are
// drawn at distance ≤ 15 from the origin: beyond about 18 their Klein image
// is within 2⁻⁵³ of the circle and cannot be held by float64, and near 30
// the rounded (t, x, y) even leaves the light cone.
func TestToKleinAccuracy(t *testing.T) {
	const tol = 4 * 0x1p-53
	rat := func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }
	one := big.NewRat(1, 1)
	check := func(t *rapid.T, model string, row []float64, ex, ey *big.Rat) {
		tab := Table{Rows: 1, Cols: len(row), Data: row}
		pts, err := ToKlein(tab, model)
		if err != nil {
			if errors.Is(err, hyperbolic.ErrNotRepresentable) {
				t.Skip("too close to the boundary for float64")
			}
			t.Fatalf("%s %v: %v", model, row, err)
		}
		if bad, e := errExcess(pts[0].X, ex, tol); bad {
			t.Fatalf("%s %v: x = %v, relative error %.3g", model, row, pts[0].X, e)
		}
		if bad, e := errExcess(pts[0].Y, ey, tol); bad {
			t.Fatalf("%s %v: y = %v, relative error %.3g", model, row, pts[0].Y, e)
		}
	}
	t.Run("poincare", rapid.MakeCheck(func(t *rapid.T) {
		r := 1 - math.Pow(2, -rapid.Float64Range(0, 30).Draw(t, "k"))
		th := rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "theta")
		x, y := r*math.Cos(th), r*math.Sin(th)
		// 2w/(1 + |w|²), exactly.
		d := new(big.Rat).Add(one, new(big.Rat).Add(new(big.Rat).Mul(rat(x), rat(x)), new(big.Rat).Mul(rat(y), rat(y))))
		ex := new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(2, 1), rat(x)), d)
		ey := new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(2, 1), rat(y)), d)
		check(t, "poincare", []float64{x, y}, ex, ey)
	}))
	t.Run("halfplane", rapid.MakeCheck(func(t *rapid.T) {
		x := rapid.Float64Range(-1e3, 1e3).Draw(t, "x")
		y := math.Pow(2, rapid.Float64Range(-20, 20).Draw(t, "log2y"))
		m := new(big.Rat).Add(new(big.Rat).Mul(rat(x), rat(x)), new(big.Rat).Mul(rat(y), rat(y)))
		d := new(big.Rat).Add(m, one)
		ex := new(big.Rat).Quo(new(big.Rat).Sub(m, one), d)
		ey := new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(-2, 1), rat(x)), d)
		check(t, "halfplane", []float64{x, y}, ex, ey)
	}))
	t.Run("hyperboloid", rapid.MakeCheck(func(t *rapid.T) {
		r := rapid.Float64Range(0, 15).Draw(t, "r")
		th := rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "theta")
		tt, x, y := math.Cosh(r), math.Sinh(r)*math.Cos(th), math.Sinh(r)*math.Sin(th)
		check(t, "hyperboloid", []float64{tt, x, y}, new(big.Rat).Quo(rat(x), rat(tt)), new(big.Rat).Quo(rat(y), rat(tt)))
	}))
}

func TestPlanePoints(t *testing.T) {
	tab, err := Read(strings.NewReader("x y\n0.5 2\n-3 4e10\n"), CSV)
	if err != nil {
		t.Fatal(err)
	}
	pts, err := PlanePoints(tab)
	if err != nil || len(pts) != 2 || pts[1].X != -3 || pts[1].Y != 4e10 {
		t.Fatalf("PlanePoints = %v, %v", pts, err)
	}
	tab3, err := Read(strings.NewReader("1,2,3\n"), CSV)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PlanePoints(tab3); err == nil || !strings.Contains(err.Error(), "plane points need 2") {
		t.Fatalf("3 columns: err = %v", err)
	}
}
