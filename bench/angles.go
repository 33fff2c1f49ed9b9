package bench

import (
	"math"

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
	var ac AngleCheck
	pl, err := t.Plane()
	if err != nil {
		return ac
	}
	adj := make([][]int32, len(t.Vertices))
	for _, e := range t.Edges {
		adj[e[0]] = append(adj[e[0]], int32(e[1]))
		adj[e[1]] = append(adj[e[1]], int32(e[0]))
	}
	for v, nb := range adj {
		if len(nb) < 2 {
			continue
		}
		pv := t.Vertices[v]
		if v >= t.Terminals {
			ac.Steiner++
			for i := range nb {
				for j := i + 1; j < len(nb); j++ {
					th := pl.Angle(t.Vertices[nb[i]], pv, t.Vertices[nb[j]])
					ac.MaxDeviation = max(ac.MaxDeviation, math.Abs(th-2*math.Pi/3))
				}
			}
			continue
		}
		ac.Terminals++
		wide := true
		for i := 0; i < len(nb) && wide; i++ {
			for j := i + 1; j < len(nb) && wide; j++ {
				wide = !pl.Below120(t.Vertices[nb[i]], pv, t.Vertices[nb[j]])
			}
		}
		if wide {
			ac.Wide++
		}
	}
	return ac
}
