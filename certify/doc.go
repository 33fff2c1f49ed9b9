// Package certify proves numerical claims: interval arithmetic with outward
// rounding, Krawczyk and alpha-theory certificates, certified Fermat points
// and angles.
package certify
