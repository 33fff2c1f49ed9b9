package export

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// Format is an output format of a tree.
type Format int

// The formats Write knows.
const (
	JSON    Format = iota + 1 // the tree's own JSON (sll.Tree.MarshalJSON)
	Newick                    // a rooted Newick tree
	GraphML                   // a GraphML graph
	Edges                     // a CSV edge list u,v,length
)

// Formats lists the format names, in the order of the --out-format flag's
// documentation.
var Formats = []string{"json", "newick", "graphml", "edges"}

// ErrUnknownFormat is wrapped by the error of ParseFormat for a name it
// does not know.
var ErrUnknownFormat = errors.New("unknown output format")

func (f Format) String() string {
	if f >= JSON && int(f) <= len(Formats) {
		return Formats[f-JSON]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Ext is the file extension of the format: .json, .nwk, .graphml or .csv.
func (f Format) Ext() string {
	switch f {
	case Newick:
		return ".nwk"
	case GraphML:
		return ".graphml"
	case Edges:
		return ".csv"
	}
	return ".json"
}

// ParseFormat returns the format named s (one of Formats; "nwk" and
// "csv" are accepted for newick and edges), without regard to case.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "json":
		return JSON, nil
	case "newick", "nwk":
		return Newick, nil
	case "graphml":
		return GraphML, nil
	case "edges", "csv":
		return Edges, nil
	}
	return 0, fmt.Errorf("%w %q: expected %s", ErrUnknownFormat, s, strings.Join(Formats, ", "))
}

// FormatOf returns the format a file name's extension names: .json;
// .nwk, .newick, .tre, .tree for Newick; .graphml; .csv for the edge
// list. ok is false for any other extension.
func FormatOf(path string) (f Format, ok bool) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return JSON, true
	case ".nwk", ".newick", ".tre", ".tree":
		return Newick, true
	case ".graphml":
		return GraphML, true
	case ".csv":
		return Edges, true
	}
	return 0, false
}
