package hyptest_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen"
	"pgregory.net/rapid"
)

// ratMatrix parses the entries of a matrix ("5/3", "-1", …).
func ratMatrix(t *testing.T, a [3][3]string) [3][3]*big.Rat {
	t.Helper()
	var m [3][3]*big.Rat
	for i := range 3 {
		for j := range 3 {
			r, ok := new(big.Rat).SetString(a[i][j])
			if !ok {
				t.Fatalf("bad entry %q", a[i][j])
			}
			m[i][j] = r
		}
	}
	return m
}

// TestIsometryConstructors checks the exact matrices of the constructors
// on parameters whose matrices are known by hand, their float64 versions
// against them, and the image of a point.
func TestIsometryConstructors(t *testing.T) {
	tests := []struct {
		name string
		g    hyptest.Isometry
		want [3][3]string
		p    hyperbolic.Point // p and its exact image gp
		gp   [2]string
	}{
		{"identity", hyptest.IdentityIsometry(), [3][3]string{{"1", "0", "0"}, {"0", "1", "0"}, {"0", "0", "1"}}, hyperbolic.Point{X: 0.5, Y: 0.25}, [2]string{"1/2", "1/4"}},
		{"quarter turn", hyptest.RotationIsometry(1, 0), [3][3]string{{"1", "0", "0"}, {"0", "0", "-1"}, {"0", "1", "0"}}, hyperbolic.Point{X: 0.5}, [2]string{"0", "1/2"}},
		{"quarter turn by τ = 1", hyptest.RotationIsometry(0, 1), [3][3]string{{"1", "0", "0"}, {"0", "0", "-1"}, {"0", "1", "0"}}, hyperbolic.Point{X: 0.5}, [2]string{"0", "1/2"}},
		{"half turn, k = −2", hyptest.RotationIsometry(-2, 0), [3][3]string{{"1", "0", "0"}, {"0", "-1", "0"}, {"0", "0", "-1"}}, hyperbolic.Point{X: 0.5, Y: 0.25}, [2]string{"-1/2", "-1/4"}},
		// τ = 1/2: cos φ = 3/5, sin φ = 4/5.
		{"rotation 3-4-5", hyptest.RotationIsometry(0, 0.5), [3][3]string{{"1", "0", "0"}, {"0", "3/5", "-4/5"}, {"0", "4/5", "3/5"}}, hyperbolic.Point{X: 0.5}, [2]string{"3/10", "2/5"}},
		// σ = 1/2: cosh r = 5/3, sinh r = 4/3; the origin goes to tanh r = 4/5.
		{"boost along X", hyptest.BoostIsometry(0.5, 0, 0), [3][3]string{{"5/3", "4/3", "0"}, {"4/3", "5/3", "0"}, {"0", "0", "1"}}, hyperbolic.Point{}, [2]string{"4/5", "0"}},
		{"boost along Y", hyptest.BoostIsometry(0.5, 1, 0), [3][3]string{{"5/3", "0", "4/3"}, {"0", "1", "0"}, {"4/3", "0", "5/3"}}, hyperbolic.Point{}, [2]string{"0", "4/5"}},
		{"zero boost", hyptest.BoostIsometry(0, 3, 0.25), [3][3]string{{"1", "0", "0"}, {"0", "1", "0"}, {"0", "0", "1"}}, hyperbolic.Point{X: 0.5, Y: 0.25}, [2]string{"1/2", "1/4"}},
		{"reflection", hyptest.ReflectionIsometry(), [3][3]string{{"1", "0", "0"}, {"0", "1", "0"}, {"0", "0", "-1"}}, hyperbolic.Point{X: 0.5, Y: 0.25}, [2]string{"1/2", "-1/4"}},
		// The boost along X conjugated by the quarter turn is the boost along Y.
		{"conjugate", hyptest.RotationIsometry(1, 0).Compose(hyptest.BoostIsometry(0.5, 0, 0)).Compose(hyptest.RotationIsometry(1, 0).Inverse()), [3][3]string{{"5/3", "0", "4/3"}, {"0", "1", "0"}, {"4/3", "0", "5/3"}}, hyperbolic.Point{}, [2]string{"0", "4/5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, want := tt.g.Matrix(), ratMatrix(t, tt.want)
			f := tt.g.Float().Matrix()
			for i := range 3 {
				for j := range 3 {
					if m[i][j].Cmp(want[i][j]) != 0 {
						t.Fatalf("entry (%d, %d) = %v, want %v", i, j, m[i][j], want[i][j])
					}
					w, _ := want[i][j].Float64()
					if math.Abs(f[i][j]-w) > 4*0x1p-53*math.Max(1, math.Abs(w)) {
						t.Errorf("Float entry (%d, %d) = %v, want %v within 4 ulps", i, j, f[i][j], w)
					}
				}
			}
			x, y, err := tt.g.ApplyExact(tt.p)
			if err != nil {
				t.Fatal(err)
			}
			gp := ratMatrix(t, [3][3]string{{tt.gp[0], tt.gp[1], "0"}, {"0", "0", "0"}, {"0", "0", "0"}})
			if x.Cmp(gp[0][0]) != 0 || y.Cmp(gp[0][1]) != 0 {
				t.Errorf("image of %v = (%v, %v), want (%v, %v)", tt.p, x, y, tt.gp[0], tt.gp[1])
			}
		})
	}
}

func TestIsometryConstructorsPanic(t *testing.T) {
	for name, f := range map[string]func(){
		"σ = 1":   func() { hyptest.BoostIsometry(1, 0, 0) },
		"σ < 0":   func() { hyptest.BoostIsometry(-0.5, 0, 0) },
		"σ NaN":   func() { hyptest.BoostIsometry(math.NaN(), 0, 0) },
		"boost τ": func() { hyptest.BoostIsometry(0.5, 0, math.Inf(1)) },
		"τ NaN":   func() { hyptest.RotationIsometry(0, math.NaN()) },
		"τ −Inf":  func() { hyptest.RotationIsometry(0, math.Inf(-1)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

func TestIsometryApplyAndDisplacement(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gen.Points().Draw(t, "p")
		// The identity, and the zero Isometry, fix every point exactly.
		for _, id := range []hyptest.Isometry{hyptest.IdentityIsometry(), {}} {
			if q, err := id.Apply(p); err != nil || q != p {
				t.Fatalf("%#v·%v = %v, %v", id, p, q, err)
			}
		}
		// A symmetry of the square maps float64 points to float64 points:
		// Apply is exact and the displacement 0.
		s := gen.Symmetries().Draw(t, "s")
		sp, err := s.Apply(p)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := s.Displacement(p, sp); err != nil || d != 0 {
			t.Fatalf("%#v: displacement of the exact image %v is %v (%v)", s, sp, d, err)
		}
		// One ulp away from the exact image the displacement is the
		// certified distance between two float64 points.
		q := hyperbolic.Point{X: math.Nextafter(sp.X, 0), Y: sp.Y}
		if q.Check() == nil && q != sp {
			d, err := s.Displacement(p, q)
			if err != nil {
				t.Fatal(err)
			}
			enc, err := hyptest.Dist(sp, q)
			if err != nil {
				t.Fatal(err)
			}
			// d bounds sinh of the distance, sinh x ≤ x(1 + x²) for x ≤ 1,
			// and the bound is rounded up (a few ulps).
			if d < enc.Lo || d > enc.Hi*(1+enc.Hi*enc.Hi+0x1p-50)+1e-300 {
				t.Fatalf("Displacement %v, certified distance %v", d, enc)
			}
		}
		// A general isometry: Apply rounds the exact image to nearest, so
		// its displacement is at most about the float64 resolution there
		// (a first-order statement: where u·t² ≥ 1/64, within a few dozen
		// ulps of the circle, the metric varies across one ulp and float64
		// Klein coordinates resolve the point only coarsely).
		g := gen.Isometries(4).Draw(t, "g")
		gp, err := g.Apply(p)
		if err != nil {
			t.Skip("image not representable")
		}
		d, err := g.Displacement(p, gp)
		if err != nil {
			t.Fatal(err)
		}
		if res := hyptest.Resolution(gp); res < 1.0/64 && d > 2*res {
			t.Fatalf("%#v·%v = %v displaced by %v, resolution %v", g, p, gp, d, hyptest.Resolution(gp))
		}
	})
}
