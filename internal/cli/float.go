package cli

import (
	"fmt"
	"math"
	"strconv"
)

// FormatFloat prints x with the fewest significant digits that read back
// (strconv.ParseFloat) as exactly x: strconv's 'g' format, precision -1.
func FormatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// AppendFloat appends FormatFloat(x) to dst.
func AppendFloat(dst []byte, x float64) []byte { return strconv.AppendFloat(dst, x, 'g', -1, 64) }

// Float is a float64 that encodes to JSON as FormatFloat does, so that a
// reader recovers the exact value. NaN and ±Inf have no JSON form: encoding
// them is an error naming the value, never a silent null or string.
type Float float64

// MarshalJSON implements json.Marshaler.
func (f Float) MarshalJSON() ([]byte, error) {
	x := float64(f)
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil, fmt.Errorf("cli: cannot encode %v as a JSON number", x)
	}
	return AppendFloat(nil, x), nil
}

// UnmarshalJSON implements json.Unmarshaler; it accepts a JSON number.
func (f *Float) UnmarshalJSON(b []byte) error {
	x, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("cli: %s is not a float64 JSON number", b)
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
