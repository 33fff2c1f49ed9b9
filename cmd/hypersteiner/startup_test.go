package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkStartup measures issue 21's start-up target: the wall time of a
// whole `hypersteiner tree` process on 3 points against a bare Go binary
// (one that writes nothing), both built here and run alternately. It reports
// the medians (tree-ns, bare-ns) and their ratio, not ns/op, which would mix
// the two:
//
//	go test -run '^$' -bench Startup -benchtime 400x ./cmd/hypersteiner
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bare := filepath.Join(dir, "bare")
	src := filepath.Join(dir, "bare.go")
	if err := os.WriteFile(src, []byte("package main\n\nimport \"os\"\n\nfunc main() { os.Stdout.WriteString(\"\") }\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	tool := filepath.Join(dir, "hypersteiner")
	for _, build := range [][]string{{"build", "-o", bare, src}, {"build", "-o", tool, "."}} {
		if out, err := exec.Command("go", build...).CombinedOutput(); err != nil {
			b.Fatalf("go %v: %v\n%s", build, err, out)
		}
	}
	// The linker writes its output through a memory map, and a binary whose
	// pages reached the page cache that way started 5–12 % slower here
	// than the same bytes written by cp: each binary runs as a copy.
	for _, path := range []string{bare, tool} {
		data, err := os.ReadFile(path)
		if err == nil {
			err = os.Remove(path)
		}
		if err == nil {
			err = os.WriteFile(path, data, 0o755)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	input := filepath.Join(dir, "g3.csv")
	if err := os.WriteFile(input, []byte("0.1,0.2\n0.3,-0.1\n-0.2,0.05\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	run := func(name string, args ...string) time.Duration {
		cmd := exec.Command(name, args...) // output to the null device
		t := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("%s %v: %v", name, args, err)
		}
		return time.Since(t)
	}
	var bareT, treeT []time.Duration
	b.ResetTimer()
	for range b.N {
		bareT = append(bareT, run(bare))
		treeT = append(treeT, run(tool, "tree", "--quiet", "--out", os.DevNull, input))
	}
	b.StopTimer()
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(medianNs(treeT), "tree-ns")
	b.ReportMetric(medianNs(bareT), "bare-ns")
	b.ReportMetric(medianNs(treeT)/medianNs(bareT), "ratio")
}
