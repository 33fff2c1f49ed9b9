package mst

// UnionFind is a disjoint-set forest over 0, …, n−1 with path halving and
// union by size, in one array: parent[x] is x's parent, or minus the size
// of x's set when x is a root.
type UnionFind struct {
	parent []int32
}

// NewUnionFind returns n singleton sets.
func NewUnionFind(n int) *UnionFind {
	return newUnionFindIn(nil, n)
}

// newUnionFindIn is NewUnionFind in buf when it holds n items.
func newUnionFindIn(buf []int32, n int) *UnionFind {
	if len(buf) < n {
		buf = make([]int32, n)
	}
	u := &UnionFind{parent: buf[:n]}
	for i := range u.parent {
		u.parent[i] = -1
	}
	return u
}

// Find returns the representative of x's set.
func (u *UnionFind) Find(x int32) int32 {
	return find(u.parent, x)
}

// Union joins the sets of a and b and reports whether they were distinct.
func (u *UnionFind) Union(a, b int32) bool {
	return union(u.parent, a, b)
}

// find is Find on the forest p.
func find(p []int32, x int32) int32 {
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

// union is Union on the forest p.
func union(p []int32, a, b int32) bool {
	ra, rb := find(p, a), find(p, b)
	if ra == rb {
		return false
	}
	if p[ra] > p[rb] { // ra's set is the smaller
		ra, rb = rb, ra
	}
	p[ra] += p[rb]
	p[rb] = ra
	return true
}
