package certify

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

func BenchmarkSmokeFermat(b *testing.B) {
	a, bb, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	s := hyperbolic.Point{X: 0.00496134056416385, Y: -0.05038986309406555}
	for _, prec := range []uint{0, 256} {
		b.Run("", func(b *testing.B) {
			fc := NewFermatCertifier()
			var cert FermatCert
			b.ReportAllocs()
			reportCPU(b, func() {
				fc.Certify(&cert, a, bb, c, s, FermatOptions{Prec: prec})
				if cert.Status != FermatCertified {
					b.Fatal(cert.Status)
				}
			})
		})
	}
	b.Run("dist64", func(b *testing.B) {
		reportCPU(b, func() {
			Dist64(a, bb)
		})
	})
	b.Run("dist256", func(b *testing.B) {
		var z Interval
		reportCPU(b, func() {
			z.Dist(a, bb, 256)
		})
	})
	b.Run("angle", func(b *testing.B) {
		reportCPU(b, func() {
			SmallestAngleAt(bb, []hyperbolic.Point{a, c})
		})
	})
}
