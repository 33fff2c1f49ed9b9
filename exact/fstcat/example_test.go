package fstcat_test

import (
	"fmt"

	"github.com/hypersteiner/hypersteiner/exact/fstcat"
)

// Four terminals, three triples through terminal 0 and every pair: the LP
// relaxation takes each triple at 1/2 (cost 3) and branching proves that
// a triple and a pair (3.5) is best.
func ExampleSolve() {
	p := fstcat.Problem{N: 4, FSTs: []fstcat.FST{
		{Terminals: []int{0, 1, 2}, Length: 2},
		{Terminals: []int{0, 1, 3}, Length: 2},
		{Terminals: []int{0, 2, 3}, Length: 2},
		{Terminals: []int{0, 1}, Length: 1.5},
		{Terminals: []int{0, 2}, Length: 1.5},
		{Terminals: []int{0, 3}, Length: 1.5},
		{Terminals: []int{1, 2}, Length: 1.5},
		{Terminals: []int{1, 3}, Length: 1.5},
		{Terminals: []int{2, 3}, Length: 1.5},
	}}
	r, err := fstcat.Solve(p, fstcat.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v: FSTs %v, length %v, root bound %.6f\n", r.Status, r.Chosen, r.Length, r.RootBound)
	fmt.Printf("certified: %.6f ≤ optimum ≤ %.6f\n", r.LowerBound, r.UpperBound)
	// Output:
	// optimal: FSTs [0 5], length 3.5, root bound 3.000000
	// certified: 3.500000 ≤ optimum ≤ 3.500000
}
