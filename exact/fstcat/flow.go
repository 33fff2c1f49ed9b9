package fstcat

import "math"

// flowNet is a directed network for maximum flow by Dinic's algorithm,
// with float64 capacities. Edges come in pairs (edge e and its reverse
// e^1).
type flowNet struct {
	n     int
	first []int32 // node → first edge, −1 terminated lists through next
	next  []int32
	to    []int32
	cap   []float64 // residual capacity
	level []int32
	iter  []int32
	queue []int32
}

func (g *flowNet) reset(n int) {
	g.n = n
	g.first = resizeInt32(g.first, n)
	for i := range g.first {
		g.first[i] = -1
	}
	g.next, g.to, g.cap = g.next[:0], g.to[:0], g.cap[:0]
}

func resizeInt32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

// addEdge adds u → v with capacity c and returns its index.
func (g *flowNet) addEdge(u, v int, c float64) int {
	e := len(g.to)
	g.to = append(g.to, int32(v), int32(u))
	g.cap = append(g.cap, c, 0)
	g.next = append(g.next, g.first[u], g.first[v])
	g.first[u] = int32(e)
	g.first[v] = int32(e + 1)
	return e
}

// flowEps is the residual capacity below which an edge counts as
// saturated: capacities are LP values in [0, 1] and sums of a few of them.
const flowEps = 1e-12

// maxFlow pushes a maximum flow from s to t and returns its value.
func (g *flowNet) maxFlow(s, t int) float64 {
	g.level = resizeInt32(g.level, g.n)
	g.iter = resizeInt32(g.iter, g.n)
	total := 0.0
	for g.bfs(s, t) {
		copy(g.iter, g.first)
		for {
			f := g.dfs(s, t, math.Inf(1))
			if f <= flowEps {
				break
			}
			total += f
		}
	}
	return total
}

func (g *flowNet) bfs(s, t int) bool {
	for i := range g.level {
		g.level[i] = -1
	}
	g.level[s] = 0
	q := append(g.queue[:0], int32(s))
	for h := 0; h < len(q); h++ {
		u := q[h]
		for e := g.first[u]; e >= 0; e = g.next[e] {
			if v := g.to[e]; g.cap[e] > flowEps && g.level[v] < 0 {
				g.level[v] = g.level[u] + 1
				q = append(q, v)
			}
		}
	}
	g.queue = q
	return g.level[t] >= 0
}

func (g *flowNet) dfs(u, t int, f float64) float64 {
	if u == t {
		return f
	}
	for ; g.iter[u] >= 0; g.iter[u] = g.next[g.iter[u]] {
		e := g.iter[u]
		v := g.to[e]
		if g.cap[e] <= flowEps || g.level[v] != g.level[u]+1 {
			continue
		}
		if d := g.dfs(int(v), t, math.Min(f, g.cap[e])); d > flowEps {
			g.cap[e] -= d
			g.cap[e^1] += d
			return d
		}
	}
	return 0
}

// sourceSide marks the nodes reachable from s in the residual network.
func (g *flowNet) sourceSide(s int, mark []bool) {
	clear(mark)
	mark[s] = true
	q := append(g.queue[:0], int32(s))
	for h := 0; h < len(q); h++ {
		u := q[h]
		for e := g.first[u]; e >= 0; e = g.next[e] {
			if v := g.to[e]; g.cap[e] > flowEps && !mark[v] {
				mark[v] = true
				q = append(q, v)
			}
		}
	}
	g.queue = q
}
