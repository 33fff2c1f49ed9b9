package certify

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/poly"
)

// ComplexPoint is a candidate point of Cⁿ: coordinate j is
// Re[j] + i·Im[j], at any precision.
type ComplexPoint struct {
	Re, Im []*big.Float
}

// PointOf returns the exact ComplexPoint of a complex128 vector.
func PointOf(x []complex128) ComplexPoint {
	p := ComplexPoint{Re: make([]*big.Float, len(x)), Im: make([]*big.Float, len(x))}
	for j, v := range x {
		p.Re[j] = new(big.Float).SetFloat64(real(v))
		p.Im[j] = new(big.Float).SetFloat64(imag(v))
	}
	return p
}

// Realness is what a certificate proves about the realness of a root.
type Realness int

const (
	// RealUndecided: nothing is proved either way.
	RealUndecided Realness = iota
	// RealProved: the root is real. For a system with real coefficients,
	// a box invariant under complex conjugation (imaginary parts
	// symmetric about 0) that holds a unique root holds a real one: the
	// conjugate of that root is a root in the same box.
	RealProved
	// NonRealProved: the enclosure of some coordinate misses the real
	// axis.
	NonRealProved
)

// Name returns "undecided", "real" or "nonreal".
func (r Realness) Name() string {
	switch r {
	case RealProved:
		return "real"
	case NonRealProved:
		return "nonreal"
	}
	return "undecided"
}

func (r Realness) String() string { return r.Name() }

// Reason says why a candidate was not certified.
type Reason int

const (
	// ReasonNone: the candidate was certified.
	ReasonNone Reason = iota
	// ReasonNoRoot: a box around the candidate provably holds no root:
	// the candidate is not an approximate solution.
	ReasonNoRoot
	// ReasonSingular: the Jacobian at the candidate is singular to
	// working precision, as at a multiple root or a point of a
	// positive-dimensional solution set; Krawczyk's method proves only
	// nonsingular roots.
	ReasonSingular
	// ReasonUndecided: no Krawczyk test decided up to the precision cap:
	// the root is too ill-conditioned for it (or singular).
	ReasonUndecided
	// ReasonNotApproximate: Newton's method from the candidate leads to a
	// root whose proved region of uniqueness does not reach back to the
	// candidate (nor does a box grown to contain it pass the test): the
	// candidate is not an approximate solution, as points near a multiple
	// root or a positive-dimensional set often are.
	ReasonNotApproximate
)

// Name returns "" (certified), "no_root", "singular" or "undecided".
func (r Reason) Name() string {
	switch r {
	case ReasonNoRoot:
		return "no_root"
	case ReasonSingular:
		return "singular"
	case ReasonUndecided:
		return "undecided"
	case ReasonNotApproximate:
		return "not_approximate"
	}
	return ""
}

func (r Reason) String() string {
	switch r {
	case ReasonNoRoot:
		return "no root near the point"
	case ReasonSingular:
		return "singular Jacobian"
	case ReasonUndecided:
		return "not proved up to the precision cap (too ill-conditioned or singular)"
	case ReasonNotApproximate:
		return "not an approximate solution: the root Newton's method leads to is proved only in a region that misses the point"
	}
	return "certified"
}

// SolutionCert is the certificate of one candidate.
type SolutionCert struct {
	// Certified: a unique root lies in Region, and it lies in Enclosure;
	// the candidate lies in Region too, so the root is the candidate's.
	Certified bool
	// Reason says why not, when not Certified.
	Reason Reason
	// Real is what is proved about the root's realness.
	Real Realness
	// Radius bounds max_j |ξ_j − p_j| for the root ξ and the candidate p
	// (rounded up; +Inf when not Certified).
	Radius float64
	// Prec is the working precision in bits of the deciding test (53:
	// float64).
	Prec uint
	// DuplicateOf is the index of an earlier candidate proved to be the
	// same root, or −1.
	DuplicateOf int
	// Distinct marks the candidates of the set counted in
	// SetCert.CertifiedDistinct: certified, and proved distinct from each
	// other.
	Distinct bool
	// Region is the box of uniqueness, Enclosure ⊆ Region the enclosure
	// of the root (coordinate j is a complex rectangle); nil when not
	// Certified.
	Region, Enclosure []CInterval
	// Alpha, with SetOptions.Alpha, is Smale's α-test at the candidate in
	// exact rational arithmetic (AlphaTestComplex): a second certificate,
	// independent of interval arithmetic. Alpha.Certified means Newton's
	// method from the candidate converges quadratically to a root within
	// 2β of it.
	Alpha *AlphaResult
	// discs, when the float64 test decided: the polydiscs of uniqueness
	// and of the enclosure (Region and Enclosure are the squares inscribed
	// in and circumscribed about them).
	discs *certDiscs
}

type certDiscs struct {
	region, enclosure []CBall64
}

// SetCert certifies a list of candidates.
type SetCert struct {
	Solutions []SolutionCert
	// Certified counts the certified candidates.
	Certified int
	// CertifiedDistinct is the size of a set of certified candidates whose
	// roots are proved pairwise distinct (those marked Distinct): a proved
	// lower bound of the number of distinct roots near the candidates.
	// Candidates proved to be the same root count once.
	CertifiedDistinct int
	// CertifiedReal counts the roots among the Distinct ones proved real.
	CertifiedReal int
}

// SetOptions tune CertifySolutions. The zero value is a good default.
type SetOptions struct {
	// Prec is the first working precision (≤ 53: float64 first). A
	// candidate given to more bits than float64 holds should be certified
	// at about its precision, so that the radius reflects its accuracy.
	Prec uint
	// MaxPrec caps the precision (DefaultMaxPrec if 0).
	MaxPrec uint
	// Workers is the number of goroutines (GOMAXPROCS if ≤ 0); results do
	// not depend on it.
	Workers int
	// Alpha adds Smale's α-test at each candidate (SolutionCert.Alpha), in
	// exact rational arithmetic: costly for large systems or long decimals.
	Alpha bool
}

// CertifySolutions proves, for each candidate, that a unique root of sys
// lies near it (Krawczyk's method on the real form of the system, float64
// interval arithmetic first, then big.Float at rising precision; see
// Prover), whether that root is real, and which candidates are proved to
// be distinct roots: their enclosures are disjoint, or one's enclosure
// lies in the other's region of uniqueness (then they are the same root).
// Candidates whose roots cannot be told apart or together at the
// precision reached are certified again at higher precision, twice.
func CertifySolutions(sys *ComplexPolySystem, pts []ComplexPoint, opt SetOptions) (*SetCert, error) {
	n := sys.NumVars()
	for k, p := range pts {
		if len(p.Re) != n || len(p.Im) != n {
			return nil, fmt.Errorf("certify: candidate %d has %d coordinates, the system %d unknowns: %w", k, len(p.Re), n, ErrInvalid)
		}
		for j := range n {
			for _, v := range []*big.Float{p.Re[j], p.Im[j]} {
				if v == nil || v.IsInf() {
					return nil, fmt.Errorf("certify: candidate %d, coordinate %d: %v: %w", k, j, v, ErrInvalid)
				}
			}
		}
	}
	if opt.MaxPrec == 0 {
		opt.MaxPrec = DefaultMaxPrec
	}
	set := &SetCert{Solutions: make([]SolutionCert, len(pts))}
	all := make([]int, len(pts))
	for i := range all {
		all[i] = i
	}
	prec := make([]uint, len(pts))
	for i := range prec {
		prec[i] = opt.Prec
	}
	certifyAll(sys, pts, all, prec, opt, set.Solutions)
	for round := 0; ; round++ {
		redo := classify(set)
		if len(redo) == 0 || round == 2 {
			break
		}
		for _, i := range redo {
			prec[i] = max(2*max(prec[i], set.Solutions[i].Prec), 128)
		}
		certifyAll(sys, pts, redo, prec, opt, set.Solutions)
	}
	return set, nil
}

// certifyAll certifies the listed candidates on a pool of goroutines,
// each with its own clone of the system and its own Prover.
func certifyAll(sys *ComplexPolySystem, pts []ComplexPoint, list []int, prec []uint, opt SetOptions, out []SolutionCert) {
	workers := max(1, min(parallel.Workers(opt.Workers), len(list)))
	ws := make([]*certWorker, workers) // made on a worker's first candidate
	_ = parallel.Each(len(list), workers, func(w, k int) error {
		if ws[w] == nil {
			ws[w] = newCertWorker(sys.Clone())
		}
		i := list[k]
		o := Options{Prec: prec[i], MaxPrec: max(opt.MaxPrec, prec[i])}
		c := ws[w].certify(pts[i], o)
		if opt.Alpha {
			c.Alpha = alphaAt(sys.plan.exact, pts[i])
		}
		out[i] = c
		return nil
	})
}

// certWorker is one goroutine's workspace.
type certWorker struct {
	sys      *ComplexPolySystem
	p        *Prover
	ck       *ckWork
	pt       []complex128 // monomial scratch of point evaluations
	res, sym Result
	x0       []*big.Float
	box      []Interval
}

func newCertWorker(sys *ComplexPolySystem) *certWorker {
	p, _ := NewProver(sys) // cannot fail: Dim ≥ 2
	N := sys.Dim()
	nm := len(sys.plan.parent)
	return &certWorker{sys: sys, p: p, ck: newCKWork(sys.NumVars(), nm), pt: make([]complex128, nm),
		x0: make([]*big.Float, N), box: make([]Interval, N)}
}

// certify decides one candidate: the complex float64 test first (unless
// the candidate asks for more precision), then the real form of the
// system in big.Float from 128 bits.
func (w *certWorker) certify(pt ComplexPoint, opt Options) SolutionCert {
	n := w.sys.NumVars()
	if opt.Prec <= 53 {
		if c, ok := w.certify64(pt); ok {
			return c
		}
		opt.Prec = 128
	}
	for j := range n {
		w.x0[j], w.x0[n+j] = pt.Re[j], pt.Im[j]
	}
	c := SolutionCert{DuplicateOf: -1, Radius: math.Inf(1)}
	if err := w.p.CertifyFloat(&w.res, w.x0, opt); err != nil {
		c.Reason = ReasonUndecided // cannot happen: the candidate was checked
		return c
	}
	c.Prec = max(w.res.Prec, opt.Prec)
	switch w.res.Status {
	case NoRoot:
		c.Reason = ReasonNoRoot
		return c
	case Undecided:
		c.Reason = ReasonUndecided
		if w.singularAt(pt) {
			c.Reason = ReasonSingular
		}
		return c
	}
	if !w.containsCandidate() {
		c.Reason = ReasonNotApproximate
		return c
	}
	c.Certified = true
	c.Region, c.Enclosure = toComplex(w.res.X, n), toComplex(w.res.Box, n)
	re, im := make([]Interval, n), make([]Interval, n)
	for j := range n {
		re[j].Set(&c.Enclosure[j].Re)
		im[j].Set(&c.Enclosure[j].Im)
	}
	c.Radius = radiusAbout(re, im, pt.Re, pt.Im)
	c.Real = w.realness(&c, opt.MaxPrec)
	return c
}

// certify64 runs the complex float64 test of ckrawczyk64.go and, if it
// proves a polydisc, returns the certificate: the region of uniqueness as
// the squares inscribed in its discs, the enclosure as the squares around
// the discs of K.
func (w *certWorker) certify64(pt ComplexPoint) (SolutionCert, bool) {
	n := w.sys.NumVars()
	x := make([]complex128, n)
	for j := range n {
		re, _ := pt.Re[j].Float64()
		im, _ := pt.Im[j].Float64()
		x[j] = complex(re, im)
	}
	pl, ck := w.sys.plan, w.ck
	exact := true // the candidate is a float64 vector: distances in float64
	for j := range n {
		_, a1 := pt.Re[j].Float64()
		_, a2 := pt.Im[j].Float64()
		exact = exact && a1 == big.Exact && a2 == big.Exact
	}
	dist := func(j int, c complex128) float64 {
		if exact {
			return CBall64{C: x[j]}.Add(CBall64{C: -c}).magUp()
		}
		return distUp(pt.Re[j], pt.Im[j], c)
	}
	if !ck.certify64(pl, x, w.pt, dist) {
		return SolutionCert{}, false
	}
	c := SolutionCert{Certified: true, DuplicateOf: -1, Prec: 53,
		Region: make([]CInterval, n), Enclosure: make([]CInterval, n),
		discs: &certDiscs{make([]CBall64, n), make([]CBall64, n)}}
	re, im := make([]Interval, n), make([]Interval, n)
	for j := range n {
		c.Region[j].SetCInterval64(regionRect(ck.m[j], ck.r[j])) // finite: the test passed
		c.discs.region[j] = CBall64{ck.m[j], ck.r[j]}
		c.discs.enclosure[j] = CBall64{ck.kc[j], ck.rk[j]}
		k := c.discs.enclosure[j].Rect()
		c.Enclosure[j].SetCInterval64(k)
		re[j].SetInterval64(k.Re)
		im[j].SetInterval64(k.Im)
		if k.Im.Lo > 0 || k.Im.Hi < 0 {
			c.Real = NonRealProved
		}
	}
	c.Radius = radiusAbout(re, im, pt.Re, pt.Im)
	if c.Real != NonRealProved && pl.realCoeffs && ck.realTest(pl) {
		c.Real = RealProved
	}
	return c, true
}

// containsCandidate makes sure the proved region w.res.X holds the
// candidate w.x0: if it does not, the box about the region's centre of
// twice the candidate's distance (plus the region's own radius) in every
// coordinate is tested, and on success becomes the result.
func (w *certWorker) containsCandidate() bool {
	inside := true
	for i := range w.x0 {
		if !w.res.X[i].Contains(w.x0[i]) {
			inside = false
		}
	}
	if inside {
		return true
	}
	var mid, d, r big.Float
	for i := range w.x0 {
		x := &w.res.X[i]
		prec := max(x.Prec(), w.x0[i].Prec())
		mid.SetPrec(prec).SetMode(big.ToNearestEven)
		x.Mid(&mid)
		x.RadAbout(r.SetPrec(prec), &mid)
		d.SetPrec(prec).SetMode(big.ToPositiveInf).Sub(w.x0[i], &mid)
		d.Abs(&d)
		d.SetMantExp(&d, 1).Add(&d, &r)
		b := &w.box[i]
		b.SetPrec(prec)
		b.modes()
		subDir(&b.Lo, &mid, &d)
		b.Hi.Add(&mid, &d)
	}
	if err := w.p.Test(&w.sym, w.box, 0); err != nil || w.sym.Status != Proved {
		return false
	}
	w.res.Status = Proved
	w.res.resize(len(w.box))
	for i := range w.box {
		w.res.X[i].SetPrec(w.sym.X[i].Prec()).Set(&w.sym.X[i])
		w.res.Box[i].SetPrec(w.sym.Box[i].Prec()).Set(&w.sym.Box[i])
	}
	return true
}

// distUp returns an upper bound of |(re + i·im) − c|.
func distUp(re, im *big.Float, c complex128) float64 {
	prec := max(re.Prec(), im.Prec(), 53)
	var a, b Interval
	a.SetPrec(prec)
	b.SetPrec(prec)
	a.SetFloat(re)
	b.SetFloat(im)
	var cr, ci Interval
	cr.SetFloat64(real(c))
	ci.SetFloat64(imag(c))
	a.Sub(&a, &cr)
	b.Sub(&b, &ci)
	a.Sqr(&a)
	b.Sqr(&b)
	a.Add(&a, &b)
	a.Sqrt(&a) // a ≥ 0
	v, acc := a.Hi.Float64()
	if acc == big.Below {
		v = up(v)
	}
	return v
}

// alphaAt runs the α-test at the candidate taken as the exact rationals
// it is (nil if the test cannot run).
func alphaAt(s poly.System[*poly.ComplexRat], pt ComplexPoint) *AlphaResult {
	x := make([]*poly.ComplexRat, len(pt.Re))
	for j := range x {
		re, _ := pt.Re[j].Rat(nil)
		im, _ := pt.Im[j].Rat(nil)
		x[j] = poly.NewComplexRat(re, im)
	}
	r, err := AlphaTestComplex(s, x)
	if err != nil {
		return nil
	}
	return r
}

// toComplex copies a real box of dimension 2n into n complex rectangles.
func toComplex(b []Interval, n int) []CInterval {
	out := make([]CInterval, n)
	for j := range n {
		out[j].Re.SetPrec(b[j].Prec()).Set(&b[j])
		out[j].Im.SetPrec(b[n+j].Prec()).Set(&b[n+j])
	}
	return out
}

// realness decides what can be proved about the certified root's
// realness: non-real if a coordinate's enclosure misses the real axis;
// real (for real coefficients) if a conjugation-invariant box around the
// region of uniqueness, or around the enclosure doubled, passes the
// Krawczyk test.
func (w *certWorker) realness(c *SolutionCert, maxPrec uint) Realness {
	for j := range c.Enclosure {
		im := &c.Enclosure[j].Im
		if im.Lo.Sign() > 0 || im.Hi.Sign() < 0 {
			return NonRealProved
		}
	}
	if !w.sys.RealCoefficients() {
		return RealUndecided
	}
	n := len(c.Enclosure)
	var a, t big.Float
	for pass := range 2 {
		from, inflate := c.Region, pass == 1
		if inflate {
			from = c.Enclosure
		}
		for j := range n {
			src := &from[j]
			prec := src.Prec()
			re := &w.box[j]
			re.SetPrec(prec).Set(&src.Re)
			a.SetPrec(prec)
			src.Im.Mag(&a)
			if inflate {
				// The enclosure's real part doubled about its centre.
				src.Re.Rad(&t)
				t.SetPrec(prec).SetMode(big.ToPositiveInf)
				subDir(re.Lo.SetMode(big.ToNegativeInf), &src.Re.Lo, &t)
				re.Hi.SetMode(big.ToPositiveInf).Add(&src.Re.Hi, &t)
				a.SetMantExp(&a, 1)
			}
			if a.Sign() == 0 {
				src.Re.Rad(&a) // a real box: give the imaginary part some room
			}
			im := &w.box[n+j]
			im.SetPrec(prec)
			im.SetBounds(t.SetPrec(prec).Neg(&a), &a) // −a exact: a symmetric box
		}
		if err := w.p.Test(&w.sym, w.box, maxPrec); err == nil && w.sym.Status == Proved {
			return RealProved
		}
	}
	return RealUndecided
}

// singularAt reports whether the float64 Jacobian at the candidate is
// singular to working precision (a zero pivot, or a reciprocal condition
// estimate below ε).
func (w *certWorker) singularAt(pt ComplexPoint) bool {
	N := w.sys.Dim()
	x := make([]float64, N)
	n := N / 2
	for j := range n {
		x[j], _ = pt.Re[j].Float64()
		x[n+j], _ = pt.Im[j].Float64()
	}
	jac := make([]float64, N*N)
	w.sys.Eval64(nil, jac, x)
	inv := make([]float64, N*N)
	work := make([]float64, N*N)
	if !invert64(inv, jac, work, N) {
		return true
	}
	norm := func(a []float64) float64 {
		m := 0.0
		for i := range N {
			s := 0.0
			for _, v := range a[i*N : i*N+N] {
				s += math.Abs(v)
			}
			m = max(m, s)
		}
		return m
	}
	return !(norm(jac)*norm(inv) < 1/0x1p-52)
}

// classify compares the certified candidates pairwise (a sweep along the
// first coordinate's real part), sets DuplicateOf, Distinct and the
// counts, and returns the candidates to certify again at higher
// precision: those in pairs whose enclosures meet while neither lies in
// the other's region.
func classify(set *SetCert) []int {
	sols := set.Solutions
	var idx []int
	for i := range sols {
		sols[i].DuplicateOf, sols[i].Distinct = -1, false
		if sols[i].Certified {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := sols[a].Enclosure[0].Re.Lo.Cmp(&sols[b].Enclosure[0].Re.Lo); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	parent := make(map[int]int, len(idx))
	find := func(i int) int {
		for {
			p, ok := parent[i]
			if !ok || p == i {
				return i
			}
			i = p
		}
	}
	undecided := map[[2]int]bool{}
	var redo []int
	for a, i := range idx {
		for _, j := range idx[a+1:] {
			if sols[j].Enclosure[0].Re.Lo.Cmp(&sols[i].Enclosure[0].Re.Hi) > 0 {
				break
			}
			if disjoint(sols[i].Enclosure, sols[j].Enclosure) {
				continue
			}
			if sameRoot(&sols[j], &sols[i]) || sameRoot(&sols[i], &sols[j]) {
				ri, rj := find(i), find(j)
				if ri != rj {
					parent[max(ri, rj)] = min(ri, rj)
				}
				continue
			}
			undecided[[2]int{min(i, j), max(i, j)}] = true
			redo = append(redo, i, j)
		}
	}
	set.Certified, set.CertifiedDistinct, set.CertifiedReal = len(idx), 0, 0
	var chosen []int // class representatives counted as distinct
	for _, i := range slices.Sorted(slices.Values(idx)) {
		r := find(i)
		if r != i {
			sols[i].DuplicateOf = r
			continue
		}
		ok := true
		for _, c := range chosen {
			if undecided[[2]int{min(c, i), max(c, i)}] {
				ok = false
				break
			}
		}
		if ok {
			chosen = append(chosen, i)
			sols[i].Distinct = true
			set.CertifiedDistinct++
			if sols[i].Real == RealProved {
				set.CertifiedReal++
			}
		}
	}
	slices.Sort(redo)
	return slices.Compact(redo)
}

// disjoint reports whether two boxes miss each other in some coordinate.
func disjoint(a, b []CInterval) bool {
	for j := range a {
		for _, p := range [][2]*Interval{{&a[j].Re, &b[j].Re}, {&a[j].Im, &b[j].Im}} {
			if p[0].Hi.Cmp(&p[1].Lo) < 0 || p[1].Hi.Cmp(&p[0].Lo) < 0 {
				return true
			}
		}
	}
	return false
}

// sameRoot reports whether a's enclosure lies in b's region of
// uniqueness, so that both certify the same root: by discs when both were
// decided in float64, else by rectangles.
func sameRoot(a, b *SolutionCert) bool {
	if a.discs == nil || b.discs == nil {
		return within(a.Enclosure, b.Region)
	}
	for j, k := range a.discs.enclosure {
		x := b.discs.region[j]
		// |k.C − x.C| + k.R < x.R, the difference's rounding included.
		d := CBall64{C: k.C}.Add(CBall64{C: -x.C})
		if !(upSum(d.magUp(), k.R) < x.R) {
			return false
		}
	}
	return true
}

// within reports whether box a lies in box b.
func within(a, b []CInterval) bool {
	for j := range a {
		if !a[j].Re.Subset(&b[j].Re) || !a[j].Im.Subset(&b[j].Im) {
			return false
		}
	}
	return true
}
