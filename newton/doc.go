// Package newton solves square nonlinear systems F(x) = 0 with Powell's
// hybrid method (MINPACK hybrd/hybrj semantics) and a damped Newton method.
package newton
