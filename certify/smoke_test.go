package certify

import (
	"fmt"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

func TestSmokeFermat(t *testing.T) {
	a, b, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	f3, _ := isoptic.NewFermat3(a, b, c, isoptic.Cos120)
	s := [2]float64{0, 0}
	for i := 0; i < 20; i++ {
		v, j := f3.PsiJac(s)
		det := j[0][0]*j[1][1] - j[0][1]*j[1][0]
		s[0] -= (j[1][1]*v[0] - j[0][1]*v[1]) / det
		s[1] -= (-j[1][0]*v[0] + j[0][0]*v[1]) / det
	}
	fmt.Println(s)
	for _, prec := range []uint{0, 256} {
		cert, err := CertifyFermat(a, b, c, hyperbolic.Point{X: s[0], Y: s[1]}, FermatOptions{Prec: prec})
		fmt.Println(cert.Status, cert.Proved, cert.Prec, err, cert.Box[0].Text(20), cert.Radius.Text('g', 5), cert.Offset.Text('g', 5), cert.AngleErr, cert.Digits())
		for k := range cert.Cos {
			fmt.Println(cert.Cos[k].Text(20))
		}
	}
	cert, err := CertifyFermat(a, b, c, hyperbolic.Point{X: s[0] + 1e-6, Y: s[1]}, FermatOptions{})
	fmt.Println(cert.Status, cert.Proved, cert.Prec, err, cert.Offset.Text('g', 5))
	d, err := Dist64(a, b)
	fmt.Println(d, hyperbolic.Dist(a, b), err)
	var z Interval
	z.Dist(a, b, 256)
	fmt.Println(z.Text(40))
	sa, err := SmallestAngleAt(b, []hyperbolic.Point{a, c})
	fmt.Println(sa, err, hyperbolic.Angle(a, b, c)*180/3.141592653589793)
}
