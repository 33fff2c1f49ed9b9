package bench_test

import (
	"fmt"

	"github.com/hypersteiner/hypersteiner/bench"
)

func ExampleParseConfig() {
	for _, s := range []string{"euclidean", "3+simple", "4+certified", "5+simple"} {
		c, err := bench.ParseConfig(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: FST %d, euclidean %v, strategy %q\n", c.Name, c.FST, c.Euclidean, c.Solver)
	}
	// Output:
	// euclidean: FST 4, euclidean true, strategy ""
	// 3+simple: FST 3, euclidean false, strategy "simple"
	// 4+certified: FST 4, euclidean false, strategy "certified"
	// bad configuration "5+simple": the number of terminals "5" is not 3 or 4
}

func ExamplePreset_Cases() {
	p, _ := bench.LookupPreset("mixture")
	for _, c := range p.Cases([]int{50, 1000}) {
		fmt.Printf("%v: %d points, %d Gaussians at Klein radius %v, σ = %v\n", c, c.Points(), c.D, c.T, c.Sigma)
	}
	conv, _ := bench.LookupPreset("convergence")
	cs := conv.Cases(nil)
	fmt.Println(len(cs), "convergence rows; first:", cs[0], "σ =", cs[0].Sigma)
	// Output:
	// mixture n=50: 45 points, 15 Gaussians at Klein radius 0.9, σ = 0.5
	// mixture n=1000: 990 points, 15 Gaussians at Klein radius 0.9, σ = 0.5
	// 24 convergence rows; first: convergence d=3 |P|/d=1 t=0.40 σ = 0.01
}

// Run a small experiment and print it as the paper's tables are printed.
func ExampleRun() {
	p, _ := bench.LookupPreset("centered")
	cfgs, _ := bench.ParseConfigs("euclidean,4+auto")
	rows, err := bench.Run(p.Cases([]int{100}), cfgs, bench.Options{Seed: 1, Runs: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("%s n=%d: RED > 0: %v, Steiner points at 120° within 1e-9°: %v\n",
			r.Config.Name, r.Case.N, r.RED.Mean > 0, r.MaxDeviation < 1e-9)
	}
	// Output:
	// euclidean n=100: RED > 0: true, Steiner points at 120° within 1e-9°: true
	// 4+auto n=100: RED > 0: true, Steiner points at 120° within 1e-9°: true
}

func ExampleSummarize() {
	s := bench.Summarize([]float64{2, 4, 4, 6})
	fmt.Printf("%.4f ± %.4f\n", s.Mean, s.SD)
	// Output: 4.0000 ± 1.6330
}
