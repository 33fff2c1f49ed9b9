package hyptest_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLinksNoTesting: commands import hyptest (verify identities), and a
// release binary must not link package testing, so hyptest must depend
// neither on it nor on rapid, which imports it; the generators, which
// need rapid, live in package gen.
func TestLinksNoTesting(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goCmd, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps listed only %q", deps)
	}
	for _, p := range deps {
		if p == "testing" || p == "pgregory.net/rapid" {
			t.Errorf("hyptest depends on %s", p)
		}
	}
}
