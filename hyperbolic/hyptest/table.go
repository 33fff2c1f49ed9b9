package hyptest

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/pointio"
)

// Tables of cases written by another program: the way code in another
// language is tested against the kit (the command `verify identities`).
// A table is CSV text (pointio's rules: `#` comments, blank lines
// skipped) whose first line is a header naming the columns; columns may
// come in any order, and columns no check uses are ignored. A point named
// a has the columns ax, ay (Klein, Poincaré, half-plane) or at, ax, ay
// (hyperboloid) in the table's model; every point is taken as the exact
// Klein image of its float64 coordinates (KleinOf), so nothing is lost
// converting it.

// Family is a family of checks a table runs on each row.
type Family struct {
	Name string
	// Points and Values are the required columns; Optional are groups of
	// value columns that are given all together or not at all; OptPoints
	// are points that may be given together (with their images).
	Points, Values []string
	Optional       [][]string
	OptPoints      []string
	// Doc says what the family checks.
	Doc string
}

// Families lists the families of TableOptions.Family, with their columns.
var Families = []Family{
	{Name: "dist", Points: []string{"a", "b"}, Values: []string{"dist"},
		Doc: "dist = d(a, b), against the certified distance"},
	{Name: "angle", Points: []string{"a", "v", "b"}, Values: []string{"angle"},
		Doc: "angle = the angle at v between a and b (radians), against the certified angle"},
	{Name: "area", Points: []string{"a", "b", "c"}, Values: []string{"area"},
		Doc: "area of the triangle abc, against the certified area"},
	{Name: "triangle", Points: []string{"a", "b", "c"}, Values: []string{"ab", "bc", "ca"},
		Optional: [][]string{{"alpha", "beta", "gamma"}, {"area"}},
		Doc:      "sides ab, bc, ca (angles alpha, beta, gamma at a, b, c and the area, if given) against the certified values, the triangle inequality (exact collinearity), both laws of cosines, the law of sines, α + β + γ = π − area"},
	{Name: "fermat", Points: []string{"a", "b", "c", "s"},
		Doc: "s is the Fermat point of abc: the sides are seen from s under 120° up to what s's claimed accuracy allows, or, without a Steiner point (an angle ≥ 120°, decided exactly), s is the wide vertex"},
	{Name: "isometry", Points: []string{"p", "q", "gp", "gq"}, OptPoints: []string{"r", "gr"},
		Doc: "gp, gq (and gr) are images of p, q (and r) under one isometry: d(gp, gq) = d(p, q) (and the angle at gq between gp and gr equals the one at q), up to the images' claimed accuracy"},
	{Name: "convert", Points: []string{"k", "m"},
		Doc: "k (Klein columns kx, ky) and m (in the table's model) are the same point, up to m's claimed accuracy: tests a conversion from the Klein model"},
}

// FamilyByName returns the family with the given name.
func FamilyByName(name string) (Family, bool) {
	i := slices.IndexFunc(Families, func(f Family) bool { return f.Name == name })
	if i < 0 {
		return Family{}, false
	}
	return Families[i], true
}

// TableOptions configure CheckTable.
type TableOptions struct {
	// Family names the checks (see Families).
	Family string
	// Model is the model of the point columns (for "convert", of the
	// point m; k is always Klein).
	Model hyperbolic.Model
	// Tol is the accuracy the table's values claim.
	Tol Tol
	// PointUlps is the accuracy its computed points claim (Fermat points,
	// images under an isometry, converted points), in units of Resolution
	// at the point: a hyperbolic displacement of PointUlps·u·t(p)².
	PointUlps float64
	// Name names the input in positions ("stdin", a file name).
	Name string
}

// RowReport lists what failed on one row: *Violation errors, and errors
// wrapping ErrUndecided for checks that could not decide.
type RowReport struct {
	Row  int              // 0-based data row
	Pos  pointio.Position // the row's file and line
	Errs []error
}

// CheckTable runs the family's checks on every row of the CSV table in
// data. It returns the number of data rows and a report for each row
// where a check failed or could not decide, in row order. An unusable
// table — no header, a missing column, an unknown family, a number that
// does not parse, a point outside its model, an angle at a vertex equal
// to an end — is an error naming the file, line and column (a
// *pointio.ParseError or *pointio.ValueError).
func CheckTable(data []byte, opt TableOptions) (int, []RowReport, error) {
	fam, ok := FamilyByName(opt.Family)
	if !ok {
		return 0, nil, fmt.Errorf("hyptest: unknown check family %q: want one of %s", opt.Family, FamilyNames())
	}
	if err := opt.Tol.check(); err != nil {
		return 0, nil, err
	}
	if !(opt.PointUlps >= 0) || !finite(opt.PointUlps) {
		return 0, nil, fmt.Errorf("hyptest: point accuracy %v ulps: want a finite value ≥ 0", opt.PointUlps)
	}
	t, err := pointio.Options{Name: opt.Name}.Read(bytes.NewReader(data), pointio.CSV)
	if err != nil {
		return 0, nil, err
	}
	hl := headerLine(data)
	if t.Header == nil {
		return 0, nil, &pointio.ParseError{Position: pointio.Position{File: opt.Name, Line: hl},
			Msg: fmt.Sprintf("no header line: the %s check needs the columns %s", fam.Name, strings.Join(fam.columns(opt.Model), ","))}
	}
	if t.Cols != len(t.Header) {
		return 0, nil, &pointio.ParseError{Position: pointio.Position{File: opt.Name, Line: t.Pos(0).Line, Column: 1},
			Msg: fmt.Sprintf("row has %d columns, the header on line %d names %d", t.Cols, hl, len(t.Header))}
	}
	cols, err := fam.lookup(t.Header, opt.Model)
	if err != nil {
		return 0, nil, &pointio.ParseError{Position: pointio.Position{File: opt.Name, Line: hl}, Msg: err.Error()}
	}
	run := tableRun{fam: fam, opt: opt, cols: cols, t: t, data: data}
	var reports []RowReport
	for i := range t.Rows {
		errs, err := run.row(i)
		if err != nil {
			return 0, nil, err
		}
		if len(errs) > 0 {
			reports = append(reports, RowReport{Row: i, Pos: t.Pos(i), Errs: errs})
		}
	}
	return t.Rows, reports, nil
}

// pointCols returns the column names of point p in model m.
func pointCols(p string, m hyperbolic.Model) []string {
	if m == hyperbolic.Hyperboloid {
		return []string{p + "t", p + "x", p + "y"}
	}
	return []string{p + "x", p + "y"}
}

// model returns the model of point p in the family.
func (f Family) model(p string, m hyperbolic.Model) hyperbolic.Model {
	if f.Name == "convert" && p == "k" {
		return hyperbolic.Klein
	}
	return m
}

// columns lists the required columns.
func (f Family) columns(m hyperbolic.Model) []string {
	var out []string
	for _, p := range f.Points {
		out = append(out, pointCols(p, f.model(p, m))...)
	}
	return append(out, f.Values...)
}

// colIndex maps a column name to its index in the table, −1 if absent.
type colIndex map[string]int

// lookup finds the family's columns in the header (case-insensitive): a
// missing required column is an error, an optional group must be given
// whole.
func (f Family) lookup(header []string, m hyperbolic.Model) (colIndex, error) {
	idx := colIndex{}
	for j, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		if k, dup := idx[name]; dup && f.uses(name, m) {
			return nil, fmt.Errorf("column %q is named twice (columns %d and %d): which one holds the value is ambiguous", name, k+1, j+1)
		}
		idx[name] = j
	}
	var missing []string
	for _, c := range f.columns(m) {
		if _, ok := idx[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("the %s check (model %v) needs the columns %s; missing: %s", f.Name, m, strings.Join(f.columns(m), ","), strings.Join(missing, ","))
	}
	groups := f.Optional
	if len(f.OptPoints) > 0 {
		var g []string
		for _, p := range f.OptPoints {
			g = append(g, pointCols(p, m)...)
		}
		groups = append(groups, g)
	}
	for _, g := range groups {
		n := 0
		for _, c := range g {
			if _, ok := idx[c]; ok {
				n++
			}
		}
		if n != 0 && n != len(g) {
			return nil, fmt.Errorf("the columns %s go together: give all of them or none", strings.Join(g, ","))
		}
	}
	return idx, nil
}

// uses reports whether the family reads the column name (required or
// optional) in model m.
func (f Family) uses(name string, m hyperbolic.Model) bool {
	all := f.columns(m)
	for _, g := range f.Optional {
		all = append(all, g...)
	}
	for _, p := range f.OptPoints {
		all = append(all, pointCols(p, m)...)
	}
	return slices.Contains(all, name)
}

// headerLine returns the 1-based line of the first line that is neither
// blank nor a comment (the header, when there is one).
func headerLine(data []byte) int {
	for i, l := range strings.Split(string(data), "\n") {
		if k := strings.IndexByte(l, '#'); k >= 0 {
			l = l[:k]
		}
		if strings.TrimSpace(strings.TrimPrefix(l, "\uFEFF")) != "" {
			return i + 1
		}
	}
	return 1
}

// fieldColumn returns the 1-based byte column of field j on the given
// line of data, splitting as pointio does (at commas if the line has one,
// else at white space); 0 if not found.
func fieldColumn(data []byte, line, j int) int {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return 0
	}
	l := lines[line-1]
	if k := strings.IndexByte(l, '#'); k >= 0 {
		l = l[:k]
	}
	start := 0
	if line == 1 && strings.HasPrefix(l, "\uFEFF") {
		start = len("\uFEFF")
	}
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }
	comma := strings.IndexByte(l, ',') >= 0
	field, pos := 0, start
	for pos <= len(l) {
		for pos < len(l) && isSpace(l[pos]) {
			pos++
		}
		if field == j {
			return pos + 1
		}
		if comma {
			k := strings.IndexByte(l[pos:], ',')
			if k < 0 {
				return 0
			}
			pos += k + 1
		} else {
			for pos < len(l) && !isSpace(l[pos]) {
				pos++
			}
			if pos >= len(l) {
				return 0
			}
		}
		field++
	}
	return 0
}

// tableRun holds what the rows share.
type tableRun struct {
	fam  Family
	opt  TableOptions
	cols colIndex
	t    pointio.Table
	data []byte
}

// valueError returns a *pointio.ValueError for row i at the named column.
func (r *tableRun) valueError(i int, col string, msg string, err error) error {
	j := r.cols[col]
	pos := r.t.Pos(i)
	pos.Column = fieldColumn(r.data, pos.Line, j)
	return &pointio.ValueError{Position: pos, Row: i, Field: j, Msg: msg, Err: err}
}

// point returns the exact Klein point named p on row i.
func (r *tableRun) point(i int, p string) (ratPoint, error) {
	m := r.fam.model(p, r.opt.Model)
	cs := pointCols(p, m)
	vals := make([]float64, len(cs))
	for k, c := range cs {
		vals[k] = r.t.At(i, r.cols[c])
	}
	q, err := KleinOf(m, vals)
	if err != nil {
		return ratPoint{}, r.valueError(i, cs[0], fmt.Sprintf("point %s %v is not a point of the %v model: %v", p, vals, m, err), err)
	}
	return q, nil
}

// has reports whether the table has the column.
func (r *tableRun) has(c string) bool { _, ok := r.cols[c]; return ok }

func (r *tableRun) value(i int, c string) float64 { return r.t.At(i, r.cols[c]) }

// caseText lists row i's columns that the family reads.
func (r *tableRun) caseText(i int) string {
	var kv []string
	names := slices.Clone(r.t.Header)
	for j, h := range names {
		if c := strings.ToLower(strings.TrimSpace(h)); r.used(c) {
			kv = append(kv, c, g(r.t.At(i, j)))
		}
	}
	return caseOf(kv...)
}

func (r *tableRun) used(c string) bool {
	for _, p := range append(slices.Clone(r.fam.Points), r.fam.OptPoints...) {
		if slices.Contains(pointCols(p, r.fam.model(p, r.opt.Model)), c) {
			return true
		}
	}
	if slices.Contains(r.fam.Values, c) {
		return true
	}
	for _, g := range r.fam.Optional {
		if slices.Contains(g, c) {
			return true
		}
	}
	return false
}

// row runs the family's checks on row i: the violations and undecided
// checks, or an error for input the checks cannot use.
func (r *tableRun) row(i int) ([]error, error) {
	pts := map[string]ratPoint{}
	names := slices.Clone(r.fam.Points)
	if len(r.fam.OptPoints) > 0 && r.has(pointCols(r.fam.OptPoints[0], r.opt.Model)[0]) {
		names = append(names, r.fam.OptPoints...)
	}
	for _, p := range names {
		q, err := r.point(i, p)
		if err != nil {
			return nil, err
		}
		pts[p] = q
	}
	cs := r.caseText(i)
	var errs []error
	// keep collects a check's outcome: violations and undecided checks
	// are reported, other errors are bad input.
	keep := func(err error, col string) error {
		var v *Violation
		switch {
		case err == nil:
			return nil
		case errors.As(err, &v), errors.Is(err, ErrUndecided):
			errs = append(errs, err)
			return nil
		}
		return r.valueError(i, col, err.Error(), err)
	}
	res := func(p string) float64 { return r.opt.PointUlps * resolutionR(pts[p]) }
	tol := r.opt.Tol
	var err error
	switch r.fam.Name {
	case "dist":
		err = keep(checkR("dist", cs, r.value(i, "dist"), tol, func() (certify.Interval64, error) { return distR(pts["a"], pts["b"]) }), "ax")
	case "angle":
		err = keep(checkR("angle", cs, r.value(i, "angle"), tol, func() (certify.Interval64, error) { return angleR(pts["a"], pts["v"], pts["b"]) }), "vx")
	case "area":
		err = keep(checkR("area", cs, r.value(i, "area"), tol, func() (certify.Interval64, error) { return areaR(pts["a"], pts["b"], pts["c"]) }), "ax")
	case "triangle":
		err = r.triangle(i, pts, cs, keep)
	case "fermat":
		err = keep(fermat120([3]ratPoint{pts["a"], pts["b"], pts["c"]}, pts["s"], cs, res("s")), "sx")
	case "isometry":
		err = keep(isometryDist(pts["p"], pts["q"], pts["gp"], pts["gq"], cs, res("gp")+res("gq")), "gpx")
		if _, ok := pts["r"]; ok && err == nil {
			err = keep(isometryAngle([6]ratPoint{pts["p"], pts["q"], pts["r"], pts["gp"], pts["gq"], pts["gr"]}, cs, [3]float64{res("gq"), res("gp"), res("gr")}), "rx")
		}
	case "convert":
		err = keep(conversion(pts["k"], pts["m"], cs, res("k")), "mx")
	}
	return errs, err
}

// checkR compares a claimed value with an oracle's enclosure.
func checkR(name, cs string, got float64, tol Tol, oracle func() (certify.Interval64, error)) error {
	want, err := oracle()
	if err != nil {
		return err
	}
	return checkValue(name, cs, got, tol, want)
}

// triangle runs the triangle family on row i.
func (r *tableRun) triangle(i int, pts map[string]ratPoint, cs string, keep func(error, string) error) error {
	a, b, c := pts["a"], pts["b"], pts["c"]
	tol := r.opt.Tol
	sides := [3]float64{r.value(i, "bc"), r.value(i, "ca"), r.value(i, "ab")}
	for _, s := range []struct {
		name   string
		p, q   ratPoint
		column string
	}{{"ab", a, b, "ab"}, {"bc", b, c, "bc"}, {"ca", c, a, "ca"}} {
		if err := keep(checkR("dist "+s.name, cs, r.value(i, s.column), tol, func() (certify.Interval64, error) { return distR(s.p, s.q) }), s.column); err != nil {
			return err
		}
	}
	if err := keep(triangleInequality([3]ratPoint{a, b, c}, cs, r.value(i, "ab"), r.value(i, "bc"), r.value(i, "ca"), tol), "ab"); err != nil {
		return err
	}
	hasAngles, hasArea := r.has("alpha"), r.has("area")
	var angles [3]float64
	if hasAngles {
		angles = [3]float64{r.value(i, "alpha"), r.value(i, "beta"), r.value(i, "gamma")}
		for k, v := range []struct {
			x, at, y ratPoint
			name     string
		}{{b, a, c, "alpha"}, {a, b, c, "beta"}, {a, c, b, "gamma"}} {
			if err := keep(checkR("angle "+v.name, cs, angles[k], tol, func() (certify.Interval64, error) { return angleR(v.x, v.at, v.y) }), v.name); err != nil {
				return err
			}
		}
		if err := keep(LawOfCosines(sides, angles, tol), "alpha"); err != nil {
			return err
		}
		if err := keep(LawOfSines(sides, angles, tol), "alpha"); err != nil {
			return err
		}
	}
	if hasArea {
		if err := keep(checkR("area", cs, r.value(i, "area"), tol, func() (certify.Interval64, error) { return areaR(a, b, c) }), "area"); err != nil {
			return err
		}
	}
	if hasAngles && hasArea {
		return keep(AngleSum(angles, r.value(i, "area"), tol), "area")
	}
	return nil
}
