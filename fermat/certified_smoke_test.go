package fermat

import (
	"fmt"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

func TestSmokeCertified(t *testing.T) {
	s, err := ByName("certified")
	fmt.Println(s.Name(), err)
	a, b, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	r, cert, err := Certified{}.Prove(a, b, c)
	fmt.Println(r.Point, r.Status, r.Method, cert.Status, cert.Digits(), r.Cert.Radius, err)
	s2, _ := s.(Precision).WithPrec(256)
	r, cert, err = s2.(Certified).Prove(a, b, c)
	fmt.Println(r.Point, r.Status, r.Method, cert.Status, cert.Digits(), r.Cert.Radius, err)
}
