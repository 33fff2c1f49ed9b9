// Package poly holds sparse multivariate polynomials and polynomial systems
// with coefficients in float64, complex128, exact rationals and big floats:
// evaluation, exact derivatives, homogenisation, and a text form.
package poly
