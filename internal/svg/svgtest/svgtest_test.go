package svgtest

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/internal/svg"
)

func TestParse(t *testing.T) {
	var b bytes.Buffer
	d := svg.Begin(&b, 100, 50)
	d.Printf(`<g class="data">` + "\n")
	d.Circle(1, 2, 3, `class="dot"`)
	d.WriteString("</g>\n")
	d.Text(10, 20, 10, "end", "#000", "a & b", `class="label"`)
	require.NoError(t, d.End())
	els, err := Parse(b.Bytes())
	require.NoError(t, err)
	dot := ByClass(els, "dot")
	require.Len(t, dot, 1)
	assert.Equal(t, "data", dot[0].Parent)
	r, err := dot[0].Float("r")
	require.NoError(t, err)
	assert.Equal(t, 3.0, r)
	label := ByClass(els, "label")
	require.Len(t, label, 1)
	assert.Equal(t, "a & b", label[0].Text, "only the text inside the element")
	assert.Empty(t, label[0].Parent)
	_, err = Parse([]byte("<svg><g></svg>"))
	assert.Error(t, err)
	_, err = Parse([]byte("<html/>"))
	assert.Error(t, err)
}

func TestPathPoints(t *testing.T) {
	pts, sub, err := PathPoints("M1 2L3 4M5 6h0M7 8A1 1 0 0 1 9 10M0 0H4V-5")
	require.NoError(t, err)
	assert.Equal(t, 4, sub)
	assert.Equal(t, [][2]float64{{1, 2}, {3, 4}, {5, 6}, {5, 6}, {7, 8}, {9, 10}, {0, 0}, {4, 0}, {4, -5}}, pts)
	_, _, err = PathPoints("M1L2 3")
	assert.Error(t, err)
}

func TestPoints(t *testing.T) {
	pts, err := Points("1,2 3.5,-4")
	require.NoError(t, err)
	assert.Equal(t, [][2]float64{{1, 2}, {3.5, -4}}, pts)
	_, err = Points("1,2,3")
	assert.Error(t, err)
}

func TestTextBox(t *testing.T) {
	text := func(anchor, transform string) Element {
		return Element{Name: "text", Text: "abcde", Attrs: map[string]string{"x": "100", "y": "50", "font-size": "10", "text-anchor": anchor, "transform": transform}}
	}
	w := svg.TextWidth("abcde", 10) // 30
	for _, tc := range []struct {
		e    Element
		want [4]float64
	}{
		{text("start", ""), [4]float64{100, 40, 100 + w, 52.5}},
		{text("middle", ""), [4]float64{100 - w/2, 40, 100 + w/2, 52.5}},
		{text("end", ""), [4]float64{100 - w, 40, 100, 52.5}},
		{text("middle", "rotate(-90 100 50)"), [4]float64{90, 50 - w/2, 102.5, 50 + w/2}},
	} {
		x0, y0, x1, y1, err := TextBox(tc.e)
		require.NoError(t, err)
		assert.InDeltaSlice(t, tc.want[:], []float64{x0, y0, x1, y1}, 1e-12, "%v", tc.e.Attrs)
	}
}
