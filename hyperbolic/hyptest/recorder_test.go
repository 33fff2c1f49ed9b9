package hyptest_test

import (
	"flag"
	"fmt"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"pgregory.net/rapid"
)

// recorder is a rapid.TB that records what rapid reports instead of
// failing a test, so that examples and tests can run a property that is
// meant to fail and look at the shrunk case.
type recorder struct {
	failed bool
	logs   []string
	errors string
}

func (r *recorder) Helper()                     {}
func (r *recorder) Name() string                { return "recorder" }
func (r *recorder) Logf(f string, args ...any)  { r.logs = append(r.logs, fmt.Sprintf(f, args...)) }
func (r *recorder) Log(args ...any)             { r.logs = append(r.logs, fmt.Sprint(args...)) }
func (r *recorder) Skipf(f string, args ...any) {}
func (r *recorder) Skip(args ...any)            {}
func (r *recorder) SkipNow()                    {}
func (r *recorder) Errorf(f string, args ...any) {
	r.failed = true
	r.errors += fmt.Sprintf(f, args...) + "\n"
}
func (r *recorder) Error(args ...any)            { r.failed = true; r.errors += fmt.Sprint(args...) + "\n" }
func (r *recorder) Fatalf(f string, args ...any) { r.Errorf(f, args...) }
func (r *recorder) Fatal(args ...any)            { r.Error(args...) }
func (r *recorder) FailNow()                     { r.failed = true }
func (r *recorder) Fail()                        { r.failed = true }
func (r *recorder) Failed() bool                 { return r.failed }

// point returns the last logged draw of the named point.
func (r *recorder) point(label string) hyperbolic.Point {
	var p hyperbolic.Point
	prefix := "[rapid] draw " + label + ": "
	for _, l := range r.logs {
		if s, ok := strings.CutPrefix(l, prefix); ok {
			fmt.Sscanf(s, "hyperbolic.Point{X:%g, Y:%g}", &p.X, &p.Y)
		}
	}
	return p
}

// runQuietly runs rapid.Check(prop) on a recorder with seed 1 and
// without writing rapid's fail files, restoring both flags afterwards.
func runQuietly(prop func(*rapid.T)) *recorder { return runSeed(prop, 1) }

// runSeed is runQuietly with the given seed.
func runSeed(prop func(*rapid.T), seed int) *recorder {
	for name, v := range map[string]string{"rapid.seed": fmt.Sprint(seed), "rapid.nofailfile": "true"} {
		old := flag.Lookup(name).Value.String()
		flag.Set(name, v)
		defer flag.Set(name, old)
	}
	r := new(recorder)
	rapid.Check(r, prop)
	return r
}
