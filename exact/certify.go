package exact

import (
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/poly"
	"github.com/hypersteiner/hypersteiner/sll"
)

// certifyTree proves, for each Steiner point of degree 3, that it is the
// Fermat point of its three neighbours (within certify.DefaultFermatTol of
// the triangle's size), and counts the proved and the others.
func certifyTree(g geom, t *sll.Tree) (ok, failed int) {
	nb := make([][]hyperbolic.Point, len(t.Vertices))
	for _, e := range t.Edges {
		nb[e[0]] = append(nb[e[0]], t.Vertices[e[1]])
		nb[e[1]] = append(nb[e[1]], t.Vertices[e[0]])
	}
	for v := t.Terminals; v < len(t.Vertices); v++ {
		if len(nb[v]) == 3 && certifyPoint(g, t.Vertices[v], [3]hyperbolic.Point{nb[v][0], nb[v][1], nb[v][2]}) {
			ok++
		} else {
			failed++
		}
	}
	return ok, failed
}

func certifyPoint(g geom, s hyperbolic.Point, p [3]hyperbolic.Point) bool {
	if !g.hyp {
		return certifyEuclidean(s, p)
	}
	c, err := certify.CertifyFermat(p[0], p[1], p[2], s, certify.FermatOptions{})
	return err == nil && c.Status == certify.FermatCertified
}

// certifyEuclidean proves that the Euclidean Fermat point of the triangle
// p lies within certify.DefaultFermatTol of the triangle's size from s
// (max norm), in the way certify.FermatCertifier does for the hyperbolic
// plane. With A_uv(x) = (u − x)·(v − x) and B_uv(x) = |u − x|²|v − x|², a
// point sees the side uv under 120° iff A_uv < 0 and ψ_uv = A_uv² − B_uv/4
// = 0. A Krawczyk proof (certify.Prover on the exact rational polynomials
// ψ_ab, ψ_bc) encloses a unique root of the ψ system in a box; if A_ab,
// A_bc and A_ca are negative on the whole box (interval arithmetic), the
// root sees ab and bc under 120° and ca not under 0°, so the unit vectors
// towards a, b, c are 120° apart and sum to zero: the root is the Fermat
// point (the unique minimiser of the strictly convex sum of distances).
func certifyEuclidean(s hyperbolic.Point, p [3]hyperbolic.Point) bool {
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	x, y := poly.Var[*big.Rat](2, 0), poly.Var[*big.Rat](2, 1)
	dx := func(q hyperbolic.Point) (poly.Poly[*big.Rat], poly.Poly[*big.Rat]) {
		return poly.Const(2, r(q.X)).Sub(x), poly.Const(2, r(q.Y)).Sub(y)
	}
	psi := func(u, v hyperbolic.Point) poly.Poly[*big.Rat] {
		ux, uy := dx(u)
		vx, vy := dx(v)
		a := ux.Mul(vx).Add(uy.Mul(vy))
		b := ux.Mul(ux).Add(uy.Mul(uy)).Mul(vx.Mul(vx).Add(vy.Mul(vy)))
		return a.Mul(a).Sub(b.Scale(big.NewRat(1, 4)))
	}
	sys, err := certify.NewPolySystem(psi(p[0], p[1]), psi(p[1], p[2]))
	if err != nil {
		return false
	}
	pr, err := certify.NewProver(sys)
	if err != nil {
		return false
	}
	// The float64 proof may give a box wider than the tolerance for an
	// ill-conditioned triangle (a short edge); the enclosure shrinks with
	// the precision.
	for _, prec := range []uint{53, 128, 256} {
		switch ok, done := proveEuclidean(pr, s, p, prec); {
		case ok:
			return true
		case done:
			return false
		}
	}
	return false
}

// proveEuclidean runs one proof at the given starting precision: ok when
// it proved the point, done when it proved that it is not (or could not
// prove a root at all).
func proveEuclidean(pr *certify.Prover, s hyperbolic.Point, p [3]hyperbolic.Point, prec uint) (ok, done bool) {
	var res certify.Result
	if err := pr.Certify(&res, []float64{s.X, s.Y}, certify.Options{Prec: prec}); err != nil || res.Status != certify.Proved {
		return false, true
	}
	const ip = 256
	iv := func(v float64) *certify.Interval {
		z, _ := new(certify.Interval).SetPrec(ip).SetFloat64(v)
		return z
	}
	// A_uv over the box must be negative.
	for i := range p {
		u, v := p[i], p[(i+1)%3]
		ux := new(certify.Interval).SetPrec(ip).Sub(iv(u.X), &res.Box[0])
		uy := new(certify.Interval).SetPrec(ip).Sub(iv(u.Y), &res.Box[1])
		vx := new(certify.Interval).SetPrec(ip).Sub(iv(v.X), &res.Box[0])
		vy := new(certify.Interval).SetPrec(ip).Sub(iv(v.Y), &res.Box[1])
		a := new(certify.Interval).SetPrec(ip).Mul(ux, vx)
		a.Add(a, new(certify.Interval).SetPrec(ip).Mul(uy, vy))
		if a.Hi.Sign() >= 0 {
			return false, true
		}
	}
	// The candidate within the tolerance of every point of the box.
	size := 0.0
	for i := range p {
		j := (i + 1) % 3
		size = max(size, math.Abs(p[i].X-p[j].X), math.Abs(p[i].Y-p[j].Y))
	}
	tol := new(big.Float).SetFloat64(certify.DefaultFermatTol * size)
	for k, c := range []float64{s.X, s.Y} {
		cf := new(big.Float).SetFloat64(c)
		lo := new(big.Float).SetPrec(ip).Sub(cf, &res.Box[k].Lo)
		hi := new(big.Float).SetPrec(ip).Sub(&res.Box[k].Hi, cf)
		if lo.Abs(lo).Cmp(tol) > 0 || hi.Abs(hi).Cmp(tol) > 0 {
			return false, false // the box may shrink at a higher precision
		}
	}
	return true, true
}
