package mst

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
