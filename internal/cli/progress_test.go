package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// fakeClock is a settable clock for deterministic progress output.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *fakeClock { return &fakeClock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)} }

func TestProgressLines(t *testing.T) {
	clk := newClock()
	var b bytes.Buffer
	p := ProgressConfig{Mode: ProgressLines, Now: clk.Now}.New(&b, "trees", 1000)
	for range 1000 {
		clk.Advance(10 * time.Millisecond)
		p.Add(1)
	}
	p.Done()
	p.Done() // idempotent
	want := "trees: 25% (250/1000), 2.5s elapsed, ETA 7.5s\n" +
		"trees: 50% (500/1000), 5.0s elapsed, ETA 5.0s\n" +
		"trees: 75% (750/1000), 7.5s elapsed, ETA 2.5s\n" +
		"trees: 100% (1000/1000) in 10s\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestProgressLinesJumpAndStop(t *testing.T) {
	clk := newClock()
	var b bytes.Buffer
	p := ProgressConfig{Mode: ProgressLines, Now: clk.Now}.New(&b, "x", 8)
	clk.Advance(time.Second)
	p.Add(5) // jumps past 25 % straight to 62 %: one line, for 50 %
	clk.Advance(time.Second)
	p.Done()
	p.Add(3) // after Done: counted, not printed
	want := "x: 62% (5/8), 1.0s elapsed, ETA 0.6s\n" +
		"x: stopped at 62% (5/8) after 2.0s\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	if p.Count() != 8 {
		t.Errorf("Count = %d, want 8", p.Count())
	}
}

func TestProgressBar(t *testing.T) {
	clk := newClock()
	var b bytes.Buffer
	p := ProgressConfig{Mode: ProgressBar, Now: clk.Now, Width: 10}.New(&b, "sll", 100)
	// 100 steps of 5 ms: 500 ms in all, so at most one redraw per 100 ms.
	for range 100 {
		clk.Advance(5 * time.Millisecond)
		p.Add(1)
	}
	p.Done()
	out := b.String()
	frames := strings.Split(strings.TrimSuffix(out, "\n"), "\r")[1:]
	want := []string{
		"sll [>         ]   1% 1/100 ETA 0.5s",
		"sll [==>       ]  21% 21/100 ETA 0.4s",
		"sll [====>     ]  41% 41/100 ETA 0.3s",
		"sll [======>   ]  61% 61/100 ETA 0.2s",
		"sll [========> ]  81% 81/100 ETA 0.1s",
		"sll [==========] 100% 100/100 in 0.5s",
	}
	if len(frames) != len(want) {
		t.Fatalf("got %d frames %q, want %d", len(frames), frames, len(want))
	}
	for i := range want {
		if frames[i] != want[i] {
			t.Errorf("frame %d = %q, want %q", i, frames[i], want[i])
		}
	}
	if !strings.HasSuffix(out, "\n") {
		t.Errorf("Done did not end the line")
	}
}

func TestProgressBarPadsShorterLine(t *testing.T) {
	clk := newClock()
	var b bytes.Buffer
	p := ProgressConfig{Mode: ProgressBar, Now: clk.Now, Width: 4}.New(&b, "n", 0) // unknown total
	clk.Advance(12 * time.Second)
	p.Add(123456)
	clk.Advance(-11 * time.Second) // a shorter time string shortens the line
	p.Done()
	want := "\rn 123456 12s\rn 123456 in 1.0s\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestProgressQuiet(t *testing.T) {
	var b bytes.Buffer
	p := ProgressConfig{Mode: ProgressQuiet}.New(&b, "q", 10)
	p.Add(10)
	p.Done()
	var nilp *Progress
	nilp.Add(1)
	nilp.Done()
	q := NewProgress(nil, "nil writer", 5)
	q.Add(5)
	q.Done()
	if b.Len() != 0 || nilp.Count() != 0 || q.Count() != 5 {
		t.Errorf("quiet progress wrote %q", b.String())
	}
}

func TestProgressAutoNotTerminal(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b, "auto", 4)
	if p.mode != ProgressLines {
		t.Errorf("a bytes.Buffer got mode %v, want plain lines", p.mode)
	}
}

// addConcurrently calls p.Add(1) steps times from each of g goroutines,
// then p.Done.
func addConcurrently(p *Progress, g, steps int) {
	var wg sync.WaitGroup
	for range g {
		wg.Go(func() {
			for range steps {
				p.Add(1)
			}
		})
	}
	wg.Wait()
	p.Done()
}

// TestProgressConcurrent: Add from many goroutines loses no step and, in
// lines mode, prints each milestone once and in order (run with -race).
func TestProgressConcurrent(t *testing.T) {
	clk := newClock()
	var b bytes.Buffer
	p := ProgressConfig{Mode: ProgressLines, Now: clk.Now}.New(&b, "c", 8000)
	addConcurrently(p, 8, 1000)
	if p.Count() != 8000 {
		t.Fatalf("Count = %d, want 8000", p.Count())
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	last := -1
	for _, l := range lines[:len(lines)-1] {
		var pc int
		if _, err := fmtSscanf(l, &pc); err != nil || pc <= last || pc >= 100 {
			t.Errorf("milestone line %q out of order (after %d%%)", l, last)
		}
		last = pc
	}
	if lines[len(lines)-1] != "c: 100% (8000/8000) in 0.0s" {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
	if len(lines) > 4 {
		t.Errorf("%d lines, want at most 4: %q", len(lines), lines)
	}

	// Bar mode under concurrency: every frame is whole (starts with \r and
	// the label), whatever the interleaving.
	b.Reset()
	pb := ProgressConfig{Mode: ProgressBar, Now: time.Now, Interval: time.Nanosecond}.New(&b, "bar", 4000)
	addConcurrently(pb, 4, 1000)
	for _, f := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\r")[1:] {
		if !strings.HasPrefix(f, "bar [") {
			t.Fatalf("torn frame %q", f)
		}
	}
	if !strings.Contains(b.String(), "100% 4000/4000 in") {
		t.Errorf("final frame missing: %q", b.String()[max(0, b.Len()-80):])
	}
}

func TestFmtDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		-time.Second:                   "0.0s",
		340 * time.Millisecond:         "0.3s",
		9949 * time.Millisecond:        "9.9s",
		12 * time.Second:               "12s",
		62 * time.Second:               "1m02s",
		time.Hour + 2*time.Minute + 59: "1h02m",
	} {
		if got := fmtDuration(d); got != want {
			t.Errorf("fmtDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// fmtSscanf reads the percentage of a milestone line "c: 25% (…".
func fmtSscanf(line string, pc *int) (int, error) {
	return fmt.Sscanf(line, "c: %d%%", pc)
}

func BenchmarkProgressAdd(b *testing.B) {
	for _, mode := range []struct {
		name string
		m    ProgressMode
	}{{"bar", ProgressBar}, {"lines", ProgressLines}, {"quiet", ProgressQuiet}} {
		b.Run(mode.name, func(b *testing.B) {
			p := ProgressConfig{Mode: mode.m}.New(io.Discard, "bench", b.N)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					p.Add(1)
				}
			})
			p.Done()
		})
	}
}

// TestProgressDelay: with a Delay, a run shorter than it prints nothing,
// and a longer one starts reporting once the delay has passed.
func TestProgressDelay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		mode  ProgressMode
		steps int
		want  string
	}{
		{"short lines", ProgressLines, 40, ""},
		{"short bar", ProgressBar, 40, ""},
		{"long lines", ProgressLines, 400,
			"d: 37% (150/400), 1.5s elapsed, ETA 2.5s\n" + // the first line, at the delay
				"d: 50% (200/400), 2.0s elapsed, ETA 2.0s\nd: 75% (300/400), 3.0s elapsed, ETA 1.0s\nd: 100% (400/400) in 4.0s\n"},
		{"long bar", ProgressBar, 150,
			"\rd [===>      ]  33% 50/150 ETA 1.0s" + // the first frame, at the delay
				"\rd [====>     ]  43% 65/150 ETA 0.8s" +
				"\rd [=====>    ]  53% 80/150 ETA 0.7s" +
				"\rd [======>   ]  63% 95/150 ETA 0.6s" +
				"\rd [=======>  ]  73% 110/150 ETA 0.4s" +
				"\rd [========> ]  83% 125/150 ETA 0.2s" +
				"\rd [=========>]  93% 140/150 ETA 0.1s" +
				"\rd [==========] 100% 150/150 in 1.5s \n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newClock()
			var b bytes.Buffer
			total, step, delay := 400, 10*time.Millisecond, 1500*time.Millisecond
			if tc.mode == ProgressBar {
				total, delay = 150, 500*time.Millisecond
			}
			p := ProgressConfig{Mode: tc.mode, Now: clk.Now, Width: 10, Delay: delay, Interval: 150 * time.Millisecond}.New(&b, "d", total)
			for range tc.steps {
				clk.Advance(step)
				p.Add(1)
			}
			p.Done()
			assert.Equal(t, tc.want, b.String())
		})
	}
}

// TestStages: one report per stage, each ended when the next begins.
func TestStages(t *testing.T) {
	clk := newClock()
	var b bytes.Buffer
	s := Stages{W: &b, Config: ProgressConfig{Mode: ProgressLines, Now: clk.Now}}
	s.Report("Delaunay triangulation", 0, 1)
	clk.Advance(2 * time.Second)
	s.Report("Delaunay triangulation", 1, 1)
	for i := 0; i <= 4; i++ {
		s.Report("fst3", i, 4)
		clk.Advance(time.Second)
	}
	s.End()
	s.End()
	want := "Delaunay triangulation: done in 2.0s\n" +
		"fst3: 25% (1/4), 1.0s elapsed, ETA 3.0s\n" +
		"fst3: 50% (2/4), 2.0s elapsed, ETA 2.0s\n" +
		"fst3: 75% (3/4), 3.0s elapsed, ETA 1.0s\n" +
		"fst3: 100% (4/4) in 5.0s\n"
	assert.Equal(t, want, b.String())
}

// TestProgressOneStep: a stage of one step shows its time, not a bar.
func TestProgressOneStep(t *testing.T) {
	clk := newClock()
	var b bytes.Buffer
	p := ProgressConfig{Mode: ProgressBar, Now: clk.Now}.New(&b, "mst", 1)
	clk.Advance(1500 * time.Millisecond)
	p.Add(1)
	p.Done()
	assert.Equal(t, "\rmst … 1.5s\rmst done in 1.5s\n", b.String())
}
