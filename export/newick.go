package export

import (
	"bufio"
	"io"
	"strings"

	"github.com/hypersteiner/hypersteiner/sll"
)

// WriteNewick writes t as one Newick line, hung from the terminal o.Root
// (see the package documentation).
func WriteNewick(w io.Writer, t *sll.Tree, o Options) error {
	v, err := newView(t, o.Root)
	if err != nil {
		return err
	}
	parent := v.parent
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf []byte
	// frame is a vertex being written and the position in its adjacency
	// of the next neighbour to consider.
	type frame struct{ v, next int32 }
	stack := []frame{{int32(o.Root), v.start[o.Root]}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		u := f.v
		end := v.start[u+1]
		for f.next < end && v.adj[f.next].edge == parent[u] {
			f.next++
		}
		if f.next < end { // a child to write
			child := v.adj[f.next].to
			if f.next == firstChild(v, parent, u) {
				buf = append(buf, '(')
			} else {
				buf = append(buf, ',')
			}
			f.next++
			stack = append(stack, frame{child, v.start[child]})
			continue
		}
		if firstChild(v, parent, u) < end {
			buf = append(buf, ')')
		}
		buf = v.appendName(buf, int(u), appendNewickName)
		if p := parent[u]; p >= 0 {
			buf = append(buf, ':')
			buf = appendFloat(buf, v.lengths[p])
		}
		stack = stack[:len(stack)-1]
		if len(buf) >= 32<<10 {
			if _, err := bw.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = append(buf, ';', '\n')
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	return bw.Flush()
}

// firstChild is the position in u's adjacency of its first child, or the
// end of the adjacency when u is a leaf of the hung tree.
func firstChild(v *view, parent []int32, u int32) int32 {
	i := v.start[u]
	if i < v.start[u+1] && v.adj[i].edge == parent[u] {
		i++
	}
	return i
}

// newickSpecial are the characters an unquoted Newick name cannot hold:
// blanks and the punctuation of the format; an underscore would read
// back as a blank.
const newickSpecial = " \t\r\n()[]':;,_"

// appendNewickName appends name, quoted by the Newick rules when it holds
// a character the unquoted form cannot (or is empty).
func appendNewickName(b []byte, name string) []byte {
	if name != "" && !strings.ContainsAny(name, newickSpecial) && !hasControl(name) {
		return append(b, name...)
	}
	b = append(b, '\'')
	for i := 0; i < len(name); i++ {
		if name[i] == '\'' {
			b = append(b, '\'')
		}
		b = append(b, name[i])
	}
	return append(b, '\'')
}

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return true
		}
	}
	return false
}
