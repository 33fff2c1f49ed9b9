package hyptest_test

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
)

// The cost of the oracles and checks, per call.

var (
	benchP = hyperbolic.Point{X: 0.3, Y: -0.2}
	benchQ = hyperbolic.Point{X: -0.6, Y: 0.7}
	benchR = hyperbolic.Point{X: 0.1, Y: 0.5}
)

func BenchmarkDistOracle(b *testing.B) {
	for b.Loop() {
		hyptest.Dist(benchP, benchQ)
	}
}

func BenchmarkAngleOracle(b *testing.B) {
	for b.Loop() {
		hyptest.Angle(benchP, benchQ, benchR)
	}
}

func BenchmarkAreaOracle(b *testing.B) {
	for b.Loop() {
		hyptest.Area(benchP, benchQ, benchR)
	}
}

func BenchmarkFermatOracle(b *testing.B) {
	for b.Loop() {
		hyptest.Fermat(benchP, benchQ, benchR)
	}
}

func BenchmarkCheckDist(b *testing.B) {
	d := hyperbolic.Dist(benchP, benchQ)
	for b.Loop() {
		hyptest.CheckDist(benchP, benchQ, d, hyptest.Ulps(16))
	}
}

func BenchmarkLawOfCosines(b *testing.B) {
	sides := [3]float64{hyperbolic.Dist(benchQ, benchR), hyperbolic.Dist(benchR, benchP), hyperbolic.Dist(benchP, benchQ)}
	angles := [3]float64{hyperbolic.Angle(benchQ, benchP, benchR), hyperbolic.Angle(benchP, benchQ, benchR), hyperbolic.Angle(benchP, benchR, benchQ)}
	for b.Loop() {
		hyptest.LawOfCosines(sides, angles, hyptest.Ulps(16))
	}
}
