package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ProgressMode chooses how a Progress shows itself.
type ProgressMode int

const (
	// ProgressAuto draws a bar on a terminal and plain lines elsewhere.
	ProgressAuto ProgressMode = iota
	// ProgressBar redraws one line with a carriage return.
	ProgressBar
	// ProgressLines prints a line at 25, 50 and 75 % and one at Done.
	ProgressLines
	// ProgressQuiet prints nothing.
	ProgressQuiet
)

// ProgressConfig configures a Progress; the zero value gives the defaults.
type ProgressConfig struct {
	Mode     ProgressMode
	Now      func() time.Time // clock; nil means time.Now (tests inject one)
	Interval time.Duration    // least time between two bar redraws; 0 means 100 ms
	Width    int              // bar width in cells; 0 means 30
	// Delay keeps the report silent until that much time has passed, so
	// that a stage which may be long shows itself only when it is: a run
	// done within Delay prints nothing at all.
	Delay time.Duration
}

// Progress reports the advance of a long run of total steps on a writer,
// normally stderr. Its methods are safe for concurrent use; the methods of
// a nil *Progress do nothing.
type Progress struct {
	w        io.Writer
	label    string
	total    int64
	mode     ProgressMode
	now      func() time.Time
	interval int64 // nanoseconds
	width    int
	delay    time.Duration
	start    time.Time

	count    atomic.Int64
	lastDraw atomic.Int64 // elapsed nanoseconds at the last bar redraw
	shownQ   atomic.Int32 // quarters already printed in lines mode
	done     atomic.Bool
	shown    atomic.Bool // something was printed

	mu      sync.Mutex // serialises writes and guards lastLen
	lastLen int        // length of the last bar drawn, to blank it out
}

// NewProgress returns a Progress with the default configuration: a bar
// when w is a terminal, plain lines otherwise, nothing when w is nil. A
// total ≤ 0 means the total is unknown: only the count is shown.
func NewProgress(w io.Writer, label string, total int) *Progress {
	return ProgressConfig{}.New(w, label, total)
}

// New returns a Progress configured by c.
func (c ProgressConfig) New(w io.Writer, label string, total int) *Progress {
	p := &Progress{w: w, label: label, total: int64(total), mode: c.Mode, now: c.Now,
		interval: int64(c.Interval), width: c.Width, delay: max(c.Delay, 0)}
	if w == nil {
		p.mode = ProgressQuiet
	}
	if p.mode == ProgressAuto {
		p.mode = ProgressLines
		if IsTerminal(w) {
			p.mode = ProgressBar
		}
	}
	if p.now == nil {
		p.now = time.Now
	}
	if p.interval <= 0 {
		p.interval = int64(100 * time.Millisecond)
	}
	if p.width <= 0 {
		p.width = 30
	}
	p.start = p.now()
	p.lastDraw.Store(-p.interval) // the first Add draws
	return p
}

// IsTerminal reports whether w is a character device such as a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Add records n more steps done.
func (p *Progress) Add(n int) {
	if p == nil {
		return
	}
	c := p.count.Add(int64(n))
	if p.done.Load() || p.mode == ProgressQuiet {
		return
	}
	if p.delay > 0 && !p.shown.Load() && p.now().Sub(p.start) < p.delay {
		return
	}
	switch p.mode {
	case ProgressBar:
		el := int64(p.now().Sub(p.start))
		if el-p.lastDraw.Load() < p.interval {
			return
		}
		if !p.mu.TryLock() { // another goroutine is drawing; it will do
			return
		}
		defer p.mu.Unlock()
		if el-p.lastDraw.Load() < p.interval || p.done.Load() {
			return
		}
		p.lastDraw.Store(el)
		p.drawBar(p.count.Load(), time.Duration(el), false)
	case ProgressLines:
		if p.total <= 0 || p.quarter(c) <= p.shownQ.Load() {
			return
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		c = p.count.Load()
		q := p.quarter(c)
		if q <= p.shownQ.Load() || q >= 4 || p.done.Load() { // 100 % is Done's line
			return
		}
		p.shownQ.Store(q)
		p.shown.Store(true)
		el := p.now().Sub(p.start)
		fmt.Fprintf(p.w, "%s: %d%% (%d/%d), %s elapsed, ETA %s\n",
			p.label, percent(c, p.total), c, p.total, fmtDuration(el), eta(el, c, p.total))
	}
}

// Count returns the number of steps recorded so far.
func (p *Progress) Count() int {
	if p == nil {
		return 0
	}
	return int(p.count.Load())
}

// Done ends the report: the bar is drawn a last time with the elapsed time
// and a newline, or a final line is printed. Later calls do nothing.
func (p *Progress) Done() {
	if p == nil || p.done.Swap(true) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	c := p.count.Load()
	el := p.now().Sub(p.start)
	if p.delay > 0 && !p.shown.Load() && el < p.delay {
		return // done before it was worth a word
	}
	switch p.mode {
	case ProgressBar:
		p.drawBar(c, el, true)
		fmt.Fprintln(p.w)
	case ProgressLines:
		switch {
		case p.total == 1 && c >= 1: // a stage of one step: only its time says anything
			fmt.Fprintf(p.w, "%s: done in %s\n", p.label, fmtDuration(el))
		case p.total <= 0:
			fmt.Fprintf(p.w, "%s: %d done in %s\n", p.label, c, fmtDuration(el))
		case c >= p.total:
			fmt.Fprintf(p.w, "%s: %d%% (%d/%d) in %s\n", p.label, percent(c, p.total), c, p.total, fmtDuration(el))
		default:
			fmt.Fprintf(p.w, "%s: stopped at %d%% (%d/%d) after %s\n", p.label, percent(c, p.total), c, p.total, fmtDuration(el))
		}
	}
}

// quarter returns how many quarters of the total c has reached (0…4).
func (p *Progress) quarter(c int64) int32 {
	return int32(min(4, max(0, c*4/p.total)))
}

// drawBar writes "\rlabel [=====>    ]  45% 450/1000 ETA 12s" ("\rlabel
// done in 3.2s" for a stage of one step), padded with spaces to cover a
// longer previous line. The caller holds p.mu.
func (p *Progress) drawBar(c int64, el time.Duration, final bool) {
	var b strings.Builder
	b.WriteByte('\r')
	b.WriteString(p.label)
	switch {
	case p.total == 1: // one step: the elapsed time is all there is to show
		if final && c >= 1 {
			fmt.Fprintf(&b, " done in %s", fmtDuration(el))
		} else {
			fmt.Fprintf(&b, " … %s", fmtDuration(el))
		}
	case p.total > 0:
		filled := int(min(max(c, 0), p.total) * int64(p.width) / p.total)
		b.WriteString(" [")
		b.WriteString(strings.Repeat("=", filled))
		if filled < p.width {
			b.WriteByte('>')
			b.WriteString(strings.Repeat(" ", p.width-filled-1))
		}
		fmt.Fprintf(&b, "] %3d%% %d/%d", percent(c, p.total), c, p.total)
		if final {
			fmt.Fprintf(&b, " in %s", fmtDuration(el))
		} else {
			fmt.Fprintf(&b, " ETA %s", eta(el, c, p.total))
		}
	default:
		fmt.Fprintf(&b, " %d", c)
		if final {
			fmt.Fprintf(&b, " in %s", fmtDuration(el))
		} else {
			fmt.Fprintf(&b, " %s", fmtDuration(el))
		}
	}
	p.shown.Store(true)
	n := b.Len() - 1 // without the '\r'
	if pad := p.lastLen - n; pad > 0 {
		b.WriteString(strings.Repeat(" ", pad))
	}
	p.lastLen = n
	io.WriteString(p.w, b.String())
}

// percent returns ⌊100·c/total⌋, clamped to [0, 100].
func percent(c, total int64) int64 {
	if total <= 0 {
		return 0
	}
	return min(100, max(0, c*100/total))
}

// eta estimates the remaining time from the mean rate so far.
func eta(el time.Duration, c, total int64) string {
	if c <= 0 {
		return "--"
	}
	if c >= total {
		return fmtDuration(0)
	}
	return fmtDuration(time.Duration(float64(el) * float64(total-c) / float64(c)))
}

// fmtDuration prints 0.3s, 4.5s, 12s, 1m02s, 1h02m.
func fmtDuration(d time.Duration) string {
	switch {
	case d < 0:
		d = 0
		fallthrough
	case d < 10*time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// Stages reports a run made of stages, one Progress per stage: a call
// with a new stage name ends the current stage's report and starts the
// next; done counts the steps of the stage so far, out of total (≤ 0:
// unknown). End (or a call with the empty stage) ends the last report.
// Stages are reported with the configuration c, so that c.Delay keeps
// short stages silent. Calls must be serialised.
type Stages struct {
	W      io.Writer
	Config ProgressConfig

	cur  string
	bar  *Progress
	last int
}

// Report is the callback to hand to a pipeline (sll.Options.Progress,
// treecert.Options.Progress, …).
func (s *Stages) Report(stage string, done, total int) {
	if s == nil {
		return
	}
	if stage != s.cur {
		s.End()
		s.cur, s.last = stage, 0
		if stage == "" {
			return
		}
		s.bar = s.Config.New(s.W, stage, total)
	}
	if s.bar != nil && done > s.last {
		s.bar.Add(done - s.last)
		s.last = done
	}
}

// End ends the current stage's report. The methods of a nil *Stages do
// nothing.
func (s *Stages) End() {
	if s == nil {
		return
	}
	if s.bar != nil {
		s.bar.Done()
		s.bar = nil
	}
	s.cur = ""
}
