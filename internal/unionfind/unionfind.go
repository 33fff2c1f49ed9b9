// Package unionfind keeps a partition of {0, …, n−1} into disjoint sets
// under union: a forest with path halving. Each set is named by its least
// element, which callers rely on: a cluster of tree vertices merged along
// zero-length edges is named by its lowest index, the terminal when it
// holds one (terminals are numbered first).
package unionfind

// Sets is the partition; Sets(New(n)) starts with n singletons. Its
// zero value holds no element.
type Sets []int32

// New returns the partition of {0, …, n−1} into singletons.
func New(n int) Sets {
	s := make(Sets, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}

// Find returns the least element of x's set.
func (s Sets) Find(x int) int {
	for int(s[x]) != x {
		s[x] = s[s[x]]
		x = int(s[x])
	}
	return x
}

// Union merges the sets of a and b and reports whether they were apart.
func (s Sets) Union(a, b int) bool {
	a, b = s.Find(a), s.Find(b)
	if a == b {
		return false
	}
	s[max(a, b)] = int32(min(a, b))
	return true
}
