package certify

import "math/big"

// FermatLine is a FermatCert as 'verify fermat' prints it, one JSON
// object a line, fields in this order. Every bound is printed rounded
// outward, so the printed numbers still bound what they claim to.
type FermatLine struct {
	// Status is FermatStatus.String.
	Status string `json:"status"`
	// X and Y print the enclosure's centre and Radius bounds the max-norm
	// distance from the printed (X, Y) to the Fermat point; Digits counts
	// the correct significant digits (Printed, Digits). Null without an
	// enclosure.
	X      *string `json:"x"`
	Y      *string `json:"y"`
	Radius *string `json:"radius"`
	Digits int     `json:"digits"`
	// Offset bounds the distance from the candidate to the Fermat point;
	// Tol is the accepted one (TolAbs); Prec the bits the proof needed.
	Offset *string `json:"offset"`
	Tol    string  `json:"tol"`
	Prec   uint    `json:"prec,omitempty"`
	// Solver names the strategy that gave the candidate (no claimed
	// point); the certificate does not know it, its caller sets it.
	Solver string `json:"solver,omitempty"`
	// Wide is, for none, the vertex (0, 1, 2) with an angle ≥ 120°.
	Wide *int `json:"wide,omitempty"`
}

// Line returns the certificate's FermatLine (without Solver).
func (c *FermatCert) Line() FermatLine {
	line := FermatLine{Status: c.Status.String(), Tol: DecimalBound(new(big.Float).SetFloat64(c.TolAbs), 3, true)}
	if c.Status == FermatNone && c.Wide >= 0 {
		w := c.Wide
		line.Wide = &w
	}
	if !c.Proved {
		return line
	}
	x, y, r := c.Printed()
	off := DecimalBound(&c.Offset, 3, true)
	line.X, line.Y, line.Radius, line.Offset = &x, &y, &r, &off
	line.Digits, line.Prec = c.Digits(), c.Prec
	return line
}
