// Package shareddata finds the project's large public data sets (the
// shared/data folder that sits beside a checkout) for commands and
// benchmarks. Tests never use it: the small data sets they need are in the
// module's testdata folder (see package fixture), so that a fresh clone
// runs every test. The package does not import testing, so that the
// commands that link it do not either.
package shareddata

import (
	"os"
	"path/filepath"
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
