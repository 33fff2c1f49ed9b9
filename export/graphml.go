package export

import (
	"bufio"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/hypersteiner/hypersteiner/sll"
)

const graphmlHeader = `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">
`

// WriteGraphML writes t as an undirected GraphML graph (see the package
// documentation), with coordinates in o.Model.
func WriteGraphML(w io.Writer, t *sll.Tree, o Options) error {
	v, c, err := viewWithCoords(t, o.Model)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(graphmlHeader)
	key := func(id, target, typ string) {
		bw.WriteString(`  <key id="` + id + `" for="` + target + `" attr.name="` + id + `" attr.type="` + typ + `"/>` + "\n")
	}
	key("space", "graph", "string")
	key("model", "graph", "string")
	key("length", "graph", "double")
	key("terminals", "graph", "int")
	key("kind", "node", "string")
	key("label", "node", "string")
	for _, name := range c.names {
		key(name, "node", "double")
	}
	bw.WriteString(`  <key id="elength" for="edge" attr.name="length" attr.type="double"/>` + "\n")
	bw.WriteString(`  <graph id="tree" edgedefault="undirected">` + "\n")
	var buf []byte
	data := func(indent, key string, value []byte) {
		buf = append(buf, indent...)
		buf = append(buf, `<data key="`...)
		buf = append(buf, key...)
		buf = append(buf, `">`...)
		buf = append(buf, value...)
		buf = append(buf, "</data>\n"...)
	}
	var num []byte
	data("    ", "space", appendEscaped(nil, t.Space))
	data("    ", "model", appendEscaped(nil, c.model))
	data("    ", "length", appendFloat(num[:0], fsum.Sum(v.lengths)))
	data("    ", "terminals", strconv.AppendInt(num[:0], int64(t.Terminals), 10))
	flush := func() error {
		if len(buf) < 32<<10 {
			return nil
		}
		_, err := bw.Write(buf)
		buf = buf[:0]
		return err
	}
	for i := 0; i < v.n; i++ {
		buf = append(buf, `    <node id="`...)
		buf = strconv.AppendInt(buf, int64(i), 10)
		buf = append(buf, "\">\n"...)
		if i < t.Terminals {
			data("      ", "kind", terminal)
			num = v.appendName(num[:0], i, appendEscaped)
			data("      ", "label", num)
		} else {
			data("      ", "kind", steiner)
		}
		for j, x := range c.at(i) {
			num = appendFloat(num[:0], x)
			data("      ", c.names[j], num)
		}
		buf = append(buf, "    </node>\n"...)
		if err := flush(); err != nil {
			return err
		}
	}
	for k, e := range t.Edges {
		buf = append(buf, `    <edge source="`...)
		buf = strconv.AppendInt(buf, int64(e[0]), 10)
		buf = append(buf, `" target="`...)
		buf = strconv.AppendInt(buf, int64(e[1]), 10)
		buf = append(buf, "\">"...)
		num = appendFloat(num[:0], v.lengths[k])
		data("", "elength", num)
		buf = append(buf[:len(buf)-1], "</edge>\n"...) // the datum on the edge's line
		if err := flush(); err != nil {
			return err
		}
	}
	buf = append(buf, "  </graph>\n</graphml>\n"...)
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	return bw.Flush()
}

var terminal, steiner = []byte("terminal"), []byte("steiner")

// appendEscaped appends s as XML character data, as encoding/xml's
// EscapeText writes it (without linking encoding/xml, whose
// initialisation every command would pay): the five markup characters as
// &#34; &#39; &amp; &lt; &gt;, tab, newline and carriage return as
// character references, and what XML cannot hold (invalid UTF-8, control
// characters, U+FFFE, U+FFFF) as U+FFFD.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		r, width := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			b = append(b, "&#34;"...)
		case r == '\'':
			b = append(b, "&#39;"...)
		case r == '&':
			b = append(b, "&amp;"...)
		case r == '<':
			b = append(b, "&lt;"...)
		case r == '>':
			b = append(b, "&gt;"...)
		case r == '\t':
			b = append(b, "&#x9;"...)
		case r == '\n':
			b = append(b, "&#xA;"...)
		case r == '\r':
			b = append(b, "&#xD;"...)
		case !xmlChar(r) || (r == utf8.RuneError && width == 1):
			b = append(b, "\uFFFD"...)
		default:
			b = append(b, s[i:i+width]...)
		}
		i += width
	}
	return b
}

// xmlChar reports whether XML 1.0 allows r in character data.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}
