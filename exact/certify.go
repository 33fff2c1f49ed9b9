package exact

import (
	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// certifyPoint proves that s is the Fermat point of the triangle p (within
// certify.DefaultFermatTol of the triangle's size), with the plane's
// certified arithmetic; false when it cannot (or the plane has none).
func certifyPoint(g geom, s hyperbolic.Point, p [3]hyperbolic.Point) bool {
	cp, ok := g.sp.Plane().(plane.Certified)
	if !ok {
		return false
	}
	var cert certify.FermatCert
	err := cp.Geometry().NewFermatProver().Certify(&cert, p[0], p[1], p[2], s, certify.FermatOptions{})
	return err == nil && cert.Status == certify.FermatCertified
}
