package exact

import (
	"fmt"
	"strings"
)

// Summary describes the result in a few lines for people: the tree, the
// verdict on its optimality ("optimal within ε" only when the result is
// Proved), and what the method did.
func (r *Result) Summary() string {
	t := r.Tree
	verdict := fmt.Sprintf("optimal within %.1e (relative: a proved lower bound is that close)", r.Gap())
	switch {
	case !r.Complete:
		verdict = fmt.Sprintf("not proved optimal (the search was stopped), proved lower bound %.15g", r.LowerBound)
	case !r.Proved():
		verdict = fmt.Sprintf("not proved optimal (the search finished, but its lower bound stayed loose), proved lower bound %.15g", r.LowerBound)
	}
	work := fmt.Sprintf("%d topologies (%d pruned)", r.Nodes, r.Pruned)
	if r.Inherited > 0 {
		work += fmt.Sprintf(", %d more discarded unrelaxed", r.Inherited)
	}
	if r.Method == EFST {
		e := r.EFST
		work = fmt.Sprintf("method efst: %d full Steiner trees from %d equilateral points in %.3g s, concatenation %d nodes and %d subtour cuts in %.3g s",
			e.FSTs, e.EqPoints, e.GenSeconds, e.Nodes, e.Cuts, e.ConcatSeconds)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d terminals, %d Steiner points (%d certified), length %.15g, MST %.15g, RED %.4f%%, %s, %s, %.3g s\n",
		t.Space, t.Terminals, t.SteinerPoints(), r.Certified, t.Length, t.MSTLength, t.RED(), verdict, work, r.Seconds)
	if r.Method == Concatenation {
		f := r.FST
		fmt.Fprintf(&b, "full Steiner trees: %d subsets searched, %d topologies generated, %d kept (%d degenerate, %d lune, %d bottleneck, %d undecided), %d of %d pairs kept, %d splits\n",
			f.Subsets, f.Generated, f.Kept, f.Degenerate, f.Lune, f.Bottleneck, f.Undecided, f.PairsKept, f.Pairs, f.Splits)
	}
	return b.String()
}
