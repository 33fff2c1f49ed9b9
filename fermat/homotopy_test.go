package fermat

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// The full pass of the homotopy strategy alone (every path, every
// safeguard: what stands behind the fast pass) finds every Steiner point
// of a sample of each oracle class, to the accuracy bound of the accurate
// strategies against the 200-bit oracle. The fast pass rarely hands over,
// so without this test the full pass would hardly be exercised.
func TestHomotopyFullPass(t *testing.T) {
	cases, _ := oracleCases(t, 40)
	n := 0
	for ci, cs := range cases {
		for _, oc := range cs {
			a, b, c := oc.t[0], oc.t[1], oc.t[2]
			tr, r, done, err := begin(a, b, c)
			require.NoError(t, err)
			require.False(t, done)
			p, ok, err := homotopySolvePasses(&tr, &r, false)
			require.NoError(t, err)
			require.True(t, ok, "class %s: the full pass missed the Steiner point of %v", triClasses[ci].name, oc.t)
			d := distToH(p, oc.exact)
			require.LessOrEqual(t, d, accuracyBound(oc.t, oc.exact), "class %s, %v", triClasses[ci].name, oc.t)
			n++
		}
	}
	require.Greater(t, n, 100)
}

// The two passes agree: on a sample of every class the fast pass and the
// full pass give the same point up to the polish's rounding (both end in
// newtonLocal on the same centred triangle, from different starts): within
// twice the accuracy bound of the accurate strategies,
// 1e-13·perimeter + ulpLength(s) each.
func TestHomotopyPassesAgree(t *testing.T) {
	fastAnswers := 0
	for ci, c := range triClasses {
		for _, tt := range sampleClass(c, uint64(700+ci), 60) {
			tr, r, done, err := begin(tt[0], tt[1], tt[2])
			require.NoError(t, err)
			if done {
				continue
			}
			pf, okf, err := homotopySolvePasses(&tr, &r, true)
			require.NoError(t, err)
			pa, oka, err := homotopySolvePasses(&tr, &r, false)
			require.NoError(t, err)
			require.True(t, okf && oka, "class %s, %v", c.name, tt)
			if pf != pa {
				bound := 2 * (1e-13*perimeter(tt) + max(ulpLength(pf), ulpLength(pa)))
				require.LessOrEqual(t, hyperbolic.Dist(pf, pa), bound, "class %s, %v: %v vs %v", c.name, tt, pf, pa)
			}
			fastAnswers++
		}
	}
	require.Greater(t, fastAnswers, 150)
}

// The scale levels' start members split as the fast pass assumes: at
// level 0 all six roots have size ≤ nearRootBound; from level 1 on, four
// do and two (the far pair, |σ| ~ 64^k) are beyond it.
func TestPsiLevelSplit(t *testing.T) {
	for k := range psiLevels {
		st := psiLevelStarts[k]()
		require.NoError(t, st.err)
		near := 0
		for _, x := range st.starts {
			if rootSize(x) <= nearRootBound {
				near++
			} else {
				require.Greater(t, rootSize(x), float64(2*nearRootBound), "level %d: a root near the bound", k)
			}
		}
		want := 4
		if k == 0 {
			want = 6
		}
		require.Equal(t, want, near, "level %d", k)
	}
}

// The canonical position: y on the negative first axis, x above it, and
// the map is orthogonal (its inverse undoes it to rounding).
func TestCanonicalRotation(t *testing.T) {
	for _, ts := range sampleClass(triClasses[0], 31, 50) {
		var tr triangle
		for i, p := range ts {
			tr.v[i] = [2]float64{p.X, p.Y}
			tr.d[i] = oneMinusNormSq(p.X, p.Y)
		}
		_, q := centroidFrame(&tr)
		y := shortestSideOpposite(&q)
		x := (y + 2) % 3
		m := canonicalRotation(&q, x, y)
		a, b := m.apply(q[y])
		require.Less(t, a, 0.0)
		require.InDelta(t, 0, b, 1e-15)
		_, bx := m.apply(q[x])
		require.GreaterOrEqual(t, bx, 0.0)
		for _, v := range q {
			a, b := m.apply(v)
			c, d := m.applyInverse(a, b)
			require.InDelta(t, v[0], c, 1e-15)
			require.InDelta(t, v[1], d, 1e-15)
		}
	}
}

func benchHomotopyCPU(b *testing.B, ts []tri, fast bool) {
	cpu, n := cputime.Process(), 0
	for b.Loop() {
		t := ts[n%len(ts)]
		tr, r, done, _ := begin(t[0], t[1], t[2])
		if !done {
			var p hyperbolic.Point
			p, _, _ = homotopySolvePasses(&tr, &r, fast)
			sinkP = p
		}
		n++
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(n), "cpu-ns/op")
}

// BenchmarkHomotopyCPU is BenchmarkHomotopy (the mixed sample, ns/op per
// triangle) with the CPU time per triangle; ClassCPU splits it by class
// and FullPass times the full pass alone.
func BenchmarkHomotopyCPU(b *testing.B) { benchHomotopyCPU(b, benchSample(b), true) }

func BenchmarkHomotopyFullPass(b *testing.B) { benchHomotopyCPU(b, benchSample(b), false) }

func BenchmarkHomotopyClassCPU(b *testing.B) {
	for ci, c := range triClasses {
		var ts []tri
		for _, t := range sampleClass(c, uint64(900+ci), 400) {
			if e, err := isoptic.SteinerExists(t[0], t[1], t[2]); err == nil && e.Exists && len(ts) < 64 {
				ts = append(ts, t)
			}
		}
		b.Run(c.name, func(b *testing.B) { benchHomotopyCPU(b, ts, true) })
	}
}
