package main

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
)

// distTable writes rows "ax,ay,bx,by,dist" with the distances of dist.
func distTable(dist func(p, q hyperbolic.Point) float64, pairs [][2]hyperbolic.Point) string {
	var b strings.Builder
	b.WriteString("# written by some other program\nax,ay,bx,by,dist\n")
	for _, pq := range pairs {
		p, q := pq[0], pq[1]
		fmt.Fprintf(&b, "%v,%v,%v,%v,%v\n", p.X, p.Y, q.X, q.Y, dist(p, q))
	}
	return b.String()
}

func TestIdentitiesDist(t *testing.T) {
	pairs := [][2]hyperbolic.Point{
		{{X: 0.5}, {}},
		{{X: 0.3, Y: -0.2}, {X: -0.6, Y: 0.7}},
		{{X: 1 - 0x1p-40}, {X: 0.1}},
	}
	// The accurate distance is consistent: exit 0, nothing on stdout.
	code, out, errText := runCmd([]string{"identities", "--check", "dist"}, distTable(hyperbolic.Dist, pairs))
	assert.Equal(t, cli.ExitOK, code, errText)
	assert.Empty(t, out)
	assert.Contains(t, errText, "all 3 rows consistent")

	// The textbook formula loses digits near the boundary: row 2 (line 5)
	// is reported with its enclosure, exit 1.
	textbook := func(p, q hyperbolic.Point) float64 {
		return math.Acosh((1 - p.X*q.X - p.Y*q.Y) / math.Sqrt((1-p.X*p.X-p.Y*p.Y)*(1-q.X*q.X-q.Y*q.Y)))
	}
	path := fixture.WriteTemp(t, "d.csv", []byte(distTable(textbook, pairs)))
	code, out, errText = runCmd([]string{"identities", "--check", "dist", path}, "")
	assert.Equal(t, cli.ExitFailure, code)
	assert.Contains(t, out, path+":5:1: row 2: hyptest: dist violated: ax=0.9999999999990905")
	assert.Contains(t, out, "but the exact value is in [")
	assert.Equal(t, 1, strings.Count(out, "\n"), out)
	assert.Contains(t, errText, "dist failed on 1 row of 3")

	// A looser claim accepts it.
	code, _, errText = runCmd([]string{"identities", "--check", "dist", "--ulps", "1e6", path}, "")
	assert.Equal(t, cli.ExitOK, code, errText)
}

func TestIdentitiesModelsAndFamilies(t *testing.T) {
	w := hyperbolic.PoincarePoint{X: 0.5}
	// d(0, w) = 2·atanh(|w|) = ln 3 in the Poincaré disk.
	code, out, errText := runCmd([]string{"identities", "--check", "dist", "--model", "poincare"},
		fmt.Sprintf("ax,ay,bx,by,dist\n0,0,%v,%v,%v\n", w.X, w.Y, math.Log(3)))
	assert.Equal(t, cli.ExitOK, code, out+errText)

	a, b, c := hyperbolic.Point{X: 0.5}, hyperbolic.Point{Y: 0.5}, hyperbolic.Point{X: -0.3, Y: -0.2}
	tri := fmt.Sprintf("ax,ay,bx,by,cx,cy,ab,bc,ca,alpha,beta,gamma,area\n%v,%v,%v,%v,%v,%v,%v,%v,%v,%v,%v,%v,%v\n",
		a.X, a.Y, b.X, b.Y, c.X, c.Y, hyperbolic.Dist(a, b), hyperbolic.Dist(b, c), hyperbolic.Dist(c, a),
		hyperbolic.Angle(b, a, c), hyperbolic.Angle(a, b, c), hyperbolic.Angle(a, c, b), hyperbolic.Area(a, b, c))
	code, out, errText = runCmd([]string{"identities", "--check", "triangle"}, tri)
	assert.Equal(t, cli.ExitOK, code, out+errText)

	// Degrees instead of radians: every angle check fails, exit 1.
	deg := strings.Replace(tri, fmt.Sprint(hyperbolic.Angle(a, b, c)), fmt.Sprint(hyperbolic.Angle(a, b, c)*180/math.Pi), 1)
	code, out, _ = runCmd([]string{"identities", "--check", "triangle"}, deg)
	assert.Equal(t, cli.ExitFailure, code)
	assert.Contains(t, out, "angle beta violated")
}

func TestIdentitiesBadInput(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		input string
		want  string
	}{
		{[]string{"identities"}, "", "--check \"\": want one of dist, angle"},
		{[]string{"identities", "--check", "dist", "--model", "sphere"}, "", "--model"},
		{[]string{"identities", "--check", "dist", "--ulps", "-1"}, "", "--ulps"},
		{[]string{"identities", "--check", "dist"}, "ax,ay,bx,by,dist\n0,0,2,0,1\n", "stdin:2:5: point b [2 0] is not a point of the klein model"},
		{[]string{"identities", "--check", "dist"}, "ax,ay,bx,dist\n0,0,0.5,1\n", "stdin:1: the dist check (model klein) needs"},
		{[]string{"identities", "--check", "dist"}, "ax,ay,bx,by,dist\n0,0,0.5,0,zz\n", "stdin:2:11: cannot parse"},
		{[]string{"identities", "--check", "dist", "/no/such/file.csv"}, "", "no such file"},
	} {
		code, out, errText := runCmd(tc.args, tc.input)
		assert.Equal(t, cli.ExitUsage, code, "%v: %s", tc.args, errText)
		assert.Empty(t, out)
		assert.Contains(t, errText, tc.want, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(errText, "\n"), errText)
	}
	code, out, _ := runCmd([]string{"identities", "-h"}, "")
	assert.Equal(t, cli.ExitOK, code)
	assert.Empty(t, out)
}
