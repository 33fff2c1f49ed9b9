package poly

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
)

// benchSystem is one block of testdata/polysystems/polysystems.txt.
type benchSystem struct {
	name    string
	line    int // line of "### SYSTEM"
	vars    []string
	degrees []int
	eqs     []string
}

func readPolySystems(t *testing.T) []benchSystem {
	t.Helper()
	f, err := os.Open(fixture.Path(t, "polysystems/polysystems.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []benchSystem
	var cur *benchSystem
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "### SYSTEM "):
			out = append(out, benchSystem{name: strings.TrimPrefix(line, "### SYSTEM "), line: ln})
			cur = &out[len(out)-1]
		case cur == nil:
		case strings.HasPrefix(line, "vars:"):
			cur.vars = strings.Fields(strings.TrimPrefix(line, "vars:"))
		case strings.HasPrefix(line, "degrees:"):
			for _, d := range strings.Fields(strings.TrimPrefix(line, "degrees:")) {
				k, err := strconv.Atoi(d)
				if err != nil {
					t.Fatalf("line %d: bad degree %q", ln, d)
				}
				cur.degrees = append(cur.degrees, k)
			}
		case strings.HasPrefix(line, "eq:"):
			cur.eqs = append(cur.eqs, strings.TrimPrefix(line, "eq:"))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func parseBenchSystem(t *testing.T, b benchSystem) System[*ComplexRat] {
	t.Helper()
	opts := ParseOptions{ImaginaryUnit: "i", Vars: b.vars}
	s, err := opts.ParseComplex(strings.Join(b.eqs, ";\n"))
	if err != nil {
		t.Fatalf("%s (line %d): %v", b.name, b.line, err)
	}
	return s
}

// TestPolySystemsFile parses every eq: line of the benchmark file
// with i as the imaginary unit and checks each total degree against the
// file's degrees: field, and that the printed form parses back.
func TestPolySystemsFile(t *testing.T) {
	systems := readPolySystems(t)
	if len(systems) == 0 {
		t.Fatal("no systems found in polysystems.txt")
	}
	eqs := 0
	for _, b := range systems {
		s := parseBenchSystem(t, b)
		if len(b.degrees) != s.NumEqs() {
			t.Errorf("%s: %d eq: lines, %d degrees", b.name, s.NumEqs(), len(b.degrees))
			continue
		}
		for i, d := range s.Degrees() {
			if d != b.degrees[i] {
				t.Errorf("%s: equation %d has degree %d, file says %d", b.name, i+1, d, b.degrees[i])
			}
		}
		back, err := ParseOptions{ImaginaryUnit: "i"}.ParseComplex(FormatSystem(s, "i"))
		if err != nil || !back.Equal(s) {
			t.Errorf("%s: print/parse round trip failed: %v", b.name, err)
		}
		eqs += s.NumEqs()
	}
	t.Logf("parsed %d systems, %d equations", len(systems), eqs)
}

// TestKatsuraCyclicMatchFile compares the generators with the PHCpack
// systems of the same name in the file (same variable names there).
func TestKatsuraCyclicMatchFile(t *testing.T) {
	want := map[string]System[*ComplexRat]{
		"katsura6": Katsura[*ComplexRat](6),
		"cyclic5":  Cyclic[*ComplexRat](5),
	}
	found := 0
	for _, b := range readPolySystems(t) {
		gen, ok := want[b.name]
		if !ok {
			continue
		}
		found++
		s := parseBenchSystem(t, b)
		if strings.Join(s.Vars(), " ") != strings.Join(gen.Vars(), " ") || s.NumEqs() != gen.NumEqs() {
			t.Errorf("%s: shape differs: %v vs %v", b.name, s.Vars(), gen.Vars())
			continue
		}
		for i, p := range gen.Polys() {
			match := false
			for _, q := range s.Polys() {
				match = match || p.Equal(q)
			}
			if !match {
				t.Errorf("%s: generated equation %d (%s) not in the file", b.name, i, p.Format(gen.Vars()))
			}
		}
	}
	if found != len(want) {
		t.Errorf("found %d of %d systems in the file", found, len(want))
	}
}
