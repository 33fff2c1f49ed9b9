package certify

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

type countSys struct {
	System
	n64, nb int
}

func (c *countSys) Enclose64(f, jac, x []Interval64)     { c.n64++; c.System.Enclose64(f, jac, x) }
func (c *countSys) Enclose(f, jac, x []Interval, p uint) { c.nb++; c.System.Enclose(f, jac, x, p) }

func TestSmokeCount(t *testing.T) {
	a, bb, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	var ps psiSystem
	ps.set(a, bb, c)
	cs := &countSys{System: &ps}
	p, _ := NewProver(cs)
	var res Result
	p.Certify(&res, []float64{0.00496134056416385, -0.05038986309406555}, Options{})
	fmt.Println(cs.n64, cs.nb, res.Status)
	cs2 := &countSys{System: fermatSystem(t)}
	p2, _ := NewProver(cs2)
	p2.Certify(&res, []float64{0.00496134056416385, -0.05038986309406555}, Options{})
	fmt.Println(cs2.n64, cs2.nb, res.Status)
	p.Certify(&res, []float64{0.00496134056416385, -0.05038986309406555}, Options{Prec: 256})
	fmt.Println(cs.n64, cs.nb, res.Status)
}

type countPS struct {
	countSys
	ps PointSystem
	ne int
}

func (c *countPS) Eval64(f, jac, x []float64)               { c.ne++; c.ps.Eval64(f, jac, x) }
func (c *countPS) EvalBig(f, jac, x []big.Float, prec uint) { c.ne++; c.ps.EvalBig(f, jac, x, prec) }

func TestSmokeCount2(t *testing.T) {
	a, bb, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	var ps psiSystem
	ps.set(a, bb, c)
	cs := &countPS{countSys: countSys{System: &ps}, ps: &ps}
	p, _ := NewProver(cs)
	var res Result
	p.Certify(&res, []float64{0.00496134056416385, -0.05038986309406555}, Options{})
	fmt.Println(cs.n64, cs.nb, cs.ne, res.Status)
	fs := fermatSystem(t)
	cs2 := &countPS{countSys: countSys{System: fs}, ps: fs}
	p2, _ := NewProver(cs2)
	p2.Certify(&res, []float64{0.00496134056416385, -0.05038986309406555}, Options{})
	fmt.Println(cs2.n64, cs2.nb, cs2.ne, res.Status)
}
