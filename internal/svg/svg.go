// Package svg writes SVG documents by hand for the pictures of packages
// draw and figure: a buffered writer with the few elements they use, the
// escaping of text, a width estimate for laying out labels, and the tick
// marks of linear and logarithmic axes.
//
// It is small on purpose: the pictures need lines, paths, circles, text
// and clipping, and a plotting library would bring fonts, image codecs and
// their start-up work into every command of the binary.
package svg

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Font is the font family of all text.
const Font = "DejaVu Sans, Helvetica, Arial, sans-serif"

// Doc is an SVG document being written. Errors of the underlying writer
// are kept and returned by End.
type Doc struct {
	bw    *bufio.Writer
	clips int
}

// Begin writes the header of a width × height document (pixels) on a
// white background.
func Begin(w io.Writer, width, height float64) *Doc {
	d := &Doc{bw: bufio.NewWriter(w)}
	d.Printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s">`+"\n",
		Num(width), Num(height), Num(width), Num(height), Font)
	d.Printf(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	return d
}

// Printf writes raw markup.
func (d *Doc) Printf(format string, args ...any) { fmt.Fprintf(d.bw, format, args...) }

// WriteString writes raw markup.
func (d *Doc) WriteString(s string) { d.bw.WriteString(s) }

// Text writes s at (x, y) (the baseline), anchored "start", "middle" or
// "end", in the given size and colour; attrs are extra attributes.
func (d *Doc) Text(x, y, size float64, anchor, fill, s string, attrs ...string) {
	d.Printf(`<text x="%s" y="%s" font-size="%s" text-anchor="%s" fill="%s"`, Num(x), Num(y), Num(size), anchor, fill)
	for _, a := range attrs {
		d.bw.WriteByte(' ')
		d.bw.WriteString(a)
	}
	d.Printf(">%s</text>\n", Escape(s))
}

// Line writes a segment.
func (d *Doc) Line(x1, y1, x2, y2 float64, stroke string, width float64, attrs ...string) {
	d.Printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"`, Num(x1), Num(y1), Num(x2), Num(y2), stroke, Num(width))
	d.attrs(attrs)
}

// Rect writes a rectangle.
func (d *Doc) Rect(x, y, w, h float64, attrs ...string) {
	d.Printf(`<rect x="%s" y="%s" width="%s" height="%s"`, Num(x), Num(y), Num(w), Num(h))
	d.attrs(attrs)
}

// Circle writes a circle.
func (d *Doc) Circle(cx, cy, r float64, attrs ...string) {
	d.Printf(`<circle cx="%s" cy="%s" r="%s"`, Num(cx), Num(cy), Num(r))
	d.attrs(attrs)
}

// Clip defines a rectangular clip path and returns the attribute that
// applies it (clip-path="url(#…)").
func (d *Doc) Clip(x, y, w, h float64) string {
	d.clips++
	id := "clip" + strconv.Itoa(d.clips)
	d.Printf(`<clipPath id="%s"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath>`+"\n", id, Num(x), Num(y), Num(w), Num(h))
	return `clip-path="url(#` + id + `)"`
}

func (d *Doc) attrs(attrs []string) {
	for _, a := range attrs {
		d.bw.WriteByte(' ')
		d.bw.WriteString(a)
	}
	d.bw.WriteString("/>\n")
}

// End closes the document and flushes it; it returns the first write
// error.
func (d *Doc) End() error {
	d.bw.WriteString("</svg>\n")
	return d.bw.Flush()
}

// Num formats a coordinate with at most two decimals, without trailing
// zeros.
func Num(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// Escape escapes the characters of s that XML text and attribute values
// do not allow.
func Escape(s string) string {
	if !strings.ContainsAny(s, `<>&"'`) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TextWidth estimates the width of s in pixels at the given font size:
// 0.6 of the size per character, a little more than the average advance
// of DejaVu Sans, so that layouts built on it leave room rather than
// overlap.
func TextWidth(s string, size float64) float64 {
	return 0.6 * size * float64(utf8.RuneCountInString(s))
}
