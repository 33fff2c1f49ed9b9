package export

import (
	"fmt"
	"strconv"
	"strings"
)

// A small Newick reader for the tests, written from the format's rules
// rather than from the writer: unquoted names end at blanks or
// punctuation and their underscores read as blanks; quoted names are
// between single quotes with '' for a quote; [comments] are skipped; a
// branch length follows a colon. It keeps a stack instead of recursing,
// so that deep trees read as safely as they are written.

// nwNode is a node of a parsed Newick tree.
type nwNode struct {
	name     string
	named    bool // a name was written (possibly '')
	length   float64
	hasLen   bool
	parent   int // −1 for the root
	children []int
}

// parseNewick reads one Newick tree; nodes[0] is the root.
func parseNewick(s string) ([]nwNode, error) {
	nodes := []nwNode{{parent: -1}}
	cur := 0
	add := func(parent int) int {
		nodes = append(nodes, nwNode{parent: parent})
		id := len(nodes) - 1
		nodes[parent].children = append(nodes[parent].children, id)
		return id
	}
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '(':
			cur = add(cur)
			i++
		case c == ',':
			p := nodes[cur].parent
			if p < 0 {
				return nil, fmt.Errorf("offset %d: ',' at the root", i)
			}
			cur = add(p)
			i++
		case c == ')':
			p := nodes[cur].parent
			if p < 0 {
				return nil, fmt.Errorf("offset %d: unbalanced ')'", i)
			}
			cur = p
			i++
		case c == ':':
			j := i + 1
			for j < len(s) && !strings.ContainsRune("(),:;[ \t\r\n", rune(s[j])) {
				j++
			}
			x, err := strconv.ParseFloat(s[i+1:j], 64)
			if err != nil {
				return nil, fmt.Errorf("offset %d: branch length: %v", i, err)
			}
			if nodes[cur].hasLen {
				return nil, fmt.Errorf("offset %d: a second branch length", i)
			}
			nodes[cur].length, nodes[cur].hasLen = x, true
			i = j
		case c == ';':
			if cur != 0 {
				return nil, fmt.Errorf("offset %d: ';' inside a clade", i)
			}
			if strings.TrimSpace(s[i+1:]) != "" {
				return nil, fmt.Errorf("offset %d: text after ';'", i)
			}
			return nodes, nil
		case c == '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return nil, fmt.Errorf("offset %d: unclosed comment", i)
			}
			i += j + 1
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '\'':
			var b strings.Builder
			j := i + 1
			for {
				if j >= len(s) {
					return nil, fmt.Errorf("offset %d: unclosed quote", i)
				}
				if s[j] == '\'' {
					if j+1 < len(s) && s[j+1] == '\'' {
						b.WriteByte('\'')
						j += 2
						continue
					}
					break
				}
				b.WriteByte(s[j])
				j++
			}
			if err := setName(&nodes[cur], b.String(), i); err != nil {
				return nil, err
			}
			i = j + 1
		default:
			j := i
			for j < len(s) && !strings.ContainsRune("(),:;[' \t\r\n", rune(s[j])) {
				j++
			}
			if err := setName(&nodes[cur], strings.ReplaceAll(s[i:j], "_", " "), i); err != nil {
				return nil, err
			}
			i = j
		}
	}
	return nil, fmt.Errorf("no ';' at the end")
}

func setName(n *nwNode, name string, off int) error {
	if n.named {
		return fmt.Errorf("offset %d: a second name", off)
	}
	n.name, n.named = name, true
	return nil
}
