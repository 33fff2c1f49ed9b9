package sll

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// JSONOptions add to a tree's JSON.
type JSONOptions struct {
	// Model, when not empty, adds "vertices_<Model>": Rows holds Cols
	// numbers per vertex, the vertices in order, written as the shortest
	// decimals that read back exactly (strconv's 'g' format). The claims
	// of the file stay on "vertices".
	Model string
	Cols  int
	Rows  []float64
	// Workers bounds the goroutines that format the long lists (0:
	// GOMAXPROCS); the bytes do not depend on it.
	Workers int
}

// WriteJSON writes the tree's JSON to w — the bytes of MarshalJSON, with
// the members opt adds before the closing brace — through a buffer of a
// few tens of kilobytes: a tree of millions of points is never held
// twice. A number JSON cannot hold (NaN, ±Inf) is an error, found before
// a byte is written.
func (t *Tree) WriteJSON(w io.Writer, opt JSONOptions) error {
	if opt.Model != "" && (opt.Cols <= 0 || len(opt.Rows) != opt.Cols*len(t.Vertices)) {
		return fmt.Errorf("sll: %d numbers for the %d vertices in %q, %d each", len(opt.Rows), len(t.Vertices), opt.Model, opt.Cols)
	}
	if err := t.jsonNumbers(opt); err != nil {
		return err
	}
	// About 60 bytes a vertex and 50 an edge; at most a chunk and a line.
	e := jsonWriter{w: w, buf: make([]byte, 0, min(jsonChunk+512, 512+60*len(t.Vertices)+50*len(t.Edges)))}
	model := t.Space // a plane not registered with package plane
	if pl, err := t.Plane(); err == nil {
		model = pl.Model()
	}
	e.raw(`{"space":`)
	e.str(t.Space)
	e.raw(`,"model":`)
	e.str(model)
	e.raw(`,"terminals":`)
	e.int(t.Terminals)
	e.raw(`,"vertices":[`)
	e.list(len(t.Vertices), opt.Workers, func(b []byte, i int) []byte {
		v := t.Vertices[i]
		b = appendFloat(append(b, '['), v.X)
		return append(appendFloat(append(b, ','), v.Y), ']')
	})
	e.raw(`],"edges":[`)
	e.list(len(t.Edges), opt.Workers, func(b []byte, i int) []byte {
		ed := t.Edges[i]
		b = strconv.AppendInt(append(b, '['), int64(ed[0]), 10)
		return append(strconv.AppendInt(append(b, ','), int64(ed[1]), 10), ']')
	})
	e.raw(`],"edge_lengths":[`)
	e.list(len(t.EdgeLengths), opt.Workers, func(b []byte, i int) []byte { return appendFloat(b, t.EdgeLengths[i]) })
	e.raw(`],"length":`)
	e.float(t.Length)
	e.raw(`,"mst_length":`)
	e.float(t.MSTLength)
	e.raw(`,"ratio":`)
	e.float(t.Ratio())
	e.raw(`,"red_percent":`)
	e.float(t.RED())
	e.raw(`,"fst3":`)
	e.int(t.FST3)
	e.raw(`,"fst4":`)
	e.int(t.FST4)
	e.raw(`,"solver":`)
	e.str(t.Solver)
	e.raw(`,"seconds":`)
	e.float(t.Seconds)
	if len(t.Unproved) > 0 {
		e.raw(`,"unproved":[`)
		for i, u := range t.Unproved {
			if i > 0 {
				e.raw(",")
			}
			e.raw(`{"vertex":`)
			e.int(u.Vertex)
			if u.Radius != 0 {
				e.raw(`,"radius":`)
				e.float(u.Radius)
			}
			e.raw(`,"reason":`)
			e.str(u.Reason)
			e.raw("}")
		}
		e.raw("]")
	}
	if len(t.Labels) > 0 {
		e.raw(`,"labels":[`)
		for i, l := range t.Labels {
			if i > 0 {
				e.raw(",")
			}
			e.str(l)
		}
		e.raw("]")
	}
	if opt.Model != "" {
		e.raw(`,"vertices_`)
		e.raw(opt.Model)
		e.raw(`":[`)
		e.list(len(t.Vertices), opt.Workers, func(b []byte, i int) []byte {
			b = append(b, '[')
			for j, x := range opt.Rows[i*opt.Cols : (i+1)*opt.Cols] {
				if j > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendFloat(b, x, 'g', -1, 64)
			}
			return append(b, ']')
		})
		e.raw("]")
	}
	e.raw("}")
	return e.flush()
}

// jsonNumbers reports the first number of the tree's JSON that JSON
// cannot hold.
func (t *Tree) jsonNumbers(opt JSONOptions) error {
	bad := func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }
	first := func(xs ...float64) error {
		for _, x := range xs {
			if bad(x) {
				return fmt.Errorf("sll: cannot write %v as a JSON number", x)
			}
		}
		return nil
	}
	for _, v := range t.Vertices {
		if bad(v.X) || bad(v.Y) {
			return first(v.X, v.Y)
		}
	}
	if err := first(t.EdgeLengths...); err != nil {
		return err
	}
	if err := first(t.Length, t.MSTLength, t.Ratio(), t.RED(), t.Seconds); err != nil {
		return err
	}
	for _, u := range t.Unproved {
		if err := first(u.Radius); err != nil {
			return err
		}
	}
	if opt.Model != "" {
		return first(opt.Rows...)
	}
	return nil
}

// MarshalJSON writes the tree in the format of the design card (see
// WriteJSON); floats are printed so that they parse back to the same
// float64.
func (t *Tree) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := t.WriteJSON(&b, JSONOptions{}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jsonChunk is the size at which jsonWriter hands its buffer to the writer.
const jsonChunk = 64 << 10

// jsonWriter appends JSON to a buffer and writes it out in chunks; the
// first error (of the writer, or a number JSON cannot hold) stops it.
type jsonWriter struct {
	w    io.Writer
	buf  []byte
	bufs [2][][]byte // list's two sets of buffers, one a worker each, kept from list to list
	err  error
}

func (e *jsonWriter) raw(s string) {
	e.buf = append(e.buf, s...)
	if len(e.buf) >= jsonChunk {
		e.write()
	}
}

func (e *jsonWriter) write() {
	if e.err == nil {
		_, e.err = e.w.Write(e.buf)
	}
	e.buf = e.buf[:0]
}

func (e *jsonWriter) flush() error {
	if len(e.buf) > 0 {
		e.write()
	}
	return e.err
}

func (e *jsonWriter) fail(x float64) {
	if e.err == nil {
		e.err = fmt.Errorf("sll: cannot write %v as a JSON number", x)
	}
	e.buf = e.buf[:0]
}

func (e *jsonWriter) int(i int) { e.buf = strconv.AppendInt(e.buf, int64(i), 10) }

// listChunk is the number of items a goroutine of list formats at a time.
const listChunk = 8192

// list writes the items 0, …, n−1, comma-separated, each appended by item
// (numbers checked beforehand: item cannot fail). With more than one
// worker, consecutive chunks are formatted side by side into their own
// buffers, a round of workers chunks at a time, and written in order
// while the next round is formatted; the bytes are those of one worker.
func (e *jsonWriter) list(n, workers int, item func(b []byte, i int) []byte) {
	workers = min(parallel.Workers(workers), (n+listChunk-1)/listChunk)
	if workers <= 1 {
		for i := range n {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.buf = item(e.buf, i)
			if len(e.buf) >= jsonChunk {
				e.write()
			}
		}
		return
	}
	// Two sets of buffers: one formatted into, the other (the round
	// before) written out.
	for k := range e.bufs {
		if len(e.bufs[k]) < workers {
			e.bufs[k] = make([][]byte, workers)
		}
	}
	round := workers * listChunk
	var done [][]byte // the round formatted last, not yet written
	for k, lo := 0, 0; lo < n; k, lo = k+1, lo+round {
		cur := e.bufs[k%2][:workers]
		// One goroutine more than the workers writes the round before;
		// it alone touches e meanwhile.
		parallel.Spread(workers+1, func(w int) {
			if w == workers {
				e.writeAll(done)
				return
			}
			b := cur[w][:0]
			for i := lo + w*listChunk; i < min(lo+(w+1)*listChunk, n); i++ {
				if i > 0 {
					b = append(b, ',')
				}
				b = item(b, i)
			}
			cur[w] = b
		})
		done = cur
	}
	e.writeAll(done)
}

// writeAll writes the buffers in order: small ones through e's buffer,
// large ones directly.
func (e *jsonWriter) writeAll(bufs [][]byte) {
	for _, b := range bufs {
		if len(e.buf)+len(b) >= jsonChunk {
			e.write()
		}
		if len(b) >= jsonChunk {
			if e.err == nil {
				_, e.err = e.w.Write(b)
			}
			continue
		}
		e.buf = append(e.buf, b...)
	}
}

// float appends x as encoding/json writes a float64: the shortest decimal
// that reads back exactly, in 'f' form for magnitudes in [10⁻⁶, 10²¹) and
// 0, else in 'e' form with a two-digit exponent written with one digit
// where it has one ("1e-07" → "1e-7").
func (e *jsonWriter) float(x float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		e.fail(x)
		return
	}
	e.buf = appendFloat(e.buf, x)
}

// appendFloat is float for a finite x.
func appendFloat(b []byte, x float64) []byte {
	f := byte('f')
	if a := math.Abs(x); a != 0 && (a < 1e-6 || a >= 1e21) {
		f = 'e'
	}
	b = strconv.AppendFloat(b, x, f, -1, 64)
	if n := len(b); f == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}

// str appends s as encoding/json writes a string: quoted, with '"' and
// '\' escaped, the control characters as \n, \r, \t, \b, \f or \u00XX, the
// characters <, > and & as \u003c, \u003e and \u0026 (HTML-safe), U+2028
// and U+2029 as \u2028 and \u2029, and invalid UTF-8 as \ufffd.
func (e *jsonWriter) str(s string) {
	const hex = "0123456789abcdef"
	b := append(e.buf, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	e.buf = append(b, '"')
	if len(e.buf) >= jsonChunk {
		e.write()
	}
}
