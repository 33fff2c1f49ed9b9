package fermat

import (
	"slices"
	"testing"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// benchSample is a fixed mixed sample: 64 triangles with a Steiner point
// from each oracle class (384 in all).
func benchSample(b *testing.B) []tri {
	b.Helper()
	var out []tri
	for ci, c := range triClasses {
		n := 0
		for _, t := range sampleClass(c, uint64(900+ci), 400) {
			if e, err := isoptic.SteinerExists(t[0], t[1], t[2]); err == nil && e.Exists && n < 64 {
				out = append(out, t)
				n++
			}
		}
	}
	return out
}

var sinkP hyperbolic.Point

// benchStrategy times s on the sample: ns/op is per triangle (the mean);
// the metric median-ns is the median over the triangles of the time of
// one solve (each timed over reps repetitions).
func benchStrategy(b *testing.B, s Strategy, reps int) {
	ts := benchSample(b)
	med := make([]float64, len(ts))
	for i, t := range ts {
		start := time.Now()
		for range reps {
			sinkP, _ = s.Fermat(t[0], t[1], t[2])
		}
		med[i] = float64(time.Since(start).Nanoseconds()) / float64(reps)
	}
	slices.Sort(med)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		t := ts[i%len(ts)]
		sinkP, _ = s.Fermat(t[0], t[1], t[2])
	}
	b.ReportMetric(med[len(med)/2], "median-ns")
}

func BenchmarkNewton(b *testing.B)   { benchStrategy(b, Newton{}, 200) }
func BenchmarkAuto(b *testing.B)     { benchStrategy(b, Auto{}, 200) }
func BenchmarkSimple(b *testing.B)   { benchStrategy(b, Simple{}, 50) }
func BenchmarkPrecise(b *testing.B)  { benchStrategy(b, Precise{}, 10) }
func BenchmarkHomotopy(b *testing.B) { benchStrategy(b, Homotopy{}, 3) }

// BenchmarkExistence is the exact existence test every strategy starts
// with (package isoptic), for scale.
func BenchmarkExistence(b *testing.B) {
	ts := benchSample(b)
	for i := 0; b.Loop(); i++ {
		t := ts[i%len(ts)]
		sinkE, _ = isoptic.SteinerExists(t[0], t[1], t[2])
	}
}

var sinkE isoptic.Existence
