package newton

import (
	"regexp"
	"testing"
)

// Every status has a distinct snake_case machine name and a phrase; an
// unknown value names its number.
func TestStatusNames(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	seen := map[string]Status{}
	for _, s := range []Status{XTolReached, MaxFevReached, XTolTooSmall, NoProgressJacobian, NoProgressIterations,
		Converged, SingularJacobian, LineSearchFailed, MaxIterReached} {
		name := s.Name()
		if !snake.MatchString(name) {
			t.Errorf("%d: name %q is not snake_case", int(s), name)
		}
		if prev, dup := seen[name]; dup {
			t.Errorf("statuses %d and %d share the name %q", int(prev), int(s), name)
		}
		seen[name] = s
		if s.String() == "" || s.String() == name && s != Converged {
			t.Errorf("%d: String %q should be a phrase", int(s), s.String())
		}
	}
	if got := XTolReached.Name(); got != "xtol_reached" {
		t.Errorf("XTolReached.Name() = %q", got)
	}
	if got := Status(99).Name(); got != "status_99" {
		t.Errorf("Status(99).Name() = %q", got)
	}
	if got := Status(99).String(); got != "Status(99)" {
		t.Errorf("Status(99).String() = %q", got)
	}
}
