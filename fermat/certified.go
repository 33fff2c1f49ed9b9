package fermat

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Certified is the strategy "certified": a float strategy computes a
// candidate, and package certify proves where the Steiner point is
// (certify.FermatCertifier: exact existence, a Krawczyk box for the ψ
// system, and the branch test that makes the box's root THE Fermat
// point). It answers
//
//   - Found only for a proved point: Point is certify.FermatCert.Near (a
//     float64 point of the proved enclosure, usually the float64 nearest
//     to the Steiner point, or the enclosure's centre rounded); Result.Cert
//     holds the enclosure (the exact Steiner point lies within Cert.Radius
//     of (Cert.X, Cert.Y) in the max norm);
//   - None when no Steiner point exists (decided exactly);
//   - Failed when the Steiner point exists but the float strategy found
//     nothing, or its answer is provably not the Steiner point and no
//     enclosure was found from it;
//   - Undecided when the certificate could not decide within MaxPrec.
//
// Newton's method in the proof starts from the candidate and may move it
// (by about the candidate's error): a proved point is Found even if the
// candidate itself was off by more than Tol — Prove reports that verdict.
//
// The zero value is ready to use (float strategy "auto", float64
// interval arithmetic first); it is safe for concurrent use.
type Certified struct {
	// Base names the float strategy (DefaultName if ""); Float, if not
	// nil, is used instead. Neither may be a Certified strategy.
	Base  string
	Float Solver
	// Prec is the first working precision in bits (0: float64 interval
	// arithmetic first, rising only when needed); MaxPrec caps it
	// (certify.DefaultMaxPrec if 0).
	Prec, MaxPrec uint
	// Tol is the candidate's tolerance relative to the triangle's size,
	// for the verdict Prove returns (certify.DefaultFermatTol if 0).
	Tol float64
}

func init() { register(Certified{}) }

// certifiers holds FermatCertifiers: they keep workspaces and are not safe
// for concurrent use, Certified is.
var certifiers = sync.Pool{New: func() any { return certify.NewFermatCertifier() }}

// Name returns "certified".
func (Certified) Name() string { return "certified" }

// Fermat implements Solver.
func (s Certified) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	return fermatOf(s, a, b, c)
}

// Solve implements Strategy.
func (s Certified) Solve(a, b, c hyperbolic.Point) (Result, error) {
	r, _, err := s.Prove(a, b, c)
	return r, err
}

// WithPrec implements Precision: the strategy starting at prec bits (at
// least 53; the cap is raised to prec if lower).
func (s Certified) WithPrec(prec uint) (Solver, error) {
	if prec < 53 || prec > 1<<20 {
		return nil, fmt.Errorf("fermat: precision %d bits: want 53 to %d", prec, 1<<20)
	}
	s.Prec = prec
	if s.MaxPrec != 0 {
		s.MaxPrec = max(s.MaxPrec, prec)
	} else {
		s.MaxPrec = max(certify.DefaultMaxPrec, prec)
	}
	return s, nil
}

// Fermat4 implements FourSolver: the float strategy's 4-terminal method
// (the alternation for a strategy without one) with certified 3-terminal
// solves.
func (s Certified) Fermat4(p, q, r, u hyperbolic.Point, local float64) Four {
	f, err := s.float()
	if err != nil {
		return Four{Status: Failed}
	}
	if fw, ok := f.(fourWith); ok {
		return fw.fourWith(s).Fermat4(p, q, r, u, local)
	}
	return Alternation{Plane: plane.Hyperbolic, Solver: s}.Fermat4(p, q, r, u, local)
}

// float returns the float strategy.
func (s Certified) float() (Solver, error) {
	f := s.Float
	if f == nil {
		var err error
		if f, err = ByName(s.Base); err != nil {
			return nil, err
		}
	}
	if _, ok := f.(Certified); ok {
		return nil, fmt.Errorf("fermat: the certified strategy needs a float strategy, not %q", f.Name())
	}
	return f, nil
}

// Prove is Solve with the full certificate: its status is the verdict on
// the float strategy's candidate (certified, refuted, none, undecided),
// and when Proved it holds the enclosure, its precision and
// Digits(). The certificate is nil when the solve ended before
// certification (no Steiner point, or the float strategy found none).
func (s Certified) Prove(a, b, c hyperbolic.Point) (Result, *certify.FermatCert, error) {
	_, r, done, err := begin(a, b, c)
	if done {
		return r, nil, err
	}
	f, err := s.float()
	if err != nil {
		return r, nil, err
	}
	if st, ok := f.(Strategy); ok {
		fr, err := st.Solve(a, b, c)
		if err != nil {
			return r, nil, err
		}
		r = fr
	} else {
		r.Point, r.Status = f.Fermat(a, b, c)
		r.Method = f.Name()
	}
	r.Cert = nil
	if r.Status != Found {
		// begin decided exactly that the Steiner point exists.
		r.Point, r.Status = hyperbolic.Point{}, Failed
		return r, nil, nil
	}
	fc := certifiers.Get().(*certify.FermatCertifier)
	defer certifiers.Put(fc)
	cert := new(certify.FermatCert)
	if err := fc.Certify(cert, a, b, c, r.Point, certify.FermatOptions{Prec: s.Prec, MaxPrec: s.MaxPrec, Tol: s.Tol}); err != nil {
		return r, nil, err
	}
	switch {
	case cert.Proved:
		r.Point, r.Status = cert.Near, Found
		r.Cert = &Certificate{
			X:      new(big.Float).Copy(&cert.Mid[0]),
			Y:      new(big.Float).Copy(&cert.Mid[1]),
			Radius: new(big.Float).Copy(&cert.Radius),
		}
	case cert.Status == certify.FermatRefuted:
		r.Point, r.Status = hyperbolic.Point{}, Failed
	case cert.Status == certify.FermatNone: // cannot happen: begin decided existence
		r.Point, r.Status = hyperbolic.Point{}, None
	default:
		r.Point, r.Status = hyperbolic.Point{}, Undecided
	}
	return r, cert, nil
}
