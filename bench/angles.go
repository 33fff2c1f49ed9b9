package bench

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// AngleCheck summarises the angles of a tree at its vertices.
type AngleCheck struct {
	// Terminals counts the terminals of degree ≥ 2; Wide those whose
	// incident edges pairwise meet at ≥ 120°, decided exactly for the
	// float64 coordinates; Undecidable those the exact predicate rejected
	// (two neighbours at the same point).
	Terminals, Wide, Undecidable int
	// Steiner counts the Steiner points; MaxDeviation is the largest
	// |θ − 120°| (radians, float64) over the angles between the edges at a
	// Steiner point, 0 when there is none.
	Steiner      int
	MaxDeviation float64
}

// CheckAngles computes the AngleCheck of a tree built by sll.Build: in the
// hyperbolic plane (Klein model) unless the tree's Space is "euclidean".
func CheckAngles(t *sll.Tree) AngleCheck {
	euclid := t.Space == "euclidean"
	adj := make([][]int32, len(t.Vertices))
	for _, e := range t.Edges {
		adj[e[0]] = append(adj[e[0]], int32(e[1]))
		adj[e[1]] = append(adj[e[1]], int32(e[0]))
	}
	var ac AngleCheck
	for v, nb := range adj {
		if len(nb) < 2 {
			continue
		}
		pv := t.Vertices[v]
		if v >= t.Terminals {
			ac.Steiner++
			for i := range nb {
				for j := i + 1; j < len(nb); j++ {
					a, b := t.Vertices[nb[i]], t.Vertices[nb[j]]
					var th float64
					if euclid {
						th = euclideanAngle(a, pv, b)
					} else {
						th = hyperbolic.Angle(a, pv, b)
					}
					ac.MaxDeviation = max(ac.MaxDeviation, math.Abs(th-2*math.Pi/3))
				}
			}
			continue
		}
		ac.Terminals++
		wide, ok := true, true
		for i := 0; i < len(nb) && wide && ok; i++ {
			for j := i + 1; j < len(nb) && wide && ok; j++ {
				a, b := t.Vertices[nb[i]], t.Vertices[nb[j]]
				if euclid {
					wide = !sll.EuclideanAngleBelow120(a, pv, b)
					continue
				}
				e, err := isoptic.SteinerExists(pv, a, b)
				if err != nil {
					ok = false
					continue
				}
				wide = e.Wide[0]
			}
		}
		switch {
		case !ok:
			ac.Undecidable++
		case wide:
			ac.Wide++
		}
	}
	return ac
}

// euclideanAngle is the angle at v between v→a and v→b.
func euclideanAngle(a, v, b hyperbolic.Point) float64 {
	ux, uy := a.X-v.X, a.Y-v.Y
	wx, wy := b.X-v.X, b.Y-v.Y
	return math.Atan2(math.Abs(ux*wy-uy*wx), ux*wx+uy*wy)
}
