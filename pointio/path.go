package pointio

import "io"

// ReadPath reads the table a command's INPUT names: the file path as
// ReadFile reads it, or for "-" standard input (stdin, named "stdin" in
// errors) in o.Format, told by the content when that is Auto or unset.
func (o Options) ReadPath(path string, stdin io.Reader) (Table, error) {
	if path != "-" {
		return o.ReadFile(path)
	}
	o.Name = "stdin"
	f := o.Format
	if f == 0 {
		f = Auto
	}
	return o.Read(stdin, f)
}
