package treecert

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/hypersteiner/hypersteiner/sll"
)

// Claims are the numbers a tree file stores about itself; nil (or empty)
// where the file does not state one.
type Claims struct {
	Length, MSTLength, Ratio, RED *float64
	EdgeLengths                   []float64
	FST3, FST4                    *int
	// Models are the "vertices_<model>" rows the file stores.
	Models []ModelVertices
}

// ClaimsOf returns the claims a tree makes when it is written.
func ClaimsOf(t *sll.Tree) Claims {
	ratio, red := t.Ratio(), t.RED()
	fst3, fst4 := t.FST3, t.FST4
	length, mst := t.Length, t.MSTLength
	return Claims{Length: &length, MSTLength: &mst, Ratio: &ratio, RED: &red,
		EdgeLengths: t.EdgeLengths, FST3: &fst3, FST4: &fst4}
}

// InputError is a tree file that cannot be read as a tree: what is wrong
// and where.
type InputError struct {
	Name string // file name
	// Line and Column locate the error, 1-based: the JSON syntax error, or
	// the start of the value refused (0 when the error is about the file
	// as a whole, such as a missing key).
	Line, Column int
	Msg          string
}

func (e *InputError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Name, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Name, e.Msg)
}

// file is the tree JSON with presence of each field.
type file struct {
	Space       *string        `json:"space"`
	Model       *string        `json:"model"`
	Terminals   *int           `json:"terminals"`
	Vertices    *[][2]float64  `json:"vertices"`
	Edges       *[][2]int      `json:"edges"`
	EdgeLengths []float64      `json:"edge_lengths"`
	Length      *float64       `json:"length"`
	MSTLength   *float64       `json:"mst_length"`
	Ratio       *float64       `json:"ratio"`
	RED         *float64       `json:"red_percent"`
	FST3        *int           `json:"fst3"`
	FST4        *int           `json:"fst4"`
	Solver      string         `json:"solver"`
	Seconds     float64        `json:"seconds"`
	Unproved    []sll.Unproved `json:"unproved"`
	Labels      []string       `json:"labels"`
	// The vertices in other models, beside the Klein ones.
	VerticesPoincare    *[][2]float64 `json:"vertices_poincare"`
	VerticesHalfplane   *[][2]float64 `json:"vertices_halfplane"`
	VerticesHyperboloid *[][3]float64 `json:"vertices_hyperboloid"`
}

// position converts a byte offset of data into a 1-based line and column
// (the column counts bytes).
func position(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// Read parses a tree file (the JSON of sll.Tree.MarshalJSON) named name,
// checks that it describes a tree of valid points of a known plane — the
// structure a certificate needs; a graph that is not a tree, or a Steiner
// point of the wrong degree, is a failure of the tree that Check reports,
// not an input error — and returns the tree with the claims it stores.
// Errors are *InputError values.
func Read(data []byte, name string) (*sll.Tree, Claims, error) {
	bad := func(format string, args ...any) (*sll.Tree, Claims, error) {
		return nil, Claims{}, &InputError{Name: name, Msg: fmt.Sprintf(format, args...)}
	}
	var f file
	if decodeFast(data, &f) {
		return fromFile(f, data, name)
	}
	f = file{}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			l, c := position(data, se.Offset)
			return nil, Claims{}, &InputError{Name: name, Line: l, Column: c, Msg: "malformed JSON: " + se.Error()}
		case errors.As(err, &te):
			// The offset is where the value ends: point at its start where
			// it is a top-level key's value or the whole document.
			l, c := position(data, te.Offset)
			field := te.Field
			if field == "" {
				field = "the tree"
				l, c = position(data, valueStart(data, 0))
			} else if !strings.Contains(field, ".") {
				if fl, fc := locate(data, field, -1); fl > 0 {
					l, c = fl, fc
				}
			}
			return nil, Claims{}, &InputError{Name: name, Line: l, Column: c,
				Msg: fmt.Sprintf("%q: a JSON %s where %s is expected", field, te.Value, jsonKind(te.Type.Kind().String()))}
		}
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			l, c := position(data, int64(len(data)))
			return nil, Claims{}, &InputError{Name: name, Line: l, Column: c, Msg: "malformed JSON: the file ends inside a value"}
		}
		return bad("not a tree JSON: %v", err)
	}
	if off, msg, ok := ambiguousKey(data); ok {
		l, c := position(data, off)
		return nil, Claims{}, &InputError{Name: name, Line: l, Column: c, Msg: msg}
	}
	if key, i, got, want := badRow(data); key != "" {
		l, c := locate(data, key, i)
		return nil, Claims{}, &InputError{Name: name, Line: l, Column: c,
			Msg: rowMessage(key, i, got, want)}
	}
	return fromFile(f, data, name)
}

// rowMessage says what is wrong with row i of key: got values (−1: a
// null among them, or the row is null) where want are needed.
func rowMessage(key string, i, got, want int) string {
	if got < 0 {
		return fmt.Sprintf("%q: row %d holds a null where %d numbers are expected", key, i, want)
	}
	plural := "values"
	if got == 1 {
		plural = "value"
	}
	return fmt.Sprintf("%q: row %d has %d %s, expected %d", key, i, got, plural, want)
}

// rowWidths are the keys whose values are lists of fixed-width rows.
var rowWidths = []struct {
	key   string
	width int
}{{"vertices", 2}, {"edges", 2}, {"vertices_poincare", 2}, {"vertices_halfplane", 2}, {"vertices_hyperboloid", 3}}

// badRow finds a row of the wrong width in data (a tree JSON that
// decoded): encoding/json fills a short row with zeros and drops the
// surplus of a long one, so [0.5] would be read as the vertex (0.5, 0)
// and the edge [0, 1, 7] as [0, 1]. It returns "" when every row has its
// width.
func badRow(data []byte) (key string, index, got, want int) {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return "", 0, 0, 0
	}
	for _, rw := range rowWidths {
		raw, ok := top[rw.key]
		if !ok {
			continue
		}
		var rows []json.RawMessage
		if json.Unmarshal(raw, &rows) != nil {
			continue // not a list: the decoder said so already, or null
		}
		for i, r := range rows {
			var vals []json.RawMessage
			if json.Unmarshal(r, &vals) != nil {
				continue // not a list: the decoder said so already
			}
			n := len(vals)
			if string(r) == "null" {
				n = -1
			}
			for _, v := range vals {
				if string(v) == "null" {
					n = -1 // encoding/json reads a null number as 0
				}
			}
			if n != rw.width {
				return rw.key, i, n, rw.width
			}
		}
	}
	return "", 0, 0, 0
}

// fromFile checks the decoded file and makes the tree and its claims.
func fromFile(f file, data []byte, name string) (*sll.Tree, Claims, error) {
	bad := func(format string, args ...any) (*sll.Tree, Claims, error) {
		return nil, Claims{}, &InputError{Name: name, Msg: fmt.Sprintf(format, args...)}
	}
	// badAt is bad at the value of key (element index of it, if ≥ 0).
	badAt := func(key string, index int, format string, args ...any) (*sll.Tree, Claims, error) {
		l, c := locate(data, key, index)
		return nil, Claims{}, &InputError{Name: name, Line: l, Column: c, Msg: fmt.Sprintf(format, args...)}
	}
	if f.Terminals == nil {
		return bad(`no "terminals": the number of input points is required`)
	}
	if f.Vertices == nil {
		return bad(`no "vertices"`)
	}
	if f.Edges == nil {
		return bad(`no "edges"`)
	}
	space := "hyperbolic"
	if f.Space != nil {
		space = *f.Space
	}
	pl, err := plane.ByName(space)
	if err != nil {
		return badAt("space", -1, "space %q: %v", space, err)
	}
	if f.Model != nil && *f.Model != pl.Model() {
		return badAt("model", -1, "model %q: %s trees are stored in %q coordinates (other models' coordinates may stand beside them as \"vertices_<model>\")", *f.Model, space, pl.Model())
	}
	vs, es := *f.Vertices, *f.Edges
	n := len(vs)
	if *f.Terminals < 0 || *f.Terminals > n {
		return badAt("terminals", -1, `"terminals" is %d but there are %d vertices`, *f.Terminals, n)
	}
	t := &sll.Tree{Space: space, Solver: f.Solver, Terminals: *f.Terminals, Seconds: f.Seconds,
		Vertices: make([]hyperbolic.Point, n), Edges: es, EdgeLengths: f.EdgeLengths, Unproved: f.Unproved}
	for i, v := range vs {
		t.Vertices[i] = hyperbolic.Point{X: v[0], Y: v[1]}
		if err := pl.Check(t.Vertices[i]); err != nil {
			return badAt("vertices", i, "vertex %d (%s): %s", i, kind(i, t.Terminals), pointProblem(t.Vertices[i], err))
		}
	}
	for k, e := range es {
		for _, v := range e {
			if v < 0 || v >= n {
				return badAt("edges", k, "edge %d [%d, %d]: vertex index %d is out of range (%d vertices)", k, e[0], e[1], v, n)
			}
		}
		if e[0] == e[1] {
			return badAt("edges", k, "edge %d [%d, %d] is a loop", k, e[0], e[1])
		}
	}
	if f.EdgeLengths != nil && len(f.EdgeLengths) != len(es) {
		return badAt("edge_lengths", -1, "%d edge lengths for %d edges", len(f.EdgeLengths), len(es))
	}
	if f.Labels != nil && len(f.Labels) != *f.Terminals {
		return bad("%d labels for %d terminals", len(f.Labels), *f.Terminals)
	}
	t.Labels = f.Labels
	seen := map[int]bool{}
	for k, u := range f.Unproved {
		switch {
		case u.Vertex < t.Terminals || u.Vertex >= n:
			return badAt("unproved", k, "unproved entry %d: vertex %d is not a Steiner point", k, u.Vertex)
		case seen[u.Vertex]:
			return badAt("unproved", k, "unproved entry %d: vertex %d is listed twice", k, u.Vertex)
		case !(u.Radius >= 0) || u.Radius > 1e300:
			return badAt("unproved", k, "unproved entry %d: radius %v is not a finite non-negative number", k, u.Radius)
		}
		seen[u.Vertex] = true
	}
	c := Claims{Length: f.Length, MSTLength: f.MSTLength, Ratio: f.Ratio, RED: f.RED,
		EdgeLengths: f.EdgeLengths, FST3: f.FST3, FST4: f.FST4}
	for _, m := range []struct {
		model string
		rows  int
		cols  int
		data  func(i int) []float64
	}{
		{"poincare", lenOf(f.VerticesPoincare), 2, func(i int) []float64 { return (*f.VerticesPoincare)[i][:] }},
		{"halfplane", lenOf(f.VerticesHalfplane), 2, func(i int) []float64 { return (*f.VerticesHalfplane)[i][:] }},
		{"hyperboloid", lenOf(f.VerticesHyperboloid), 3, func(i int) []float64 { return (*f.VerticesHyperboloid)[i][:] }},
	} {
		if m.rows < 0 {
			continue
		}
		key := "vertices_" + m.model
		if space != "hyperbolic" {
			return badAt(key, -1, "%q: a %s tree has no other models", key, space)
		}
		if m.rows != n {
			return badAt(key, -1, "%d rows in %q for %d vertices", m.rows, key, n)
		}
		mv := ModelVertices{Model: m.model, Cols: m.cols, Data: make([]float64, 0, n*m.cols)}
		for i := range n {
			mv.Data = append(mv.Data, m.data(i)...)
		}
		c.Models = append(c.Models, mv)
	}
	if c.Length != nil {
		t.Length = *c.Length
	}
	if c.MSTLength != nil {
		t.MSTLength = *c.MSTLength
	}
	if c.FST3 != nil {
		t.FST3 = *c.FST3
	}
	if c.FST4 != nil {
		t.FST4 = *c.FST4
	}
	return t, c, nil
}

// lenOf is the length of *rows, −1 when the key is absent.
func lenOf[T any](rows *[]T) int {
	if rows == nil {
		return -1
	}
	return len(*rows)
}

// jsonKind names a Go kind as JSON calls it.
func jsonKind(k string) string {
	switch k {
	case "int", "int64", "int32":
		return "a whole number"
	case "float64":
		return "a number"
	case "slice", "array":
		return "a list"
	case "struct", "map":
		return "an object"
	case "string":
		return "a string"
	}
	return "a " + k
}

// pointProblem says what is wrong with a vertex the plane refuses, in
// the user's words.
func pointProblem(p hyperbolic.Point, err error) string {
	xy := fmt.Sprintf("(%v, %v)", p.X, p.Y)
	switch {
	case errors.Is(err, hyperbolic.ErrOutsideDisk):
		return xy + " is on or outside the unit circle (Klein coordinates need x² + y² < 1)"
	case errors.Is(err, hyperbolic.ErrNotFinite):
		return xy + " has a coordinate that is not finite"
	}
	return err.Error()
}

func kind(i, terminals int) string {
	if i < terminals {
		return "terminal"
	}
	return "Steiner point"
}
