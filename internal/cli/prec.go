package cli

// The bounds of every command's --prec flag, in bits: 53 is float64 (a
// certificate starts there), 65536 bits are about 19700 decimal digits —
// beyond what any Fermat point or polynomial root of these commands needs,
// and small enough that one big.Float operation stays fast.
const (
	MinPrec = 53
	MaxPrec = 1 << 16
)

// CheckPrec validates a --prec value: a *UsageError unless MinPrec ≤ prec
// ≤ MaxPrec.
func CheckPrec(prec uint) error {
	if prec < MinPrec || prec > MaxPrec {
		return Usagef("--prec must be between %d and %d bits, not %d", MinPrec, MaxPrec, prec)
	}
	return nil
}
