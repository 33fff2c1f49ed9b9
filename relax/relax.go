// Package relax moves the Steiner points of a fixed topology towards the
// positions that make the tree shortest: Riemannian Newton steps on the
// tree's length L = Σ d(xᵢ, xⱼ) over the product of the planes of its free
// points. It is the one fixed-topology relaxation of the project: the
// re-optimisation of package sll and the exact solver of package exact
// take their Newton steps here, each with its own rule for accepting a
// step.
//
// In an orthonormal frame at each point (plane.Plane.UnitToward and Exp)
// an edge of length d with unit direction u at xᵢ contributes −u to the
// gradient at xᵢ; its Hessian vanishes along the edge and, across it, is
// given by plane.Plane.DistHessian: diag·nnᵀ on the diagonal block of
// each end and −off·nn′ᵀ between the two ends when both are free (n ⊥ u at
// xᵢ, n′ its parallel transport to xⱼ). For a fixed topology L is convex
// (geodesically convex in the hyperbolic plane), and the Newton direction
// is a descent direction wherever the Hessian is positive definite.
package relax

import (
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/dense"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Graph is a component of a tree as the relaxation sees it: free points
// 0, …, Len()−1 at Pos(i), each joined to the neighbours Neighbors lists —
// another free point (free = its index) or a fixed point (free = −1) —
// with the length of the edge as the caller knows it.
type Graph interface {
	Len() int
	Pos(i int) hyperbolic.Point
	Neighbors(i int, visit func(free int, p hyperbolic.Point, length float64))
}

// Work holds the buffers of the Newton steps, reused between calls; it is
// not safe for concurrent use.
type Work struct {
	g, h []float64
	// D is the Newton direction: 2 coordinates per free point, in the
	// point's frame.
	D []float64
	// Trial holds the positions Move computed.
	Trial []hyperbolic.Point
}

// Direction computes the Newton direction of L at the graph's positions
// into w.D, and returns the largest step of a point and the shortest edge.
// ok is false when an edge has length zero (the length is not
// differentiable there) or the Hessian is singular.
func (w *Work) Direction(pl plane.Plane, gr Graph) (step, minEdge float64, ok bool) {
	k := gr.Len()
	n := 2 * k
	w.g = slices.Grow(w.g[:0], n)[:n]
	w.h = slices.Grow(w.h[:0], n*n)[:n*n]
	w.D = slices.Grow(w.D[:0], n)[:n]
	clear(w.g)
	clear(w.h)
	minEdge = math.Inf(1)
	ok = true
	for i := 0; i < k && ok; i++ {
		x := gr.Pos(i)
		gr.Neighbors(i, func(j int, y hyperbolic.Point, d float64) {
			if !ok {
				return
			}
			u, good := pl.UnitToward(x, y)
			if !good || !(d > 0) {
				ok = false
				return
			}
			minEdge = min(minEdge, d)
			w.g[2*i] -= u.X
			w.g[2*i+1] -= u.Y
			nx, ny := -u.Y, u.X
			diag, off := pl.DistHessian(d)
			r0, r1 := (2*i)*n, (2*i+1)*n
			w.h[r0+2*i] += diag * nx * nx
			w.h[r0+2*i+1] += diag * nx * ny
			w.h[r1+2*i] += diag * ny * nx
			w.h[r1+2*i+1] += diag * ny * ny
			if j < 0 {
				return
			}
			// n′ = −rot90(unit at y towards x).
			v, good := pl.UnitToward(y, x)
			if !good {
				ok = false
				return
			}
			mx, my := v.Y, -v.X
			w.h[r0+2*j] -= off * nx * mx
			w.h[r0+2*j+1] -= off * nx * my
			w.h[r1+2*j] -= off * ny * mx
			w.h[r1+2*j+1] -= off * ny * my
		})
	}
	if !ok {
		return 0, minEdge, false
	}
	for i := range w.D {
		w.D[i] = -w.g[i]
	}
	if !dense.Solve(w.h, w.D, n) {
		return 0, minEdge, false
	}
	for i := 0; i < k; i++ {
		step = max(step, math.Hypot(w.D[2*i], w.D[2*i+1]))
	}
	return step, minEdge, true
}

// Move moves every free point by scale times its Newton direction
// (plane.Plane.Exp) into w.Trial; false when a point leaves the plane.
func (w *Work) Move(pl plane.Plane, gr Graph, scale float64) bool {
	k := gr.Len()
	w.Trial = slices.Grow(w.Trial[:0], k)[:k]
	for i := 0; i < k; i++ {
		p, ok := pl.Exp(gr.Pos(i), hyperbolic.Vector{X: scale * w.D[2*i], Y: scale * w.D[2*i+1]})
		if !ok {
			return false
		}
		w.Trial[i] = p
	}
	return true
}
