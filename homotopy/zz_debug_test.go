package homotopy

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

type countingPS struct {
	ParameterSystem
	n int
}

func (c *countingPS) Evaluate(f, jx, jp, x, p []complex128) {
	c.n++
	c.ParameterSystem.Evaluate(f, jx, jp, x, p)
}

func TestZZCount(t *testing.T) {
	support := asComplex(t, mustParseC(t, "- 1*x*y^3 + 3*y^2 + 2*y; - 2*x^3*y + 4*x^2 + 1*x"))
	fam, p0, starts := startInstance(t, support, 2)
	cps := &countingPS{ParameterSystem: fam}
	ps, _ := NewParameterSolver(cps, p0, starts, nil)
	rng := rand.New(rand.NewPCG(5, 5))
	steps, rej, n := 0, 0, 0
	for range 50 {
		p1 := make([]complex128, len(p0))
		for k := range p1 {
			p1[k] = complex(rng.NormFloat64(), 0)
		}
		res, _ := ps.Solve(p1)
		for _, p := range res.Paths {
			steps += p.Steps
			rej += p.Rejections
			n++
		}
	}
	fmt.Println("paths", n, "steps/path", float64(steps)/float64(n), "rej/path", float64(rej)/float64(n), "evals/path", float64(cps.n)/float64(n))
}
