package enum

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type level int

const (
	low level = iota
	mid
	high
	top = 5
)

var levelNames = Table[level]{Pkg: "enum", Type: "level", Words: []Words{
	low:  {Name: "low"},
	high: {Name: "very_high", Text: "very high"},
	top:  {Name: "top"},
}}

// Named values give their words (Text defaulting to Name); values outside
// the table and holes in it give the type and number, and MarshalText
// refuses them.
func TestTable(t *testing.T) {
	for _, tc := range []struct {
		v          level
		name, text string
		ok         bool
	}{
		{low, "low", "low", true},
		{high, "very_high", "very high", true},
		{top, "top", "top", true},
		{mid, "level(1)", "level(1)", false},
		{3, "level(3)", "level(3)", false},
		{6, "level(6)", "level(6)", false},
		{-1, "level(-1)", "level(-1)", false},
	} {
		assert.Equal(t, tc.name, levelNames.Name(tc.v), "Name(%d)", int(tc.v))
		assert.Equal(t, tc.text, levelNames.String(tc.v), "String(%d)", int(tc.v))
		_, ok := levelNames.Lookup(tc.v)
		assert.Equal(t, tc.ok, ok, "Lookup(%d)", int(tc.v))
		b, err := levelNames.MarshalText(tc.v)
		if tc.ok {
			require.NoError(t, err)
			assert.Equal(t, tc.name, string(b))
		} else {
			assert.EqualError(t, err, "enum: "+tc.name+" has no name")
		}
	}
}
