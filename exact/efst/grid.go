package efst

import "math"

// grid buckets boxes by the cells of a uniform grid over the terminals'
// bounding box (boxes reaching beyond it fall into the border cells), so
// that the boxes meeting a query box are found without a full scan.
type grid struct {
	x0, y0, h float64
	nx, ny    int
	cells     [][]int32
	count     int
}

// newGrid returns an empty grid with cells of side at least h, and at
// most about 4n cells.
func newGrid(pts [][2]float64, h float64, n int) *grid {
	minx, maxx, miny, maxy := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		minx, maxx = min(minx, p[0]), max(maxx, p[0])
		miny, maxy = min(miny, p[1]), max(maxy, p[1])
	}
	w := max(maxx-minx, maxy-miny)
	limit := 2 * math.Sqrt(float64(n))
	if !(h > 0) || w/h > limit {
		h = w / limit
	}
	if !(h > 0) {
		h = 1
	}
	g := &grid{x0: minx, y0: miny, h: h}
	g.nx = int((maxx-minx)/h) + 1
	g.ny = int((maxy-miny)/h) + 1
	g.cells = make([][]int32, g.nx*g.ny)
	return g
}

func (g *grid) cell(x, y float64) (int, int) {
	cx := int(math.Floor((x - g.x0) / g.h))
	cy := int(math.Floor((y - g.y0) / g.h))
	return min(max(cx, 0), g.nx-1), min(max(cy, 0), g.ny-1)
}

// add files id under every cell its box [minx, maxx, miny, maxy] meets.
func (g *grid) add(id int32, b [4]float64) {
	x0, y0 := g.cell(b[0], b[2])
	x1, y1 := g.cell(b[1], b[3])
	for i := x0; i <= x1; i++ {
		for j := y0; j <= y1; j++ {
			g.cells[i*g.ny+j] = append(g.cells[i*g.ny+j], id)
		}
	}
	g.count++
}

// query calls f for every id filed under a cell the box meets (an id may
// come more than once).
func (g *grid) query(b [4]float64, f func(int32)) {
	if !(b[0] <= b[1] && b[2] <= b[3]) {
		return
	}
	x0, y0 := g.cell(b[0], b[2])
	x1, y1 := g.cell(b[1], b[3])
	for i := x0; i <= x1; i++ {
		for j := y0; j <= y1; j++ {
			for _, id := range g.cells[i*g.ny+j] {
				f(id)
			}
		}
	}
}
