package homotopy

import (
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/poly"
)

func benchSolve[K poly.Coeff](b *testing.B, s poly.System[K], workers int) {
	ps, err := NewPolySystem(s)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var res *Result
	cpu, n := cputime.Process(), 0
	for b.Loop() {
		if res, err = Solve(ps, &Options{Seed: 1, Workers: workers}); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(n), "cpu-ns/op")
	c := res.Counts()
	b.ReportMetric(float64(c.Nonsingular), "solutions")
	steps := 0
	for _, p := range res.Paths {
		steps += p.Steps
	}
	b.ReportMetric(float64(steps)/float64(c.Paths), "steps/path")
}

// Two generic dense quartics: 16 paths, 16 solutions.
func BenchmarkTwoQuartics(b *testing.B) { benchSolve(b, denseSystem(b, []int{4, 4}, 42), 0) }

// The same on one goroutine.
func BenchmarkTwoQuarticsSerial(b *testing.B) { benchSolve(b, denseSystem(b, []int{4, 4}, 42), 1) }

// Two sparse quartics like a Fermat ψ system (hc_paths_to_track): 16
// paths, 6 solutions, 10 paths diverge.
func BenchmarkTwoQuarticsSparse(b *testing.B) {
	benchSolve(b, poly.MustParse("- 1*x*y^3 + 3*y^2 + 2*y; - 2*x^3*y + 4*x^2 + 1*x"), 0)
}

func BenchmarkCyclic5(b *testing.B)  { benchSolve(b, poly.Cyclic[*poly.ComplexRat](5), 0) }
func BenchmarkKatsura6(b *testing.B) { benchSolve(b, poly.Katsura[*poly.ComplexRat](6), 0) }

func benchParameter(b *testing.B, support poly.System[complex128], real bool) {
	benchParameterMode(b, support, real, false)
}

// benchParameterMode: with reuse, SolveReuse in place of Solve.
func benchParameterMode(b *testing.B, support poly.System[complex128], real, reuse bool) {
	fam, p0, starts := startInstance(b, support, 2)
	rng := rand.New(rand.NewPCG(5, 5))
	targets := make([][]complex128, 64)
	for i := range targets {
		p := make([]complex128, len(p0))
		for k := range p {
			p[k] = complex(rng.NormFloat64(), 0)
			if !real {
				p[k] += complex(0, rng.NormFloat64())
			}
		}
		targets[i] = p
	}
	ps, err := NewParameterSolver(fam, p0, starts, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i, found, paths := 0, 0, 0
	cpu := cputime.Process()
	for b.Loop() {
		solve := ps.Solve
		if reuse {
			solve = ps.SolveReuse
		}
		res, err := solve(targets[i%len(targets)])
		if err != nil {
			b.Fatal(err)
		}
		i++
		found += res.Counts().Nonsingular
		paths += len(res.Paths)
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(i), "cpu-ns/op")
	b.ReportMetric(float64(found)/float64(i), "solutions")
	b.ReportMetric(float64(paths)/float64(i), "paths")
}

// Parameter homotopy on the support of hc_paths_to_track (6 solutions for
// generic coefficients) to random real members: the shape of a Fermat ψ
// solve.
func BenchmarkParameterSparseQuartics(b *testing.B) {
	benchParameter(b, asComplex(b, mustParseC(b, "- 1*x*y^3 + 3*y^2 + 2*y; - 2*x^3*y + 4*x^2 + 1*x")), true)
}

// The same with SolveReuse: no allocation.
func BenchmarkParameterSparseQuarticsReuse(b *testing.B) {
	benchParameterMode(b, asComplex(b, mustParseC(b, "- 1*x*y^3 + 3*y^2 + 2*y; - 2*x^3*y + 4*x^2 + 1*x")), true, true)
}

// Parameter homotopy between dense pairs of quartics (16 paths).
func BenchmarkParameterDenseQuartics(b *testing.B) {
	benchParameter(b, denseSystem(b, []int{4, 4}, 1), true)
}

func quarticsHom(b *testing.B) poly.System[complex128] {
	s := denseSystem(b, []int{4, 4}, 42)
	h, _ := s.Homogenize("h0")
	return h
}

func BenchmarkEvalMono(b *testing.B) {
	ev, _ := compileMonoEval(quarticsHom(b))
	z := []complex128{0.3 + 0.1i, 0.5 - 0.2i, 0.7 + 0.3i}
	f := make([]complex128, 2)
	j := make([]complex128, 6)
	cpu, n := cputime.Process(), 0
	for b.Loop() {
		ev.eval(f, j, z)
		n++
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(n), "cpu-ns/op")
}

func BenchmarkEvalPoly(b *testing.B) {
	ev, _ := quarticsHom(b).CompileComplex()
	z := []complex128{0.3 + 0.1i, 0.5 - 0.2i, 0.7 + 0.3i}
	f := make([]complex128, 2)
	j := make([]complex128, 6)
	for b.Loop() {
		ev.Eval(f, j, z)
	}
}

func BenchmarkLU3(b *testing.B) {
	f := newLU(3)
	m := []complex128{1, 2, 3, 4, 5, 6i, 7, 8, 10}
	rhs := make([]complex128, 3)
	cpu, n := cputime.Process(), 0
	for b.Loop() {
		copy(f.a, m)
		f.factor()
		rhs[0], rhs[1], rhs[2] = 1, 2, 3
		f.solve(rhs)
		n++
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(n), "cpu-ns/op")
}
