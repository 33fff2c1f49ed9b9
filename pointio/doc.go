// Package pointio reads the point sets and number tables the commands take
// as input, from CSV (text), NumPy .npy and JSON files, and converts points
// of any model of the hyperbolic plane to the canonical Klein model.
//
// # Tables
//
// Every reader returns a Table: Rows rows of Cols float64 values, row-major,
// all finite, with at least one row. The column count is fixed by the first
// data row (text) or the array shape (.npy); Options.Cols restricts it, e.g.
// {2} for planar points or {6, 8} for triangles with an optional candidate
// point. An input without data rows is an error wrapping ErrNoData.
// Options.ReadPath reads a command's INPUT ("-": standard input), and
// ReadInput its point set (PointSet: the points with the table they came
// from, exact repeats refused or dropped).
//
// # Formats
//
// CSV (also .txt and .tsv files): one row a line. Values are separated by
// commas, with optional spaces or tabs around them; a line without a comma
// is split at white space, so the "x y" files of OR-Library and TSPLIB read
// as they are. `#` starts a comment (whole-line or trailing), blank lines
// are skipped, a first line none of whose fields is a number is a header
// (kept in Table.Header), a UTF-8 byte-order mark and CRLF line ends are
// accepted. Numbers are decimal or hexadecimal (0x1.8p-3) floating-point
// literals converted with correct rounding; NaN, Inf and values beyond the
// float64 range are errors.
//
// Labels: with Options.Labels a CSV input may carry one column of text
// beside the numbers — the column its header names "label" (or
// Options.LabelName), wherever it is, or without such a header a last
// column whose first value is neither empty nor a number — kept in
// Table.Labels, one per row (cell names, say, that the tree writers of
// package export carry to their outputs). A label cannot hold a comma or
// `#`, nor white space on a line without commas; a numeric last column
// without a header naming it is not a label, so a stray third coordinate
// is still an error.
//
// .npy: a 2-D array of dtype float64 or float32 ('<f8', '>f8', '<f4',
// '>f4'), in C or Fortran order, format version 1.0 or 2.0; a 1-D array
// (n,) reads as one column (n, 1) where one column is accepted, which is
// how ReadVector reads a vector such as the Planaria pseudotimes. float32
// values are widened to float64, which is exact. The header is parsed with
// github.com/sbinet/npyio after validation of its length, and the data
// section must hold exactly the bytes the shape needs, so a truncated file
// is an error rather than a table padded with zeros.
//
// JSON: an array of number arrays, [[x, y], …] or [[t, x, y], …].
//
// ReadFile chooses the format by the file's extension (or Options.Format);
// Read takes it explicitly. Auto tells the format from the data itself
// (Detect: the .npy magic string, a JSON array's '[', else CSV), which is
// how the commands read standard input.
//
// # Errors
//
// Errors never panic and always say where, 1-based: a *ParseError
// (malformed input: text that is not a number, a row of the wrong length,
// a bad .npy header, dtype or shape, a JSON syntax error) and a
// *ValueError (an unacceptable value: NaN, ±Inf, overflow, a point outside
// its model) carry the file, the line and the byte column — of the value,
// or of the row's start for a point. An .npy file has no lines: its
// messages name the row and column, counted from 1. They read
//
//	input.csv:12:3: cannot parse "0.l" as a number
//	input.csv:12:1: point (1.2, 0.1) is on or outside the unit circle (the klein model needs x² + y² < 1)
//	planaria.npy: row 11: point (1.2, 0.1) is on or outside the unit circle (the klein model needs x² + y² < 1)
//	planaria.npy: dtype '<i8' (int64) is not supported: expected float64 ('<f8') or float32 ('<f4')
//
// The row and field indices inside a *ValueError are 0-based, as Go
// indices are; Table.Pos and Table.Where give a row's place in the source.
//
// # Repeated rows
//
// Table.FindDuplicate reports the first row that repeats an earlier one
// exactly (0 and −0 are equal) as a *DuplicateError naming both places;
// Table.Dedupe drops such rows, keeping each first occurrence with its
// position (Table.Origin maps the rows kept to the source's rows).
//
// # Models
//
// ToKlein converts a table of points to hyperbolic.Point values in the
// Klein disk, with the conversions of package hyperbolic:
//
//	klein        x, y      x² + y² < 1 (decided exactly)
//	poincare     x, y      x² + y² < 1; Klein point 2w/(1 + |w|²)
//	halfplane    x, y      y > 0;       Klein point (|z|² − 1, −2x)/(|z|² + 1)
//	hyperboloid  t, x, y   t > 0, t² − x² − y² = 1; Klein point (x, y)/t
//
// The hyperboloid columns are time first (t, x, y), as in geomstats and
// package hyperbolic; a row is accepted when it lies on the sheet within
// the relative tolerance HyperboloidTol (float32 data pass), and a table
// whose columns look like x, y, t gets a hint saying so. Each converted
// coordinate is within 4·2⁻⁵³ relative error of the exact image of the
// float64 input (checked in the tests against big.Rat); an input whose
// image float64 cannot hold strictly inside the disk is an error naming
// the row, not a silently moved point.
//
// FromKlein goes the other way, from Klein points to a table in any
// model (the commands' --out-model), with the same accuracy. KleinAt and
// Triangles read Klein points out of wider rows (the triangles
// ax, ay, bx, by, cx, cy of the Fermat commands), each refusal naming the
// value's place.
package pointio
