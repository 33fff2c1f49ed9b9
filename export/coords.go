package export

import (
	"fmt"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// coords are the coordinates of a tree's vertices in a model: names and,
// per vertex, one value per name.
type coords struct {
	model string
	names []string // "x", "y", or "t", "x", "y"
	vals  []float64
}

// at returns the coordinates of vertex i.
func (c *coords) at(i int) []float64 {
	k := len(c.names)
	return c.vals[i*k : (i+1)*k]
}

// viewWithCoords checks t (see newView) and converts its vertices to the
// named model.
func viewWithCoords(t *sll.Tree, model string) (*view, *coords, error) {
	v, err := newView(t, 0)
	if err != nil {
		return nil, nil, err
	}
	c, err := coordsOf(t, model)
	if err != nil {
		return nil, nil, err
	}
	return v, c, nil
}

// coordsOf converts the vertices of t to the named model (see
// Options.Model), with the conversions of package hyperbolic.
func coordsOf(t *sll.Tree, model string) (*coords, error) {
	pl, err := t.Plane()
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	own := pl.Model()
	m := strings.ToLower(model)
	if m == "" || m == own {
		c := &coords{model: own, names: []string{"x", "y"}, vals: make([]float64, 0, 2*len(t.Vertices))}
		for _, p := range t.Vertices {
			c.vals = append(c.vals, p.X, p.Y)
		}
		return c, nil
	}
	if own != "klein" {
		return nil, fmt.Errorf("export: model %q: a %s tree has %s coordinates only", model, t.Space, own)
	}
	c := &coords{model: m, names: []string{"x", "y"}}
	var conv func(p hyperbolic.Point) ([]float64, error)
	switch m {
	case "poincare":
		conv = func(p hyperbolic.Point) ([]float64, error) {
			q, err := hyperbolic.KleinToPoincare(p)
			return []float64{q.X, q.Y}, err
		}
	case "halfplane":
		conv = func(p hyperbolic.Point) ([]float64, error) {
			q, err := hyperbolic.KleinToHalfPlane(p)
			return []float64{q.X, q.Y}, err
		}
	case "hyperboloid":
		c.names = []string{"t", "x", "y"}
		conv = func(p hyperbolic.Point) ([]float64, error) {
			q, err := hyperbolic.KleinToHyperboloid(p)
			return []float64{q.T, q.X, q.Y}, err
		}
	default:
		return nil, fmt.Errorf("export: unknown model %q: expected klein, poincare, halfplane or hyperboloid", model)
	}
	c.vals = make([]float64, 0, len(c.names)*len(t.Vertices))
	for i, p := range t.Vertices {
		q, err := conv(p)
		if err != nil {
			return nil, fmt.Errorf("export: vertex %d: %w", i, err)
		}
		c.vals = append(c.vals, q...)
	}
	return c, nil
}
