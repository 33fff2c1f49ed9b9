package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tree --svg and exact --svg write the picture of the tree they computed,
// with its legend, in the model asked for.
func TestSVGOutput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "pentagon.csv")
	require.NoError(t, os.WriteFile(in, []byte(pentagon), 0o644))
	for _, tc := range []struct {
		name  string
		args  []string
		model string
	}{
		{"tree klein", []string{"tree", "--quiet", "--out", filepath.Join(dir, "t.json")}, "Klein disk"},
		{"tree poincare", []string{"tree", "--quiet", "--draw", "poincare", "--delaunay", "--out", filepath.Join(dir, "t.json")}, "Poincaré disk"},
		{"tree euclidean", []string{"tree", "--quiet", "--space", "euclidean", "--out", filepath.Join(dir, "t.json")}, "Euclidean plane"},
		{"exact", []string{"exact", "--quiet", "--out", filepath.Join(dir, "e.json")}, "Klein disk"},
		{"exact poincare", []string{"exact", "--quiet", "--draw", "poincare", "--out", filepath.Join(dir, "e.json")}, "Poincaré disk"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svg := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".svg")
			var out, errb bytes.Buffer
			code := run(append(tc.args, "--svg", svg, in), strings.NewReader(""), &out, &errb)
			require.Equal(t, 0, code, errb.String())
			b, err := os.ReadFile(svg)
			require.NoError(t, err)
			s := string(b)
			assert.True(t, strings.HasPrefix(s, "<svg"))
			assert.Contains(t, s, "terminal (5)")
			assert.Contains(t, s, tc.model)
		})
	}
	var out, errb bytes.Buffer
	code := run([]string{"exact", "--draw", "upper", "--svg", filepath.Join(dir, "x.svg"), in}, strings.NewReader(""), &out, &errb)
	assert.Equal(t, 2, code)
	assert.Contains(t, errb.String(), "--draw must be klein or poincare")
}
