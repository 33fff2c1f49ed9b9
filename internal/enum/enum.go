// Package enum names the values of the module's small integer
// enumerations (solver statuses, verdicts, reasons): one table per type
// gives each value a machine name — stable, snake_case, what JSON and logs
// print — and a phrase for people, and the type's String, Name and
// MarshalText methods look it up, with the fallbacks they all share.
//
// A status type declares its table once and delegates:
//
//	var statusNames = enum.Table[Status]{Pkg: "certify", Type: "Status", Words: []enum.Words{
//		Undecided: {Name: "undecided"},
//		NoRoot:    {Name: "no_root", Text: "no root"},
//	}}
//
//	func (s Status) String() string { return statusNames.String(s) }
package enum

import (
	"errors"
	"strconv"
)

// Words names one value.
type Words struct {
	// Name is the machine name: stable, for JSON and logs.
	Name string
	// Text is the phrase for people; "" means the same as Name.
	Text string
}

// Table names the values of the integer type T: Words[v] names v. A value
// outside Words, or whose entry has no Name (a sparse enumeration leaves
// holes), has no name.
type Table[T ~int] struct {
	// Pkg and Type name the package and the type, for values without a
	// name: "Status(7)", "certify: Status(7) has no name".
	Pkg, Type string
	Words     []Words
}

// Lookup returns the words of v, and whether v has any.
func (t *Table[T]) Lookup(v T) (Words, bool) {
	if v < 0 || int(v) >= len(t.Words) || t.Words[v].Name == "" {
		return Words{}, false
	}
	return t.Words[v], true
}

// String returns the phrase of v, or the type and number ("Status(7)") for
// a value without a name.
func (t *Table[T]) String(v T) string {
	w, ok := t.Lookup(v)
	switch {
	case !ok:
		return t.unnamed(v)
	case w.Text == "":
		return w.Name
	}
	return w.Text
}

// Name returns the machine name of v, or the type and number
// ("Status(7)") for a value without a name.
func (t *Table[T]) Name(v T) string {
	if w, ok := t.Lookup(v); ok {
		return w.Name
	}
	return t.unnamed(v)
}

// MarshalText returns the machine name of v, or an error for a value
// without a name: an encoder never writes a word that reads back as
// something else.
func (t *Table[T]) MarshalText(v T) ([]byte, error) {
	if w, ok := t.Lookup(v); ok {
		return []byte(w.Name), nil
	}
	return nil, errors.New(t.Pkg + ": " + t.unnamed(v) + " has no name")
}

func (t *Table[T]) unnamed(v T) string { return t.Type + "(" + strconv.Itoa(int(v)) + ")" }
