package certify

import "errors"

// Sentinel errors; functions wrap them with %w and a message saying what
// and where, so test with errors.Is.
var (
	// ErrInvalid marks malformed input: NaN or infinite values, reversed
	// interval endpoints, wrong lengths, a non-square system.
	ErrInvalid = errors.New("invalid input")
	// ErrDivByZero marks a division by an interval that contains zero.
	ErrDivByZero = errors.New("division by an interval containing zero")
	// ErrDomain marks an argument outside a function's domain, such as the
	// square root of an interval with a negative part.
	ErrDomain = errors.New("argument outside the domain")
)
