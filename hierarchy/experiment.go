package hierarchy

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/pointio"
)

// The Planaria files of the HyperSteiner authors' repository (folder Data/).
const (
	PlanariaPoints = "planaria_klein_cleaned.npy"
	PlanariaTruth  = "planaria_pseudotime_groundtruth_cleaned.npy"
)

// Dataset is a point set with a ground-truth age per point and a root.
type Dataset struct {
	Points []hyperbolic.Point // Klein coordinates
	Truth  []float64          // ground-truth ages (pseudotime), ≥ 0
	Root   int                // index of the root cell
}

// LoadPlanaria reads the Planaria data from dir: PlanariaPoints, an (n, 2)
// float64 array of Klein points, and PlanariaTruth, the (n,) PAGA
// pseudotime; the root is cell 0, as in the paper's code. A missing file
// gives the *fs.PathError of the open.
func LoadPlanaria(dir string) (*Dataset, error) {
	pts, err := pointio.ReadPoints(filepath.Join(dir, PlanariaPoints), "klein")
	if err != nil {
		return nil, err
	}
	truth, err := pointio.ReadVector(filepath.Join(dir, PlanariaTruth))
	if err != nil {
		return nil, err
	}
	d := &Dataset{Points: pts, Truth: truth}
	return d, d.Check()
}

// Check reports a dataset whose parts do not fit together.
func (d *Dataset) Check() error {
	if len(d.Points) != len(d.Truth) {
		return fmt.Errorf("hierarchy: %w: %d points but %d ground-truth ages", ErrAges, len(d.Points), len(d.Truth))
	}
	if d.Root < 0 || d.Root >= len(d.Points) {
		return fmt.Errorf("hierarchy: root %d is not one of the %d points", d.Root, len(d.Points))
	}
	if _, err := maxAge(d.Truth, "ground-truth"); err != nil {
		return err
	}
	return hyperbolic.CheckPoints(d.Points)
}

// Method is a way to build a tree over points: Build must return a Tree
// whose first len(pts) vertices are the points, in order.
type Method struct {
	Name  string
	Build func(pts []hyperbolic.Point) (*Tree, error)
}

// MSTMethod is the hyperbolic minimum spanning tree (see MST).
func MSTMethod() Method { return Method{Name: "mst", Build: MST} }

// NJMethod is Neighbor Joining on the matrix of hyperbolic distances
// between the points, as in the paper's code (which called Biotite on
// distance_klein, the arccosh of the Klein formula). Build refuses more
// than maxPoints points (0: no limit) with an error saying how much memory
// NJ would need: the method is O(n³) in time and about 16·n² bytes in
// memory (8·n² with opt.Float32).
func NJMethod(opt NJOptions, maxPoints int) Method {
	return Method{Name: "nj", Build: func(pts []hyperbolic.Point) (*Tree, error) {
		if n := len(pts); maxPoints > 0 && n > maxPoints {
			return nil, fmt.Errorf("hierarchy: neighbor joining of %d points needs about %.1f GB and O(n³) time; the limit is %d points",
				n, NJBytes(n, opt.Float32)/1e9, maxPoints)
		}
		return NeighborJoining(len(pts), func(i, j int) float64 { return hyperbolic.Dist(pts[i], pts[j]) }, opt)
	}}
}

// NJBytes is about the memory Neighbor Joining of n points needs: its
// working matrix, 16·n² bytes (8·n² with NJOptions.Float32).
func NJBytes(n int, float32 bool) float64 {
	per := 16.0
	if float32 {
		per = 8
	}
	return per * float64(n) * float64(n)
}

// Trial is the outcome of one method on one point set.
type Trial struct {
	Error float64 // AgeError of the tree's root distances
	// CPU is the CPU time (user + system) of Build and TreeDistances, taken
	// from the OS thread the calling goroutine is locked to while they run
	// (clock_gettime CLOCK_THREAD_CPUTIME_ID on Linux; elsewhere the wall time). Work a
	// method hands to other goroutines, and the runtime's background GC
	// workers, are not counted, so methods should run single-threaded.
	// Unlike the wall time it does not grow when other processes compete
	// for the cores.
	CPU float64
	// Wall is the wall time of the same work.
	Wall float64
}

// Evaluate builds the tree of m over d's points (ages: tree distances from
// d.Root) and scores it with AgeError against d.Truth.
func Evaluate(m Method, d *Dataset) (Trial, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := cputime.Thread()
	start := time.Now()
	t, err := m.Build(d.Points)
	if err != nil {
		return Trial{}, fmt.Errorf("%s: %w", m.Name, err)
	}
	if t.Terminals != len(d.Points) || t.Vertices < t.Terminals {
		return Trial{}, fmt.Errorf("%s: the tree has %d terminals and %d vertices for %d points", m.Name, t.Terminals, t.Vertices, len(d.Points))
	}
	dist, err := t.Distances(d.Root)
	if err != nil {
		return Trial{}, fmt.Errorf("%s: %w", m.Name, err)
	}
	wall := time.Since(start).Seconds()
	cpu := wall
	if cpu1, ok := cputime.Thread(); ok && cpuOK {
		cpu = cpu1 - cpu0
	}
	e, err := AgeError(dist[:t.Terminals], d.Truth)
	if err != nil {
		return Trial{}, fmt.Errorf("%s: %w", m.Name, err)
	}
	return Trial{Error: e, CPU: cpu, Wall: wall}, nil
}

// KeepCount is the number of points kept when missing percent of n are
// removed, computed as the paper's code does, int((100 − missing)/100·n)
// in float64 (so 95 % of 21 452 keeps 1 072). missing must lie in
// [0, 100) and at least two points must remain.
func KeepCount(n int, missing float64) (int, error) {
	if !(missing >= 0 && missing < 100) {
		return 0, fmt.Errorf("hierarchy: %v %% missing is not in [0, 100)", missing)
	}
	k := int((100 - missing) / 100 * float64(n))
	if k < 2 {
		return 0, fmt.Errorf("hierarchy: removing %v %% of %d points leaves %d", missing, n, k)
	}
	return k, nil
}

// Subsample returns keep indices of 0 … n−1: root first, then keep − 1 of
// the others chosen uniformly at random in random order, the first keep of
// the paper's "root, then a random permutation of the rest". It uses a
// partial Fisher–Yates shuffle: O(n) memory, O(keep) random draws.
func Subsample(rng *rand.Rand, n, keep, root int) []int {
	others := make([]int, 0, n-1)
	for i := 0; i < n; i++ {
		if i != root {
			others = append(others, i)
		}
	}
	for i := 0; i < keep-1; i++ {
		j := i + rng.IntN(len(others)-i)
		others[i], others[j] = others[j], others[i]
	}
	return append([]int{root}, others[:keep-1]...)
}

// Restrict returns the dataset of the points idx (rooted at the first).
func (d *Dataset) Restrict(idx []int) *Dataset {
	s := &Dataset{Points: make([]hyperbolic.Point, len(idx)), Truth: make([]float64, len(idx))}
	for k, i := range idx {
		s.Points[k], s.Truth[k] = d.Points[i], d.Truth[i]
	}
	return s
}

// SweepConfig configures Sweep.
type SweepConfig struct {
	Missing []float64 // percentages of points removed; 0 means the whole set, in its order
	Runs    int       // random removals per percentage (1 for 0 %)
	Seed    uint64
	Methods []Method
	// Workers bounds the runs computed at the same time (0: GOMAXPROCS).
	// The results do not depend on it; the timings do, through contention.
	Workers int
	// Progress, when set, is called after every finished run, from any
	// goroutine.
	Progress func()
}

// Summary aggregates the trials of one method at one percentage.
type Summary struct {
	Method    string
	Missing   float64
	Points    int // points kept
	Runs      int
	ErrorMean float64
	ErrorSD   float64 // sample standard deviation (n − 1); NaN for one run
	CPUMean   float64 // seconds (see Trial.CPU)
	CPUSD     float64
	WallMean  float64 // seconds
}

// Sweep runs every method on Runs random subsamples at each percentage of
// cfg.Missing and summarises the trials. Run r at percentage index l draws
// its subsample from a PCG seeded with (Seed, l<<32 | r), so each run is
// reproducible on its own and the summaries are independent of Workers
// and GOMAXPROCS (the timings are not). All methods of a run see the same
// points. The first error in run order, whatever Workers, stops the sweep
// and is returned, naming the method, the percentage and the run.
func Sweep(d *Dataset, cfg SweepConfig) ([]Summary, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	if cfg.Runs < 1 {
		return nil, fmt.Errorf("hierarchy: %d runs", cfg.Runs)
	}
	if len(cfg.Methods) == 0 || len(cfg.Missing) == 0 {
		return nil, errors.New("hierarchy: no method or no percentage to sweep")
	}
	type job struct{ level, run int }
	var jobs []job
	keeps := make([]int, len(cfg.Missing))
	runs := make([]int, len(cfg.Missing))
	for l, p := range cfg.Missing {
		k, err := KeepCount(len(d.Points), p)
		if err != nil {
			return nil, err
		}
		keeps[l], runs[l] = k, cfg.Runs
		if p == 0 {
			runs[l] = 1
		}
		for r := 0; r < runs[l]; r++ {
			jobs = append(jobs, job{l, r})
		}
	}
	nm := len(cfg.Methods)
	trials := make([][]Trial, len(jobs)) // by job, then method
	err := parallel.Each(len(jobs), cfg.Workers, func(_, k int) error {
		j := jobs[k]
		sub := d
		if cfg.Missing[j.level] != 0 {
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(j.level)<<32|uint64(j.run)))
			sub = d.Restrict(Subsample(rng, len(d.Points), keeps[j.level], d.Root))
		}
		trials[k] = make([]Trial, nm)
		for mi, m := range cfg.Methods {
			t, err := Evaluate(m, sub)
			if err != nil {
				return fmt.Errorf("%v %% missing, run %d: %w", cfg.Missing[j.level], j.run, err)
			}
			trials[k][mi] = t
		}
		if cfg.Progress != nil {
			cfg.Progress()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []Summary
	k := 0
	for l, p := range cfg.Missing {
		for mi, m := range cfg.Methods {
			errs := make([]float64, runs[l])
			cpus := make([]float64, runs[l])
			walls := make([]float64, runs[l])
			for r := 0; r < runs[l]; r++ {
				t := trials[k+r][mi]
				errs[r], cpus[r], walls[r] = t.Error, t.CPU, t.Wall
			}
			em, es := meanSD(errs)
			cm, cs := meanSD(cpus)
			wm, _ := meanSD(walls)
			out = append(out, Summary{Method: m.Name, Missing: p, Points: keeps[l], Runs: runs[l],
				ErrorMean: em, ErrorSD: es, CPUMean: cm, CPUSD: cs, WallMean: wm})
		}
		k += runs[l]
	}
	return out, nil
}

// meanSD returns the mean and the sample standard deviation (NaN for one
// value), with a two-pass formula.
func meanSD(x []float64) (mean, sd float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	if len(x) < 2 {
		return mean, math.NaN()
	}
	ss := 0.0
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(ss / float64(len(x)-1))
}
