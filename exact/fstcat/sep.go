package fstcat

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/internal/unionfind"
)

// The subtour elimination constraint (SEC) of a terminal set S, |S| ≥ 2,
//
//	Σ_F max(0, |F ∩ S| − 1)·x_F ≤ |S| − 1,
//
// holds for every spanning tree of the hypergraph (its FSTs inside S form
// a forest on S). With wᵥ = Σ_{F∋v} x_F − 1 its violation is
//
//	Σ_F x_F·max(0, |F∩S| − 1) − (|S| − 1) = 1 + Σ_{v∈S} wᵥ − Σ_{F∩S≠∅} x_F,
//
// so a most violated SEC is a maximum-weight closure (choosing v ∈ S
// earns wᵥ and forces paying x_F for every F that contains v), found by a
// minimum cut. Forcing one terminal into S at a time, and excluding the
// terminals forced before it, finds a violated SEC whenever one exists
// (Warme's separation, GeoSteiner).

// sepTol is the violation below which a SEC is not reported.
const sepTol = 1e-6

// separator finds violated SECs.
type separator struct {
	n    int
	fsts [][]int32 // FST → terminals
	inc  [][]int32 // terminal → FSTs
	net  flowNet
	mark []bool
	cnt  []int32
	uf   unionfind.Forest
}

func newSeparator(n int, fsts [][]int32) *separator {
	sp := &separator{n: n, fsts: fsts, inc: make([][]int32, n), cnt: make([]int32, len(fsts))}
	for j, f := range fsts {
		for _, t := range f {
			sp.inc[t] = append(sp.inc[t], int32(j))
		}
	}
	return sp
}

// violation returns the SEC violation of S (sorted terminals) at x, and
// the row: the FSTs with |F ∩ S| ≥ 2 and their coefficients |F ∩ S| − 1.
func (sp *separator) violation(S []int32, x []float64) (v float64, idx []int, val []float64) {
	for _, t := range S {
		for _, j := range sp.inc[t] {
			sp.cnt[j]++
		}
	}
	v = -float64(len(S) - 1)
	for _, t := range S {
		for _, j := range sp.inc[t] {
			if c := sp.cnt[j]; c >= 2 {
				idx = append(idx, int(j))
				val = append(val, float64(c-1))
				v += float64(c-1) * x[j]
			}
			sp.cnt[j] = 0
		}
	}
	return v, idx, val
}

// separate returns up to maxCuts terminal sets whose SECs x violates by
// more than sepTol: the components of the support when it is
// disconnected, else the sets found by minimum cuts.
func (sp *separator) separate(x []float64, maxCuts int) [][]int32 {
	var cuts [][]int32
	seen := map[string]bool{}
	add := func(S []int32) {
		k := key(S)
		if seen[k] {
			return
		}
		if v, _, _ := sp.violation(S, x); v > sepTol {
			seen[k] = true
			cuts = append(cuts, S)
		}
	}
	// Components of the support hypergraph.
	sp.uf.Reset(sp.n)
	for j, f := range sp.fsts {
		if x[j] > flowEps {
			for _, t := range f[1:] {
				sp.uf.Union(f[0], t)
			}
		}
	}
	// Components in order of their least terminal (deterministic).
	slot := make([]int, sp.n)
	for i := range slot {
		slot[i] = -1
	}
	var comp [][]int32
	for t := range sp.n {
		r := sp.uf.Find(int32(t))
		if slot[r] < 0 {
			slot[r] = len(comp)
			comp = append(comp, nil)
		}
		comp[slot[r]] = append(comp[slot[r]], int32(t))
	}
	if len(comp) > 1 {
		for _, S := range comp {
			if len(S) >= 2 {
				add(S)
			}
		}
		if len(cuts) > 0 {
			return cuts
		}
	}
	// Minimum cuts.
	n := sp.n
	w := make([]float64, n)
	for t := range n {
		w[t] = -1
		for _, j := range sp.inc[t] {
			w[t] += x[j]
		}
	}
	var support []int32
	for j := range sp.fsts {
		if x[j] > flowEps {
			support = append(support, int32(j))
		}
	}
	const big = 1e30
	src, snk := n+len(support), n+len(support)+1
	if cap(sp.mark) < snk+1 {
		sp.mark = make([]bool, snk+1)
	}
	mark := sp.mark[:snk+1]
	excluded := make([]bool, n)
	for v0 := range n {
		sp.net.reset(snk + 1)
		for t := range n {
			switch {
			case t == v0:
				sp.net.addEdge(src, t, big)
			case excluded[t]:
				sp.net.addEdge(t, snk, big)
			case w[t] > 0:
				sp.net.addEdge(src, t, w[t])
			case w[t] < 0:
				sp.net.addEdge(t, snk, -w[t])
			}
		}
		for k, j := range support {
			node := n + k
			for _, t := range sp.fsts[j] {
				sp.net.addEdge(int(t), node, big)
			}
			sp.net.addEdge(node, snk, x[j])
		}
		sp.net.maxFlow(src, snk)
		sp.net.sourceSide(src, mark)
		var S []int32
		for t := range n {
			if mark[t] {
				S = append(S, int32(t))
			}
		}
		if len(S) >= 2 {
			add(S)
			if len(cuts) >= maxCuts {
				break
			}
		}
		excluded[v0] = true
	}
	return cuts
}

func key(S []int32) string {
	var b strings.Builder
	for _, t := range S {
		b.WriteString(strconv.Itoa(int(t)))
		b.WriteByte(',')
	}
	return b.String()
}

// sortedTerminals returns the FSTs' terminal lists as sorted int32 slices.
func sortedTerminals(p *Problem) [][]int32 {
	out := make([][]int32, len(p.FSTs))
	for j, f := range p.FSTs {
		s := make([]int32, len(f.Terminals))
		for k, t := range f.Terminals {
			s[k] = int32(t)
		}
		slices.Sort(s)
		out[j] = s
	}
	return out
}
