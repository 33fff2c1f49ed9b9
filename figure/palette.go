package figure

import (
	"fmt"
	"strconv"
)

// palette is matplotlib's "tab10", the colours of the paper's figures.
var palette = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

// Colour returns the i-th colour of the palette (cycling).
func Colour(i int) string { return palette[((i%len(palette))+len(palette))%len(palette)] }

// MarkerFor returns the i-th marker (cycling), so that series told apart
// by colour are also told apart in grey.
func MarkerFor(i int) Marker {
	ms := []Marker{Circle, Square, TriangleUp, Diamond, TriangleDown}
	return ms[((i%len(ms))+len(ms))%len(ms)]
}

// Fade mixes a "#rrggbb" colour 60:40 with white, for a series drawn
// beside another of the same colour (the paper's beside ours).
func Fade(colour string) string {
	v, err := strconv.ParseUint(colour[min(1, len(colour)):], 16, 32)
	if err != nil || len(colour) != 7 || colour[0] != '#' {
		return colour
	}
	mix := func(c uint64) uint64 { return (3*c + 2*255) / 5 }
	return fmt.Sprintf("#%02x%02x%02x", mix(v>>16&0xff), mix(v>>8&0xff), mix(v&0xff))
}
