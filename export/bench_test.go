package export

import (
	"io"
	"runtime"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/cputime"
)

// benchWrite times write on b.N runs, reporting besides the wall time the
// thread CPU time per run (cpu-ns/op), which other processes competing
// for the cores do not inflate.
func benchWrite(b *testing.B, write func() error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	c0, ok := cputime.Thread()
	for b.Loop() {
		if err := write(); err != nil {
			b.Fatal(err)
		}
	}
	if c1, ok1 := cputime.Thread(); ok && ok1 {
		b.ReportMetric((c1-c0)*1e9/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkWrite measures each format on the HyperSteiner tree of 10⁵
// points of G(0, 0.5) (32 347 Steiner points), written to io.Discard; the
// tree is built once, outside the timing.
func BenchmarkWrite(b *testing.B) {
	tr := hyperbolicTree(b, 100_000, 1)
	for _, f := range []Format{JSON, Newick, GraphML, Edges} {
		b.Run(f.String(), func(b *testing.B) {
			benchWrite(b, func() error { return Write(io.Discard, tr, f, Options{}) })
		})
	}
	b.Run("nodes-poincare", func(b *testing.B) {
		benchWrite(b, func() error { return WriteNodes(io.Discard, tr, Options{Model: "poincare"}) })
	})
	b.Run("newick-path", func(b *testing.B) { // the deepest tree there is
		path := pathTree(100_000)
		benchWrite(b, func() error { return WriteNewick(io.Discard, path, Options{}) })
	})
}
