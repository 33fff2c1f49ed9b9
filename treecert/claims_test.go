package treecert

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClaimWithoutItsInputs: a ratio stated without the length or the
// MST length it is the quotient of, or a RED without the ratio, cannot be
// checked and fails (they used to be skipped: "OK: every claim of the
// tree is proved" for a file claiming RED 50 %). The same numbers beside
// the values they are computed from are judged as before.
func TestClaimWithoutItsInputs(t *testing.T) {
	// Three terminals and their MST (no Steiner point): length = MST, so
	// the true ratio is 1 and the true RED is 0.
	base := map[string]any{"terminals": 3, "vertices": [][2]float64{{0, 0}, {0.5, 0}, {0, 0.25}},
		"edges": [][2]int{{0, 1}, {0, 2}}}
	withRatio := func(drop []string, set map[string]any) []byte {
		f := map[string]any{}
		for k, v := range base {
			f[k] = v
		}
		f["length"], f["mst_length"] = 0.0, 0.0 // placeholders, filled in below
		tr, _, err := Read(mustJSON(t, f), "t.json")
		require.NoError(t, err)
		rep, err := Check(tr, Claims{}, Options{})
		require.NoError(t, err)
		require.True(t, rep.OK)
		l := mustFloat(t, rep.Length.Enclosure[1])
		f["length"], f["mst_length"], f["ratio"], f["red_percent"] = l, l, 1.0, 0.0
		for k, v := range set {
			f[k] = v
		}
		for _, k := range drop {
			delete(f, k)
		}
		return mustJSON(t, f)
	}
	for _, tc := range []struct {
		name string
		drop []string
		set  map[string]any
		fail string // "" for a file that passes
	}{
		{"all stated, true", nil, nil, ""},
		{"all stated, false ratio", nil, map[string]any{"ratio": 0.5, "red_percent": 50.0}, "ratio: stored 0.5, but length / mst_length"},
		{"ratio without length", []string{"length"}, map[string]any{"ratio": 0.5, "red_percent": 50.0}, "ratio: stored 0.5 without the length and mst_length"},
		{"ratio without mst_length", []string{"mst_length"}, map[string]any{"ratio": 0.5}, "ratio: stored 0.5 without the length and mst_length"},
		{"red without ratio", []string{"ratio"}, map[string]any{"red_percent": 77.0}, "red_percent: stored 77 without the ratio"},
		{"neither ratio nor red", []string{"ratio", "red_percent"}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, c, err := Read(withRatio(tc.drop, tc.set), "t.json")
			require.NoError(t, err)
			rep, err := Check(tr, c, Options{})
			require.NoError(t, err)
			if tc.fail == "" {
				assert.True(t, rep.OK, "%v", rep.Failures)
				return
			}
			require.False(t, rep.OK)
			found := false
			for _, f := range rep.Failures {
				found = found || strings.HasPrefix(f.Message, tc.fail)
			}
			assert.True(t, found, "want a failure %q, got %v", tc.fail, rep.Failures)
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	var f float64
	require.NoError(t, json.Unmarshal([]byte(s), &f))
	return f
}
