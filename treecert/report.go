package treecert

import (
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/hypersteiner/hypersteiner/internal/jsonnum"

	"github.com/hypersteiner/hypersteiner/certify"
)

// Report is the certificate of a tree: every claim's verdict. Its JSON is
// the --json output of `verify tree`.
type Report struct {
	File      string        `json:"file,omitempty"`
	OK        bool          `json:"ok"`
	Space     string        `json:"space"`
	Prec      uint          `json:"prec"`
	Tol       jsonnum.Float `json:"tol"`
	Terminals int           `json:"terminals"`
	Vertices  int           `json:"vertices"`
	Edges     int           `json:"edges"`
	// IsTree: connected, without cycles.
	IsTree   bool           `json:"is_tree"`
	Steiner  SteinerSummary `json:"steiner"`
	Angles   AngleSummary   `json:"angles"`
	Length   LengthReport   `json:"length"`
	Claims   []Claim        `json:"claims"`
	Failures []Failure      `json:"failures"`
	// SteinerPoints and VertexAngles are per vertex, in index order.
	SteinerPoints []SteinerPoint `json:"steiner_points"`
	VertexAngles  []VertexAngle  `json:"vertex_angles"`
}

// Failure is a claim of the tree that is false or could not be proved.
type Failure struct {
	Vertex  int    `json:"vertex"` // −1 for the tree as a whole
	Message string `json:"message"`
}

// SteinerSummary counts the Steiner points by verdict.
type SteinerSummary struct {
	Count     int `json:"count"`
	Certified int `json:"certified"`
	// Relaxed counts the certified points whose claim is the radius the
	// file declares for them; Declared the points the file declares
	// unproved (no claim).
	Relaxed  int `json:"relaxed"`
	Declared int `json:"declared_unproved"`
	Failed   int `json:"failed"`
	// MaxRadius is the largest r (upper bound), MaxAngleErr the largest ε
	// in degrees over the certified Steiner points.
	MaxRadius   string `json:"max_radius"`
	MaxAngleErr string `json:"max_angle_err_deg"`
	// MaxPrec is the highest precision a certificate needed.
	MaxPrec uint `json:"max_prec"`
}

// SteinerPoint is the verdict on one Steiner point.
type SteinerPoint struct {
	Vertex    int   `json:"vertex"`
	Neighbors []int `json:"neighbors"`
	// Status: certified, refuted, none, undecided, degree, declared.
	Status string `json:"status"`
	// Radius bounds the distance (max norm) from the stored point to the
	// Fermat point of the neighbours; Tol is the claim it is judged by.
	Radius string `json:"radius,omitempty"`
	Tol    string `json:"tol,omitempty"`
	Prec   uint   `json:"prec,omitempty"`
	// AngleErr bounds |θ − 120°| in degrees for the three angles at the
	// stored point.
	AngleErr string `json:"angle_err_deg,omitempty"`
	Message  string `json:"message,omitempty"`
}

// AngleSummary classifies the smallest angle at every vertex.
type AngleSummary struct {
	Leaves int `json:"leaves"` // degree ≤ 1, or fewer than two distinct neighbour positions
	// Below: the smallest angle is < 120° (exact); AtOrAbove: ≥ 120°
	// (exact), of which Exactly120 are exactly 120°; Steiner120: certified
	// Steiner points (120° ± ε).
	Below      int `json:"below_120"`
	AtOrAbove  int `json:"at_or_above_120"`
	Exactly120 int `json:"exactly_120"`
	Steiner120 int `json:"steiner_at_120"`
	// Smallest is the vertex with the smallest angle and its enclosure.
	SmallestVertex int       `json:"smallest_vertex"`
	SmallestDeg    [2]string `json:"smallest_deg"`
}

// VertexAngle is the smallest angle at one vertex.
type VertexAngle struct {
	Vertex   int       `json:"vertex"`
	Degree   int       `json:"degree"`
	Smallest [2]string `json:"smallest_deg,omitempty"` // enclosure in degrees
	Class    string    `json:"class"`                  // leaf, below, at_or_above, exactly_120, steiner_120, undefined
}

// LengthReport encloses the total length.
type LengthReport struct {
	// Enclosure of Σ d(u, v) over the edges.
	Enclosure [2]string `json:"enclosure"`
	// EdgeLengthsRelErr bounds the largest relative error of the stored
	// edge lengths (empty when the file stores none).
	EdgeLengthsRelErr string `json:"edge_lengths_rel_err,omitempty"`
}

// Claim is the verdict on one stored number.
type Claim struct {
	Name   string        `json:"name"`
	Stored jsonnum.Float `json:"stored"`
	// Exact encloses the value the number claims (empty for counts and
	// derived ratios, whose value is given in Expected).
	Exact    [2]string `json:"exact,omitempty"`
	Expected string    `json:"expected,omitempty"`
	OK       bool      `json:"ok"`
	Message  string    `json:"message,omitempty"`
}

// up and down format a bound with a few significant digits, rounded
// outward, so that the printed number still bounds the value.
func up(x *big.Float, digits int) string   { return certify.DecimalBound(x, digits, true) }
func down(x *big.Float, digits int) string { return certify.DecimalBound(x, digits, false) }
func up64(x float64, digits int) string    { return up(new(big.Float).SetFloat64(x), digits) }

func plural(n int, one, pl string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, pl)
}

// Summary is a one-line account of what failed ("" when OK).
func (r *Report) Summary() string {
	var parts []string
	if !r.IsTree {
		why := "the graph is not a tree"
		for _, f := range r.Failures {
			if f.Vertex < 0 && strings.HasPrefix(f.Message, "not a tree: ") {
				why = f.Message // "not a tree: edge 3 [2, 0] closes a cycle", "not a tree: the graph is disconnected (2 parts; …)"
				break
			}
		}
		parts = append(parts, why)
	}
	if r.Steiner.Failed > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d Steiner points failed", r.Steiner.Failed, r.Steiner.Count))
	}
	bad := 0
	for _, c := range r.Claims {
		if !c.OK {
			bad++
		}
	}
	if bad > 0 {
		parts = append(parts, plural(bad, "stored number is false", "stored numbers are false"))
	}
	if len(parts) == 0 {
		if len(r.Failures) == 0 {
			return ""
		}
		return plural(len(r.Failures), "check failed", "checks failed")
	}
	return strings.Join(parts, "; ")
}

// maxListed caps the failures WriteText lists (the JSON lists all).
const maxListed = 50

// WriteText writes the report for a person.
func (r *Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "verify tree %s: %s tree, %s, %s, %s; precision %d bits\n", r.File, r.Space,
		plural(r.Terminals, "terminal", "terminals"), plural(r.Steiner.Count, "Steiner point", "Steiner points"),
		plural(r.Edges, "edge", "edges"), r.Prec)
	if r.IsTree {
		fmt.Fprintln(w, "structure: a tree")
	}
	s := r.Steiner
	fmt.Fprintf(w, "Steiner points: %d certified, %d failed", s.Certified, s.Failed)
	if s.Certified > 0 {
		fmt.Fprintf(w, "; each within r ≤ %s of the Fermat point of its neighbours (tolerance %g × their size + 4 ulps", s.MaxRadius, float64(r.Tol))
		if s.Relaxed > 0 {
			fmt.Fprintf(w, ", or the radius the file declares for %s", plural(s.Relaxed, "point", "points"))
		}
		fmt.Fprintf(w, "), angles 120° ± %s°", s.MaxAngleErr)
	}
	fmt.Fprintln(w)
	if s.Declared > 0 {
		fmt.Fprintf(w, "declared unproved by the file: %s (no claim is made about them)\n", plural(s.Declared, "Steiner point", "Steiner points"))
	}
	a := r.Angles
	fmt.Fprintf(w, "smallest angle at each vertex: %d below 120°, %d at or above 120° (%d exactly 120°), %d certified Steiner points at 120°, %d without an angle (leaves)\n",
		a.Below, a.AtOrAbove, a.Exactly120, a.Steiner120, a.Leaves)
	if a.SmallestVertex >= 0 {
		fmt.Fprintf(w, "  smallest: [%s, %s]° at vertex %d\n", a.SmallestDeg[0], a.SmallestDeg[1], a.SmallestVertex)
	}
	fmt.Fprintf(w, "length: [%s, %s]", r.Length.Enclosure[0], r.Length.Enclosure[1])
	if r.Length.EdgeLengthsRelErr != "" {
		fmt.Fprintf(w, "; stored edge lengths within %s relative", r.Length.EdgeLengthsRelErr)
	}
	fmt.Fprintln(w)
	var okNames, badNames []string
	for _, c := range r.Claims {
		if c.OK {
			okNames = append(okNames, c.Name)
		} else {
			badNames = append(badNames, c.Name)
		}
	}
	if len(okNames) > 0 {
		fmt.Fprintf(w, "stored numbers that hold: %s\n", strings.Join(okNames, ", "))
	}
	for i, f := range r.Failures {
		if i == maxListed {
			fmt.Fprintf(w, "… and %d more failures (--json lists all)\n", len(r.Failures)-maxListed)
			break
		}
		if f.Vertex < 0 {
			fmt.Fprintf(w, "FAIL: %s\n", f.Message)
		} else {
			fmt.Fprintf(w, "FAIL vertex %d (%s): %s\n", f.Vertex, kind(f.Vertex, r.Terminals), f.Message)
		}
	}
	if r.OK {
		fmt.Fprintln(w, "OK: every claim of the tree is proved")
	}
}
