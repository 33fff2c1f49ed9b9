package fstcat

// basisFactor represents the inverse of a simplex basis B of the system
// [A | −I]·x = 0 (structural columns of A, one logical column −eᵢ per
// row). With S the basic structurals and I_L the rows whose logicals are
// basic, the rows I_S not in I_L are as many as S, and
//
//	B·w = v  ⇔  K·w_S = v_{I_S}  and  w_ℓ(i) = A_{i,S}·w_S − vᵢ  (i ∈ I_L),
//
// where K = A_{I_S,S} is the kernel: at most as large as the number of
// basic structurals, which stays near the number of terminals while the
// rows (cuts) grow. K is factorised densely; the basis changes after a
// factorisation are kept as eta vectors (product form).
type basisFactor struct {
	nr   int
	kRow []int // kernel row r → constraint row
	kPos []int // kernel column c → basis position
	kVar []int // kernel column c → structural variable
	rowK []int // constraint row → kernel row, or −1 when its logical is basic
	lPos []int // constraint row → basis position of its logical, or −1
	lu   denseLU
	etas []eta
	tmp  []float64
	acc  []float64
}

// eta is one basis change: column p of the basis replaced by the column
// whose representation in the previous basis was α (α_p = piv; the other
// nonzeros in idx, val).
type eta struct {
	p   int
	piv float64
	idx []int32
	val []float64
}

// factor factorises the basis given by head (position → variable; a
// variable ≥ nc is the logical of row variable − nc). When K is singular
// it returns the basis position of a structural column to drop and the row
// whose logical should replace it; otherwise (−1, −1).
func (f *basisFactor) factor(cols []spcol, nc, nr int, head []int) (dropPos, row int) {
	f.nr = nr
	f.etas = f.etas[:0]
	f.rowK = resizeInts(f.rowK, nr)
	f.lPos = resizeInts(f.lPos, nr)
	for i := range f.rowK {
		f.rowK[i] = -1
		f.lPos[i] = -1
	}
	f.kPos, f.kVar, f.kRow = f.kPos[:0], f.kVar[:0], f.kRow[:0]
	for p, v := range head {
		if v >= nc {
			f.lPos[v-nc] = p
		} else {
			f.kPos = append(f.kPos, p)
			f.kVar = append(f.kVar, v)
		}
	}
	for i := 0; i < nr; i++ {
		if f.lPos[i] < 0 {
			f.rowK[i] = len(f.kRow)
			f.kRow = append(f.kRow, i)
		}
	}
	k := len(f.kVar)
	a := make([]float64, k*k)
	for c, v := range f.kVar {
		col := cols[v]
		for t, i := range col.idx {
			if r := f.rowK[i]; r >= 0 {
				a[r*k+c] = col.val[t]
			}
		}
	}
	if len(f.tmp) < nr {
		f.tmp = make([]float64, nr)
		f.acc = make([]float64, nr)
	}
	if c := f.lu.factor(a, k); c >= 0 {
		return f.kPos[c], f.kRow[f.lu.perm[c]]
	}
	return -1, -1
}

// ftran overwrites v (indexed by row) with w = B⁻¹·v (indexed by basis
// position).
func (f *basisFactor) ftran(cols []spcol, v []float64) {
	k := len(f.kVar)
	wS := f.tmp[:k]
	for r, i := range f.kRow {
		wS[r] = v[i]
	}
	if k > 0 {
		tmp := f.acc[:k]
		f.lu.solve(wS, tmp)
	}
	acc := f.acc[:f.nr]
	clear(acc)
	for c, j := range f.kVar {
		x := wS[c]
		if x == 0 {
			continue
		}
		col := cols[j]
		for t, i := range col.idx {
			if f.rowK[i] < 0 {
				acc[i] += col.val[t] * x
			}
		}
	}
	// Write the result by position: logical positions from acc − v,
	// structural positions from wS. v is overwritten, so keep what is
	// needed first.
	for i, p := range f.lPos {
		if p >= 0 {
			acc[i] -= v[i]
		}
	}
	clear(v)
	for i, p := range f.lPos {
		if p >= 0 {
			v[p] = acc[i]
		}
	}
	for c, p := range f.kPos {
		v[p] = wS[c]
	}
	for e := range f.etas {
		et := &f.etas[e]
		xp := v[et.p] / et.piv
		v[et.p] = xp
		if xp == 0 {
			continue
		}
		for t, i := range et.idx {
			v[i] -= et.val[t] * xp
		}
	}
}

// btran overwrites u (indexed by basis position) with z = B⁻ᵀ·u (indexed
// by row).
func (f *basisFactor) btran(cols []spcol, u []float64) {
	for e := len(f.etas) - 1; e >= 0; e-- {
		et := &f.etas[e]
		s := u[et.p]
		for t, i := range et.idx {
			s -= et.val[t] * u[i]
		}
		u[et.p] = s / et.piv
	}
	k := len(f.kVar)
	h := f.tmp[:k]
	for c, p := range f.kPos {
		h[c] = u[p]
	}
	z := f.acc[:f.nr]
	for i, p := range f.lPos {
		if p >= 0 {
			z[i] = -u[p]
		} else {
			z[i] = 0
		}
	}
	for c, j := range f.kVar {
		col := cols[j]
		s := h[c]
		for t, i := range col.idx {
			if f.rowK[i] < 0 {
				s -= col.val[t] * z[i]
			}
		}
		h[c] = s
	}
	if k > 0 {
		f.lu.solveT(h, u[:k])
	}
	copy(u, z)
	for r, i := range f.kRow {
		u[i] = h[r]
	}
}

// update records that the basis column at position p was replaced by a
// column whose ftran is alpha (dense, by position).
func (f *basisFactor) update(p int, alpha []float64) {
	e := eta{p: p, piv: alpha[p]}
	for i, a := range alpha {
		if i != p && a != 0 {
			e.idx = append(e.idx, int32(i))
			e.val = append(e.val, a)
		}
	}
	f.etas = append(f.etas, e)
}

func resizeInts(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}
