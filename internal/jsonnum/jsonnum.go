// Package jsonnum writes float64 values as JSON numbers that read back
// exactly (the shortest decimal strconv gives), and refuses NaN and ±Inf
// rather than writing something a reader would take for a number.
package jsonnum

import (
	"fmt"
	"math"
	"strconv"
)

// Format prints x with the fewest significant digits that read back
// (strconv.ParseFloat) as exactly x: strconv's 'g' format, precision -1.
func Format(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Append appends Format(x) to dst.
func Append(dst []byte, x float64) []byte { return strconv.AppendFloat(dst, x, 'g', -1, 64) }

// Float is a float64 that encodes to JSON as Format does, so that a
// reader recovers the exact value. NaN and ±Inf have no JSON form: encoding
// them is an error naming the value, never a silent null or string.
type Float float64

// MarshalJSON implements json.Marshaler.
func (f Float) MarshalJSON() ([]byte, error) {
	x := float64(f)
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil, fmt.Errorf("jsonnum: cannot encode %v as a JSON number", x)
	}
	return Append(nil, x), nil
}

// UnmarshalJSON implements json.Unmarshaler; it accepts a JSON number.
func (f *Float) UnmarshalJSON(b []byte) error {
	x, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("jsonnum: %s is not a float64 JSON number", b)
	}
	*f = Float(x)
	return nil
}

// Floats converts a slice for encoding.
func Floats(xs []float64) []Float {
	fs := make([]Float, len(xs))
	for i, x := range xs {
		fs[i] = Float(x)
	}
	return fs
}
