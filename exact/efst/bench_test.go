package efst

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
)

// published100 are the optima of the OR-Library set estein100 (file
// estein100opt, 9 decimals), recovered like testdata/estein/optima.txt
// (see there).
var published100 = map[string]float64{
	"estein100_01": 6.394256000,
	"estein100_02": 6.594812128,
	"estein100_03": 6.531347066,
	"estein100_04": 6.576977411,
	"estein100_05": 6.674687782,
	"estein100_06": 6.466368368,
	"estein100_07": 6.987863494,
	"estein100_08": 6.394971137,
	"estein100_09": 6.914321113,
	"estein100_10": 6.719510819,
	"estein100_11": 6.832950895,
	"estein100_12": 6.670622612,
	"estein100_13": 6.505252521,
	"estein100_14": 6.882598532,
	"estein100_15": 6.205148881,
}

// benchSet solves the 15 OR-Library instances with n terminals (from the
// module's testdata folder) b.N times and logs, per instance: FSTs, equilateral
// points, CPU seconds of generation and concatenation, branch-and-bound
// nodes, the root LP's gap and the certified gap, the distance to the
// published optimum where known, and the gap of the SLL heuristic
// (sll.Build, Euclidean) to the optimum.
func benchSet(b *testing.B, n int) {
	dir := filepath.Dir(fixture.Path(b, "estein/estein100_01.txt"))
	type row struct {
		name                    string
		tree                    *Tree
		sllLen, genCPU, catCPU  float64
		pubRel                  float64
		maxGen, maxCat, maxWall float64
	}
	var rows []row
	for k := 1; k <= 15; k++ {
		name := fmt.Sprintf("estein%d_%02d", n, k)
		pts := readXY(b, filepath.Join(dir, name+".txt"))
		st, err := sll.Build(pts, sll.Options{Space: sll.Euclidean(), Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		rows = append(rows, row{name: name, sllLen: st.Length, pubRel: math.NaN()})
	}
	b.ResetTimer()
	for range b.N {
		for k := range rows {
			r := &rows[k]
			pts := readXY(b, filepath.Join(dir, r.name+".txt"))
			t, err := Solve(pts, Options{})
			if err != nil {
				b.Fatal(err)
			}
			r.tree = t
			r.maxGen = max(r.maxGen, t.GenCPU)
			r.maxCat = max(r.maxCat, t.ConcatCPU)
			r.maxWall = max(r.maxWall, t.GenSeconds+t.ConcatSeconds)
			if p, ok := published100[r.name]; ok {
				r.pubRel = (t.Length - p) / p
			}
		}
	}
	b.StopTimer()
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%-13s %5s %6s %8s %8s %6s %9s %9s %10s %8s\n", "instance", "FSTs", "eqpts", "gen s", "concat s", "nodes", "root gap", "gap", "vs publ.", "SLL gap")
	var sumGen, sumCat, sumSLL float64
	for _, r := range rows {
		t := r.tree
		rootGap := (t.UpperBound - t.RootBound) / t.UpperBound
		sllGap := (r.sllLen - t.Length) / t.Length
		sumGen += r.maxGen
		sumCat += r.maxCat
		sumSLL += sllGap
		pub := "-"
		if !math.IsNaN(r.pubRel) {
			pub = fmt.Sprintf("%+.1e", r.pubRel)
		}
		fmt.Fprintf(&sb, "%-13s %5d %6d %8.3f %8.3f %6d %9.1e %9.1e %10s %7.3f%%\n",
			r.name, t.FSTs, t.Stats.EqPoints, r.maxGen, r.maxCat, t.Nodes, rootGap, t.Gap(), pub, 100*sllGap)
		if t.Status.String() != "optimal" {
			b.Errorf("%s: %v", r.name, t.Status)
		}
	}
	fmt.Fprintf(&sb, "mean CPU: generation %.3f s, concatenation %.3f s; mean SLL gap %.3f%%", sumGen/15, sumCat/15, 100*sumSLL/15)
	b.Log(sb.String())
}

// BenchmarkEstein100 solves the OR-Library estein100 set (target: 10 s
// per instance on one core).
func BenchmarkEstein100(b *testing.B) { benchSet(b, 100) }

// BenchmarkEstein250 solves the OR-Library estein250 set (target: 5 min
// per instance on one core).
func BenchmarkEstein250(b *testing.B) { benchSet(b, 250) }
