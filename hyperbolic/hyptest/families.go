package hyptest

import (
	"fmt"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// FamilyNames lists the names of Families: "dist, angle, …".
func FamilyNames() string {
	names := make([]string, len(Families))
	for i, f := range Families {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// TableHelp documents CheckTable and Families, for the usage text of
// 'verify identities' (its --model, --ulps, --abs and --point-ulps are
// TableOptions' Model, Tol and PointUlps).
func TableHelp() string {
	return `Runs one family of the hyptest catalogue on every row of a CSV table that
another program wrote: its points and the values it computed. The first
line is a header naming the columns (any order; other columns are
ignored). A point named a has the columns ax,ay (klein, poincare,
halfplane) or at,ax,ay (hyperboloid) in the --model; it is taken as the
exact Klein image of its float64 coordinates. Families and their columns:

` + familiesText() + `
A value claims to be within --ulps units of float64 rounding (relative,
plus --abs) of the exact value for the exact input points; a computed
point (s, the images g*, m) claims to be within --point-ulps units of the
float64 resolution u·t² at that point (hyperbolic distance). A row is
reported only when that is proved wrong: each value is compared with a
certified enclosure (big-float interval arithmetic, outward rounding),
and each identity is enclosed over every value the claims admit; a check
that cannot decide says "undecided".

`
}

// familiesText documents Families: per family its name, its columns
// (Klein names; optional groups in brackets) and, indented below, what it
// checks.
func familiesText() string {
	var b strings.Builder
	for _, f := range Families {
		var cols []string
		for _, p := range f.Points {
			cols = append(cols, pointCols(p, hyperbolic.Klein)...)
		}
		cols = append(cols, f.Values...)
		opt := ""
		for _, g := range f.Optional {
			opt += " [" + strings.Join(g, ",") + "]"
		}
		if len(f.OptPoints) > 0 {
			var c []string
			for _, p := range f.OptPoints {
				c = append(c, pointCols(p, hyperbolic.Klein)...)
			}
			opt += " [" + strings.Join(c, ",") + "]"
		}
		fmt.Fprintf(&b, "  %-9s %s%s\n            %s\n", f.Name, strings.Join(cols, ","), opt, f.Doc)
	}
	return b.String()
}
