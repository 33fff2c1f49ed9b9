package treecert

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Read carries the labels of a tree file, one per terminal.
func TestReadLabels(t *testing.T) {
	tr := sampleTree(t, 20)
	tr.Labels = make([]string, tr.Terminals)
	for i := range tr.Labels {
		tr.Labels[i] = string(rune('a' + i))
	}
	b, err := json.Marshal(tr)
	require.NoError(t, err)
	got, _, err := Read(b, "t.json")
	require.NoError(t, err)
	assert.Equal(t, tr.Labels, got.Labels)

	got, _, err = Read([]byte(`{"terminals":1,"vertices":[[0,0]],"edges":[]}`), "t.json")
	require.NoError(t, err)
	assert.Nil(t, got.Labels, "no labels: nil")

	_, _, err = Read([]byte(`{"terminals":2,"vertices":[[0,0],[0.5,0]],"edges":[[0,1]],"labels":["a","b","c"]}`), "t.json")
	assert.EqualError(t, err, "t.json: 3 labels for 2 terminals")
	_, _, err = Read([]byte(`{"terminals":1,"vertices":[[0,0]],"edges":[],"labels":[1]}`), "t.json")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"labels`)
}
