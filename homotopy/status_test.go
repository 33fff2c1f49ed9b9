package homotopy

import (
	"regexp"
	"testing"
)

// Each status type names every value distinctly, in snake_case for
// machines and as a phrase for people.
func TestStatusNames(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	type named interface {
		String() string
		Name() string
	}
	for typ, values := range map[string][]named{
		"PathStatus":    {PathFinite, PathAtInfinity, PathFailed},
		"TrackStatus":   {TrackOK, TrackBudget, TrackMinStep, TrackSingular, TrackLoopOpen},
		"EndgameStatus": {EndDirect, EndCauchy, EndDiverging, EndNotConverged, EndFailed},
	} {
		seen := map[string]bool{}
		for _, v := range values {
			if !snake.MatchString(v.Name()) || seen[v.Name()] || v.String() == "" {
				t.Errorf("%s: value %q / %q", typ, v.Name(), v.String())
			}
			seen[v.Name()] = true
		}
	}
	if PathAtInfinity.Name() != "at_infinity" || PathAtInfinity.String() != "at infinity" {
		t.Errorf("PathAtInfinity: %q, %q", PathAtInfinity.Name(), PathAtInfinity.String())
	}
	if got := EndgameStatus(42).Name(); got != "EndgameStatus(42)" {
		t.Errorf("unknown status: %q", got)
	}
}
