package bench

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// tsvRecord is one data line of a header-driven tab-separated table.
type tsvRecord struct {
	line   int
	text   string
	fields []string
	col    map[string]int // column name → field index, from the header
}

// get returns the named field, trimmed, and its 1-based byte column (one
// past the line's end when the line is short).
func (r *tsvRecord) get(name string) (string, int) {
	i := r.col[name]
	if i >= len(r.fields) {
		return "", len(r.text) + 1
	}
	c := 1
	for j := 0; j < i; j++ {
		c += len(r.fields[j]) + 1
	}
	return strings.TrimSpace(r.fields[i]), c
}

// num returns the named field as a finite number, NaN when it is empty.
func (r *tsvRecord) num(name string) (float64, error) {
	s, c := r.get(name)
	if s == "" {
		return math.NaN(), nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, &ParseError{r.line, c, fmt.Sprintf("%s = %q is not a finite number", name, s)}
	}
	return v, nil
}

// scanTSV reads a tab-separated table: blank and '#' lines are skipped, the
// first other line is the header, which must name every column of
// required (in any order), and each later line goes to row.
func scanTSV(r io.Reader, required []string, row func(rec *tsvRecord) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var col map[string]int
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if col == nil {
			col = map[string]int{}
			for i, f := range fields {
				col[strings.TrimSpace(f)] = i
			}
			for _, name := range required {
				if _, ok := col[name]; !ok {
					return &ParseError{line, 1, fmt.Sprintf("header lacks the column %q", name)}
				}
			}
			continue
		}
		if err := row(&tsvRecord{line: line, text: text, fields: fields, col: col}); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("line %d: %w", line+1, err)
	}
	if col == nil {
		return &ParseError{line + 1, 1, "no header line"}
	}
	return nil
}
