// Package radix orders items by 64-bit keys with a least-significant-digit
// radix sort: linear time, stable, and a function of the keys alone. The
// pipeline's sorts (edges by length, full Steiner trees by ratio) use it
// on the bit patterns of non-negative floats, which order as the floats do.
package radix

import "slices"

const (
	small     = 64 // below this many keys, an insertion sort
	digitBits = 11 // 2048 buckets: the counts stay in the first-level cache
	buckets   = 1 << digitBits
	digits    = (64 + digitBits - 1) / digitBits
)

// Order sorts keys in increasing order, equal keys in their original
// order, and returns where each came from: order[i] is the original
// index of the key now at keys[i]. The keys are moved along with their
// indices, so every pass reads sequentially; digits where all keys agree
// are skipped.
func Order(keys []uint64) []int32 {
	m := len(keys)
	order := make([]int32, m)
	for i := range order {
		order[i] = int32(i)
	}
	if m < small {
		// A few keys: an insertion sort, stable, without the counts.
		for i := 1; i < m; i++ {
			k, o := keys[i], order[i]
			j := i
			for ; j > 0 && keys[j-1] > k; j-- {
				keys[j], order[j] = keys[j-1], order[j-1]
			}
			keys[j], order[j] = k, o
		}
		return order
	}
	var count [digits][buckets]int32
	for _, k := range keys {
		for d := range count {
			count[d][(k>>(digitBits*d))&(buckets-1)]++
		}
	}
	k, tk := keys, make([]uint64, m)
	tmp := make([]int32, m)
	for d := range count {
		c := &count[d]
		shift := uint(digitBits * d)
		if c[(k[0]>>shift)&(buckets-1)] == int32(m) {
			continue // every key has this digit
		}
		sum := int32(0)
		for v := range c {
			c[v], sum = sum, sum+c[v]
		}
		for j, key := range k {
			v := (key >> shift) & (buckets - 1)
			p := c[v]
			tk[p], tmp[p] = key, order[j]
			c[v] = p + 1
		}
		k, tk = tk, k
		order, tmp = tmp, order
	}
	if &k[0] != &keys[0] {
		copy(keys, k)
	}
	return order
}

// OrderTies orders each run of equal keys in order (as Order returns
// them: keys sorted, order[i] the original index of keys[i]) by cmp of
// the original indices, stably: a tie-break for sorts by more than the key.
func OrderTies(keys []uint64, order []int32, cmp func(a, b int32) int) {
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && keys[hi] == keys[lo] {
			hi++
		}
		if hi-lo > 1 {
			slices.SortStableFunc(order[lo:hi], cmp)
		}
		lo = hi
	}
}
