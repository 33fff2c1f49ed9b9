package fermat

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// Homotopy is the strategy "homotopy": the ψ system (ψ_xy, ψ_yz) —
// polynomial, two quartics — solved by a parameter homotopy, then
// polished by Newton's method on φ.
//
// The ψ systems of all triangles form one family, polynomial in the
// unknown s and in the six terminal coordinates (psiFamily). One generic
// member (random complex terminals, fixed seed) is solved once by the
// total-degree homotopy (Bézout number 16); its nonsingular finite
// solutions are tracked to each triangle along the straight parameter
// path, which for a generic complex start avoids the discriminant with
// probability one. Every isolated root of the triangle's system is the end
// of one of those paths — except the roots that every member shares
// (the shared terminal y and the two points where the absolute meets the
// polar of y, all singular; see isoptic.Fermat3), which are never Steiner
// points.
//
// The triangle is first centred at the origin (as in Newton), so the
// system is well scaled. Of the end points, the real ones strictly inside
// the disk that lie on the 120° branch of both curves (isoptic OnBranch:
// A < 0, decided exactly) are polished by Newton's method on φ and
// accepted by the test of Newton (seesAt120).
type Homotopy struct{}

// Name returns "homotopy".
func (Homotopy) Name() string { return "homotopy" }

// Fermat implements Solver.
func (s Homotopy) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	return fermatOf(s, a, b, c)
}

// Solve implements Strategy.
func (Homotopy) Solve(a, b, c hyperbolic.Point) (Result, error) {
	t, r, done, err := begin(a, b, c)
	if done {
		return r, err
	}
	r.Method = "homotopy"
	p, ok, err := homotopySolve(&t, &r)
	if err != nil {
		return r, err
	}
	if ok {
		r.Point, r.Status = p, Found
	} else {
		r.Status = Failed
	}
	return r, nil
}

// psiStart is the solved generic member of the ψ family.
type psiStart struct {
	p0     []complex128
	starts [][]complex128
	err    error
}

// psiStartSeed fixes the generic member: results do not depend on any
// other randomness.
const psiStartSeed = 0x7e57ab1e

var startOnce = sync.OnceValue(func() *psiStart {
	rng := rand.New(rand.NewPCG(psiStartSeed, 1))
	st := &psiStart{p0: make([]complex128, 6)}
	for i := range st.p0 {
		// Random complex terminals: a generic member. (Starting near a
		// typical centred triangle instead was measured not to shorten the
		// paths.)
		st.p0[i] = complex(rng.Float64()-0.5, rng.Float64()-0.5)
	}
	sys, err := psiSystem(st.p0)
	if err != nil {
		st.err = err
		return st
	}
	res, err := homotopy.SolvePoly(sys, &homotopy.Options{Seed: psiStartSeed, Workers: 1})
	if err != nil {
		st.err = err
		return st
	}
	for _, s := range res.Nonsingular() {
		st.starts = append(st.starts, s.X)
	}
	if len(st.starts) == 0 {
		st.err = fmt.Errorf("fermat: the generic ψ system has no nonsingular solutions (%v)", res.Counts())
	}
	return st
})

// psiStartCount returns the number of paths of the parameter homotopy.
func psiStartCount() (int, error) {
	st := startOnce()
	return len(st.starts), st.err
}

var paramPool = sync.Pool{New: func() any {
	st := startOnce()
	if st.err != nil {
		return nil
	}
	ps, err := homotopy.NewParameterSolver(psiFamily{}, st.p0, st.starts, &homotopy.ParameterOptions{Workers: 1})
	if err != nil {
		return nil
	}
	return ps
}}

func homotopySolve(t *triangle, r *Result) (hyperbolic.Point, bool, error) {
	v := paramPool.Get()
	if v == nil {
		return hyperbolic.Point{}, false, startOnce().err
	}
	ps := v.(*homotopy.ParameterSolver)
	defer paramPool.Put(ps)
	f, q := centroidFrame(t)
	y := shortestSideOpposite(&q)
	x, z := (y+2)%3, (y+1)%3
	p1 := []complex128{
		complex(q[x][0], 0), complex(q[x][1], 0),
		complex(q[y][0], 0), complex(q[y][1], 0),
		complex(q[z][0], 0), complex(q[z][1], 0),
	}
	res, err := ps.Solve(p1)
	if err != nil {
		return hyperbolic.Point{}, false, err
	}
	cxy, err1 := isoptic.NewCurve(point(q[x]), point(q[y]), isoptic.Cos120)
	cyz, err2 := isoptic.NewCurve(point(q[y]), point(q[z]), isoptic.Cos120)
	if err1 != nil || err2 != nil {
		return hyperbolic.Point{}, false, nil
	}
	r.Evaluations += len(res.Paths)
	// Every finite end point separately, not the merged Solutions: when
	// the Steiner point is very close to a vertex x, the node of ψ_xy at x
	// puts a root of the 60° branch next to it, closer than the merge
	// tolerance.
	for _, pr := range res.Paths {
		r.Iterations += pr.Steps
		if pr.Status != homotopy.PathFinite || pr.X == nil {
			continue
		}
		s := [2]float64{real(pr.X[0]), real(pr.X[1])}
		if !(s[0]*s[0]+s[1]*s[1] < 1) || math.IsNaN(s[0]+s[1]) {
			continue
		}
		if on, err := cxy.OnBranch(point(s)); err != nil || !on {
			continue
		}
		if on, err := cyz.OnBranch(point(s)); err != nil || !on {
			continue
		}
		sol, ok := newtonLocal(&q, s, r)
		if !ok {
			continue
		}
		if p, ok := finish(&f, &q, sol); ok {
			return p, true, nil
		}
	}
	return hyperbolic.Point{}, false, nil
}
