package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlot(t *testing.T) {
	rows := smallRows(t)
	dir := t.TempDir()
	files, err := Plot(rows, filepath.Join(dir, "c.svg"))
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "c_red.svg"), filepath.Join(dir, "c_cpu.svg")}, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.Contains(t, string(b), "<svg")
		assert.Contains(t, string(b), "4+simple (paper)", "the paper's series in the legend")
	}
	files, err = Plot(rows, filepath.Join(dir, "c.png"))
	require.NoError(t, err)
	b, err := os.ReadFile(files[0])
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "\x89PNG"))

	_, err = Plot(rows, filepath.Join(dir, "c.txt"))
	require.ErrorContains(t, err, ".svg")
	_, err = os.Stat(filepath.Join(dir, "c_red.txt"))
	assert.True(t, os.IsNotExist(err), "nothing written for a bad extension")
}

func TestPlotConvergence(t *testing.T) {
	p, _ := LookupPreset("convergence")
	cf, _ := ParseConfig("4+simple")
	rows, err := Run(p.Cases([]int{1}), []Config{cf}, Options{Seed: 1, Runs: 2, Jobs: 2})
	require.NoError(t, err)
	require.Len(t, rows, 12)
	dir := t.TempDir()
	files, err := Plot(rows, filepath.Join(dir, "conv.svg"))
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "conv_red.svg")}, files)
	b, err := os.ReadFile(files[0])
	require.NoError(t, err)
	assert.Contains(t, string(b), "d=4 |P|/d=1")
}
