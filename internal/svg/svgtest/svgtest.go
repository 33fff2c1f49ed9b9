// Package svgtest reads back the SVG that package svg writes, for the
// tests of the packages that draw: the elements with their attributes and
// text, the points of a path, and the estimated box of a text.
package svgtest

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/internal/svg"
)

// Element is one element of a document: its name, attributes, text, and
// the class of the nearest enclosing <g> that has one.
type Element struct {
	Name   string
	Attrs  map[string]string
	Text   string
	Parent string
}

// Parse decodes the document as XML and returns its elements in order;
// the first is the <svg> root.
func Parse(b []byte) ([]Element, error) {
	dec := xml.NewDecoder(bytes.NewReader(b))
	var out []Element
	var groups []string
	var open []int // indices of the elements not yet closed
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			e := Element{Name: tk.Name.Local, Attrs: map[string]string{}}
			for _, a := range tk.Attr {
				e.Attrs[a.Name.Local] = a.Value
			}
			if len(groups) > 0 {
				e.Parent = groups[len(groups)-1]
			}
			if e.Name == "g" {
				groups = append(groups, e.Attrs["class"])
			}
			open = append(open, len(out))
			out = append(out, e)
		case xml.EndElement:
			if tk.Name.Local == "g" && len(groups) > 0 {
				groups = groups[:len(groups)-1]
			}
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case xml.CharData:
			if len(open) > 0 {
				out[open[len(open)-1]].Text += string(tk)
			}
		}
	}
	if len(out) == 0 || out[0].Name != "svg" {
		return nil, fmt.Errorf("svgtest: no <svg> root")
	}
	return out, nil
}

// ByClass returns the elements of the given class.
func ByClass(els []Element, class string) []Element {
	var out []Element
	for _, e := range els {
		if e.Attrs["class"] == class {
			out = append(out, e)
		}
	}
	return out
}

// Float returns a numeric attribute.
func (e Element) Float(name string) (float64, error) {
	v, err := strconv.ParseFloat(e.Attrs[name], 64)
	if err != nil {
		return 0, fmt.Errorf("svgtest: <%s %s=%q>: %w", e.Name, name, e.Attrs[name], err)
	}
	return v, nil
}

var (
	commandRE = regexp.MustCompile(`[MLAHVh][^MLAHVh]*`)
	numberRE  = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)
)

// PathPoints returns the points a path's d attribute visits (M, L, the
// ends of A, and H and V moves; h moves are zero-length dots) and how
// many subpaths it has.
func PathPoints(d string) (pts [][2]float64, subpaths int, err error) {
	var cur [2]float64
	for _, cmd := range commandRE.FindAllString(d, -1) {
		var f []float64
		for _, s := range numberRE.FindAllString(cmd[1:], -1) {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, 0, err
			}
			f = append(f, v)
		}
		want := map[byte]int{'M': 2, 'L': 2, 'A': 7, 'H': 1, 'V': 1, 'h': 1}[cmd[0]]
		if len(f) != want {
			return nil, 0, fmt.Errorf("svgtest: %q: %d numbers, want %d", cmd, len(f), want)
		}
		switch cmd[0] {
		case 'M':
			subpaths++
			cur = [2]float64{f[0], f[1]}
		case 'L':
			cur = [2]float64{f[0], f[1]}
		case 'A':
			cur = [2]float64{f[5], f[6]}
		case 'H':
			cur[0] = f[0]
		case 'V':
			cur[1] = f[0]
		case 'h':
			cur[0] += f[0]
		}
		pts = append(pts, cur)
	}
	return pts, subpaths, nil
}

// Points parses a polygon's points attribute.
func Points(s string) ([][2]float64, error) {
	var out [][2]float64
	for _, p := range strings.Fields(s) {
		xy := strings.Split(p, ",")
		if len(xy) != 2 {
			return nil, fmt.Errorf("svgtest: point %q", p)
		}
		x, err := strconv.ParseFloat(xy[0], 64)
		if err != nil {
			return nil, err
		}
		y, err := strconv.ParseFloat(xy[1], 64)
		if err != nil {
			return nil, err
		}
		out = append(out, [2]float64{x, y})
	}
	return out, nil
}

// TextBox returns the estimated box of a <text> element (svg.TextWidth
// wide, one font size high above the baseline), turned by a rotate(-90)
// transform about its anchor when it has one.
func TextBox(e Element) (x0, y0, x1, y1 float64, err error) {
	x, err := e.Float("x")
	if err != nil {
		return
	}
	y, err := e.Float("y")
	if err != nil {
		return
	}
	size, err := e.Float("font-size")
	if err != nil {
		return
	}
	w := svg.TextWidth(e.Text, size)
	switch e.Attrs["text-anchor"] {
	case "middle":
		x0 = x - w/2
	case "end":
		x0 = x - w
	default:
		x0 = x
	}
	x1, y0, y1 = x0+w, y-size, y+0.25*size
	if strings.HasPrefix(e.Attrs["transform"], "rotate(-90") {
		// Turned a quarter about (x, y): the width runs up the page.
		x0, x1, y0, y1 = x-size, x+0.25*size, y-(x1-x), y+(x-x0)
	}
	return x0, y0, x1, y1, nil
}
