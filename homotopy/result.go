package homotopy

import (
	"fmt"
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/certify"
)

// PathResult is the outcome of one path.
type PathResult struct {
	// Start is the index of the start solution.
	Start  int
	Status PathStatus
	// Track is the tracker status of a failed path.
	Track TrackStatus
	// Endgame says how the end point was found.
	Endgame EndgameStatus
	// Z is the end point in homogeneous coordinates, scaled to ‖Z‖ = 1
	// (nil for affine parameter homotopies and failed paths).
	Z []complex128
	// X is the end point in Cⁿ (nil when at infinity or failed).
	X []complex128
	// Winding is the winding number from the endgame (1 for a direct end).
	Winding int
	// Infinity says how a path at infinity was judged to be there.
	Infinity InfinityReason
	// Valuation is, for a path at infinity by InfinityByValuation, the
	// endgame's last estimate of ν = d log|z₀|/d log t (z of unit length;
	// for affine parameter homotopies, of 1/√(1+‖x‖²)); 0 otherwise.
	Valuation float64
	// Accuracy estimates the error of the end point, relative to
	// max(1,‖z‖), before the final affine refinement.
	Accuracy float64
	// Singular: the Jacobian at X is singular (winding number > 1, Newton
	// not converging quadratically, condition number above
	// Options.SingularCond, or several paths ending at X).
	Singular bool
	// Cond is the condition number of the root X: the larger of the
	// ∞-norm condition number of the Jacobian J(X) with rows scaled to unit
	// norm, and (for systems implementing TermScaler) the coefficient
	// condition number ‖J⁻¹·diag(s)‖∞ / max(1,‖X‖∞) with s_i the sum of the
	// moduli of the terms of equation i at X (relative perturbations ε of
	// the coefficients move X by about ε·Cond·max(1,‖X‖∞)). +Inf when J is
	// singular to working precision.
	Cond float64
	// ScaledResidual is the residual of the system as tracked (for a
	// PolySystem: scaled variables, equations divided by their largest
	// coefficient), relative to the size of its terms when the system
	// implements TermScaler: max_i |F_i(X)|/s_i(X), a backward error.
	// Otherwise max_i |F_i(X)|.
	ScaledResidual float64
	// Residual is max_i |F_i(X)| of the system as given: to Solve (or to
	// a ParameterSolver), or, after SolvePoly, of its equations as
	// written.
	Residual float64
	// Steps and Rejections count predictor–corrector steps of the last
	// tracking of this path.
	Steps, Rejections int
	// Retracked counts re-trackings with tighter step control after the
	// path-jumping check flagged this path.
	Retracked int
}

// Solution is one distinct finite end point.
type Solution struct {
	X []complex128
	// Real: max_i |Im X_i| ≤ Options.RealTol · max(1, ‖X‖∞).
	Real bool
	// Singular: see PathResult.Singular.
	Singular bool
	// Multiplicity is the number of paths ending at X. For an isolated
	// solution of the target system this is its multiplicity (the paths of
	// a total-degree homotopy with generic γ reach every isolated solution
	// as often as its multiplicity); 1 for a nonsingular solution.
	Multiplicity int
	// Winding is the largest winding number among those paths.
	Winding int
	// Cond, ScaledResidual, Accuracy: of the representative end point
	// (the member path with the smallest ScaledResidual).
	Cond, ScaledResidual, Accuracy float64
	// Residual is max_i |f_i(X)| of the system as given, in complex128:
	// for SolvePoly, of the equations as written (before any scaling).
	Residual float64
	// Paths lists the indices of the paths ending at X.
	Paths []int
}

// Result is the classified outcome of a homotopy solve.
type Result struct {
	// Paths holds one entry per start solution, in start order.
	Paths []PathResult
	// Solutions holds the distinct finite end points, ordered by their
	// first path.
	Solutions []Solution
	// Gamma is the γ used (zero for parameter homotopies).
	Gamma complex128
	// Vars names the unknowns when known (SolvePoly).
	Vars []string
	// VarScale holds SolvePoly's variable scaling exponents (see
	// NewScaledPolySystem): the paths were tracked in y_j = x_j/2^{k_j};
	// PathResult.Z is in those coordinates, every X in the original ones.
	VarScale []int
	// RealCoefficients: every coefficient of the system given to SolvePoly
	// is real (false for Solve, which cannot tell).
	RealCoefficients bool
}

// RealValues returns the real parts of X and whether the solution is
// real (Real). For a real nonsingular solution of a system with real
// coefficients the imaginary parts are rounding noise: the conjugate of a
// root is a root too, and a distinct root within RealTol of X would make
// X ill-conditioned far beyond SingularCond.
func (s *Solution) RealValues() ([]float64, bool) {
	x := make([]float64, len(s.X))
	for i, v := range s.X {
		x[i] = real(v)
	}
	return x, s.Real
}

// Nonsingular returns the nonsingular solutions.
func (r *Result) Nonsingular() []Solution {
	var out []Solution
	for _, s := range r.Solutions {
		if !s.Singular {
			out = append(out, s)
		}
	}
	return out
}

// RealNonsingular returns the real nonsingular solutions.
func (r *Result) RealNonsingular() []Solution {
	var out []Solution
	for _, s := range r.Solutions {
		if !s.Singular && s.Real {
			out = append(out, s)
		}
	}
	return out
}

// Singular returns the distinct singular finite solutions.
func (r *Result) Singular() []Solution {
	var out []Solution
	for _, s := range r.Solutions {
		if s.Singular {
			out = append(out, s)
		}
	}
	return out
}

// Candidates returns the values of the solutions, singular ones included,
// as the exact points certify.CertifySolutions takes as candidates.
func (r *Result) Candidates() []certify.ComplexPoint {
	pts := make([]certify.ComplexPoint, len(r.Solutions))
	for i, s := range r.Solutions {
		pts[i] = certify.PointOf(s.X)
	}
	return pts
}

// Counts summarises a Result.
type Counts struct {
	Paths       int // paths tracked
	Finite      int // distinct finite solutions
	Nonsingular int // distinct nonsingular finite solutions
	Real        int // real nonsingular solutions
	Singular    int // distinct singular finite solutions
	AtInfinity  int // paths ending at infinity
	Failed      int // failed paths
}

// Counts returns the summary counts.
func (r *Result) Counts() Counts {
	c := Counts{Paths: len(r.Paths), Finite: len(r.Solutions)}
	for _, s := range r.Solutions {
		if s.Singular {
			c.Singular++
		} else {
			c.Nonsingular++
			if s.Real {
				c.Real++
			}
		}
	}
	for _, p := range r.Paths {
		switch p.Status {
		case PathAtInfinity:
			c.AtInfinity++
		case PathFailed:
			c.Failed++
		}
	}
	return c
}

func (c Counts) String() string {
	return fmt.Sprintf("paths %d: %d finite (%d nonsingular, %d real; %d singular), %d at infinity, %d failed",
		c.Paths, c.Finite, c.Nonsingular, c.Real, c.Singular, c.AtInfinity, c.Failed)
}

// isReal applies the realness tolerance.
func isReal(x []complex128, tol float64) bool {
	lim := tol * max(1, normInf(x))
	for _, v := range x {
		if math.Abs(imag(v)) > lim {
			return false
		}
	}
	return true
}

// affineRadius is the uncertainty attached to a finite end point for
// merging: the merge tolerance relative to its size plus its own error
// estimate carried to affine coordinates (an error δ in a unit-length
// homogeneous vector is an error of about δ·(1+‖x‖)² in x = z/z₀).
func affineRadius(p *PathResult, mergeTol float64) float64 {
	nx := normInf(p.X)
	r := mergeTol * max(1, nx)
	if p.Singular {
		r += p.Accuracy * (1 + nx) * (1 + nx)
	}
	return r
}

// resultWork is the scratch space of the path-jumping check and of the
// solution list: with one reused across solves (ParameterSolver.SolveReuse)
// neither allocates once its slices have grown.
type resultWork struct {
	idx, order, parent []int
	key, rad           []float64 // indexed by path
	w                  []float64
	members            []int   // the groups' path indices, group after group
	groups             [][]int // views into members
	roots, count, at   []int   // per path index: group bookkeeping
}

// grow returns s with length n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// clusters groups the finite end points that lie within their combined
// radii of one another (single linkage). Each group lists path indices in
// increasing order; groups are ordered by their first index. The groups
// are views into the workspace, valid until its next use.
func (rw *resultWork) clusters(paths []PathResult, mergeTol float64) [][]int {
	rw.idx = rw.idx[:0]
	for i := range paths {
		if paths[i].Status == PathFinite {
			rw.idx = append(rw.idx, i)
		}
	}
	idx := rw.idx
	if len(idx) == 0 {
		return nil
	}
	n := len(paths[idx[0]].X)
	// Sort along a fixed direction so that only neighbours in the sort
	// order need comparing: |w·(x−y)| ≤ ‖w‖₁·‖x−y‖∞ with ‖w‖₁ = 1 here.
	w := grow(rw.w, n)
	rw.w = w
	ws := 0.0
	for i := range w {
		w[i] = (1 + 0.618033988749895*float64(i)) / float64(n)
		ws += w[i]
	}
	np := len(paths)
	key, rad := grow(rw.key, np), grow(rw.rad, np)
	rw.key, rw.rad = key, rad
	maxRad := 0.0
	for _, i := range idx {
		k := 0.0
		for j, v := range paths[i].X {
			k += w[j] / ws * (real(v) + imag(v)*0.5)
		}
		key[i] = k
		rad[i] = affineRadius(&paths[i], mergeTol)
		maxRad = max(maxRad, rad[i])
	}
	order := append(rw.order[:0], idx...)
	rw.order = order
	slices.SortStableFunc(order, func(a, b int) int {
		switch ka, kb := key[a], key[b]; {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return a - b
	})
	parent := grow(rw.parent, np)
	rw.parent = parent
	for _, i := range idx {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for a := 0; a < len(order); a++ {
		i := order[a]
		for b := a + 1; b < len(order); b++ {
			j := order[b]
			// |key difference| ≤ 1.5·‖x−y‖∞ (weights sum to 1, the key
			// uses re + im/2).
			if key[j]-key[i] > 1.5*(rad[i]+maxRad) {
				break
			}
			if distInf(paths[i].X, paths[j].X) <= rad[i]+rad[j] {
				ri, rj := find(i), find(j)
				if ri != rj {
					parent[max(ri, rj)] = min(ri, rj)
				}
			}
		}
	}
	// Every root is the smallest index of its group (unions keep the
	// smaller root), so groups in increasing root order are groups
	// ordered by their first index; members come out increasing.
	count, at := grow(rw.count, np), grow(rw.at, np)
	rw.count, rw.at = count, at
	roots := rw.roots[:0]
	for _, i := range idx {
		count[i] = 0
	}
	for _, i := range idx {
		r := find(i)
		if count[r] == 0 {
			roots = append(roots, r)
		}
		count[r]++
	}
	rw.roots = roots
	members := grow(rw.members, len(idx))
	rw.members = members
	groups := grow(rw.groups, len(roots))
	rw.groups = groups
	off := 0
	for gi, r := range roots {
		groups[gi] = members[off : off+count[r]]
		at[r] = off // fill pointer of r's group
		off += count[r]
	}
	for _, i := range idx { // increasing i: members come out sorted
		r := find(i)
		members[at[r]] = i
		at[r]++
	}
	return groups
}

func distInf(x, y []complex128) float64 {
	s := 0.0
	for i, v := range x {
		s = max(s, math.Sqrt(abs2(v-y[i])))
	}
	return s
}

// collect builds the solution list from the clusters into dst (reusing
// its entries' slices).
func collect(dst []Solution, paths []PathResult, groups [][]int, realTol float64) []Solution {
	sols := dst[:0]
	for _, g := range groups {
		best := g[0]
		for _, i := range g[1:] {
			if paths[i].ScaledResidual < paths[best].ScaledResidual {
				best = i
			}
		}
		p := &paths[best]
		var s Solution
		if len(sols) < cap(sols) {
			s = sols[:len(sols)+1][len(sols)]
		}
		s = Solution{
			X:              append(s.X[:0], p.X...),
			Singular:       len(g) > 1,
			Multiplicity:   len(g),
			Cond:           p.Cond,
			ScaledResidual: p.ScaledResidual,
			Residual:       p.Residual,
			Accuracy:       p.Accuracy,
			Paths:          append(s.Paths[:0], g...),
		}
		for _, i := range g {
			s.Singular = s.Singular || paths[i].Singular
			s.Winding = max(s.Winding, paths[i].Winding)
		}
		if s.Singular {
			for _, i := range g {
				paths[i].Singular = true
			}
		}
		s.Real = isReal(s.X, realTol)
		sols = append(sols, s)
	}
	return sols
}
