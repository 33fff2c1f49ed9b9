package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/internal/shareddata"
)

// preset is the named preset with other configurations.
func preset(t *testing.T, name string, configs ...string) Preset {
	p, err := LookupPreset(name)
	require.NoError(t, err)
	p.Configs = configs
	return p
}

func TestParseSizes(t *testing.T) {
	ns, err := ParseSizes(" 50, 100,7")
	require.NoError(t, err)
	assert.Equal(t, []int{50, 100, 7}, ns)
	for in, want := range map[string]string{
		"":       `item 1, "", is not a positive integer`,
		"5,0":    `item 2, "0", is not a positive integer`,
		"5,,6":   `item 2, "", is not a positive integer`,
		"1e3":    `item 1, "1e3", is not a positive integer`,
		"10, -2": `item 2, "-2", is not a positive integer`,
	} {
		_, err := ParseSizes(in)
		assert.EqualError(t, err, want, in)
	}
}

func TestLookupPresets(t *testing.T) {
	all, err := LookupPresets("all")
	require.NoError(t, err)
	var names []string
	for _, p := range all {
		names = append(names, p.Name)
	}
	assert.Equal(t, PresetNames(), names)
	ps, err := LookupPresets("uniform, centered")
	require.NoError(t, err)
	require.Len(t, ps, 2)
	assert.Equal(t, []string{"uniform", "centered"}, []string{ps[0].Name, ps[1].Name})
	_, err = LookupPresets("centered,nosuch")
	assert.Error(t, err)
}

// TestPlan: a preset's own configurations that this build cannot run
// are skipped; explicit ones replace them; the run count multiplies out;
// Run returns the parts' rows in order.
func TestPlan(t *testing.T) {
	own := preset(t, "centered", "4+nosuch", "3+simple")
	uniform, err := LookupPreset("uniform")
	require.NoError(t, err)
	plan, err := NewPlan([]Preset{own, uniform}, []int{12, 15}, nil)
	require.NoError(t, err)
	require.Len(t, plan.Skipped, 1)
	assert.Equal(t, "nosuch", plan.Skipped[0].Solver)
	require.Len(t, plan.Parts, 2)
	assert.Len(t, plan.Parts[0].Configs, 1)
	assert.Len(t, plan.Parts[0].Cases, 2)
	n := len(plan.Parts[0].Configs) + len(plan.Parts[1].Configs)
	assert.Equal(t, len(uniform.Configs), len(plan.Parts[1].Configs))
	assert.Equal(t, 3*2*n, plan.Runs(3))

	euclid, err := ParseConfigs("euclidean")
	require.NoError(t, err)
	plan, err = NewPlan([]Preset{own, uniform}, []int{12}, euclid)
	require.NoError(t, err)
	assert.Empty(t, plan.Skipped)
	rows, err := plan.Run(Options{Seed: 1, Runs: 2, Jobs: 1})
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, "centered", rows[0].Case.Preset)
	assert.Equal(t, "uniform", rows[1].Case.Preset)
	assert.Equal(t, 2*2, plan.Runs(2))

	bad := preset(t, "uniform", "five+x")
	_, err = NewPlan([]Preset{bad}, nil, nil)
	assert.ErrorIs(t, err, ErrBadConfig)
}

// TestWriteTableFiles: the table in both formats, the TSV read back from
// a file, the paper's figures found or not.
func TestWriteTableFiles(t *testing.T) {
	plan, err := NewPlan([]Preset{preset(t, "centered", "3+simple")}, []int{12}, nil)
	require.NoError(t, err)
	rows, err := plan.Run(Options{Seed: 1, Runs: 1, Jobs: 1})
	require.NoError(t, err)
	opt := Options{Seed: 1, Runs: 1, Jobs: 1}
	pre := RunPreamble(opt, 1500*time.Millisecond, false)
	assert.True(t, strings.HasPrefix(pre, "*1 runs per row, seed 1, 1 jobs on "), pre)
	assert.Contains(t, pre, "1.5s in all")
	assert.Contains(t, pre, "Without the paper's figures")
	assert.Contains(t, FilePreamble("/a/b/rows.tsv", true), "*Rows read from rows.tsv. ")
	var md, tsv bytes.Buffer
	require.NoError(t, WriteTable(&md, rows, "md", pre))
	assert.True(t, strings.HasPrefix(md.String(), pre+"### centered"), md.String())
	require.NoError(t, WriteTable(&tsv, rows, "tsv", pre))
	assert.NotContains(t, tsv.String(), "runs per row")

	back, err := ReadTSVFile(fixture.WriteTemp(t, "rows.tsv", tsv.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, rows[0].Config, back[0].Config)
	path := fixture.WriteTemp(t, "rows.tsv", []byte("not\ta\ttable\n1\n"))
	_, err = ReadTSVFile(path)
	assert.ErrorContains(t, err, path+":")

	paper := fixture.WriteTemp(t, PaperFileName, []byte("table\tdistribution\tconfig\tn\tn3\tn4\tred_mean\tred_sd\tcpu_s\n"+
		"centered\tG(0,0.5)\t3+simple\t12\t1\t0\t2.5\t0.5\t0.25\n"))
	dir := filepath.Dir(paper)
	got, err := LoadPaper(paper)
	require.NoError(t, err)
	assert.Len(t, got, 1)
	t.Setenv(shareddata.EnvVar, dir)
	got, err = LoadPaper("")
	require.NoError(t, err)
	assert.Len(t, got, 1, "found in the shared data folder")
	got, err = LoadPaper("none")
	require.NoError(t, err)
	assert.Nil(t, got)
	t.Setenv(shareddata.EnvVar, t.TempDir())
	got, err = LoadPaper("")
	require.NoError(t, err)
	assert.Nil(t, got, "no file in the shared data folder: none")
	_, err = LoadPaper(filepath.Join(dir, "missing.tsv"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestResolveConfigs(t *testing.T) {
	cs, err := ResolveConfigs("euclidean, 4+auto")
	require.NoError(t, err)
	assert.Equal(t, []string{"euclidean", "4+auto"}, []string{cs[0].Name, cs[1].Name})
	_, err = ResolveConfigs("4+auto,4+nosuch")
	assert.ErrorIs(t, err, ErrBadConfig, "an unregistered strategy")
	_, err = ResolveConfigs("5+auto")
	assert.ErrorIs(t, err, ErrBadConfig, "bad syntax")
}
