package delaunay

import "fmt"

// tb is the part of testing.TB (and *rapid.T) the helpers need.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Small assertion helpers. (testify's require cannot be used in this module
// at present: its yaml dependency has no go.sum entry.)

func msg(args []any) string {
	if len(args) == 0 {
		return ""
	}
	if f, ok := args[0].(string); ok {
		return ": " + fmt.Sprintf(f, args[1:]...)
	}
	return ": " + fmt.Sprint(args...)
}

// equal fails the test now unless got == want.
func equal[T comparable](t tb, want, got T, args ...any) {
	if got != want {
		t.Helper()
		t.Fatalf("got %v, want %v%s", got, want, msg(args))
	}
}

// check fails the test now unless ok. Helper is only called on failure: it
// is costly, and check runs in brute-force loops.
func check(t tb, ok bool, args ...any) {
	if !ok {
		t.Helper()
		t.Fatalf("check failed%s", msg(args))
	}
}

// noErr fails the test now if err is not nil.
func noErr(t tb, err error) {
	if err != nil {
		t.Helper()
		t.Fatalf("unexpected error: %v", err)
	}
}
