// Package shareddata finds the project's public data sets (the shared/data
// folder that sits beside a checkout) for benchmarks, commands and optional
// tests. The data are never copied into the repository: a test that needs
// them calls Skip when they are absent.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// EnvVar names an environment variable that, when set, overrides the search.
const EnvVar = "HYPERSTEINER_DATA"

// Dir returns the shared data folder: $HYPERSTEINER_DATA if set, else the
// first "shared/data" found beside the working directory or any parent.
func Dir() (string, bool) {
	if d := os.Getenv(EnvVar); d != "" {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d, true
		}
		return "", false
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		cand := filepath.Join(dir, "shared", "data")
		if st, err := os.Stat(cand); err == nil && st.IsDir() {
			return cand, true
		}
		if parent := filepath.Dir(dir); parent == dir {
			return "", false
		}
	}
}

// Path returns the path of name inside the shared data folder, or skips the
// test (saying why) when the folder or the file is absent.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	dir, ok := Dir()
	if !ok {
		tb.Skipf("shared data folder not found (set %s or place shared/data beside the checkout); skipping", EnvVar)
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data file %s not found: %v; skipping", p, err)
	}
	return p
}
