package main

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/jsonnum"

	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
	"github.com/stretchr/testify/require"
)

// runTo runs the command and returns its status, the tree it wrote to
// out (nil when none) and its stderr.
func runTo(t *testing.T, out string, args ...string) (int, *sll.Tree, string) {
	t.Helper()
	var o, e bytes.Buffer
	code := run(append(args, "--out", out), nil, &o, &e)
	if code != cli.ExitOK {
		return code, nil, e.String()
	}
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	tr, _, err := treecert.Read(data, out)
	require.NoError(t, err)
	return code, tr, e.String()
}

// certified checks the file the command wrote with the library that
// `verify tree` runs: every claim it makes must be proved (Krawczyk
// certificates and outward-rounded enclosures, independent of the
// pipeline's float64 path).
func certified(t *testing.T, path string) *treecert.Report {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	tr, c, err := treecert.Read(data, path)
	require.NoError(t, err)
	rep, err := treecert.Check(tr, c, treecert.Options{})
	require.NoError(t, err)
	require.True(t, rep.OK, "%s: %s: %v", path, rep.Summary(), rep.Failures)
	return rep
}

// The adversarial corpus (testdata/adversarial, see its README): tiny,
// huge and subnormal scales, points 1e-15 and 2⁻⁵³ from the ideal
// boundary, near-collinear, near-coincident and cocircular sets. Every
// tree that `tree` (plain and --reopt) and `exact` write with exit 0 must
// pass `verify tree`'s checks: no command states something false.
func TestAdversarialCorpus(t *testing.T) {
	dir := filepath.Dir(fixture.Path(t, "adversarial/README.md"))
	cases := []struct {
		file   string
		spaces []string
		exact  bool
	}{
		{"triangle_1e-3.csv", []string{"hyperbolic", "euclidean"}, true},
		{"triangle_1e-300.csv", []string{"hyperbolic", "euclidean"}, true},
		{"triangle_1e-310.csv", []string{"hyperbolic", "euclidean"}, true},
		{"triangle_1e300.csv", []string{"euclidean"}, true},
		{"six_unit.csv", []string{"hyperbolic", "euclidean"}, true},
		{"six_2^-1000.csv", []string{"hyperbolic", "euclidean"}, true},
		{"six_2^1000.csv", []string{"euclidean"}, true},
		{"ring_1e-15.csv", []string{"hyperbolic"}, false},
		{"boundary_2^-53.csv", []string{"hyperbolic"}, false},
		{"near_collinear.csv", []string{"hyperbolic", "euclidean"}, false},
		{"near_coincident.csv", []string{"hyperbolic", "euclidean"}, false},
		{"grid_cocircular.csv", []string{"hyperbolic", "euclidean"}, false},
		{"exact120_klein.csv", []string{"hyperbolic"}, true},
	}
	out := t.TempDir()
	runs := 0
	for _, tc := range cases {
		in := filepath.Join(dir, tc.file)
		for _, space := range tc.spaces {
			for _, args := range [][]string{{"tree"}, {"tree", "--reopt"}, {"exact"}} {
				if args[0] == "exact" && !tc.exact {
					continue
				}
				path := filepath.Join(out, strings.Join(append(args, space, tc.file), "_")+".json")
				full := append(append([]string(nil), args...), "--quiet", "--space", space, in)
				code, _, stderr := runTo(t, path, full...)
				require.Equal(t, cli.ExitOK, code, "%v: %s", full, stderr)
				certified(t, path)
				runs++
			}
		}
	}
	t.Logf("%d command runs over %d files, every tree certified", runs, len(cases))
}

// A triangle whose angles are all below 120° has one Steiner point at
// every scale float64 holds, in both planes; the exact solver says so and
// its "optimal within" claim holds.
func TestTinyTrianglesKeepTheirSteinerPoint(t *testing.T) {
	out := t.TempDir()
	for _, file := range []string{"triangle_1e-3.csv", "triangle_1e-300.csv", "triangle_1e-310.csv", "triangle_1e300.csv"} {
		in := fixture.Path(t, "adversarial/"+file)
		for _, space := range []string{"hyperbolic", "euclidean"} {
			if file == "triangle_1e300.csv" && space == "hyperbolic" {
				continue
			}
			for _, cmd := range []string{"tree", "exact"} {
				path := filepath.Join(out, cmd+space+file+".json")
				code, tr, stderr := runTo(t, path, cmd, "--space", space, in)
				require.Equal(t, cli.ExitOK, code, stderr)
				require.Equal(t, 1, tr.SteinerPoints(), "%s %s %s", cmd, space, file)
				require.Less(t, tr.Length, tr.MSTLength, "%s %s %s", cmd, space, file)
				if cmd == "exact" {
					require.Contains(t, stderr, "optimal within")
				}
			}
		}
	}
}

// The Euclidean exact solver and pipeline are exact under scaling by 2^k:
// the trees of the scaled points are the scaled trees, bit for bit; the
// hyperbolic plane at 2^-1000 is Euclidean to float64 precision, and its
// optimum is the Euclidean one scaled, to rounding.
func TestScaledOptima(t *testing.T) {
	out := t.TempDir()
	get := func(cmd, space, file string) *sll.Tree {
		path := filepath.Join(out, cmd+space+file+".json")
		code, tr, stderr := runTo(t, path, cmd, "--quiet", "--space", space, fixture.Path(t, "adversarial/"+file))
		require.Equal(t, cli.ExitOK, code, stderr)
		return tr
	}
	for _, cmd := range []string{"tree", "exact"} {
		unit := get(cmd, "euclidean", "six_unit.csv")
		for _, sc := range []struct {
			file string
			k    int
		}{{"six_2^-1000.csv", -1000}, {"six_2^1000.csv", 1000}} {
			tr := get(cmd, "euclidean", sc.file)
			require.Equal(t, len(unit.Vertices), len(tr.Vertices), "%s %s", cmd, sc.file)
			require.Equal(t, unit.Edges, tr.Edges)
			for i, v := range unit.Vertices {
				require.Equal(t, math.Ldexp(v.X, sc.k), tr.Vertices[i].X, "%s %s vertex %d", cmd, sc.file, i)
				require.Equal(t, math.Ldexp(v.Y, sc.k), tr.Vertices[i].Y, "%s %s vertex %d", cmd, sc.file, i)
			}
			require.Equal(t, math.Ldexp(unit.Length, sc.k), tr.Length)
		}
		hyp := get(cmd, "hyperbolic", "six_2^-1000.csv")
		require.Equal(t, unit.SteinerPoints(), hyp.SteinerPoints(), cmd)
		require.InEpsilon(t, math.Ldexp(unit.Length, -1000), hyp.Length, 1e-14, cmd)
	}
}

// A hyperbolic triangle with an angle of exactly 120° (dyadic vertices;
// the angle at B is 120° in exact arithmetic, isoptic.AngleCmp120 = 0)
// has no Steiner point: its Steiner minimal tree is the two sides at B.
func TestExact120HasNoSteinerPoint(t *testing.T) {
	in := fixture.Path(t, "adversarial/exact120_klein.csv")
	for _, cmd := range []string{"tree", "exact"} {
		path := filepath.Join(t.TempDir(), cmd+".json")
		code, tr, stderr := runTo(t, path, cmd, "--quiet", in)
		require.Equal(t, cli.ExitOK, code, stderr)
		require.Zero(t, tr.SteinerPoints(), cmd)
		require.Equal(t, tr.MSTLength, tr.Length, cmd)
		certified(t, path)
	}
}

// Points 2⁻⁵³ from the ideal boundary still get their Steiner points (the
// chart's coordinates resolve them along the boundary), every one proved.
func TestBoundaryPointsGetSteinerPoints(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.json")
	code, tr, stderr := runTo(t, path, "tree", "--quiet", fixture.Path(t, "adversarial/boundary_2^-53.csv"))
	require.Equal(t, cli.ExitOK, code, stderr)
	require.Greater(t, tr.SteinerPoints(), 10)
	require.Less(t, tr.Length, 0.9*tr.MSTLength)
	rep := certified(t, path)
	require.Equal(t, tr.SteinerPoints(), rep.Steiner.Certified)
}

// Duplicates are bad input: the message names both points with the
// user's coordinates, exit status 2.
func TestDuplicatesNamed(t *testing.T) {
	var o, e bytes.Buffer
	code := run([]string{"tree", "--quiet", "--out", filepath.Join(t.TempDir(), "d.json"), fixture.Path(t, "adversarial/duplicates.csv")}, nil, &o, &e)
	require.Equal(t, cli.ExitUsage, code)
	require.Contains(t, e.String(), "duplicates.csv:4:1: (0.3, -0.1) repeats the row at line 2, column 1")
}

// Random tiny, huge and near-boundary inputs: every tree the commands
// write with exit 0 passes verify's checks, and a Euclidean optimum at
// scale 2^k is the unit-scale optimum scaled.
func TestRandomScalesCertified(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 16))
	dir := t.TempDir()
	write := func(name string, pts [][2]float64) string {
		var b strings.Builder
		for _, p := range pts {
			b.WriteString(jsonnum.Format(p[0]) + "," + jsonnum.Format(p[1]) + "\n")
		}
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
		return path
	}
	runs := 0
	for trial := 0; trial < 12; trial++ {
		n := 4 + rng.IntN(5)
		unit := make([][2]float64, n)
		for i := range unit {
			unit[i] = [2]float64{rng.Float64() - 0.5, rng.Float64() - 0.5}
		}
		k := -1070 + rng.IntN(2070)
		if trial%3 == 0 {
			k = -1070 + rng.IntN(1040) // hyperbolic too: inside the disk
		}
		scaled := make([][2]float64, n)
		for i, p := range unit {
			scaled[i] = [2]float64{math.Ldexp(p[0], k), math.Ldexp(p[1], k)}
		}
		in, inUnit := write("s.csv", scaled), write("u.csv", unit)
		spaces := []string{"euclidean"}
		if k < -30 {
			spaces = append(spaces, "hyperbolic")
		}
		for _, space := range spaces {
			for _, cmd := range []string{"tree", "exact"} {
				path := filepath.Join(dir, cmd+space+".json")
				code, tr, stderr := runTo(t, path, cmd, "--quiet", "--space", space, in)
				if code == cli.ExitUsage && strings.Contains(stderr, "coincide") {
					continue // two points rounded together by the scaling into the subnormals
				}
				require.Equal(t, cli.ExitOK, code, "%s %s at 2^%d: %s\n%v", cmd, space, k, stderr, scaled)
				certified(t, path)
				runs++
				if space == "euclidean" && cmd == "exact" && k > -1020 {
					_, ref, _ := runTo(t, filepath.Join(dir, "ref.json"), cmd, "--quiet", "--space", space, inUnit)
					require.Equal(t, math.Ldexp(ref.Length, k), tr.Length, "exact optimum at 2^%d", k)
				}
			}
		}
		// Near the ideal boundary: 1 − |v| down to 1e-16.
		ring := make([][2]float64, 40)
		for i := range ring {
			d := math.Pow(10, -1-15*rng.Float64())
			a := 2 * math.Pi * rng.Float64()
			x, y := (1-d)*math.Cos(a), (1-d)*math.Sin(a)
			for x*x+y*y >= 1 {
				x, y = x*(1-0x1p-53), y*(1-0x1p-53)
			}
			ring[i] = [2]float64{x, y}
		}
		rin := write("r.csv", ring)
		for _, args := range [][]string{{"tree"}, {"tree", "--reopt"}} {
			path := filepath.Join(dir, "ring.json")
			code, _, stderr := runTo(t, path, append(args, "--quiet", rin)...)
			require.Equal(t, cli.ExitOK, code, stderr)
			certified(t, path)
			runs++
		}
	}
	t.Logf("%d command runs, every tree certified", runs)
}
