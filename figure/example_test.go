package figure_test

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/hypersteiner/hypersteiner/figure"
)

// A panel with a log y axis and a series with error bars: the axis
// labels its powers of ten, the legend goes under the axes.
func ExampleFigure() {
	fig := &figure.Figure{Title: "time against size", Panels: []*figure.Panel{{
		X: figure.Axis{Label: "n", Log: true, Ticks: []float64{10, 100, 1000}},
		Y: figure.Axis{Label: "seconds", Log: true},
		Series: []figure.Series{{
			Label: "ours, mean ± sd",
			X:     []float64{10, 100, 1000},
			Y:     []float64{0.002, 0.02, 0.2},
			Err:   []float64{0.0005, 0.004, 0.03},
			Style: figure.Style{Colour: figure.Colour(0), Marker: figure.Circle},
		}},
	}}}
	var b bytes.Buffer
	if err := fig.WriteSVG(&b); err != nil {
		fmt.Println(err)
		return
	}
	for _, class := range []string{"tick", "legend"} {
		var texts []string
		for _, m := range regexp.MustCompile(`class="`+class+`">([^<]*)<`).FindAllStringSubmatch(b.String(), -1) {
			texts = append(texts, m[1])
		}
		fmt.Println(class, texts)
	}
	// Output:
	// tick [10 100 1000 0.002 0.005 0.01 0.02 0.05 0.1 0.2]
	// legend [ours, mean ± sd]
}
