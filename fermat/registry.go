package fermat

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// DefaultName is the strategy ByName("") returns: "auto".
const DefaultName = "auto"

var registry = struct {
	sync.RWMutex
	m map[string]Solver
}{m: map[string]Solver{}}

// register adds s under s.Name(); strategies of this package call it from
// init (a certifying strategy in its own file does the same). It panics on
// a duplicate name: that is a programming error caught by any test.
func register(s Solver) {
	if err := Register(s); err != nil {
		panic(err)
	}
}

// Register makes a strategy written anywhere (in another module too) known
// to ByName under s.Name(), so that commands and pipelines can pick it by
// name. The pipeline asks it for every local problem: 3-terminal Fermat
// points, and 4-terminal trees through its own FourSolver or, without one,
// the alternation built from it (FourOf). It must be safe for concurrent
// use. Register fails for an empty or already registered name.
func Register(s Solver) error {
	if s == nil {
		return fmt.Errorf("fermat: Register(nil)")
	}
	name := s.Name()
	if name == "" {
		return fmt.Errorf("fermat: a strategy needs a name")
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.m[name]; dup {
		return fmt.Errorf("fermat: a strategy named %q is registered already", name)
	}
	registry.m[name] = s
	return nil
}

func init() {
	for _, s := range []Solver{Simple{}, Newton{}, Homotopy{}, Precise{}, Auto{}} {
		register(s)
	}
}

// UnknownSolverError is returned by ByName for a name no strategy has.
type UnknownSolverError struct {
	Name  string
	Known []string // the registered names, sorted
}

func (e *UnknownSolverError) Error() string {
	return fmt.Sprintf("unknown solver %q (available: %s)", e.Name, strings.Join(e.Known, ", "))
}

// ByName returns the strategy registered under name: "simple", "newton",
// "homotopy", "precise", "auto" (and any other registered strategy); ""
// means DefaultName. Every returned Solver is also a Strategy and is safe
// for concurrent use. An unknown name gives an *UnknownSolverError listing
// the known ones.
func ByName(name string) (Solver, error) {
	if name == "" {
		name = DefaultName
	}
	registry.RLock()
	s, ok := registry.m[name]
	registry.RUnlock()
	if !ok {
		return nil, &UnknownSolverError{Name: name, Known: Names()}
	}
	return s, nil
}

// Names returns the registered strategy names, sorted.
func Names() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.m))
	for n := range registry.m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// FloatNames lists the registered float strategies: every name but
// "certified" (which certifies another strategy's answer).
func FloatNames() []string {
	var out []string
	for _, n := range Names() {
		if n != "certified" {
			out = append(out, n)
		}
	}
	return out
}

// FloatStrategies returns the float strategies, in the order of FloatNames.
func FloatStrategies() []Solver {
	var out []Solver
	for _, n := range FloatNames() {
		if s, err := ByName(n); err == nil {
			out = append(out, s)
		}
	}
	return out
}

// FirstFound asks the strategy named first, then the other float
// strategies in turn, for the Steiner point of (a, b, c), and returns the
// first answer Found with the name of the strategy that gave it; ok is
// false when none found one.
func FirstFound(first string, a, b, c hyperbolic.Point) (p hyperbolic.Point, name string, ok bool) {
	names := append([]string{first}, FloatNames()...)
	for i, n := range names {
		if i > 0 && n == first {
			continue
		}
		s, err := ByName(n)
		if err != nil {
			continue
		}
		if p, st := s.Fermat(a, b, c); st == Found {
			return p, n, true
		}
	}
	return hyperbolic.Point{}, "", false
}
