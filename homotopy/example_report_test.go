package homotopy_test

import (
	"encoding/json"
	"fmt"

	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/poly"
)

// The report 'hypersteiner solve --certify --prec 100' prints for the
// circle x² + y² = 1 and the line x = 3/4·y: two real roots, refined to
// 100 bits (so ±(3/5, 4/5) print exactly), each proved by Krawczyk's
// method.
func ExampleNewReport() {
	sys, err := poly.ParseComplex("x^2 + y^2 - 1; x - 3/4*y")
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := homotopy.NewReport(sys, homotopy.ReportOptions{Seed: 1, Prec: 100, Certify: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Finite, "solutions,", *rep.Certified, "certified,", *rep.CertifiedReal, "proved real")
	for _, s := range rep.Solutions {
		v, _ := json.Marshal(s.Values)
		fmt.Println(string(v), s.Realness)
	}
	// Output:
	// 2 solutions, 2 certified, 2 proved real
	// {"x":["-0.6","0"],"y":["-0.8","0"]} real
	// {"x":["0.6","0"],"y":["0.8","0"]} real
}
