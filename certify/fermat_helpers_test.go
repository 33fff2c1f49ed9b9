package certify

import (
	"fmt"
	"testing"
)

// fermatText returns the quartic 120°-isoptic system of a Klein-model
// triangle (a, b, c), in s = (x, y): ψ_ab = ψ_bc = 0 with
// ψ = A² − B/4 (cos 120° = −1/2), A and B as in the project notes.
// Coordinates are decimal literals, read exactly.
func fermatText(a, b, c [2]string) string {
	psi := func(u, v [2]string) string {
		us := fmt.Sprintf("(-1 + (%s)*x + (%s)*y)", u[0], u[1])
		vs := fmt.Sprintf("(-1 + (%s)*x + (%s)*y)", v[0], v[1])
		ss := "(-1 + x^2 + y^2)"
		uv := fmt.Sprintf("(-1 + (%s)*(%s) + (%s)*(%s))", u[0], v[0], u[1], v[1])
		uu := fmt.Sprintf("(-1 + (%s)^2 + (%s)^2)", u[0], u[1])
		vv := fmt.Sprintf("(-1 + (%s)^2 + (%s)^2)", v[0], v[1])
		A := fmt.Sprintf("(%s*%s - %s*%s)", us, vs, uv, ss)
		B := fmt.Sprintf("((%s^2 - %s*%s)*(%s^2 - %s*%s))", us, uu, ss, vs, vv, ss)
		return fmt.Sprintf("%s^2 - 1/4*%s", A, B)
	}
	return "vars: x, y\n" + psi(a, b) + ";\n" + psi(b, c) + ";"
}

// fermatSystem is a generic test triangle's Fermat system.
func fermatSystem(tb testing.TB) *PolySystem {
	tb.Helper()
	return mustPolySystem(tb, fermatText([2]string{"0.1", "0.2"}, [2]string{"-0.3", "-0.1"}, [2]string{"0.25", "-0.35"}))
}
