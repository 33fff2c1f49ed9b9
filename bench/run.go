package bench

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/sll"
)

// Options control Run.
type Options struct {
	Seed uint64 // the user's seed
	Runs int    // samplings per case and configuration (≥ 1)
	// Jobs is the number of runs executed at once, each sll.Build with one
	// worker in its own goroutine (0: GOMAXPROCS). The results do not
	// depend on it; the CPU times are honest only while Jobs ≤ cores.
	Jobs int
	// Progress, when not nil, is called after each run with its weight,
	// the number of points it had (a proxy of its cost); calls may come
	// from several goroutines at once.
	Progress func(weight int)
}

// Measurement is the outcome of one run.
type Measurement struct {
	Points     int
	FST3, FST4 int
	RED        float64
	// Seconds is the CPU time of sll.Build: the CPU time of the OS thread
	// its goroutine was locked to (Linux), else its wall time; Wall is
	// the wall time. Garbage-collector work on other threads is in
	// neither; on a loaded machine Wall exceeds Seconds.
	Seconds, Wall float64
	CPUMeasured   bool // Seconds is a thread CPU time
	Stats         sll.Stats
	Angles        AngleCheck
	// Certified counts the Steiner points returned with a certificate by a
	// certifying strategy; −1 when the strategy does not certify.
	Certified int
}

// Row is the summary of the runs of one case under one configuration.
type Row struct {
	Case   Case
	Config Config
	Runs   int
	Points int // the points of each sample
	// N3 and N4 are the 3- and 4-terminal full Steiner trees in the final
	// tree, RED the reduction over the MST in percent, CPU and Wall the
	// CPU and wall seconds of one run (see Measurement).
	N3, N4, RED, CPU, Wall Summary
	// Means per run of the pipeline's counters (sll.Stats).
	FermatSolves, FermatFailed, FermatUndecided, FST4Unconverged float64
	SteinerPoints                                                float64
	// CertifiedRate is the share of the Steiner points that carry a
	// certificate, over all runs; NaN when the strategy does not certify.
	CertifiedRate float64
	// Wide120 is the share of the terminals of degree ≥ 2, over all runs,
	// whose incident edges pairwise meet at ≥ 120° (decided exactly);
	// MaxDeviation the largest |θ − 120°| at a Steiner point, in degrees.
	Wide120, MaxDeviation float64
	// Paper holds the paper's figures for the row, nil if it has none.
	Paper *PaperRow
	// Measurements are the runs, in run order.
	Measurements []Measurement
}

// Run runs every case under every configuration opt.Runs times and
// returns one Row per (case, configuration), cases outer, in the given
// order. The strategies are resolved first: an unknown one is an error
// wrapping ErrBadConfig, before anything runs.
func Run(cases []Case, configs []Config, opt Options) ([]Row, error) {
	if opt.Runs < 1 {
		return nil, fmt.Errorf("bench: %d runs, want at least 1", opt.Runs)
	}
	for _, c := range configs {
		if _, err := c.Space(); err != nil {
			return nil, err
		}
	}
	for _, c := range cases {
		if c.N < 0 || (c.Dist == Mixture && c.D < 1) {
			return nil, fmt.Errorf("bench: invalid case %v", c)
		}
	}
	type task struct{ cs, cf, run int }
	tasks := make([]task, 0, len(cases)*len(configs)*opt.Runs)
	for i := range cases {
		for j := range configs {
			for r := 0; r < opt.Runs; r++ {
				tasks = append(tasks, task{i, j, r})
			}
		}
	}
	// Largest samples first, so that no big run is left for the end.
	slices.SortStableFunc(tasks, func(a, b task) int { return cases[b.cs].Points() - cases[a.cs].Points() })

	results := make([][][]Measurement, len(cases))
	for i := range results {
		results[i] = make([][]Measurement, len(configs))
		for j := range results[i] {
			results[i][j] = make([]Measurement, opt.Runs)
		}
	}
	err := parallel.Each(len(tasks), opt.Jobs, func(_, k int) error {
		t := tasks[k]
		m, err := Measure(cases[t.cs], configs[t.cf], opt.Seed, t.run)
		if err != nil {
			return fmt.Errorf("bench: %v, %s, run %d: %w", cases[t.cs], configs[t.cf].Name, t.run, err)
		}
		results[t.cs][t.cf][t.run] = m
		if opt.Progress != nil {
			opt.Progress(m.Points)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rows := make([]Row, 0, len(cases)*len(configs))
	for i, c := range cases {
		for j, cf := range configs {
			rows = append(rows, summarize(c, cf, results[i][j]))
		}
	}
	return rows, nil
}

// Measure performs run r of case c under configuration cf: it draws the
// sample and times sll.Build with one worker.
func Measure(c Case, cf Config, seed uint64, r int) (Measurement, error) {
	pts, err := c.Sample(NewRand(seed, c, r), cf.Euclidean)
	if err != nil {
		return Measurement{}, err
	}
	sp := sll.Euclidean()
	var rec *certRecorder
	if !cf.Euclidean {
		s, err := cf.Strategy()
		if err != nil {
			return Measurement{}, err
		}
		if certifying(s) {
			rec = newCertRecorder(s)
			s = rec
		}
		sp = sll.Hyperbolic(s)
	}
	// With one worker sll.Build runs on the calling goroutine; locked to
	// its thread, the thread's CPU clock times it alone.
	runtime.LockOSThread()
	start := time.Now()
	cpu0, cpuOK := cputime.Thread()
	tree, err := sll.Build(pts, sll.Options{Space: sp, FST: cf.FST, Workers: 1})
	cpu1, cpuOK1 := cputime.Thread()
	wall := time.Since(start).Seconds() // encloses the CPU interval
	runtime.UnlockOSThread()
	if err != nil {
		return Measurement{}, err
	}
	m := Measurement{Points: len(pts), FST3: tree.FST3, FST4: tree.FST4, RED: tree.RED(),
		Seconds: wall, Wall: wall, Stats: tree.Stats, Angles: CheckAngles(tree), Certified: -1}
	if cpuOK && cpuOK1 {
		m.Seconds, m.CPUMeasured = cpu1-cpu0, true
	}
	if rec != nil {
		m.Certified = 0
		for _, v := range tree.Vertices[tree.Terminals:] {
			if rec.certified[v] {
				m.Certified++
			}
		}
	}
	return m, nil
}

func summarize(c Case, cf Config, ms []Measurement) Row {
	row := Row{Case: c, Config: cf, Runs: len(ms), Measurements: ms, CertifiedRate: math.NaN()}
	n := float64(len(ms))
	col := func(f func(Measurement) float64) Summary {
		xs := make([]float64, len(ms))
		for i, m := range ms {
			xs[i] = f(m)
		}
		return Summarize(xs)
	}
	row.N3 = col(func(m Measurement) float64 { return float64(m.FST3) })
	row.N4 = col(func(m Measurement) float64 { return float64(m.FST4) })
	row.RED = col(func(m Measurement) float64 { return m.RED })
	row.CPU = col(func(m Measurement) float64 { return m.Seconds })
	row.Wall = col(func(m Measurement) float64 { return m.Wall })
	var steiner, certified, terms, wide int
	certifies := len(ms) > 0
	for _, m := range ms {
		row.Points = m.Points
		row.FermatSolves += float64(m.Stats.FermatSolves) / n
		row.FermatFailed += float64(m.Stats.FermatFailed) / n
		row.FermatUndecided += float64(m.Stats.FermatUndecided) / n
		row.FST4Unconverged += float64(m.Stats.FST4Unconverged) / n
		steiner += m.Angles.Steiner
		terms += m.Angles.Terminals - m.Angles.Undecidable
		wide += m.Angles.Wide
		row.MaxDeviation = max(row.MaxDeviation, m.Angles.MaxDeviation*180/math.Pi)
		if m.Certified < 0 {
			certifies = false
		}
		certified += max(m.Certified, 0)
	}
	row.SteinerPoints = float64(steiner) / n
	if certifies && steiner > 0 {
		row.CertifiedRate = float64(certified) / float64(steiner)
	}
	row.Wide120 = math.NaN()
	if terms > 0 {
		row.Wide120 = float64(wide) / float64(terms)
	}
	return row
}
