package certify_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/poly"
)

// denseQuartics is BenchmarkTwoQuartics' system of package homotopy: two
// dense quartics with complex Gaussian coefficients (seed 42), 16
// nonsingular solutions.
func denseQuartics(tb testing.TB) poly.System[complex128] {
	tb.Helper()
	rng := rand.New(rand.NewPCG(42, 7))
	var eqs []poly.Poly[complex128]
	for range 2 {
		var terms []poly.Term[complex128]
		for a := 0; a <= 4; a++ {
			for b := 0; a+b <= 4; b++ {
				terms = append(terms, poly.Term[complex128]{Coef: complex(rng.NormFloat64(), rng.NormFloat64()), Exp: poly.Monomial{a, b}})
			}
		}
		p, err := poly.New(2, terms...)
		if err != nil {
			tb.Fatal(err)
		}
		eqs = append(eqs, p)
	}
	s, err := poly.NewSystem([]string{"x1", "x2"}, eqs...)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// benchCertified solves s (SolvePoly, seed 1) once and then measures
// either the solve or the certification of its solutions.
func benchCertified[K poly.Coeff](b *testing.B, s poly.System[K], certifyOnly bool) {
	res, err := homotopy.SolvePoly(s, &homotopy.Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	cs, err := certify.NewComplexPolySystem(s)
	if err != nil {
		b.Fatal(err)
	}
	pts := res.Candidates()
	b.ReportAllocs()
	var set *certify.SetCert
	cpu, n := cputime.Process(), 0
	for b.Loop() {
		if certifyOnly {
			set, err = certify.CertifySolutions(cs, pts, certify.SetOptions{})
		} else {
			res, err = homotopy.SolvePoly(s, &homotopy.Options{Seed: 1})
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(n), "cpu-ns/op")
	if set != nil {
		b.ReportMetric(float64(set.Certified), "certified")
		b.ReportMetric(float64(set.CertifiedDistinct), "distinct")
		b.ReportMetric(float64(set.CertifiedReal), "real")
	} else {
		b.ReportMetric(float64(res.Counts().Nonsingular), "solutions")
	}
}

func BenchmarkCertifiedSolve(b *testing.B) {
	for _, tc := range []struct {
		name string
		sys  func(testing.TB) poly.System[complex128]
	}{
		{"TwoQuartics", denseQuartics},
		{"Cyclic5", func(testing.TB) poly.System[complex128] { return poly.Cyclic[complex128](5) }},
		{"Katsura6", func(testing.TB) poly.System[complex128] { return poly.Katsura[complex128](6) }},
	} {
		s := tc.sys(b)
		for _, stage := range []string{"solve", "certify"} {
			b.Run(fmt.Sprintf("%s/%s", tc.name, stage), func(b *testing.B) { benchCertified(b, s, stage == "certify") })
		}
	}
}
