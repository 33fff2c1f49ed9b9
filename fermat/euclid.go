package fermat

import "math"

// sqrt3 is √3.
const sqrt3 = 1.7320508075688772

// euclidFermat returns the Euclidean Fermat (Torricelli) point of the
// triangle q, the point X(13) of Kimberling's encyclopedia, from its
// barycentric coordinates
//
//	w_A = a⁴ − 2(b² − c²)² + a²(b² + c² + 4√3·Δ)   (and cyclically),
//
// a, b, c the side lengths opposite q[0], q[1], q[2] and Δ the area. The
// weights are all positive exactly when every angle is below 120°; ok is
// false otherwise (the Torricelli point is then the wide vertex, no use as
// a start for Newton's method on φ, which is not differentiable there).
func euclidFermat(q *[3][2]float64) (s [2]float64, ok bool) {
	a2 := sq(q[1][0]-q[2][0]) + sq(q[1][1]-q[2][1])
	b2 := sq(q[2][0]-q[0][0]) + sq(q[2][1]-q[0][1])
	c2 := sq(q[0][0]-q[1][0]) + sq(q[0][1]-q[1][1])
	// 4√3·Δ = 2√3·|cross|.
	cross := (q[1][0]-q[0][0])*(q[2][1]-q[0][1]) - (q[1][1]-q[0][1])*(q[2][0]-q[0][0])
	t := 2 * sqrt3 * math.Abs(cross)
	wa := a2*a2 - 2*sq(b2-c2) + a2*(b2+c2+t)
	wb := b2*b2 - 2*sq(c2-a2) + b2*(c2+a2+t)
	wc := c2*c2 - 2*sq(a2-b2) + c2*(a2+b2+t)
	if !(wa > 0 && wb > 0 && wc > 0) {
		return s, false
	}
	w := wa + wb + wc
	s[0] = (wa*q[0][0] + wb*q[1][0] + wc*q[2][0]) / w
	s[1] = (wa*q[0][1] + wb*q[1][1] + wc*q[2][1]) / w
	return s, !math.IsNaN(s[0]+s[1]) && !math.IsInf(s[0]+s[1], 0)
}

func sq(x float64) float64 { return x * x }
