package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hypersteiner/hypersteiner/export"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

func init() {
	register("convert", "write a tree JSON as Newick, GraphML or a CSV edge list", runConvert)
}

func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner convert"
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	out := fs.String("out", "", "write the converted tree here (default: stdout)")
	of := addOutputFlags(fs)
	model := fs.String("out-model", "", "coordinates of GraphML and --nodes: klein, poincare, halfplane or hyperboloid (default: the tree's own, klein or euclidean)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), `usage: hypersteiner convert [flags] TREE.json

Writes a tree JSON (of hypersteiner tree or exact) in another format:
newick (rooted at --root, branch lengths the tree's edge lengths), graphml
(nodes with kind, label and coordinates, edges with length) or edges (CSV
u,v,length; --nodes adds id,kind,x,y,label). Terminals are named by their
labels, or by their input index; Steiner points are unnamed. '-' reads the
tree from standard input. The format is --out-format, or else the one
--out's extension names (.nwk, .graphml, .csv, .json).

flags:`)
		fs.PrintDefaults()
	}
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) != 1 {
		return cli.Report(stderr, prog, cli.Usagef("one TREE.json expected, got %d", len(rest)))
	}
	data, name, err := cli.ReadInput(rest[0], stdin)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	t, _, err := treecert.Read(data, name)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	of.model = *model
	// The tree JSON carries the vertices in another model only for Klein
	// trees; export refuses a model for a tree without one.
	if pl, err := t.Plane(); err == nil && pl.Model() == "klein" && *model != "" && *model != "klein" {
		m, err := outModel(*model, "klein", pl.Name())
		if err != nil {
			return cli.Report(stderr, prog, err)
		}
		of.json = m
	}
	if err := of.write(t, *out, stdout, cli.Input); err != nil {
		return cli.Report(stderr, prog, err)
	}
	return cli.ExitOK
}

// outputFlags are the flags that choose how a command writes its tree:
// --out-format, --root and --nodes (package export does the writing).
type outputFlags struct {
	format formatFlag
	root   *int
	nodes  *string
	model  string // coordinates of GraphML and the node list ("" for the tree's own)
	// json is the model of the tree JSON's extra vertices (see
	// writeTreeJSON); commands set it from --out-model.
	json modelOut
	// workers bounds the goroutines that format a tree JSON (0: all
	// cores; the bytes do not depend on it); commands set it from
	// --workers.
	workers int
}

// formatFlag is --out-format: a format name, remembered as given or not.
type formatFlag struct {
	f   export.Format
	set bool
}

func (v *formatFlag) String() string {
	if v.f == 0 {
		return export.JSON.String()
	}
	return v.f.String()
}

func (v *formatFlag) Set(s string) error {
	f, err := export.ParseFormat(s)
	if err != nil {
		return err
	}
	v.f, v.set = f, true
	return nil
}

// addOutputFlags adds --out-format, --root and --nodes to fs.
func addOutputFlags(fs *flag.FlagSet) *outputFlags {
	o := &outputFlags{}
	fs.Var(&o.format, "out-format", "format of the written tree: "+strings.Join(export.Formats, ", ")+" (default: the one --out's extension names, else json)")
	o.root = fs.Int("root", 0, "Newick: the terminal (input index) the tree hangs from")
	o.nodes = fs.String("nodes", "", "also write the vertices as CSV (id,kind,x,y,label) here")
	return o
}

// formatFor is the format to write to path: --out-format when given,
// else the one path's extension names, else JSON.
func (o *outputFlags) formatFor(path string) export.Format {
	if o.format.set {
		return o.format.f
	}
	if f, ok := export.FormatOf(path); ok {
		return f
	}
	return export.JSON
}

// ext is the extension of the file a command names by default.
func (o *outputFlags) ext() string { return o.formatFor("").Ext() }

// write writes t to path ("" or "-": stdout) in the chosen format, and
// its vertices to --nodes when asked. A tree the writers refuse is marked
// by mark: cli.Input where the tree came from a file, internalError where
// a command built it. The writers check the tree before they write a
// byte, and a file is created at its first byte, so a refused tree leaves
// no file behind.
func (o *outputFlags) write(t *sll.Tree, path string, stdout io.Writer, mark func(error) error) error {
	if *o.root < 0 || *o.root >= t.Terminals {
		return cli.Usagef("--root %d: the tree's terminals are 0 to %d", *o.root, t.Terminals-1)
	}
	opt := export.Options{Root: *o.root, Model: o.model}
	if *o.nodes != "" { // first: it checks the model too, which --out then shares
		if err := writeLazily(*o.nodes, nil, func(w io.Writer) error { return export.WriteNodes(w, t, opt) }, mark); err != nil {
			return err
		}
	}
	f := o.formatFor(path)
	if f == export.JSON {
		return writeLazily(path, stdout, func(w io.Writer) error { return writeTreeJSON(w, t, o.json, o.workers) }, mark)
	}
	return writeLazily(path, stdout, func(w io.Writer) error { return export.Write(w, t, f, opt) }, mark)
}

// writeLazily runs write on the file path (on stdout for "" or "-"),
// created only when write writes its first byte. Errors of the writer
// itself are marked by mark; those of the file are returned as they are.
func writeLazily(path string, stdout io.Writer, write func(io.Writer) error, mark func(error) error) error {
	if path == "" || path == "-" {
		lw := &lazyFile{w: stdout}
		if err := write(lw); err != nil && lw.err == nil {
			return mark(err)
		}
		return lw.err
	}
	lw := &lazyFile{path: path}
	err := write(lw)
	if lw.err == nil && lw.f == nil && err == nil {
		lw.open() // an empty output is still a file
	}
	if lw.f != nil {
		if cerr := lw.f.Close(); lw.err == nil {
			lw.err = cerr
		}
	}
	if err != nil && lw.err == nil {
		return mark(err)
	}
	return lw.err
}

// lazyFile is a writer that creates its file at the first Write; err
// keeps the first error of the file (as opposed to the writer's).
type lazyFile struct {
	path string
	f    *os.File
	w    io.Writer
	err  error
}

func (l *lazyFile) open() {
	l.f, l.err = os.Create(l.path)
	l.w = l.f
}

func (l *lazyFile) Write(p []byte) (int, error) {
	if l.w == nil && l.err == nil {
		l.open()
	}
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.w.Write(p)
	if err != nil {
		l.err = err
	}
	return n, err
}

// internalError marks a tree a command built that the writers refuse: a
// defect, not bad input.
func internalError(err error) error { return fmt.Errorf("internal error: %w", err) }
