// Package export writes Steiner trees (sll.Tree) in the formats of the
// tools their users analyse trees with: Newick for phylogenetics (ete3,
// Bio.Phylo, ape, dendropy), GraphML for network tools (networkx, igraph,
// Cytoscape, Gephi), and CSV edge and node lists for pandas and R — as
// well as the tree's own JSON.
//
// # What every format holds
//
// Vertex k of the tree is node k everywhere: the terminals first, in
// input order, then the Steiner points. A terminal is named by its label
// (sll.Tree.Labels, from the input's label column) or, without labels, by
// its input index; Steiner points have no name. Lengths are those the
// tree stores (hyperbolic lengths for a hyperbolic tree, Euclidean ones
// for a Euclidean tree; recomputed only when a tree file stores none) and
// every number is printed so that it reads back as the same float64.
// Output is deterministic.
//
// # Newick
//
// The tree hangs from a terminal, Options.Root (default the first, as
// the Planaria ground truth is rooted at cell 0): the root terminal is the
// outermost node, and every other vertex is the child of its neighbour on
// the path to the root, with the length of that edge as its branch length.
// The children of a node are written in increasing vertex order. A
// Steiner point (degree 3) is an unnamed internal node with two children;
// a terminal of degree ≥ 2 other than the root is a named internal node,
// which Newick allows; a root of degree 1 is a named node with a single
// child. Names that need it are quoted by the Newick rules: a name holding
// a blank, one of ()[]':;, or an underscore (which unquoted stands for a
// blank) is written between single quotes, with ' doubled. The distance
// from the root to a node that a reader sums from the branch lengths is
// the tree's path length, to the rounding of that sum.
//
// The writer walks the tree with an explicit stack, so a path of a
// million vertices is as safe as a star.
//
// Readers differ on named internal nodes and quotes: Bio.Phylo reads a
// numeric name of an internal node as a confidence value unless told
// comments_are_confidence=True, ete3 reads it as a support value unless
// given format=1 (and keeps the quotes of quoted names unless given
// quoted_node_names=True), and ape's read.tree keeps the quotes in its
// labels. docs/export.md shows the calls that read every name back.
//
// # GraphML
//
// An undirected graph whose nodes have the ids "0", "1", … and the data
// kind ("terminal" or "steiner"), label (terminals), x and y (t, x and y
// for the hyperboloid), and whose edges have the datum length; the graph
// itself carries space, model, the total length and the number of
// terminals. Every datum is declared by a key of the right type (string,
// int or double), in the order the GraphML schema requires (keys before
// the graph, data before nodes). Coordinates are in Options.Model:
// the tree's own (Klein for a hyperbolic tree, Cartesian for a Euclidean
// one) or the Poincaré disk, the upper half-plane or the hyperboloid,
// converted by package hyperbolic.
//
// # CSV
//
// The edge list has the header u,v,length and one line per edge, in the
// tree's edge order; the node list has the header id,kind,x,y,label (with
// t before x for the hyperboloid) and one line per vertex. Fields are
// quoted by RFC 4180 where they need it.
package export
