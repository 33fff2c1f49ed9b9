package homotopy

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/certify"
)

// TestCertifyPolySystems certifies every solution SolvePoly reports for
// the public benchmark systems of TestPolySystems (the 57 with Bézout
// number ≤ maxTestBezout) and checks the certificates against the file's
// independently verified counts: certified and certified_distinct equal
// the number of nonsingular solutions, certified_real the number of real
// ones. Singular solutions are candidates too and must fail.
func TestCertifyPolySystems(t *testing.T) {
	for _, b := range loadBenchSystems(t) {
		if b.Bezout > maxTestBezout {
			continue
		}
		t.Run(b.Name, func(t *testing.T) {
			s, err := b.system()
			if err != nil {
				t.Fatalf("line %d: %v", b.Line, err)
			}
			res, err := SolvePoly(s, &Options{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			cs, err := certify.NewComplexPolySystem(s)
			if err != nil {
				t.Fatal(err)
			}
			set, err := certify.CertifySolutions(cs, res.Candidates(), certify.SetOptions{MaxPrec: 256})
			if err != nil {
				t.Fatal(err)
			}
			if set.Certified != b.Nonsingular || set.CertifiedDistinct != b.Nonsingular || set.CertifiedReal != b.Real {
				t.Errorf("certified %d, distinct %d, real %d; want %d nonsingular, %d real (%v)",
					set.Certified, set.CertifiedDistinct, set.CertifiedReal, b.Nonsingular, b.Real, res.Counts())
			}
			for i, c := range set.Solutions {
				if c.Certified == res.Solutions[i].Singular {
					t.Errorf("solution %d: certified %v, singular %v (cond %.1e)", i, c.Certified, res.Solutions[i].Singular, res.Solutions[i].Cond)
				}
			}
		})
	}
}
