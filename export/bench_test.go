package export

import (
	"io"
	"testing"
)

// BenchmarkWrite measures each format on the HyperSteiner tree of 10⁵
// points of G(0, 0.5), written to io.Discard (the tree is built once,
// outside the timing).
func BenchmarkWrite(b *testing.B) {
	tr := hyperbolicTree(b, 100_000, 1)
	b.Logf("%d terminals, %d Steiner points", tr.Terminals, tr.SteinerPoints())
	for _, f := range []Format{JSON, Newick, GraphML, Edges} {
		b.Run(f.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Write(io.Discard, tr, f, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("nodes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := WriteNodes(io.Discard, tr, Options{Model: "poincare"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkNewickPath writes a path of 10⁵ vertices hung from one end: the
// deepest tree there is.
func BenchmarkNewickPath(b *testing.B) {
	tr := pathTree(100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteNewick(io.Discard, tr, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
