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

// FamiliesText documents Families for a usage text: per family its name,
// its columns (Klein names; optional groups in brackets) and, indented
// below, what it checks.
func FamiliesText() string {
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
