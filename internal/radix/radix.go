// Package radix orders items by 64-bit keys with a least-significant-digit
// radix sort: linear time, stable, and a function of the keys alone. The
// pipeline's sorts (edges by length, full Steiner trees by ratio) use it
// on the bit patterns of non-negative floats, which order as the floats do.
//
// The passes can run on several goroutines, each over a contiguous block
// of the keys: the blocks' counts are summed in block order, so that every
// key lands where the sequential stable sort puts it, whatever the number
// of workers.
package radix

import (
	"math/bits"
	"slices"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

const (
	small     = 64 // below this many keys, an insertion sort
	digitBits = 11 // 2048 buckets: the counts stay in the first-level cache
	buckets   = 1 << digitBits
)

// minBlock is the number of keys per worker below which more workers do
// not pay; a variable so that tests can run many workers on few keys.
var minBlock = 1 << 15

// Order sorts keys in increasing order, equal keys in their original
// order, and returns where each came from: order[i] is the original
// index of the key now at keys[i]. It is OrderWorkers with one worker.
func Order(keys []uint64) []int32 {
	return OrderWorkers(keys, 1)
}

// OrderWorkers is Order on up to workers goroutines (0: GOMAXPROCS); the
// result does not depend on their number.
func OrderWorkers(keys []uint64, workers int) []int32 {
	order := make([]int32, len(keys))
	for i := range order {
		order[i] = int32(i)
	}
	Sort(keys, order, nil, nil, workers)
	return order
}

// Sort sorts keys in increasing order, equal keys in their original
// order, and moves vals along: the value at vals[i] stays with the key at
// keys[i]. The keys and values are moved together, so every pass reads
// sequentially; only the bits in which the keys differ are sorted on, in
// as few passes of digitBits bits as cover them, less those digits in
// which all keys agree. tmpKeys and
// tmpVals are scratch space, used when they hold len(keys) items and
// allocated otherwise. The passes run on up to workers goroutines (0:
// GOMAXPROCS), fewer for few keys; the result does not depend on their
// number. vals must be as long as keys.
func Sort(keys []uint64, vals []int32, tmpKeys []uint64, tmpVals []int32, workers int) {
	m := len(keys)
	if len(vals) != m {
		panic("radix: keys and vals differ in length")
	}
	if m < small {
		// A few keys: an insertion sort, stable, without the counts.
		for i := 1; i < m; i++ {
			k, o := keys[i], vals[i]
			j := i
			for ; j > 0 && keys[j-1] > k; j-- {
				keys[j], vals[j] = keys[j-1], vals[j-1]
			}
			keys[j], vals[j] = k, o
		}
		return
	}
	workers = max(1, min(parallel.Workers(workers), m/minBlock))
	lo := make([]int, workers+1) // worker w's block is [lo[w], lo[w+1])
	for w := range lo {
		lo[w] = int(int64(m) * int64(w) / int64(workers))
	}

	// The bits in which some key differs from the first: the others are
	// the same in every key and need no pass.
	diffs := make([]uint64, workers)
	parallel.Spread(workers, func(w int) {
		d, k0 := uint64(0), keys[0]
		for _, k := range keys[lo[w]:lo[w+1]] {
			d |= k ^ k0
		}
		diffs[w] = d
	})
	diff := uint64(0)
	for _, d := range diffs {
		diff |= d
	}
	if diff == 0 {
		return
	}
	low, high := bits.TrailingZeros64(diff), 64-bits.LeadingZeros64(diff)
	passes := (high - low + digitBits - 1) / digitBits

	if len(tmpKeys) < m {
		tmpKeys = make([]uint64, m)
	}
	if len(tmpVals) < m {
		tmpVals = make([]int32, m)
	}
	sk, sv, dk, dv := keys, vals, tmpKeys[:m], tmpVals[:m]
	// count[w][v] is the number of keys with digit v in worker w's block,
	// then where the first of them goes. With one worker the counts of
	// every pass come from one read of the keys (the order of the keys
	// does not matter to them); with more, each pass counts its blocks.
	count := make([][buckets]int32, max(workers, passes))
	if workers == 1 {
		for _, k := range keys {
			k >>= low
			for p := range count {
				count[p][(k>>(digitBits*p))&(buckets-1)]++
			}
		}
	}
	done := 0 // passes made
	for p := range passes {
		shift := low + digitBits*p
		if (diff>>shift)&(buckets-1) == 0 {
			continue // every key has this digit
		}
		done++
		if workers > 1 {
			parallel.Spread(workers, func(w int) { countDigit(&count[w], sk[lo[w]:lo[w+1]], shift) })
		} else if p > 0 {
			count[0] = count[p]
		}
		sum := int32(0)
		for v := range buckets {
			for w := range workers {
				c := &count[w][v]
				*c, sum = sum, sum+*c
			}
		}
		parallel.Spread(workers, func(w int) { scatter(&count[w], sk[lo[w]:lo[w+1]], sv[lo[w]:lo[w+1]], dk, dv, shift) })
		sk, dk = dk, sk
		sv, dv = dv, sv
	}
	if done%2 == 1 {
		parallel.Spread(workers, func(w int) {
			copy(keys[lo[w]:lo[w+1]], sk[lo[w]:lo[w+1]])
			copy(vals[lo[w]:lo[w+1]], sv[lo[w]:lo[w+1]])
		})
	}
}

// countDigit sets c to the counts of the digit at shift in keys.
func countDigit(c *[buckets]int32, keys []uint64, shift int) {
	*c = [buckets]int32{}
	for _, k := range keys {
		c[(k>>shift)&(buckets-1)]++
	}
}

// scatter moves keys and their vals to dk and dv, each to the place c
// holds for its digit at shift, which it advances.
func scatter(c *[buckets]int32, keys []uint64, vals []int32, dk []uint64, dv []int32, shift int) {
	vals = vals[:len(keys)]
	for j, k := range keys {
		v := (k >> shift) & (buckets - 1)
		q := c[v]
		dk[q], dv[q] = k, vals[j]
		c[v] = q + 1
	}
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
