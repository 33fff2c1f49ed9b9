package poly

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// benchSystems: (a) two random dense quartics in 2 variables (15 terms
// each), (b) katsura-6 (7 unknowns) and cyclic-5 (5 unknowns).
func benchSystems() []namedSystem {
	rng := rand.New(rand.NewPCG(11, 12))
	toC := func(s System[*big.Rat]) System[*ComplexRat] {
		c, _ := ConvertSystem[*ComplexRat](s, 0)
		return c
	}
	return []namedSystem{
		{"quartics2", toC(randomDenseSystem(rng, 2, 4))},
		{"octics2", toC(randomDenseSystem(rng, 2, 8))},
		{"katsura6", Katsura[*ComplexRat](6)},
		{"cyclic5", Cyclic[*ComplexRat](5)},
	}
}

// benchEval times a compiled evaluator of each bench system at one point:
// compile makes it, point draws the point from the generator every kind
// starts alike, mk makes the outputs.
func benchEval[T any, E compiledEvaluator[T]](b *testing.B, compile func(System[*ComplexRat]) (E, error),
	mk func(n int) []T, point func(rng *rand.Rand, n int) []T) {
	for _, ns := range benchSystems() {
		ev, err := compile(ns.sys)
		if err != nil {
			b.Fatal(err)
		}
		x := point(rand.New(rand.NewPCG(1, 1)), ev.NumVars())
		f, jac := mk(ev.NumEqs()), mk(ev.NumEqs()*ev.NumVars())
		b.Run(ns.name, func(b *testing.B) {
			for b.Loop() {
				_ = ev.Eval(f, jac, x)
			}
		})
	}
}

func BenchmarkEvalFloat64(b *testing.B) {
	benchEval(b, System[*ComplexRat].CompileFloat64, zeros[float64], func(rng *rand.Rand, n int) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = 2*rng.Float64() - 1
		}
		return x
	})
}

func BenchmarkEvalComplex(b *testing.B) {
	benchEval(b, System[*ComplexRat].CompileComplex, zeros[complex128], func(rng *rand.Rand, n int) []complex128 {
		x := make([]complex128, n)
		for i := range x {
			x[i] = complex(2*rng.Float64()-1, 2*rng.Float64()-1)
		}
		return x
	})
}

func BenchmarkEvalBigFloat200(b *testing.B) {
	compile := func(s System[*ComplexRat]) (*BigEvaluator, error) { return s.CompileBigFloat(200) }
	benchEval(b, compile, newFloats, func(rng *rand.Rand, n int) []*big.Float {
		x := newFloats(n)
		for i := range x {
			x[i].SetFloat64(2*rng.Float64() - 1)
		}
		return x
	})
}

// BenchmarkEvalGenericComplex is the uncompiled path (Poly.Eval with
// Jacobian polynomials) for comparison.
func BenchmarkEvalGenericComplex(b *testing.B) {
	for _, ns := range benchSystems() {
		s, _ := ConvertSystem[complex128](ns.sys, 0)
		J := s.Jacobian()
		x := make([]complex128, s.NumVars())
		for i := range x {
			x[i] = complex(0.3, -0.2*float64(i))
		}
		b.Run(ns.name, func(b *testing.B) {
			for b.Loop() {
				_, _ = s.Eval(x)
				for _, row := range J {
					for _, p := range row {
						_, _ = p.Eval(x)
					}
				}
			}
		})
	}
}

func BenchmarkParseKatsura6(b *testing.B) {
	text := Katsura[*big.Rat](6).String()
	for b.Loop() {
		if _, err := Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMulDense(b *testing.B) {
	p := MustParse("(x + 2*y - 3*z + 1)^6").Poly(0)
	for b.Loop() {
		_ = p.Mul(p)
	}
}
