// Package unionfind keeps a partition of {0, …, n−1} into disjoint sets
// under union: a forest with path halving and union by size, in one
// array (a root holds minus the size of its set). It is the project's one
// union-find: Kruskal's tree in package sll, the cycle test of treecert,
// the subtour separation of exact/fstcat, the contraction of zero-length
// edges in exact. (Package mst's Kruskal uses Rem's algorithm instead, a
// different forest.)
package unionfind

// Forest is the partition. The zero value holds no element; Reset or New
// gives it n singletons.
type Forest struct {
	parent []int32
}

// New returns the partition of {0, …, n−1} into singletons.
func New(n int) *Forest {
	f := &Forest{}
	f.Reset(n)
	return f
}

// Reset makes f the partition of {0, …, n−1} into singletons, reusing
// its memory.
func (f *Forest) Reset(n int) {
	if cap(f.parent) < n {
		f.parent = make([]int32, n)
	}
	f.parent = f.parent[:n]
	for i := range f.parent {
		f.parent[i] = -1
	}
}

// Find returns the representative of x's set.
func (f *Forest) Find(x int32) int32 {
	p := f.parent
	for {
		px := p[x]
		if px < 0 {
			return x
		}
		ppx := p[px]
		if ppx < 0 {
			return px
		}
		p[x] = ppx
		x = ppx
	}
}

// Union joins the sets of a and b and reports whether they were apart.
func (f *Forest) Union(a, b int32) bool {
	ra, rb := f.Find(a), f.Find(b)
	if ra == rb {
		return false
	}
	p := f.parent
	if p[ra] > p[rb] { // ra's set is the smaller
		ra, rb = rb, ra
	}
	p[ra] += p[rb]
	p[rb] = ra
	return true
}
