package efst

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/pointio"
)

func TestProf(t *testing.T) {
	tab, err := pointio.Options{Cols: []int{2}}.ReadFile("/work/shared/data/estein/estein100_01.txt")
	if err != nil {
		t.Skip()
	}
	pts, _ := pointio.PlanePoints(tab)
	g, err := Generate(pts, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d fsts %d eq %.3fs", len(g.FSTs), g.EqPoints, g.Seconds)
}
