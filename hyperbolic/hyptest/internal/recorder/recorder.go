// Package recorder runs a rapid property on a Recorder, a rapid.TB that
// records what rapid reports instead of failing a test, so that the kit's
// tests and examples can run a property that is meant to fail and look at
// the shrunk case. Only tests import it.
package recorder

import (
	"flag"
	"fmt"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"pgregory.net/rapid"
)

// Recorder is a rapid.TB that records instead of failing.
type Recorder struct {
	failed bool
	logs   []string
	errors string
}

func (r *Recorder) Helper()                     {}
func (r *Recorder) Name() string                { return "recorder" }
func (r *Recorder) Logf(f string, args ...any)  { r.logs = append(r.logs, fmt.Sprintf(f, args...)) }
func (r *Recorder) Log(args ...any)             { r.logs = append(r.logs, fmt.Sprint(args...)) }
func (r *Recorder) Skipf(f string, args ...any) {}
func (r *Recorder) Skip(args ...any)            {}
func (r *Recorder) SkipNow()                    {}
func (r *Recorder) Errorf(f string, args ...any) {
	r.failed = true
	r.errors += fmt.Sprintf(f, args...) + "\n"
}
func (r *Recorder) Error(args ...any)            { r.failed = true; r.errors += fmt.Sprint(args...) + "\n" }
func (r *Recorder) Fatalf(f string, args ...any) { r.Errorf(f, args...) }
func (r *Recorder) Fatal(args ...any)            { r.Error(args...) }
func (r *Recorder) FailNow()                     { r.failed = true }
func (r *Recorder) Fail()                        { r.failed = true }
func (r *Recorder) Failed() bool                 { return r.failed }

// Errors returns what was reported through Error, Errorf, Fatal and
// Fatalf, a line each.
func (r *Recorder) Errors() string { return r.errors }

// Point returns the last logged draw of the named point.
func (r *Recorder) Point(label string) hyperbolic.Point {
	var p hyperbolic.Point
	prefix := "[rapid] draw " + label + ": "
	for _, l := range r.logs {
		if s, ok := strings.CutPrefix(l, prefix); ok {
			fmt.Sscanf(s, "hyperbolic.Point{X:%g, Y:%g}", &p.X, &p.Y)
		}
	}
	return p
}

// Run runs rapid.Check(prop) on a Recorder with the given seed and
// without writing rapid's fail files, restoring both flags afterwards.
func Run(prop func(*rapid.T), seed int) *Recorder {
	for name, v := range map[string]string{"rapid.seed": fmt.Sprint(seed), "rapid.nofailfile": "true"} {
		old := flag.Lookup(name).Value.String()
		flag.Set(name, v)
		defer flag.Set(name, old)
	}
	r := new(Recorder)
	rapid.Check(r, prop)
	return r
}
