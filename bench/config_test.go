package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseConfig(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Config
		err  string
	}{
		{in: "euclidean", want: Config{Name: "euclidean", FST: 4, Euclidean: true}},
		{in: "3+euclidean", want: Config{Name: "3+euclidean", FST: 3, Euclidean: true}},
		{in: "3+simple", want: Config{Name: "3+simple", FST: 3, Solver: "simple"}},
		{in: " 4+precise ", want: Config{Name: "4+precise", FST: 4, Solver: "precise"}},
		{in: "4+whatever", want: Config{Name: "4+whatever", FST: 4, Solver: "whatever"}}, // resolved later
		{in: "simple", err: "want euclidean or K+NAME"},
		{in: "5+simple", err: "is not 3 or 4"},
		{in: "x+simple", err: "is not 3 or 4"},
		{in: "4+", err: "no strategy"},
		{in: "", err: "want euclidean"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseConfig(tc.in)
			if tc.err != "" {
				require.ErrorIs(t, err, ErrBadConfig)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestConfigSpace(t *testing.T) {
	cs, err := ParseConfigs("euclidean,3+simple,4+auto")
	require.NoError(t, err)
	require.Len(t, cs, 3)
	for _, c := range cs {
		sp, err := c.Space()
		require.NoError(t, err, c.Name)
		assert.True(t, c.Available())
		if c.Euclidean {
			assert.Equal(t, "euclidean", sp.Name())
		} else {
			assert.Equal(t, c.Solver, sp.Solver(), "the strategy resolved by name")
		}
	}
	bad, err := ParseConfig("4+no-such-strategy")
	require.NoError(t, err)
	_, err = bad.Space()
	require.ErrorIs(t, err, ErrBadConfig)
	assert.Contains(t, err.Error(), "no-such-strategy")
	assert.False(t, bad.Available())
	_, err = ParseConfigs("3+simple,,4+simple")
	require.ErrorIs(t, err, ErrBadConfig)
}

func TestPresets(t *testing.T) {
	assert.Equal(t, []string{"centered", "mixture", "uniform", "convergence"}, PresetNames())
	for _, p := range Presets() {
		for _, name := range p.Configs {
			_, err := ParseConfig(name)
			require.NoError(t, err, "%s: default config %s", p.Name, name)
		}
		cs := p.Cases(nil)
		require.NotEmpty(t, cs, p.Name)
		for _, c := range cs {
			assert.Equal(t, p.Name, c.Preset)
		}
	}
	c, err := LookupPreset("centered")
	require.NoError(t, err)
	assert.Len(t, c.Cases(nil), 6)
	assert.Equal(t, []int{7}, []int{c.Cases([]int{7})[0].N})
	_, err = LookupPreset("nope")
	require.ErrorIs(t, err, ErrUnknownPreset)
	assert.Contains(t, err.Error(), "centered", "the error lists the known presets")
}
