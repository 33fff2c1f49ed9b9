package pointio

import (
	"math"
	"math/bits"
	"strings"
	"sync/atomic"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// DuplicateError reports a row of a table that repeats an earlier one
// exactly (every value equal; 0 and −0 are equal). Row and Prev are the
// 0-based indices of the repeat and of the first occurrence; Pos and
// PrevPos their positions; Values the repeated values.
type DuplicateError struct {
	Row, Prev    int
	Pos, PrevPos Position
	Values       []float64
}

func (e *DuplicateError) Error() string {
	var b strings.Builder
	if e.Pos.Line > 0 {
		b.WriteString(e.Pos.String())
		b.WriteString(": ")
		b.WriteString(formatRow(e.Values))
		b.WriteString(" repeats the row at line ")
		b.WriteString(itoa(e.PrevPos.Line))
		if e.PrevPos.Column > 0 {
			b.WriteString(", column ")
			b.WriteString(itoa(e.PrevPos.Column))
		}
		return b.String()
	}
	if e.Pos.File != "" {
		b.WriteString(e.Pos.File)
		b.WriteString(": ")
	}
	b.WriteString(rowText(e.Row, -1))
	b.WriteString(" ")
	b.WriteString(formatRow(e.Values))
	b.WriteString(" repeats ")
	b.WriteString(rowText(e.Prev, -1))
	return b.String()
}

// rowSet finds the rows of a table that repeat earlier ones: an
// open-addressing hash table of row indices, keyed by the rows' values
// with −0 read as 0 (the tables hold no NaN). A slot holds a row index
// + 1 in its low idxBits bits and, above them, bits of the row's hash, so
// that most rows of other hashes are passed over without reading them.
// It grows to stay at most half full.
type rowSet struct {
	t       Table
	slots   []uint32 // tag | row index + 1; 0 for an empty slot
	mask    uint64
	idxBits int    // bits of a slot for the row index + 1
	idxMask uint32 // 1<<idxBits − 1
	n       int    // rows held
}

// newRowSet returns a set sized for rows rows of t.
func newRowSet(t Table, rows int) *rowSet {
	size := uint64(1)
	for size < 2*uint64(rows) {
		size <<= 1
	}
	b := bits.Len(uint(t.Rows))
	return &rowSet{t: t, slots: make([]uint32, size), mask: size - 1, idxBits: b, idxMask: uint32(uint64(1)<<b - 1)}
}

// rowHash hashes a row, −0 as 0.
func rowHash(r []float64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, v := range r {
		h = (h ^ math.Float64bits(v+0)) * 0xff51afd7ed558ccd // −0 + 0 = +0
		h ^= h >> 32
	}
	return h
}

// add returns the earlier row equal to row i, whose hash is h, or −1
// after recording i.
func (s *rowSet) add(i int, h uint64) int {
	r := s.t.Row(i)
	tag := uint32(h>>32) << s.idxBits
	for k := h & s.mask; ; k = (k + 1) & s.mask {
		v := s.slots[k]
		if v == 0 {
			s.slots[k] = tag | uint32(i+1)
			if s.n++; uint64(2*s.n) > s.mask+1 {
				s.grow()
			}
			return -1
		}
		if v&^s.idxMask == tag {
			if j := int(v&s.idxMask) - 1; sameRow(s.t.Row(j), r) {
				return j
			}
		}
	}
}

// grow doubles the table.
func (s *rowSet) grow() {
	old := s.slots
	s.slots = make([]uint32, 2*len(old))
	s.mask = uint64(len(s.slots)) - 1
	for _, v := range old {
		if v == 0 {
			continue
		}
		k := rowHash(s.t.Row(int(v&s.idxMask)-1)) & s.mask
		for s.slots[k] != 0 {
			k = (k + 1) & s.mask
		}
		s.slots[k] = v
	}
}

func sameRow(a, b []float64) bool {
	for k := range a {
		if a[k] != b[k] { // 0 == −0
			return false
		}
	}
	return true
}

// shardOf returns which of shards sets a row of hash h belongs to: the
// high bits choose, the low ones choose the slot.
func shardOf(h uint64, shards int) int {
	hi, _ := bits.Mul64(h, uint64(shards))
	return int(hi)
}

// minShardRows is the least number of rows worth splitting among sets.
const minShardRows = 1 << 15

// FindDuplicate returns a *DuplicateError for the first row of t that
// repeats an earlier row exactly, or nil when all rows differ.
func (t Table) FindDuplicate() error { return t.findDuplicate(1) }

// findDuplicate is FindDuplicate on up to workers goroutines. Each keeps
// the set of the rows whose hash falls in its shard, so that a row and its
// repeats meet in one set; the first repeat over all shards is the answer,
// and a shard stops once it is past the first repeat found so far.
func (t Table) findDuplicate(workers int) error {
	shards := parallel.Workers(workers)
	if shards == 1 || t.Rows < minShardRows {
		s := newRowSet(t, t.Rows)
		for i := range t.Rows {
			if j := s.add(i, rowHash(t.Row(i))); j >= 0 {
				return t.duplicateError(i, j)
			}
		}
		return nil
	}
	var first atomic.Int64 // the least repeat found, or t.Rows
	first.Store(int64(t.Rows))
	prev := make([]int, shards) // each shard's first repeat's earlier row
	parallel.Each(shards, shards, func(_, sh int) error {
		s := newRowSet(t, t.Rows/shards)
		for i := range t.Rows {
			if i&1023 == 0 && int64(i) > first.Load() {
				return nil
			}
			h := rowHash(t.Row(i))
			if shardOf(h, shards) != sh {
				continue
			}
			if j := s.add(i, h); j >= 0 {
				prev[sh] = j
				for {
					f := first.Load()
					if int64(i) >= f || first.CompareAndSwap(f, int64(i)) {
						return nil
					}
				}
			}
		}
		return nil
	})
	i := int(first.Load())
	if i == t.Rows {
		return nil
	}
	return t.duplicateError(i, prev[shardOf(rowHash(t.Row(i)), shards)])
}

func (t Table) duplicateError(i, j int) error {
	return &DuplicateError{Row: t.SourceRow(i), Prev: t.SourceRow(j), Pos: t.Pos(i), PrevPos: t.Pos(j), Values: append([]float64(nil), t.Row(i)...)}
}

// Dedupe returns t without the rows that repeat an earlier row exactly
// (the first occurrence stays, with its line and column) and the number
// of rows dropped. t itself is not modified; when nothing is dropped the
// result is t.
func (t Table) Dedupe() (Table, int) { return t.dedupe(1) }

// dedupe is Dedupe on up to workers goroutines, each with the rows of
// one shard of hashes (as findDuplicate).
func (t Table) dedupe(workers int) (Table, int) {
	shards := parallel.Workers(workers)
	if t.Rows < minShardRows {
		shards = 1
	}
	drop := make([]bool, t.Rows)
	parallel.Each(shards, shards, func(_, sh int) error {
		s := newRowSet(t, t.Rows/shards)
		for i := range t.Rows {
			h := rowHash(t.Row(i))
			if shards > 1 && shardOf(h, shards) != sh {
				continue
			}
			drop[i] = s.add(i, h) >= 0
		}
		return nil
	})
	keep := make([]int, 0, t.Rows)
	for i, d := range drop {
		if !d {
			keep = append(keep, i)
		}
	}
	if len(keep) == t.Rows {
		return t, 0
	}
	out := Table{Rows: len(keep), Cols: t.Cols, Data: make([]float64, 0, len(keep)*t.Cols), Source: t.Source, Header: t.Header,
		Origin: make([]int, 0, len(keep))}
	if t.Lines != nil {
		out.Lines = make([]int, 0, len(keep))
	}
	if t.Columns != nil {
		out.Columns = make([]int32, 0, len(keep)*t.Cols)
	}
	if t.Labels != nil {
		out.Labels = make([]string, 0, len(keep))
	}
	for _, i := range keep {
		out.Data = append(out.Data, t.Row(i)...)
		out.Origin = append(out.Origin, t.SourceRow(i))
		if t.Lines != nil {
			out.Lines = append(out.Lines, t.Lines[i])
		}
		if t.Labels != nil {
			out.Labels = append(out.Labels, t.Labels[i])
		}
		if t.Columns != nil {
			out.Columns = append(out.Columns, t.Columns[i*t.Cols:(i+1)*t.Cols]...)
		}
	}
	return out, t.Rows - len(keep)
}
