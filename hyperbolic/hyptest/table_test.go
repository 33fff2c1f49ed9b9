package hyptest_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen"
	"github.com/hypersteiner/hypersteiner/pointio"
	"pgregory.net/rapid"
)

// row formats values so that they read back exactly.
func row(vs ...float64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ",")
}

func checkTable(t *testing.T, family string, m hyperbolic.Model, text string) (int, []hyptest.RowReport) {
	t.Helper()
	n, reps, err := hyptest.CheckTable([]byte(text), hyptest.TableOptions{Family: family, Model: m, Tol: hyptest.Ulps(16), PointUlps: 16, Name: "t.csv"})
	if err != nil {
		t.Fatalf("%s: %v", family, err)
	}
	return n, reps
}

// reportedRows returns the rows with a report.
func reportedRows(reps []hyptest.RowReport) []int {
	var out []int
	for _, r := range reps {
		out = append(out, r.Row)
	}
	return out
}

func TestTableFamilies(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	a, b, c := p(0.5, 0), p(0, 0.5), p(-0.3, -0.2)
	ab, bc, ca := hyperbolic.Dist(a, b), hyperbolic.Dist(b, c), hyperbolic.Dist(c, a)
	al, be, ga := hyperbolic.Angle(b, a, c), hyperbolic.Angle(a, b, c), hyperbolic.Angle(a, c, b)
	ar := hyperbolic.Area(a, b, c)
	f, err := hyptest.Fermat(a, b, c)
	if err != nil {
		t.Fatal(err)
	}
	s := p(f.X.Lo, f.Y.Lo)
	g := gen.Isometries(2).Example(1)
	img, _, err := g.ApplyAll([]hyperbolic.Point{a, b, c})
	if err != nil {
		t.Fatal(err)
	}
	w, _ := hyperbolic.KleinToPoincare(a)
	for _, tc := range []struct {
		family string
		text   string
		bad    []int // rows that must be reported
	}{
		{"dist", "ax,ay,bx,by,dist\n" + row(a.X, a.Y, b.X, b.Y, ab) + "\n" + row(a.X, a.Y, b.X, b.Y, ab*(1+1e-12)) + "\n", []int{1}},
		{"angle", "vx,vy,ax,ay,bx,by,angle\n" + row(b.X, b.Y, a.X, a.Y, c.X, c.Y, be) + "\n" + row(b.X, b.Y, a.X, a.Y, c.X, c.Y, be+1e-9) + "\n", []int{1}},
		{"area", "ax,ay,bx,by,cx,cy,area\n" + row(a.X, a.Y, b.X, b.Y, c.X, c.Y, ar*(1-1e-10)) + "\n" + row(a.X, a.Y, b.X, b.Y, c.X, c.Y, ar) + "\n", []int{0}},
		{"triangle", "ax,ay,bx,by,cx,cy,ab,bc,ca,alpha,beta,gamma,area\n" +
			row(a.X, a.Y, b.X, b.Y, c.X, c.Y, ab, bc, ca, al, be, ga, ar) + "\n" +
			row(a.X, a.Y, b.X, b.Y, c.X, c.Y, ab, bc, ca, al, be, ga*(1+1e-9), ar) + "\n" +
			row(a.X, a.Y, b.X, b.Y, c.X, c.Y, ab, bc, ab+bc+1, al, be, ga, ar) + "\n", []int{1, 2}},
		{"triangle", "ab,bc,ca,ax,ay,bx,by,cx,cy\n" + row(ab, bc, ca, a.X, a.Y, b.X, b.Y, c.X, c.Y) + "\n", nil},
		{"fermat", "ax,ay,bx,by,cx,cy,sx,sy\n" + row(a.X, a.Y, b.X, b.Y, c.X, c.Y, s.X, s.Y) + "\n" + row(a.X, a.Y, b.X, b.Y, c.X, c.Y, s.X+1e-6, s.Y) + "\n", []int{1}},
		{"isometry", "px,py,qx,qy,gpx,gpy,gqx,gqy,rx,ry,grx,gry\n" +
			row(a.X, a.Y, b.X, b.Y, img[0].X, img[0].Y, img[1].X, img[1].Y, c.X, c.Y, img[2].X, img[2].Y) + "\n" +
			row(a.X, a.Y, b.X, b.Y, img[0].X, img[0].Y, img[1].X+1e-7, img[1].Y, c.X, c.Y, img[2].X, img[2].Y) + "\n", []int{1}},
		{"convert", "kx,ky,mx,my\n" + row(a.X, a.Y, w.X, w.Y) + "\n" + row(a.X, a.Y, a.X/(1+a.X), 0) + "\n", []int{1}},
	} {
		m := hyperbolic.Klein
		if tc.family == "convert" {
			m = hyperbolic.Poincare
		}
		n, reps := checkTable(t, tc.family, m, tc.text)
		if got := reportedRows(reps); fmt.Sprint(got) != fmt.Sprint(tc.bad) {
			t.Errorf("%s: reported rows %v, want %v (%d rows): %v", tc.family, got, tc.bad, n, reps)
		}
		for _, r := range reps {
			for _, e := range r.Errs {
				var v *hyptest.Violation
				if !errors.As(e, &v) {
					t.Errorf("%s row %d: %v is not a violation", tc.family, r.Row, e)
				}
			}
		}
	}
}

func TestTableModels(t *testing.T) {
	// The same distance in every model: each table holds the model
	// coordinates of two points and the exact-input distance of their
	// Klein images (hyperbolic.Dist of conversions agrees to 16 ulps here).
	rapid.Check(t, func(t *rapid.T) {
		pp := gen.DiskPolar(5).Draw(t, "p")
		qp := gen.DiskPolar(5).Draw(t, "q")
		for _, m := range []hyperbolic.Model{hyperbolic.Klein, hyperbolic.Poincare, hyperbolic.HalfPlane, hyperbolic.Hyperboloid} {
			var head string
			var cp, cq []float64
			switch m {
			case hyperbolic.Klein:
				k1, k2 := pp.Klein(), qp.Klein()
				cp, cq = []float64{k1.X, k1.Y}, []float64{k2.X, k2.Y}
				head = "ax,ay,bx,by"
			case hyperbolic.Poincare:
				w1, w2 := pp.Poincare(), qp.Poincare()
				cp, cq = []float64{w1.X, w1.Y}, []float64{w2.X, w2.Y}
				head = "ax,ay,bx,by"
			case hyperbolic.HalfPlane:
				z1, z2 := pp.HalfPlane(), qp.HalfPlane()
				cp, cq = []float64{z1.X, z1.Y}, []float64{z2.X, z2.Y}
				head = "ax,ay,bx,by"
			default:
				h1, h2 := pp.Hyperboloid(), qp.Hyperboloid()
				cp, cq = []float64{h1.T, h1.X, h1.Y}, []float64{h2.T, h2.X, h2.Y}
				head = "at,ax,ay,bt,bx,by"
			}
			kp, err := hyptest.KleinOf(m, cp)
			if err != nil {
				t.Fatal(err)
			}
			kq, _ := hyptest.KleinOf(m, cq)
			var z certify.Interval
			if _, err := z.DistRat(kp, kq, 128); err != nil {
				t.Fatal(err)
			}
			d := z.Interval64()
			good := d.Lo + (d.Hi-d.Lo)/2
			text := head + ",dist\n" + row(append(append(cp, cq...), good)...) + "\n" + row(append(append(cp, cq...), good*(1+1e-9)+1e-300)...) + "\n"
			_, reps := checkTableT(t, "dist", m, text)
			if got := reportedRows(reps); fmt.Sprint(got) != "[1]" {
				t.Fatalf("%v: reported rows %v, want [1]: %v", m, got, reps)
			}
		}
	})
}

func checkTableT(t *rapid.T, family string, m hyperbolic.Model, text string) (int, []hyptest.RowReport) {
	n, reps, err := hyptest.CheckTable([]byte(text), hyptest.TableOptions{Family: family, Model: m, Tol: hyptest.Ulps(16), PointUlps: 16, Name: "t.csv"})
	if err != nil {
		t.Fatalf("%s: %v", family, err)
	}
	return n, reps
}

func TestTableErrors(t *testing.T) {
	opt := hyptest.TableOptions{Family: "dist", Tol: hyptest.Ulps(16), Name: "in.csv"}
	for _, tc := range []struct {
		text, want string
		value      bool // a *pointio.ValueError, else a *pointio.ParseError
	}{
		{"0,0,0.5,0,0.5\n", "in.csv:1: no header line", false},
		{"# c\nax,ay,bx,dist\n0,0,0.5,0.5\n", "in.csv:2: the dist check (model klein) needs the columns ax,ay,bx,by,dist; missing: by", false},
		{"ax,ay,bx,by,dist\n0, 0, 1.5, 0, 1\n", "in.csv:2:7: point b [1.5 0] is not a point of the klein model", true},
		{"ax,ay,bx,by,dist\n0,0,0.5,0,x\n", "in.csv:2:11: cannot parse", false},
		// A column the check reads, named twice: which one is the value
		// is ambiguous (the last used to win silently); a repeated column
		// the check ignores is fine.
		{"ax,ax,ay,bx,by,dist\n0.1,0.3,0.2,0.3,0.4,1\n", `in.csv:1: column "ax" is named twice (columns 1 and 2)`, false},
		{"ax,ay,bx,by,DIST,dist\n0,0,0.5,0,1,1\n", `in.csv:1: column "dist" is named twice (columns 5 and 6)`, false},
	} {
		_, _, err := hyptest.CheckTable([]byte(tc.text), opt)
		var pe *pointio.ParseError
		var ve *pointio.ValueError
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || (tc.value && !errors.As(err, &ve)) || (!tc.value && !errors.As(err, &pe)) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
	_, _, err := hyptest.CheckTable([]byte("vx,vy,ax,ay,bx,by,angle\n0.1,0,0.1,0,0,0.5,1\n"), hyptest.TableOptions{Family: "angle", Name: "in.csv"})
	if err == nil || !strings.HasPrefix(err.Error(), "in.csv:2:1: ") || !strings.Contains(err.Error(), "the vertex coincides with an end") {
		t.Errorf("angle at a vertex equal to an end: %v", err)
	}
	n, _, err := hyptest.CheckTable([]byte("note,ax,ay,bx,by,dist,note\n1,0,0,0,0,0,2\n"), opt)
	if err != nil || n != 1 {
		t.Errorf("a repeated column the check does not read: %d rows, %v", n, err)
	}
	if _, _, err := hyptest.CheckTable([]byte("a\n1\n"), hyptest.TableOptions{Family: "nope"}); err == nil {
		t.Error("unknown family: no error")
	}
	_, _, err = hyptest.CheckTable([]byte("ax,ay,bx,by,cx,cy,ab,bc,ca,alpha\n0,0,0.5,0,0,0.5,1,1,1,1\n"), hyptest.TableOptions{Family: "triangle", Name: "in.csv"})
	if err == nil || !strings.Contains(err.Error(), "go together") {
		t.Errorf("partial angle columns: %v", err)
	}
}

// FuzzCheckTable: any input gives a result or an error, never a panic, and
// an error is a positioned pointio error or names the family.
func FuzzCheckTable(f *testing.F) {
	f.Add([]byte("ax,ay,bx,by,dist\n0,0,0.5,0,0.54\n"), uint8(0))
	f.Add([]byte("ax,ay,bx,by,cx,cy,ab,bc,ca\n0,0,0.5,0,0,0.5,1,1,1\n"), uint8(3))
	f.Add([]byte("kx,ky,mx,my\n0.5,0,0.26,0\n"), uint8(6))
	f.Add([]byte("px,py,qx,qy,gpx,gpy,gqx,gqy\n0,0,0.1,0,0.2,0,0.3,0\n"), uint8(5))
	f.Add([]byte("AX,AY,BX,BY,CX,CY,AB,BC,CA\n00"), uint8(3)) // fewer data columns than the header (found by fuzzing)
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		fam := hyptest.Families[int(k)%len(hyptest.Families)].Name
		m := hyperbolic.Model(int(k/8) % 4)
		_, _, err := hyptest.CheckTable(data, hyptest.TableOptions{Family: fam, Model: m, Tol: hyptest.Ulps(16), PointUlps: 16, Name: "f"})
		var pe *pointio.ParseError
		var ve *pointio.ValueError
		if err != nil && !errors.As(err, &pe) && !errors.As(err, &ve) {
			t.Fatalf("unpositioned error: %v", err)
		}
	})
}
