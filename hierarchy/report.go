package hierarchy

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
)

// TSVHeader lists the columns WriteTSV writes.
var TSVHeader = []string{"method", "missing", "points", "runs", "error_mean", "error_sd", "cpu_s", "cpu_sd", "wall_s"}

// WriteTSV writes the summaries as tab-separated values: a header row
// (TSVHeader) and one row per summary. Numbers are printed to round-trip
// float64; a standard deviation of a single run is NaN.
func WriteTSV(w io.Writer, sums []Summary) error {
	bw := bufio.NewWriter(w)
	for i, h := range TSVHeader {
		if i > 0 {
			bw.WriteByte('\t')
		}
		bw.WriteString(h)
	}
	bw.WriteByte('\n')
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, s := range sums {
		fmt.Fprintf(bw, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\n", s.Method, g(s.Missing), s.Points, s.Runs,
			g(s.ErrorMean), g(s.ErrorSD), g(s.CPUMean), g(s.CPUSD), g(s.WallMean))
	}
	return bw.Flush()
}

// WriteMarkdown writes the summaries as a Markdown table: error and CPU
// seconds as mean ± sd (the mean alone for a single run).
func WriteMarkdown(w io.Writer, sums []Summary) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("| method | missing % | points | runs | error | CPU s | wall s |\n")
	bw.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	pm := func(m, sd float64, prec int) string {
		if math.IsNaN(sd) {
			return strconv.FormatFloat(m, 'f', prec, 64)
		}
		return strconv.FormatFloat(m, 'f', prec, 64) + " ± " + strconv.FormatFloat(sd, 'f', prec, 64)
	}
	for _, s := range sums {
		fmt.Fprintf(bw, "| %s | %s | %d | %d | %s | %s | %s |\n", s.Method,
			strconv.FormatFloat(s.Missing, 'g', -1, 64), s.Points, s.Runs,
			pm(s.ErrorMean, s.ErrorSD, 4), pm(s.CPUMean, s.CPUSD, 4), strconv.FormatFloat(s.WallMean, 'f', 4, 64))
	}
	return bw.Flush()
}
