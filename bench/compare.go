package bench

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/internal/jsonnum"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// ComparisonHelp documents Compare's scores, for the usage text of
// 'verify compare' (its --prec is Compare's prec).
const ComparisonHelp = `Runs every float Fermat strategy on the same triangles and scores it
against the certified Fermat point (certify.FermatCertifier at --prec
bits, from the strategies' own answers) and the exact existence test
(bench.Compare):

  found     a Steiner point exists and the answer is within tol·size (plus
            four ulps of the coordinates, the float64 resolution there) of
            it: proved, every point of the certified enclosure is
  missed    a Steiner point exists and the strategy did not answer Found
  spurious  no Steiner point exists (exact) and the strategy answered Found
  wrong     the answer is provably farther than that from the Steiner point
  error     max-norm distance to the certified point, relative to size
            (size = the largest coordinate difference between two vertices)
  mean µs   wall time per solve, one goroutine (the machine's load shows)

`

// StrategyScore is how one strategy did in a Comparison.
type StrategyScore struct {
	Name     string `json:"name"`
	Found    int    `json:"found"`
	Missed   int    `json:"missed"`
	Spurious int    `json:"spurious"`
	Wrong    int    `json:"wrong"`
	// Unverified: answers the reference cannot judge (no certified point,
	// or neither within nor provably beyond the tolerance).
	Unverified int           `json:"unverified"`
	MaxError   jsonnum.Float `json:"max_error"`
	MedError   jsonnum.Float `json:"median_error"`
	MeanMicros jsonnum.Float `json:"mean_us"`
}

// Comparison scores Fermat strategies on the same triangles against the
// certified Fermat point and the exact existence test (see Compare).
type Comparison struct {
	Triangles int            `json:"triangles"`
	Kinds     map[string]int `json:"kinds"`
	Seed      *uint64        `json:"seed,omitempty"`
	Tol       jsonnum.Float  `json:"tol"`
	Prec      uint           `json:"prec"`
	// WithSteiner have a Steiner point (exact), Certified of them have a
	// certified reference point; None have no Steiner point.
	WithSteiner int             `json:"with_steiner_point"`
	Certified   int             `json:"certified"`
	None        int             `json:"none"`
	Strategies  []StrategyScore `json:"strategies"`
}

// reference is the certified Fermat point of one triangle.
type reference struct {
	exists, proved bool
	size, tolAbs   float64
	box            [2]certify.Interval
	mid            [2]big.Float
}

// Compare runs every strategy on the same triangles (one goroutine each,
// timed) and scores it against the certified Fermat point (a
// certify.FermatCertifier at prec bits, from the strategies' own answers)
// and the exact existence test:
//
//	found     a Steiner point exists and the answer is within tol·size
//	          (plus four ulps) of it: proved, for every point of the
//	          certified enclosure
//	missed    a Steiner point exists and the strategy did not answer Found
//	spurious  no Steiner point exists (exact) and the strategy answered Found
//	wrong     the answer is provably farther than that from the Steiner point
//	error     max-norm distance to the certified point, relative to size
//
// The certificates run on all cores; the scores do not depend on it.
func Compare(tris [][3]hyperbolic.Point, strategies []fermat.Solver, prec uint, tol float64) *Comparison {
	rep := &Comparison{Tol: jsonnum.Float(tol), Prec: prec}
	rep.Triangles = len(tris)
	answers := make([][]hyperbolic.Point, len(strategies))
	status := make([][]fermat.Status, len(strategies))
	for k, s := range strategies {
		answers[k] = make([]hyperbolic.Point, len(tris))
		status[k] = make([]fermat.Status, len(tris))
		start := time.Now()
		for i, t := range tris {
			answers[k][i], status[k][i] = s.Fermat(t[0], t[1], t[2])
		}
		el := time.Since(start)
		rep.Strategies = append(rep.Strategies, StrategyScore{Name: s.Name(),
			MeanMicros: jsonnum.Float(float64(el.Microseconds()) / float64(max(len(tris), 1)))})
	}
	refs := make([]reference, len(tris))
	type scratch struct {
		fc   *certify.FermatCertifier
		cert certify.FermatCert
	}
	workers := parallel.Workers(0)
	sc := make([]*scratch, workers)
	parallel.For(len(tris), workers, func(w, i int) {
		if sc[w] == nil {
			sc[w] = &scratch{fc: certify.NewFermatCertifier()}
		}
		refs[i] = referenceOf(sc[w].fc, &sc[w].cert, tris[i], answers, status, i, rep.Prec, float64(rep.Tol))
	}, nil)
	for i := range refs {
		switch {
		case !refs[i].exists:
			rep.None++
		case refs[i].proved:
			rep.WithSteiner++
			rep.Certified++
		default:
			rep.WithSteiner++
		}
	}
	for k := range strategies {
		sc := &rep.Strategies[k]
		var errs []float64
		for i := range tris {
			r := &refs[i]
			found := status[k][i] == fermat.Found
			switch {
			case !r.exists:
				if found {
					sc.Spurious++
				}
			case !found:
				sc.Missed++
			case !r.proved:
				sc.Unverified++
			default:
				tolAbs := r.tolAbs
				e, lo, hi := r.distance(answers[k][i])
				errs = append(errs, e/r.size)
				switch {
				case hi <= tolAbs:
					sc.Found++
				case lo > tolAbs:
					sc.Wrong++
				default:
					sc.Unverified++
				}
			}
		}
		if len(errs) > 0 {
			slices.Sort(errs)
			sc.MaxError = jsonnum.Float(errs[len(errs)-1])
			sc.MedError = jsonnum.Float(errs[len(errs)/2])
		}
	}
	return rep
}

// referenceOf decides existence exactly and certifies the Fermat point
// from the strategies' answers (the first that leads to a proof).
func referenceOf(fc *certify.FermatCertifier, cert *certify.FermatCert, t [3]hyperbolic.Point, answers [][]hyperbolic.Point, status [][]fermat.Status, i int, prec uint, tol float64) reference {
	var r reference
	e, err := isoptic.SteinerExists(t[0], t[1], t[2])
	if err != nil || !e.Exists {
		return r // coincident vertices or an angle ≥ 120°: no Steiner point
	}
	r.exists = true
	for k := range answers {
		if status[k][i] != fermat.Found {
			continue
		}
		if fc.Certify(cert, t[0], t[1], t[2], answers[k][i], certify.FermatOptions{Prec: prec, Tol: tol}) != nil || !cert.Proved {
			continue
		}
		r.proved, r.size, r.tolAbs = true, cert.Size, cert.TolAbs
		for j := range 2 {
			r.box[j].SetPrec(cert.Box[j].Prec()).Set(&cert.Box[j])
			r.mid[j].Copy(&cert.Mid[j])
		}
		break
	}
	return r
}

// distance returns the max-norm distance from p to the reference's
// centre (a float64 estimate, for the error statistics) and rigorous
// lower and upper bounds of its distance to the Fermat point (rounded
// down and up to float64).
func (r *reference) distance(p hyperbolic.Point) (est, lo, hi float64) {
	for j, c := range [2]float64{p.X, p.Y} {
		cf := new(big.Float).SetFloat64(c)
		prec := r.box[j].Prec() + 64
		d := new(big.Float).SetPrec(prec).Sub(cf, &r.mid[j])
		f, _ := d.Abs(d).Float64()
		est = max(est, f)
		u := new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf)
		u.Sub(&r.box[j].Hi, cf)
		v := new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf).Sub(cf, &r.box[j].Lo)
		if v.Cmp(u) > 0 {
			u = v
		}
		hi = max(hi, upFloat(u))
		g := new(big.Float).SetPrec(prec).SetMode(big.ToNegativeInf)
		switch b := &r.box[j]; {
		case b.Lo.Cmp(cf) > 0:
			g.Sub(&b.Lo, cf)
		case b.Hi.Cmp(cf) < 0:
			g.Sub(cf, &b.Hi)
		}
		lo = max(lo, downFloat(g))
	}
	return est, lo, hi
}

func upFloat(x *big.Float) float64 {
	f, acc := x.Float64()
	if acc == big.Below {
		f = math.Nextafter(f, math.Inf(1))
	}
	return f
}

func downFloat(x *big.Float) float64 {
	f, acc := x.Float64()
	if acc == big.Above {
		f = math.Nextafter(f, math.Inf(-1))
	}
	return f
}

// WriteMarkdown writes the comparison as a Markdown table.
func (r *Comparison) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "%d triangles (", r.Triangles)
	first := true
	for _, k := range []string{"generic", "boundary", "tiny", "near-120", "input"} {
		if c, ok := r.Kinds[k]; ok {
			if !first {
				fmt.Fprint(w, ", ")
			}
			fmt.Fprintf(w, "%d %s", c, k)
			first = false
		}
	}
	fmt.Fprint(w, ")")
	if r.Seed != nil {
		fmt.Fprintf(w, ", seed %d", *r.Seed)
	}
	fmt.Fprintf(w, ": %d with a Steiner point (%d certified at %d bits), %d without (exact); tolerance %g × size + 4 ulps\n\n",
		r.WithSteiner, r.Certified, r.Prec, r.None, float64(r.Tol))
	fmt.Fprintln(w, "| strategy | found | missed | spurious | wrong | unverified | max error | median error | mean µs |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, s := range r.Strategies {
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %.2g | %.2g | %.3g |\n", s.Name, s.Found, s.Missed, s.Spurious,
			s.Wrong, s.Unverified, float64(s.MaxError), float64(s.MedError), float64(s.MeanMicros))
	}
}

// CompareTriangles returns n seeded triangles for Compare, a quarter of
// each kind: generic, near the boundary, tiny (sides ~1e-7) and with an
// angle of 120° ± 1e-3…1e-12 rad; and the counts by kind.
func CompareTriangles(n int, seed uint64) ([][3]hyperbolic.Point, map[string]int) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	kinds := map[string]int{}
	disk := func(r float64) hyperbolic.Point {
		rho, th := r*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64()
		return hyperbolic.Point{X: rho * math.Cos(th), Y: rho * math.Sin(th)}
	}
	out := make([][3]hyperbolic.Point, 0, n)
	for len(out) < n {
		var t [3]hyperbolic.Point
		var kind string
		switch len(out) % 4 {
		case 0:
			kind = "generic"
			for j := range t {
				t[j] = disk(0.95)
			}
		case 1:
			kind = "boundary"
			for j := range t {
				th := 2 * math.Pi * rng.Float64()
				r := 1 - math.Pow(10, -1-7*rng.Float64())
				t[j] = hyperbolic.Point{X: r * math.Cos(th), Y: r * math.Sin(th)}
			}
		case 2:
			kind = "tiny"
			c := disk(0.9)
			for j := range t {
				d := disk(1e-7)
				t[j] = hyperbolic.Point{X: c.X + d.X, Y: c.Y + d.Y}
			}
		case 3:
			kind = "near-120"
			// At the origin the Klein model is conformal and geodesics are
			// lines, so this angle is 120° + δ; an isometry moves it.
			delta := math.Pow(10, -3-9*rng.Float64())
			if rng.IntN(2) == 0 {
				delta = -delta
			}
			th := 2*math.Pi/3 + delta
			r1, r2 := 0.1+0.8*rng.Float64(), 0.1+0.8*rng.Float64()
			tri := [3]hyperbolic.Point{{X: r1}, {}, {X: r2 * math.Cos(th), Y: r2 * math.Sin(th)}}
			m, err := hyperbolic.Translation(disk(0.8))
			if err != nil {
				continue
			}
			m = m.Compose(hyperbolic.Rotation(2 * math.Pi * rng.Float64()))
			ok := true
			for j := range tri {
				p, err := m.Apply(tri[j])
				if err != nil {
					ok = false
					break
				}
				t[j] = p
			}
			if !ok {
				continue
			}
		}
		if t[0].Check() != nil || t[1].Check() != nil || t[2].Check() != nil {
			continue // rounding put a vertex on the circle: draw again
		}
		kinds[kind]++
		out = append(out, t)
	}
	return out, kinds
}
