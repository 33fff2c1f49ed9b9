package hyperbolic

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestBadInput: every function that returns an error reports bad input
// with the expected sentinel (never a panic); the float-returning hot-path
// functions return NaN for invalid points, as documented.
func TestBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	ok := Point{0.1, 0.2}
	rng := rand.New(rand.NewPCG(1, 1))
	boundaryP := PoincarePoint{math.Nextafter(1, 0), 0} // valid, but its Klein image rounds to 1
	cases := []struct {
		name string
		call func() error
		want error
	}{
		{"Check NaN", Point{nan, 0}.Check, ErrNotFinite},
		{"Check +Inf", Point{0, inf}.Check, ErrNotFinite},
		{"Check -Inf", Point{-inf, 0}.Check, ErrNotFinite},
		{"Check on circle", Point{1, 0}.Check, ErrOutsideDisk},
		{"Check on circle (0,-1)", Point{0, -1}.Check, ErrOutsideDisk},
		{"Check outside", Point{0.8, 0.8}.Check, ErrOutsideDisk},
		{"Check just outside", Point{1e-300, 1}.Check, ErrOutsideDisk},
		{"Check far outside", Point{1e300, 1e300}.Check, ErrOutsideDisk},
		{"Poincaré Check outside", PoincarePoint{-2, 0}.Check, ErrOutsideDisk},
		{"Poincaré Check NaN", PoincarePoint{0, nan}.Check, ErrNotFinite},
		{"half-plane Check y=0", HalfPlanePoint{1, 0}.Check, ErrNotUpper},
		{"half-plane Check y<0", HalfPlanePoint{1, -1}.Check, ErrNotUpper},
		{"half-plane Check Inf", HalfPlanePoint{inf, 1}.Check, ErrNotFinite},
		{"hyperboloid Check spacelike", HyperboloidPoint{1, 2, 0}.Check, ErrNotTimelike},
		{"hyperboloid Check lightlike", HyperboloidPoint{1, 1, 0}.Check, ErrNotTimelike},
		{"hyperboloid Check past", HyperboloidPoint{-1, 0, 0}.Check, ErrNotTimelike},
		{"hyperboloid Check NaN", HyperboloidPoint{nan, 0, 0}.Check, ErrNotFinite},
		{"CheckPoints", func() error { return CheckPoints([]Point{ok, ok, {2, 0}}) }, ErrOutsideDisk},

		{"KleinToPoincare outside", func() error { _, err := KleinToPoincare(Point{1, 0}); return err }, ErrOutsideDisk},
		{"KleinToHyperboloid NaN", func() error { _, err := KleinToHyperboloid(Point{nan, 0}); return err }, ErrNotFinite},
		{"KleinToHalfPlane outside", func() error { _, err := KleinToHalfPlane(Point{0, 1.5}); return err }, ErrOutsideDisk},
		{"PoincareToKlein outside", func() error { _, err := PoincareToKlein(PoincarePoint{1, 1}); return err }, ErrOutsideDisk},
		{"PoincareToKlein not representable", func() error { _, err := PoincareToKlein(boundaryP); return err }, ErrNotRepresentable},
		{"PoincareToHyperboloid Inf", func() error { _, err := PoincareToHyperboloid(PoincarePoint{inf, 0}); return err }, ErrNotFinite},
		{"PoincareToHalfPlane outside", func() error { _, err := PoincareToHalfPlane(PoincarePoint{0, -1}); return err }, ErrOutsideDisk},
		{"HyperboloidToKlein spacelike", func() error { _, err := HyperboloidToKlein(HyperboloidPoint{1, 0, 3}); return err }, ErrNotTimelike},
		{"HyperboloidToPoincare NaN", func() error { _, err := HyperboloidToPoincare(HyperboloidPoint{1, nan, 0}); return err }, ErrNotFinite},
		{"HyperboloidToHalfPlane past", func() error { _, err := HyperboloidToHalfPlane(HyperboloidPoint{-2, 0, 0}); return err }, ErrNotTimelike},
		{"HalfPlaneToKlein lower", func() error { _, err := HalfPlaneToKlein(HalfPlanePoint{0, -1}); return err }, ErrNotUpper},
		{"HalfPlaneToKlein not representable", func() error { _, err := HalfPlaneToKlein(HalfPlanePoint{0, 1e300}); return err }, ErrNotRepresentable},
		{"HalfPlaneToPoincare NaN", func() error { _, err := HalfPlaneToPoincare(HalfPlanePoint{nan, 1}); return err }, ErrNotFinite},
		{"HalfPlaneToHyperboloid overflow", func() error { _, err := HalfPlaneToHyperboloid(HalfPlanePoint{0, 1e-320}); return err }, ErrNotRepresentable},
		{"Normalize spacelike", func() error { _, err := HyperboloidPoint{0, 1, 0}.Normalize(); return err }, ErrNotTimelike},

		{"Translation outside", func() error { _, err := Translation(Point{3, 0}); return err }, ErrOutsideDisk},
		{"Apply outside", func() error { _, err := Identity().Apply(Point{0, 2}); return err }, ErrOutsideDisk},
		{"Apply NaN rotation", func() error { _, err := Rotation(nan).Apply(ok); return err }, ErrNotRepresentable},
		{"Apply image on boundary", func() error { _, err := Boost(40, 0).Apply(Point{}); return err }, ErrNotRepresentable},
		{"ApplyHyperboloid spacelike", func() error { _, err := Identity().ApplyHyperboloid(HyperboloidPoint{0, 1, 1}); return err }, ErrNotTimelike},
		{"Exp outside", func() error { _, err := Exp(Point{1, 1}, Vector{}); return err }, ErrOutsideDisk},
		{"Exp NaN vector", func() error { _, err := Exp(ok, Vector{nan, 0}); return err }, ErrInvalidArgument},
		{"Exp Inf vector", func() error { _, err := Exp(ok, Vector{0, inf}); return err }, ErrInvalidArgument},
		{"Exp too long", func() error { _, err := Exp(Point{}, Vector{40, 0}); return err }, ErrNotRepresentable},
		{"Log NaN", func() error { _, err := Log(ok, Point{nan, nan}); return err }, ErrNotFinite},
		{"Geodesic outside", func() error { _, err := Geodesic(Point{-1, 0}, ok, 0.5); return err }, ErrOutsideDisk},
		{"Geodesic NaN s", func() error { _, err := Geodesic(ok, Point{}, nan); return err }, ErrInvalidArgument},
		{"Midpoint Inf", func() error { _, err := Midpoint(ok, Point{inf, 0}); return err }, ErrNotFinite},

		{"Rand nil rng", func() error { _, err := (WrappedGaussian{ok, 1}).Rand(nil); return err }, ErrInvalidArgument},
		{"Rand bad mu", func() error { _, err := (WrappedGaussian{Point{1, 0}, 1}).Rand(rng); return err }, ErrOutsideDisk},
		{"Rand NaN sigma", func() error { _, err := (WrappedGaussian{ok, nan}).Rand(rng); return err }, ErrInvalidArgument},
		{"Sample negative n", func() error { _, err := SampleWrappedGaussian(rng, -1, ok, 1); return err }, ErrInvalidArgument},
		{"Sample negative sigma", func() error { _, err := SampleWrappedGaussian(rng, 5, ok, -1); return err }, ErrInvalidArgument},
		{"Sample Inf sigma", func() error { _, err := SampleWrappedGaussian(rng, 5, ok, inf); return err }, ErrInvalidArgument},
		{"Sample huge sigma", func() error { _, err := SampleWrappedGaussian(rng, 100, ok, 1e3); return err }, ErrNotRepresentable},
		{"Mixture d=0", func() error { _, err := SamplePolygonMixture(rng, 10, 0, 0.5, 1); return err }, ErrInvalidArgument},
		{"Mixture t=1", func() error { _, err := SamplePolygonMixture(rng, 10, 3, 1, 1); return err }, ErrInvalidArgument},
		{"Mixture t NaN", func() error { _, err := SamplePolygonMixture(rng, 10, 3, nan, 1); return err }, ErrInvalidArgument},
		{"Mixture t<0", func() error { _, err := SamplePolygonMixture(rng, 10, 3, -0.1, 1); return err }, ErrInvalidArgument},
		{"Mixture nil rng", func() error { _, err := SamplePolygonMixture(nil, 10, 3, 0.5, 1); return err }, ErrInvalidArgument},
		{"Mixture negative n", func() error { _, err := SamplePolygonMixture(rng, -10, 3, 0.5, 1); return err }, ErrInvalidArgument},
		{"Uniform negative n", func() error { _, err := SampleUniformDisk(rng, -1); return err }, ErrInvalidArgument},
		{"Uniform nil rng", func() error { _, err := SampleUniformDisk(nil, 3); return err }, ErrInvalidArgument},
		{"Euclidean NaN sigma", func() error { _, err := SampleEuclideanGaussian(rng, 3, nan); return err }, ErrInvalidArgument},
		{"Euclidean nil rng", func() error { _, err := SampleEuclideanGaussian(nil, 3, 1); return err }, ErrInvalidArgument},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.call()
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want an error wrapping %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), "hyperbolic: ") {
				t.Errorf("message %q lacks the package prefix", err)
			}
		})
	}
}

// TestPointErrorDetails: a *PointError names the model, the position in
// the slice and the coordinates (round-trip formatted).
func TestPointErrorDetails(t *testing.T) {
	err := CheckPoints([]Point{{0, 0}, {0.5, 0.5}, {0.75, 0.75}})
	var pe *PointError
	if !errors.As(err, &pe) {
		t.Fatalf("got %T, want *PointError", err)
	}
	if pe.Index != 2 || pe.Model != Klein || pe.X != 0.75 || pe.Y != 0.75 {
		t.Errorf("got %+v", pe)
	}
	if want := "hyperbolic: klein point 2 (0.75, 0.75): point is on or outside the unit circle"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	err = HyperboloidPoint{1, 2, 0.1}.Check()
	if want := "hyperbolic: hyperboloid point (1, 2, 0.1): "; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q, want prefix %q", err, want)
	}
	_, err = SampleWrappedGaussian(rand.New(rand.NewPCG(1, 1)), 50, Point{}, 1e3)
	if !errors.As(err, &pe) || pe.Index < 0 {
		t.Errorf("sampler failure %v does not name the sample index", err)
	}
}

// TestNaNForInvalidPoints: the allocation-free functions without an error
// result return NaN (never a number) when a point is invalid.
func TestNaNForInvalidPoints(t *testing.T) {
	ok, ok2 := Point{0.1, 0.2}, Point{-0.3, 0.1}
	for _, bad := range []Point{{1, 0}, {2, 2}, {math.NaN(), 0}, {0, math.Inf(-1)}} {
		for name, v := range map[string]float64{
			"Dist":       Dist(ok, bad),
			"Dist'":      Dist(bad, ok),
			"SinhDist":   SinhDist(bad, ok),
			"CoshDist":   CoshDist(ok, bad),
			"DistOrigin": DistOrigin(bad),
			"CosAngle":   CosAngle(ok, bad, ok2),
			"CosAngle'":  CosAngle(bad, ok, ok2),
			"SinAngle":   SinAngle(ok, ok2, bad),
			"Angle":      Angle(bad, ok, ok2),
			"Area":       Area(ok, ok2, bad),
			"SignedArea": SignedArea(bad, ok, ok2),
		} {
			if !math.IsNaN(v) {
				t.Errorf("%s with %v = %v, want NaN", name, bad, v)
			}
		}
	}
	if v := Angle(ok, ok, ok2); !math.IsNaN(v) {
		t.Errorf("Angle with a = v is %v, want NaN (undefined)", v)
	}
}

// TestCheckIsExact: points within rounding of the unit circle are
// classified by the exact sign of 1 − X² − Y².
func TestCheckIsExact(t *testing.T) {
	below := math.Nextafter(1, 0)
	for _, c := range []struct {
		p      Point
		inside bool
	}{
		{Point{below, 0}, true},
		{Point{0, -below}, true},
		{Point{below, 0x1p-27}, true},  // 1 − X² − Y² = 2⁻⁵² − 2⁻⁵⁴ − 2⁻¹⁰⁶ > 0
		{Point{below, 0x1p-26}, false}, // 1 − X² − Y² = −2⁻¹⁰⁶ < 0
		{Point{0.6, 0.8}, false},       // the float64 values satisfy X² + Y² > 1 exactly
		{Point{0.6, math.Nextafter(0.8, 0)}, true},
	} {
		if got := c.p.Check() == nil; got != c.inside {
			t.Errorf("%v: inside = %v, want %v", c.p, got, c.inside)
		}
	}
}
