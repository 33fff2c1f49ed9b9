package certify

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// DefaultFermatTol is the tolerance of a candidate, relative to the
// triangle's size, when FermatOptions.Tol is 0. Float64 solvers reach
// ~1e-15 relative on well-conditioned triangles, so the default separates
// "accurate to float precision, give or take conditioning" from "a
// different point"; ask for what your application needs.
//
// The tolerance actually applied (FermatCert.TolAbs) is
// Tol·size + 2⁻⁵⁰·M, M the largest vertex coordinate in magnitude: four
// units in the last place of the coordinates, the float64 resolution at
// the triangle (at least 2⁻¹⁰⁷², four steps of the subnormal grid). No float64 point can be closer to the Fermat point than
// half an ulp per coordinate, so for a tiny triangle far from the origin
// (sides ~1e-7 at |x| ~ 0.9) a purely relative tolerance would reject
// every possible float64 answer.
const DefaultFermatTol = 1e-10

// FermatOptions tune FermatCertifier.Certify. The zero value is a good
// default: float64 interval arithmetic first, DefaultFermatTol.
type FermatOptions struct {
	// Prec is the first working precision in bits (≤ 53: the float64
	// fast path); MaxPrec caps it (DefaultMaxPrec if 0).
	Prec, MaxPrec uint
	// Tol is the claimed accuracy of the candidate relative to the
	// triangle's size (FermatCert.Size); 0 means DefaultFermatTol.
	Tol float64
	// Abs, when positive, is the claimed accuracy itself (FermatCert.
	// TolAbs, max norm, in the plane's coordinates), in place of the
	// relative Tol: for a claim stated as a radius.
	Abs float64
	// Quick tries first a float64 proof in midpoint-radius arithmetic,
	// four times cheaper, whose box may be a few ulps wider: for a
	// caller that needs the verdict rather than the tightest enclosure.
	// It only ever certifies; every other verdict is the usual proof's.
	Quick bool
}

// FermatCert is the certificate of a Fermat point. Its big.Float fields
// are reused by the next Certify into the same FermatCert.
type FermatCert struct {
	Status FermatStatus
	// Wide is, for FermatNone, the vertex (0, 1, 2) whose angle is
	// ≥ 120°, or −1 if two vertices coincide; Equal120 says that angle
	// is exactly 120°. Wide is −1 for the other statuses.
	Wide     int
	Equal120 bool
	// Candidate is the point judged; Size the triangle's size (the largest
	// coordinate difference between two vertices); TolAbs, the radius (max
	// norm) within which the candidate claims the Fermat point, is
	// Tol·Size plus four ulps of the coordinates (see DefaultFermatTol).
	// These and the verdict are in float64 as computed: the verdict is
	// exact with respect to the TolAbs recorded here.
	Candidate hyperbolic.Point
	Size      float64
	TolAbs    float64
	// Proved: Box encloses the Fermat point of the triangle — the unique
	// point of the disk where all three sides are seen under 120°. The
	// fields below are valid only when Proved is true.
	Proved bool
	// Prec is the precision of the proof in bits (53: float64).
	Prec uint
	// Box is the enclosure: Box[0] ∋ x, Box[1] ∋ y.
	Box [2]Interval
	// Mid and Radius describe Box as a max-norm ball: every point of Box
	// lies within Radius of Mid (Radius rounded up).
	Mid    [2]big.Float
	Radius big.Float
	// Offset is an upper bound of the max-norm distance from Candidate to
	// every point of Box, hence to the Fermat point.
	Offset big.Float
	// Cos encloses, over Box (or a box containing it), the cosines of the
	// angles under which the sides (a,b), (b,c), (c,a) are seen; each
	// contains −1/2.
	Cos [3]Interval
	// AngleErr bounds, in degrees, how far from 120° any of the three
	// angles is at any point of Box (so at Mid): see AngleDev120.
	AngleErr float64
	// Near is the float64 answer: the float64 Newton iterate the proof
	// was centred on if it lies in Box (usually the float64 nearest to the
	// Fermat point), else Mid rounded to the nearest float64 (for boxes
	// narrower than a float64 ulp, the nearest float64 itself).
	Near hyperbolic.Point
}

// midPoint returns Mid rounded to the nearest float64 point.
func (c *FermatCert) midPoint() hyperbolic.Point {
	x, _ := c.Mid[0].Float64()
	y, _ := c.Mid[1].Float64()
	return hyperbolic.Point{X: x, Y: y}
}

// Digits returns the number of significant decimal digits of Mid that
// are correct: the largest k with 10ᵏ·Radius ≤ max(|Mid₀|, |Mid₁|),
// computed exactly (0 if not Proved or there is no such k ≥ 0).
func (c *FermatCert) Digits() int {
	if !c.Proved {
		return 0
	}
	m := new(big.Float).SetPrec(c.Prec + 64).SetMode(big.ToZero)
	m.Abs(&c.Mid[0])
	if t := new(big.Float).Abs(&c.Mid[1]); t.Cmp(m) > 0 {
		m.Set(t)
	}
	if c.Radius.Sign() == 0 {
		return int(float64(c.Prec) * math.Log10(2))
	}
	q := m.Quo(m, &c.Radius) // rounded toward zero: ≤ the exact ratio
	n, _ := q.Int(nil)
	if n.Sign() == 0 {
		return 0
	}
	return len(n.String()) - 1
}

// FermatCertifier proves Fermat points of hyperbolic triangles (Klein
// model). It keeps its workspaces across calls, so that certifying many
// triangles allocates little; it is not safe for concurrent use (make
// one per goroutine).
type FermatCertifier struct {
	sys    psiSystem
	prover *Prover
	res    Result
	x0     []Interval
	p3     bigPair
	cand   [2]big.Float
	u, v   big.Float
	cos64  [3]Interval64 // by pair of the rotated terminals
	pt     [3]pair64
	rot    int // the system's terminals are (a, b, c) turned by rot
}

// NewFermatCertifier returns a FermatCertifier.
func NewFermatCertifier() *FermatCertifier {
	fc := &FermatCertifier{x0: make([]Interval, 2)}
	fc.prover, _ = NewProver(&fc.sys) // Dim() = 2: cannot fail
	return fc
}

// CertifyFermat is FermatCertifier.Certify with a fresh certifier and
// certificate.
func CertifyFermat(a, b, c, candidate hyperbolic.Point, opt FermatOptions) (*FermatCert, error) {
	cert := new(FermatCert)
	return cert, NewFermatCertifier().Certify(cert, a, b, c, candidate, opt)
}

// Certify proves where the Fermat point of the triangle (a, b, c) is and
// judges the candidate, which claims the Fermat point within TolAbs
// (opt.Tol·Size plus four ulps, see DefaultFermatTol) of it in the max
// norm (Klein coordinates). The coordinates are taken as the exact dyadic
// rationals they are.
//
// The proof has three parts.
//
//  1. Existence, decided exactly by isoptic.SteinerExists: the Fermat
//     point exists iff every angle of the triangle is < 120°; otherwise
//     the status is FermatNone.
//  2. A Krawczyk proof (Prover) that a box X holds exactly one root s* of
//     the ψ system F = (ψ_ab, ψ_bc), ψ = A² − B/4, enclosed by
//     Box = K(X) ⊆ X, starting from the candidate and raising the
//     precision as needed.
//  3. The branch test on Box: A_ab, A_bc and A_ca < 0 on all of Box, and
//     Box inside the open unit disk.
//
// Why that proves s* is THE Fermat point: s* is in the disk; at s*,
// ψ = 0 means A² = B/4, and A < 0 makes A ≠ 0, so B = 4A² > 0 (s* is
// not a terminal, where B = 0) and cos θ = A/√B = −1/2: s* sees (a,b) and
// (b,c) under exactly 120°. The directions from s* to a and to c are
// then the direction to b turned by ±120° each; if both turn the same
// way, a and c are seen in the same direction (angle 0, cos = +1,
// A_ca > 0), which A_ca < 0 excludes — this is the one real root of the
// ψ system inside the disk that the two equations alone do not exclude,
// besides the 60° branch (A > 0) and the shared terminal b (A = 0). So
// the three unit vectors from s* towards a, b, c are 120° apart and sum
// to zero: s* is a critical point of f(s) = Σ d(s, v), which is strictly
// convex on the hyperbolic plane for non-collinear terminals, hence the
// unique minimiser, the Fermat point. (Collinear terminals have an angle
// of 180° and were answered None in step 1.)
//
// The verdict: certified when every point of Box is within TolAbs of the
// candidate (Offset ≤ TolAbs); refuted when no point of Box is, or when
// the box candidate ± TolAbs provably holds no root of the ψ system
// (K(X) ∩ X = ∅), or holds exactly one that fails the branch test; else
// the precision is raised, and at the cap the answer is undecided.
//
// Certify returns an error only for invalid input: a vertex that is not a
// finite point of the open unit disk (an *isoptic.InputError), a
// non-finite candidate, or a negative or non-finite opt.Tol. Coincident
// vertices are not an error: the status is FermatNone with Wide = −1.
func (fc *FermatCertifier) Certify(cert *FermatCert, a, b, c, cand hyperbolic.Point, opt FermatOptions) error {
	if done, err := fc.prepare(cert, a, b, c, cand, opt); done || err != nil {
		return err
	}
	maxPrec := opt.MaxPrec
	if maxPrec == 0 {
		maxPrec = DefaultMaxPrec
	}
	prec := max(opt.Prec, 53)
	maxPrec = max(maxPrec, prec)
	if prec == 53 && ((opt.Quick && fc.ball64(cert)) || fc.fast64(cert)) {
		return nil
	}
	// Search from the candidate; if that proves nothing (a candidate near
	// a terminal or another root of ψ, say), from the centroid, so that a
	// bad candidate is still judged against the proved Fermat point.
	starts := [2][]float64{{cand.X, cand.Y}, {(a.X + b.X + c.X) / 3, (a.Y + b.Y + c.Y) / 3}}
	for _, x0 := range starts {
		if err := fc.search(cert, x0, prec, maxPrec); err != nil || cert.Proved {
			return err // proved: the verdict is in cert.Status (maybe undecided)
		}
	}
	return fc.testClaim(cert, maxPrec)
}

// prepare checks the input, decides existence, sets the tolerance and
// loads the ψ system; done is true when the verdict is already in cert
// (no Fermat point).
func (fc *FermatCertifier) prepare(cert *FermatCert, a, b, c, cand hyperbolic.Point, opt FermatOptions) (done bool, err error) {
	if err := checkFermatArgs(a, b, c, cand, opt); err != nil {
		return false, err
	}
	cert.Status, cert.Wide, cert.Equal120, cert.Proved = FermatUndecided, -1, false, false
	cert.Candidate, cert.Size, cert.TolAbs, cert.AngleErr = cand, 0, 0, math.Inf(1)
	e, err := isoptic.SteinerExists(a, b, c)
	if err != nil {
		if errors.Is(err, isoptic.ErrCoincident) {
			cert.Status = FermatNone
			return true, nil
		}
		return false, err
	}
	vs := [3]hyperbolic.Point{a, b, c}
	cert.Size, cert.TolAbs = fermatTol(&vs, opt)
	if !e.Exists {
		cert.Status, cert.Wide = FermatNone, e.WideVertex()
		cert.Equal120 = e.Equal[cert.Wide]
		return true, nil
	}
	// The ψ system (ψ_xy, ψ_yz) has the shared terminal y as a singular
	// root: make y the vertex farthest from the candidate, so that a Fermat
	// point close to a vertex (an angle near 120°) is not next to it.
	fc.rot = 0
	far := -1.0
	for i, v := range vs {
		if d := max(math.Abs(v.X-cand.X), math.Abs(v.Y-cand.Y)); d > far {
			far, fc.rot = d, (i+2)%3 // t[1] = vs[(1 + rot) % 3] = vs[i]
		}
	}
	r := fc.rot
	if err := fc.sys.set(vs[r], vs[(r+1)%3], vs[(r+2)%3]); err != nil {
		return false, err
	}
	fc.cand[0].SetPrec(53).SetFloat64(cand.X)
	fc.cand[1].SetPrec(53).SetFloat64(cand.Y)
	return false, nil
}

// search runs the Prover from x0 and, when it proves THE Fermat point,
// judges the candidate, sharpening the enclosure until the verdict is
// decided or the precision cap is reached.
func (fc *FermatCertifier) search(cert *FermatCert, x0 []float64, prec, maxPrec uint) error {
	for prec <= maxPrec {
		if err := fc.prover.Certify(&fc.res, x0, Options{Prec: prec, MaxPrec: maxPrec}); err != nil {
			return err
		}
		if fc.res.Status != Proved || fc.branch(cert, fc.res.Box, fc.res.Prec) != branchOK {
			return nil // no root, or one that is not the Fermat point, or cannot tell
		}
		fc.fill(cert, &fc.res)
		if cert.Status = fc.judge(cert); cert.Status != FermatUndecided {
			return nil
		}
		prec = nextPrec(fc.res.Prec) // Box too wide to judge: sharpen it
	}
	return nil
}

// testClaim decides the candidate's box itself when the search from the
// candidate proved nothing usable.
func (fc *FermatCertifier) testClaim(cert *FermatCert, maxPrec uint) error {
	for i, v := range [2]float64{cert.Candidate.X, cert.Candidate.Y} {
		lo, hi := addDown(v, -cert.TolAbs), addUp(v, cert.TolAbs) // ⊇ v ± TolAbs
		fc.x0[i].SetPrec(53)
		if _, err := fc.x0[i].SetInterval64(Interval64{lo, hi}); err != nil {
			return err
		}
	}
	if err := fc.prover.Test(&fc.res, fc.x0, maxPrec); err != nil {
		return err
	}
	switch fc.res.Status {
	case NoRoot:
		cert.Status = FermatRefuted // no root of ψ at all near the candidate
	case Proved:
		switch fc.branch(cert, fc.res.Box, fc.res.Prec) {
		case branchOK:
			// X was rounded outward, so Box ⊆ X does not quite prove the
			// claim: judge Box against the exact tolerance.
			fc.fill(cert, &fc.res)
			cert.Status = fc.judge(cert)
		case branchNot:
			cert.Status = FermatRefuted // the only root of ψ there is not the Fermat point
		}
	}
	return nil
}

// fill copies the enclosure of res into cert (after a branch test passed,
// which set cert.Cos).
func (fc *FermatCertifier) fill(cert *FermatCert, res *Result) {
	cert.Proved, cert.Prec = true, res.Prec
	cert.Radius.SetPrec(res.Prec).SetMode(big.ToPositiveInf).SetInt64(0)
	cert.Offset.SetPrec(res.Prec).SetMode(big.ToPositiveInf).SetInt64(0)
	for i := range 2 {
		bx := &cert.Box[i]
		bx.SetPrec(res.Box[i].Prec()).Set(&res.Box[i])
		cert.Mid[i].SetPrec(0)
		bx.Mid(&cert.Mid[i])
		fc.u.SetPrec(res.Prec)
		if bx.RadAbout(&fc.u, &cert.Mid[i]).Cmp(&cert.Radius) > 0 {
			cert.Radius.Set(&fc.u)
		}
		if bx.RadAbout(&fc.u, &fc.cand[i]).Cmp(&cert.Offset) > 0 {
			cert.Offset.Set(&fc.u)
		}
	}
	cert.AngleErr = 0
	for k := range cert.Cos {
		cert.AngleErr = max(cert.AngleErr, AngleDev120(&cert.Cos[k]))
	}
	cert.Near = cert.midPoint()
}

// judge compares the enclosure with the candidate's claim: certified if
// Offset ≤ TolAbs, refuted if some coordinate of every point of Box is
// more than TolAbs from the candidate's, else undecided.
func (fc *FermatCertifier) judge(cert *FermatCert) FermatStatus {
	tol := fc.v.SetPrec(53).SetFloat64(cert.TolAbs)
	if cert.Offset.Cmp(tol) <= 0 {
		return FermatCertified
	}
	for i := range 2 {
		bx := &cert.Box[i]
		gap := fc.u.SetPrec(cert.Prec).SetMode(big.ToNegativeInf)
		// gap ≤ Lo − cand or gap ≤ cand − Hi, rounded down: a lower bound
		// of the distance from the candidate's coordinate to Box[i].
		if bx.Lo.Cmp(&fc.cand[i]) > 0 {
			subDir(gap, &bx.Lo, &fc.cand[i])
		} else if bx.Hi.Cmp(&fc.cand[i]) < 0 {
			subDir(gap, &fc.cand[i], &bx.Hi)
		} else {
			continue
		}
		if gap.Cmp(tol) > 0 {
			return FermatRefuted
		}
	}
	return FermatUndecided
}

type branchVerdict int

const (
	branchUnknown branchVerdict = iota
	branchOK                    // A < 0 for the three pairs and inside the disk, on all of the box
	branchNot                   // some A > 0, or outside the disk, on all of the box
)

// branch runs the branch test of Certify on box and, when it passes,
// leaves the cosine enclosures in cert.Cos.
func (fc *FermatCertifier) branch(cert *FermatCert, box []Interval, prec uint) branchVerdict {
	if prec == 53 {
		v := fc.branch64([2]Interval64{box[0].Interval64(), box[1].Interval64()})
		if v == branchOK {
			for k := range fc.cos64 {
				c := &cert.Cos[(k+fc.rot)%3]
				c.SetPrec(53)
				c.SetInterval64(fc.cos64[k]) // finite
			}
		}
		return v
	}
	t := &fc.p3
	v := branchOK
	// disk: x² + y² < 1
	t.setPrec(prec)
	t.t1.Sqr(&box[0])
	t.t2.Sqr(&box[1])
	t.t3.Add(&t.t1, &t.t2)
	switch {
	case t.t3.Lo.Cmp(one) >= 0:
		return branchNot
	case t.t3.Hi.Cmp(one) >= 0:
		v = branchUnknown
	}
	tb := fc.sys.bigTerminals()
	for k := range 3 {
		t.eval(&tb[k], &tb[(k+1)%3], box, prec, false)
		switch {
		case t.a.Lo.Sign() > 0:
			return branchNot
		case t.a.Hi.Sign() >= 0:
			v = branchUnknown
		}
		if v != branchOK {
			continue
		}
		c := &cert.Cos[(k+fc.rot)%3]
		c.SetPrec(prec)
		t.t1.Mul(&t.bx, &t.by)
		if _, err := t.t2.Sqrt(&t.t1); err != nil {
			v = branchUnknown
			continue
		}
		if _, err := c.Quo(&t.a, &t.t2); err != nil {
			v = branchUnknown
		}
	}
	return v
}

// branch64 is the branch test in float64; when it passes, the cosine
// enclosures are left in fc.cos64.
func (fc *FermatCertifier) branch64(s [2]Interval64) branchVerdict {
	var pt [3]pair64
	for k := range pt {
		evalPair64(&pt[k], fc.sys.t[k], fc.sys.t[(k+1)%3], s, false)
	}
	return fc.branchTerms64(s, &pt)
}

// branchTerms64 is branch64 with the pair terms (a,b), (b,c), (c,a) over
// s given.
func (fc *FermatCertifier) branchTerms64(s [2]Interval64, pt *[3]pair64) branchVerdict {
	v := branchOK
	switch r := s[0].Sqr().Add(s[1].Sqr()); {
	case r.Lo >= 1:
		return branchNot
	case r.Hi >= 1:
		v = branchUnknown
	}
	for k := range pt {
		t := &pt[k]
		switch {
		case t.a.Lo > 0:
			return branchNot
		case t.a.Hi >= 0:
			v = branchUnknown
		}
		if v != branchOK {
			continue
		}
		r, err := t.bx.Mul(t.by).Sqrt()
		if err != nil {
			v = branchUnknown
			continue
		}
		cs, err := t.a.Quo(r)
		if err != nil {
			v = branchUnknown
			continue
		}
		fc.cos64[k] = cs
	}
	return v
}

// checkFermatArgs rejects a non-finite vertex or candidate and a negative
// or non-finite tolerance.
func checkFermatArgs(a, b, c, cand hyperbolic.Point, opt FermatOptions) error {
	if math.IsNaN(opt.Tol) || math.IsInf(opt.Tol, 0) || opt.Tol < 0 {
		return fmt.Errorf("certify: Fermat tolerance %g: %w", opt.Tol, ErrInvalid)
	}
	if math.IsNaN(opt.Abs) || math.IsInf(opt.Abs, 0) || opt.Abs < 0 {
		return fmt.Errorf("certify: Fermat tolerance %g: %w", opt.Abs, ErrInvalid)
	}
	for i, v := range [3]hyperbolic.Point{a, b, c} {
		if !finite(v.X) || !finite(v.Y) {
			return fmt.Errorf("certify: vertex %d (%g, %g) is not finite: %w", i, v.X, v.Y, ErrInvalid)
		}
	}
	if !finite(cand.X) || !finite(cand.Y) {
		return fmt.Errorf("certify: candidate (%g, %g) is not finite: %w", cand.X, cand.Y, ErrInvalid)
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
