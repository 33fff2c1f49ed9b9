package treecert

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
)

// moved is p moved by m in the max norm, in a random direction.
func moved(rng *rand.Rand, p hyperbolic.Point, m float64) hyperbolic.Point {
	th := 2 * math.Pi * rng.Float64()
	c, s := math.Cos(th), math.Sin(th)
	n := max(math.Abs(c), math.Abs(s))
	return hyperbolic.Point{X: p.X + m*c/n, Y: p.Y + m*s/n}
}

// Check with Verdicts (SelfCheck's) gives every Steiner point and every
// claim the verdict of the full check (Check without Verdicts, which
// never takes the quick paths) on random and adversarial trees in both
// planes, as built, with Steiner points moved by fractions of their
// tolerance and with stored edge lengths moved around LengthRelTol.
func TestQuickSteinerVerdictsMatchFullCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	type set struct {
		name string
		pts  []hyperbolic.Point
	}
	var sets []set
	for _, sigma := range []float64{0.05, 0.5, 1.5, 3} {
		pts, err := hyperbolic.SampleWrappedGaussian(rng, 250, hyperbolic.Point{}, sigma)
		require.NoError(t, err)
		sets = append(sets, set{fmt.Sprintf("G(0, %g)", sigma), pts})
	}
	for _, file := range []string{"boundary_2^-53.csv", "ring_1e-15.csv", "grid_cocircular.csv", "near_coincident.csv", "near_collinear.csv",
		"six_unit.csv", "six_2^-1000.csv", "six_2^1000.csv", "triangle_1e-3.csv", "triangle_1e-300.csv", "triangle_1e-310.csv", "triangle_1e300.csv", "exact120_klein.csv"} {
		sets = append(sets, set{file, readPoints(t, fixture.Path(t, "adversarial/"+file))})
	}
	quick := 0
	for _, st := range sets {
		for _, sp := range []sll.Space{sll.DefaultSpace(), sll.Euclidean()} {
			tree, err := sll.Build(st.pts, sll.Options{Space: sp})
			if err != nil { // outside the disk: Euclidean only
				continue
			}
			// A Steiner point's edge and an edge between terminals, if any.
			steinerEdge, terminalEdge := -1, -1
			for k, e := range tree.Edges {
				if steinerEdge < 0 && max(e[0], e[1]) >= tree.Terminals {
					steinerEdge = k
				}
				if terminalEdge < 0 && max(e[0], e[1]) < tree.Terminals {
					terminalEdge = k
				}
			}
			type tamper struct {
				name string
				f    func(tr *sll.Tree)
			}
			cases := []tamper{{"as built", func(*sll.Tree) {}}}
			for _, f := range []float64{0.45, 0.55, 1.1} {
				cases = append(cases, tamper{fmt.Sprintf("Steiner points moved by %g·TolAbs", f), func(tr *sll.Tree) {
					adj := adjacency(len(tr.Vertices), tr.Edges)
					for v := tr.Terminals; v < len(tr.Vertices); v++ {
						nb := adj.of(v)
						tri := [3]hyperbolic.Point{tree.Vertices[nb[0]], tree.Vertices[nb[1]], tree.Vertices[nb[2]]}
						tr.Vertices[v] = moved(rng, tr.Vertices[v], f*certify.FermatTolAbs(tri[0], tri[1], tri[2], certify.FermatOptions{}))
					}
				}})
			}
			for _, k := range []int{steinerEdge, terminalEdge} {
				for _, rel := range []float64{-1.2e-13, -5e-14, 5e-14, 1.2e-13} {
					if k >= 0 {
						cases = append(cases, tamper{fmt.Sprintf("edge %d ×(1%+g)", k, rel), func(tr *sll.Tree) { tr.EdgeLengths[k] *= 1 + rel }})
					}
				}
			}
			for _, tc := range cases {
				tr := *tree
				tr.Vertices = slices.Clone(tree.Vertices)
				tr.EdgeLengths = slices.Clone(tree.EdgeLengths)
				tc.f(&tr)
				name := fmt.Sprintf("%s %s, %s", sp.Name(), st.name, tc.name)
				full, err := Check(&tr, ClaimsOf(&tr), Options{SkipAngles: true})
				require.NoError(t, err)
				fast, err := Check(&tr, ClaimsOf(&tr), Options{SkipAngles: true, Verdicts: true})
				require.NoError(t, err)
				require.Equal(t, len(full.SteinerPoints), len(fast.SteinerPoints))
				for i := range full.SteinerPoints {
					require.Equal(t, full.SteinerPoints[i].Status, fast.SteinerPoints[i].Status, "%s, vertex %d", name, full.SteinerPoints[i].Vertex)
					require.Equal(t, full.SteinerPoints[i].Message, fast.SteinerPoints[i].Message, name)
				}
				fs, qs := full.Steiner, fast.Steiner
				require.Equal(t, [5]int{fs.Count, fs.Certified, fs.Relaxed, fs.Declared, fs.Failed}, [5]int{qs.Count, qs.Certified, qs.Relaxed, qs.Declared, qs.Failed}, name)
				require.Equal(t, full.Failures, fast.Failures, name)
				require.Equal(t, len(full.Claims), len(fast.Claims), name)
				for i, c := range full.Claims {
					require.Equal(t, [3]any{c.Name, c.OK, c.Message}, [3]any{fast.Claims[i].Name, fast.Claims[i].OK, fast.Claims[i].Message}, name)
				}
				if sp == sll.DefaultSpace() {
					quick += len(fast.SteinerPoints)
				}
			}
		}
	}
	require.Positive(t, quick)
}

// readPoints reads a CSV file of x,y rows.
func readPoints(t *testing.T, path string) []hyperbolic.Point {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var pts []hyperbolic.Point
	for _, line := range strings.Fields(string(data)) {
		x, y, ok := strings.Cut(line, ",")
		require.True(t, ok, line)
		px, err := strconv.ParseFloat(x, 64)
		require.NoError(t, err)
		py, err := strconv.ParseFloat(y, 64)
		require.NoError(t, err)
		pts = append(pts, hyperbolic.Point{X: px, Y: py})
	}
	return pts
}
