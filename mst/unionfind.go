package mst

// UnionFind is a disjoint-set forest over 0, …, n−1 with path halving and
// union by size, in one array: parent[x] is x's parent, or minus the size
// of x's set when x is a root.
type UnionFind struct {
	parent []int32
}

// NewUnionFind returns n singleton sets.
func NewUnionFind(n int) *UnionFind {
	u := &UnionFind{parent: make([]int32, n)}
	for i := range u.parent {
		u.parent[i] = -1
	}
	return u
}

// Find returns the representative of x's set.
func (u *UnionFind) Find(x int32) int32 {
	p := u.parent
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

// Union joins the sets of a and b and reports whether they were distinct.
func (u *UnionFind) Union(a, b int32) bool {
	ra, rb := u.Find(a), u.Find(b)
	if ra == rb {
		return false
	}
	p := u.parent
	if p[ra] > p[rb] { // ra's set is the smaller
		ra, rb = rb, ra
	}
	p[ra] += p[rb]
	p[rb] = ra
	return true
}

// remUnion joins the sets of a and b in the forest p, in which every root
// is its own parent and every other parent is above its child, and
// reports whether they were distinct: Rem's algorithm with splicing,
// which climbs both paths at once, always from the lower parent, and
// stops where they meet — fewer reads than two finds.
func remUnion(p []int32, a, b int32) bool {
	for p[a] != p[b] {
		if p[a] > p[b] {
			a, b = b, a
		}
		if p[a] == a { // a root below p[b]: link it there
			p[a] = p[b]
			return true
		}
		a, p[a] = p[a], p[b] // splice a under p[b], climb from its old parent
	}
	return false
}
