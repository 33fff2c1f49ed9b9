package certify_test

import (
	"fmt"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/poly"
)

// Certify candidate solutions of a polynomial system: the circle and line
// x² + y² = 1, x = 3y/4 (roots ±(3/5, 4/5)), the same root twice, and a
// point that is no solution.
func ExampleCertifySolutions() {
	sys, _ := certify.NewComplexPolySystem(poly.MustParse("x^2 + y^2 - 1; x - 3/4*y"))
	set, _ := certify.CertifySolutions(sys, []certify.ComplexPoint{
		certify.PointOf([]complex128{0.6, 0.8}),
		certify.PointOf([]complex128{-0.6, -0.8}),
		certify.PointOf([]complex128{0.6000000001, 0.8}),
		certify.PointOf([]complex128{0.5, 0.5}),
	}, certify.SetOptions{})
	for i, c := range set.Solutions {
		fmt.Printf("%d: certified %v, radius below 1e-9 %v, %s, duplicate of %d, reason %q\n",
			i, c.Certified, c.Radius < 1e-9, c.Real.Name(), c.DuplicateOf, c.Reason.Name())
	}
	fmt.Println(set.Certified, "certified,", set.CertifiedDistinct, "distinct,", set.CertifiedReal, "real")
	// Output:
	// 0: certified true, radius below 1e-9 true, real, duplicate of -1, reason ""
	// 1: certified true, radius below 1e-9 true, real, duplicate of -1, reason ""
	// 2: certified true, radius below 1e-9 true, real, duplicate of 0, reason ""
	// 3: certified false, radius below 1e-9 false, undecided, duplicate of -1, reason "not_approximate"
	// 3 certified, 2 distinct, 2 real
}
