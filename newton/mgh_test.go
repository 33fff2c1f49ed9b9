package newton_test

import (
	"math"

	"github.com/hypersteiner/hypersteiner/newton"
)

// The fourteen nonlinear-equation test problems of Moré, Garbow and
// Hillstrom, "Testing unconstrained optimization software", ACM TOMS 7
// (1981), as MINPACK-1's drivers define them (vecfcn, vecjac, initpt),
// written here from their mathematical definitions. Vectors are 0-based in
// the code; the comments use the papers' 1-based indices.

type mghProblem struct {
	nprob int
	name  string
	f     func(f, x []float64)   // F(x); n = len(x)
	jac   func(jac, x []float64) // row-major n×n Jacobian
	start func(x []float64)      // the standard starting point
}

// mghStart returns factor times the standard starting point of p, except
// that the Watson function (standard point 0) starts at x_j = factor when
// factor ≠ 1, as MINPACK's initpt does.
func mghStart(p mghProblem, n int, factor float64) []float64 {
	x := make([]float64, n)
	p.start(x)
	if factor != 1 {
		for j := range x {
			if p.nprob == 6 {
				x[j] = factor
			} else {
				x[j] *= factor
			}
		}
	}
	return x
}

func (p mghProblem) system(n int, withJac bool) newton.System {
	s := newton.System{M: n, F: p.f}
	if withJac {
		s.Jac = p.jac
	}
	return s
}

func zero(a []float64) {
	for i := range a {
		a[i] = 0
	}
}

var mghProblems = []mghProblem{
	{1, "Rosenbrock",
		func(f, x []float64) {
			f[0] = 1 - x[0]
			f[1] = 10 * (x[1] - x[0]*x[0])
		},
		func(jac, x []float64) {
			jac[0], jac[1] = -1, 0
			jac[2], jac[3] = -20*x[0], 10
		},
		func(x []float64) { x[0], x[1] = -1.2, 1 }},

	{2, "Powell singular",
		func(f, x []float64) {
			f[0] = x[0] + 10*x[1]
			f[1] = math.Sqrt(5) * (x[2] - x[3])
			a := x[1] - 2*x[2]
			f[2] = a * a
			b := x[0] - x[3]
			f[3] = math.Sqrt(10) * b * b
		},
		func(jac, x []float64) {
			zero(jac)
			jac[0*4+0], jac[0*4+1] = 1, 10
			jac[1*4+2], jac[1*4+3] = math.Sqrt(5), -math.Sqrt(5)
			a := 2 * (x[1] - 2*x[2])
			jac[2*4+1], jac[2*4+2] = a, -2*a
			b := 2 * math.Sqrt(10) * (x[0] - x[3])
			jac[3*4+0], jac[3*4+3] = b, -b
		},
		func(x []float64) { x[0], x[1], x[2], x[3] = 3, -1, 0, 1 }},

	{3, "Powell badly scaled",
		func(f, x []float64) {
			f[0] = 1e4*x[0]*x[1] - 1
			f[1] = math.Exp(-x[0]) + math.Exp(-x[1]) - 1.0001
		},
		func(jac, x []float64) {
			jac[0], jac[1] = 1e4*x[1], 1e4*x[0]
			jac[2], jac[3] = -math.Exp(-x[0]), -math.Exp(-x[1])
		},
		func(x []float64) { x[0], x[1] = 0, 1 }},

	{4, "Wood",
		func(f, x []float64) {
			t1 := x[1] - x[0]*x[0]
			t2 := x[3] - x[2]*x[2]
			f[0] = -200*x[0]*t1 - (1 - x[0])
			f[1] = 200*t1 + 20.2*(x[1]-1) + 19.8*(x[3]-1)
			f[2] = -180*x[2]*t2 - (1 - x[2])
			f[3] = 180*t2 + 20.2*(x[3]-1) + 19.8*(x[1]-1)
		},
		func(jac, x []float64) {
			zero(jac)
			jac[0*4+0] = -200*(x[1]-3*x[0]*x[0]) + 1
			jac[0*4+1] = -200 * x[0]
			jac[1*4+0] = -400 * x[0]
			jac[1*4+1] = 200 + 20.2
			jac[1*4+3] = 19.8
			jac[2*4+2] = -180*(x[3]-3*x[2]*x[2]) + 1
			jac[2*4+3] = -180 * x[2]
			jac[3*4+1] = 19.8
			jac[3*4+2] = -360 * x[2]
			jac[3*4+3] = 180 + 20.2
		},
		func(x []float64) { x[0], x[1], x[2], x[3] = -3, -1, -3, -1 }},

	{5, "Helical valley",
		func(f, x []float64) {
			// θ = atan(x2/x1)/2π, shifted by ½ for x1 < 0; ±¼ (sign of x2,
			// + for x2 = 0) on the axis x1 = 0.
			theta := math.Copysign(0.25, x[1])
			if x[1] == 0 {
				theta = 0.25
			}
			if x[0] > 0 {
				theta = math.Atan(x[1]/x[0]) / (2 * math.Pi)
			} else if x[0] < 0 {
				theta = math.Atan(x[1]/x[0])/(2*math.Pi) + 0.5
			}
			f[0] = 10 * (x[2] - 10*theta)
			f[1] = 10 * (math.Sqrt(x[0]*x[0]+x[1]*x[1]) - 1)
			f[2] = x[2]
		},
		func(jac, x []float64) {
			r2 := x[0]*x[0] + x[1]*x[1]
			r := math.Sqrt(r2)
			jac[0], jac[1], jac[2] = 100*x[1]/(2*math.Pi*r2), -100*x[0]/(2*math.Pi*r2), 10
			jac[3], jac[4], jac[5] = 10*x[0]/r, 10*x[1]/r, 0
			jac[6], jac[7], jac[8] = 0, 0, 1
		},
		func(x []float64) { x[0], x[1], x[2] = -1, 0, 0 }},

	{6, "Watson", watsonF, watsonJac, func(x []float64) { zero(x) }},

	{7, "Chebyquad", chebyquadF, chebyquadJac,
		func(x []float64) {
			h := 1 / float64(len(x)+1)
			for j := range x {
				x[j] = float64(j+1) * h
			}
		}},

	{8, "Brown almost-linear",
		func(f, x []float64) {
			n := len(x)
			sum, prod := -float64(n+1), 1.0
			for _, v := range x {
				sum += v
				prod *= v
			}
			for k := range f {
				f[k] = x[k] + sum
			}
			f[n-1] = prod - 1
		},
		func(jac, x []float64) {
			n := len(x)
			for k := 0; k < n-1; k++ {
				for j := 0; j < n; j++ {
					jac[k*n+j] = 1
				}
				jac[k*n+k] = 2
			}
			for j := 0; j < n; j++ { // ∂(Πx)/∂x_j = Π_{i≠j} x_i
				p := 1.0
				for i, v := range x {
					if i != j {
						p *= v
					}
				}
				jac[(n-1)*n+j] = p
			}
		},
		func(x []float64) {
			for j := range x {
				x[j] = 0.5
			}
		}},

	{9, "Discrete boundary value",
		func(f, x []float64) {
			n := len(x)
			h := 1 / float64(n+1)
			for k := 0; k < n; k++ {
				u := x[k] + float64(k+1)*h + 1
				left, right := neighbours(x, k)
				f[k] = 2*x[k] - left - right + u*u*u*(h*h)/2
			}
		},
		func(jac, x []float64) {
			n := len(x)
			h := 1 / float64(n+1)
			zero(jac)
			for k := 0; k < n; k++ {
				u := x[k] + float64(k+1)*h + 1
				setTridiag(jac, n, k, -1, 2+3*u*u*h*h/2, -1)
			}
		},
		bvpStart},

	{10, "Discrete integral equation",
		func(f, x []float64) {
			n := len(x)
			h := 1 / float64(n+1)
			for k := 0; k < n; k++ {
				tk := float64(k+1) * h
				var s1, s2 float64
				for j := 0; j < n; j++ {
					tj := float64(j+1) * h
					u := x[j] + tj + 1
					if j <= k {
						s1 += tj * u * u * u
					} else {
						s2 += (1 - tj) * u * u * u
					}
				}
				f[k] = x[k] + h*((1-tk)*s1+tk*s2)/2
			}
		},
		func(jac, x []float64) {
			n := len(x)
			h := 1 / float64(n+1)
			for k := 0; k < n; k++ {
				tk := float64(k+1) * h
				for j := 0; j < n; j++ {
					tj := float64(j+1) * h
					u := x[j] + tj + 1
					jac[k*n+j] = h * math.Min(tj*(1-tk), tk*(1-tj)) * 3 * u * u / 2
				}
				jac[k*n+k]++
			}
		},
		bvpStart},

	{11, "Trigonometric",
		func(f, x []float64) {
			n := len(x)
			var sum float64
			for _, v := range x {
				sum += math.Cos(v)
			}
			for k := 0; k < n; k++ {
				kk := float64(k + 1)
				f[k] = float64(n) + kk - math.Sin(x[k]) - sum - kk*math.Cos(x[k])
			}
		},
		func(jac, x []float64) {
			n := len(x)
			for j := 0; j < n; j++ {
				s := math.Sin(x[j])
				for k := 0; k < n; k++ {
					jac[k*n+j] = s
				}
				jac[j*n+j] = float64(j+2)*s - math.Cos(x[j])
			}
		},
		func(x []float64) {
			h := 1 / float64(len(x))
			for j := range x {
				x[j] = h
			}
		}},

	{12, "Variably dimensioned",
		func(f, x []float64) {
			var s float64
			for j, v := range x {
				s += float64(j+1) * (v - 1)
			}
			t := s * (1 + 2*s*s)
			for k := range f {
				f[k] = x[k] - 1 + float64(k+1)*t
			}
		},
		func(jac, x []float64) {
			n := len(x)
			var s float64
			for j, v := range x {
				s += float64(j+1) * (v - 1)
			}
			t := 1 + 6*s*s
			for k := 0; k < n; k++ {
				for j := 0; j < n; j++ {
					jac[k*n+j] = float64((k+1)*(j+1)) * t
				}
				jac[k*n+k]++
			}
		},
		func(x []float64) {
			h := 1 / float64(len(x))
			for j := range x {
				x[j] = 1 - float64(j+1)*h
			}
		}},

	{13, "Broyden tridiagonal",
		func(f, x []float64) {
			n := len(x)
			for k := 0; k < n; k++ {
				left, right := neighbours(x, k)
				f[k] = (3-2*x[k])*x[k] - left - 2*right + 1
			}
		},
		func(jac, x []float64) {
			n := len(x)
			zero(jac)
			for k := 0; k < n; k++ {
				setTridiag(jac, n, k, -1, 3-4*x[k], -2)
			}
		},
		minusOnes},

	{14, "Broyden banded",
		func(f, x []float64) {
			n := len(x)
			const ml, mu = 5, 1
			for k := 0; k < n; k++ {
				var s float64
				for j := max(0, k-ml); j <= min(n-1, k+mu); j++ {
					if j != k {
						s += x[j] * (1 + x[j])
					}
				}
				f[k] = x[k]*(2+5*x[k]*x[k]) + 1 - s
			}
		},
		func(jac, x []float64) {
			n := len(x)
			const ml, mu = 5, 1
			zero(jac)
			for k := 0; k < n; k++ {
				for j := max(0, k-ml); j <= min(n-1, k+mu); j++ {
					if j != k {
						jac[k*n+j] = -(1 + 2*x[j])
					}
				}
				jac[k*n+k] = 2 + 15*x[k]*x[k]
			}
		},
		minusOnes},
}

// neighbours returns x[k−1] and x[k+1], 0 beyond the ends: the boundary
// values of the tridiagonal problems.
func neighbours(x []float64, k int) (left, right float64) {
	if k > 0 {
		left = x[k-1]
	}
	if k < len(x)-1 {
		right = x[k+1]
	}
	return left, right
}

// setTridiag sets row k of an n×n tridiagonal Jacobian: sub in column
// k−1, diag in column k, super in column k+1, where they exist.
func setTridiag(jac []float64, n, k int, sub, diag, super float64) {
	jac[k*n+k] = diag
	if k > 0 {
		jac[k*n+k-1] = sub
	}
	if k < n-1 {
		jac[k*n+k+1] = super
	}
}

func bvpStart(x []float64) {
	h := 1 / float64(len(x)+1)
	for j := range x {
		t := float64(j+1) * h
		x[j] = t * (t - 1)
	}
}

func minusOnes(x []float64) {
	for j := range x {
		x[j] = -1
	}
}

// watsonF is the gradient system of Watson's least-squares problem: with
// t_i = i/29, r_i = Σ_{j≥2} (j−1)·t_i^(j−2)·x_j − (Σ_j t_i^(j−1)·x_j)² − 1 and
// a_ik = ∂r_i/∂x_k = t_i^(k−2)·((k−1) − 2·t_i·Σ_j t_i^(j−1)·x_j),
// f_k = Σ_{i=1..29} a_ik·r_i, plus the terms of the two extra residuals
// x_1 and x_2 − x_1² − 1: f_1 += x_1·(1 − 2(x_2 − x_1² − 1)), f_2 += x_2 − x_1² − 1.
func watsonF(f, x []float64) {
	n := len(x)
	zero(f)
	for i := 1; i <= 29; i++ {
		t := float64(i) / 29
		r, s2 := watsonResidual(x, t)
		g := 2 * t * s2
		p := 1 / t
		for k := 0; k < n; k++ {
			f[k] += p * (float64(k) - g) * r
			p *= t
		}
	}
	e := x[1] - x[0]*x[0] - 1
	f[0] += x[0] * (1 - 2*e)
	f[1] += e
}

// watsonResidual returns Watson's residual r_i at t = t_i and the sum
// s2 = Σ_j t^(j−1)·x_j it squares.
func watsonResidual(x []float64, t float64) (r, s2 float64) {
	var s1 float64
	p := 1.0
	for j := 1; j < len(x); j++ {
		s1 += float64(j) * p * x[j]
		p *= t
	}
	p = 1
	for j := range x {
		s2 += p * x[j]
		p *= t
	}
	return s1 - s2*s2 - 1, s2
}

// watsonJac: J_kj = Σ_i (a_ik·a_ij − 2·r_i·t_i^(k+j−2)) plus the extra terms.
func watsonJac(jac, x []float64) {
	n := len(x)
	zero(jac)
	a := make([]float64, n)
	for i := 1; i <= 29; i++ {
		t := float64(i) / 29
		r, s2 := watsonResidual(x, t)
		p := 1 / t
		for k := 0; k < n; k++ {
			a[k] = p * (float64(k) - 2*t*s2)
			p *= t
		}
		pk := 1.0 // t^(2k) for 0-based k
		for k := 0; k < n; k++ {
			pkj := pk
			for j := k; j < n; j++ {
				jac[k*n+j] += a[k]*a[j] - 2*r*pkj
				pkj *= t
			}
			pk *= t * t
		}
	}
	jac[0] += 6*x[0]*x[0] - 2*x[1] + 3
	jac[1] += -2 * x[0]
	jac[n+1]++
	for k := 0; k < n; k++ {
		for j := k + 1; j < n; j++ {
			jac[j*n+k] = jac[k*n+j]
		}
	}
}

// chebyquadF: f_k = (1/n)·Σ_j T_k(2x_j − 1), plus 1/(k²−1) for even k.
func chebyquadF(f, x []float64) {
	n := len(x)
	zero(f)
	for _, v := range x {
		y := 2*v - 1
		tPrev, t := 1.0, y // T_0, T_1
		for k := 0; k < n; k++ {
			f[k] += t
			tPrev, t = t, 2*y*t-tPrev
		}
	}
	tk := 1 / float64(n)
	for k := 0; k < n; k++ {
		f[k] *= tk
		if kk := k + 1; kk%2 == 0 {
			f[k] += 1 / float64(kk*kk-1)
		}
	}
}

// chebyquadJac: ∂f_k/∂x_j = (2/n)·T_k'(2x_j − 1), with the derivative
// recurrence T'_{k+1} = 2T_k + 2y·T'_k − T'_{k−1}.
func chebyquadJac(jac, x []float64) {
	n := len(x)
	for j, v := range x {
		y := 2*v - 1
		tPrev, t := 1.0, y   // T_{k-1}, T_k
		dPrev, d := 0.0, 1.0 // T'_{k-1}, T'_k
		for k := 0; k < n; k++ {
			jac[k*n+j] = 2 * d / float64(n)
			tPrev, t, dPrev, d = t, 2*y*t-tPrev, d, 2*t+2*y*d-dPrev
		}
	}
}
