package pointio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadPath: "-" reads standard input, named stdin, in the format its
// content shows unless one is set; a file goes by ReadFile's rules.
func TestReadPath(t *testing.T) {
	dir := t.TempDir()
	csv, odd := filepath.Join(dir, "p.csv"), filepath.Join(dir, "p.dat")
	for _, p := range []string{csv, odd} {
		if err := os.WriteFile(p, []byte("0.1,0.2\n0.3,0.4\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		path, stdin string
		format      Format
		rows        int
		err         string
	}{
		{"-", "[[0.1, 0.2]]", 0, 1, ""},
		{"-", "0.1 0.2\n0.3 0.4\n", Auto, 2, ""},
		{"-", "[[0.1, 0.2]]", CSV, 0, "stdin: no data rows"},
		{"-", "0.1,0.2,0.3\n", 0, 0, "stdin:1:"},
		{csv, "", 0, 2, ""},
		{odd, "", Auto, 2, ""},
		{odd, "", 0, 0, "cannot tell the format from the extension"},
	} {
		tab, err := Options{Cols: []int{2}, Format: tc.format}.ReadPath(tc.path, strings.NewReader(tc.stdin))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s %q: error %v, want %q", tc.path, tc.stdin, err, tc.err)
			}
			continue
		}
		if err != nil || tab.Rows != tc.rows {
			t.Errorf("%s %q: %d rows, %v; want %d", tc.path, tc.stdin, tab.Rows, err, tc.rows)
		}
	}
}
