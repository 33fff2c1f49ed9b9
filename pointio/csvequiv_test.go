package pointio

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pgregory.net/rapid"
)

// The tests in this file compare the CSV reader, ReadInput's duplicate
// check and ToKlein with the oracle (oracle_csv_test.go: the code as it
// was before the reader was made parallel) on generated inputs, well and
// badly formed, for every worker count from 1 to 4 and for pieces
// (csvChunkBytes) from a few bytes, so that rows, gaps and errors fall in
// every piece.

// fataler is what the checks need of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// equivChunks are the piece lengths the equivalence checks try.
var equivChunks = []int{1, 3, 16, 64, 512 << 10}

// withChunk runs f with csvChunkBytes set to n.
func withChunk(n int, f func()) {
	old := csvChunkBytes
	csvChunkBytes = n
	defer func() { csvChunkBytes = old }()
	f()
}

// sameOutcome fails unless two reads gave the same table (bit for bit,
// nil slices as nil) or the same error (type, fields and message).
func sameOutcome(t fataler, what string, got Table, gotErr error, want Table, wantErr error) {
	t.Helper()
	if (gotErr == nil) != (wantErr == nil) {
		t.Fatalf("%s: error %v, want %v", what, gotErr, wantErr)
	}
	if wantErr != nil {
		if gotErr.Error() != wantErr.Error() || reflect.TypeOf(gotErr) != reflect.TypeOf(wantErr) || !reflect.DeepEqual(gotErr, wantErr) {
			t.Fatalf("%s: error %T %#v (%v), want %T %#v (%v)", what, gotErr, gotErr, gotErr, wantErr, wantErr, wantErr)
		}
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: table\n%#v\nwant\n%#v", what, got, want)
	}
	for k := range want.Data {
		if math.Float64bits(got.Data[k]) != math.Float64bits(want.Data[k]) {
			t.Fatalf("%s: value %d is %v, want %v", what, k, got.Data[k], want.Data[k])
		}
	}
}

// failingReader returns its data, then err.
type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// checkCSVEquiv compares readCSV with the oracle on data under o, for
// every worker count and piece length: from a plain stream, from one of
// known length (the pieces read at their offsets), from one whose
// announced length is wrong, and from one that fails after its data.
func checkCSVEquiv(t fataler, o Options, data []byte) {
	t.Helper()
	readErr := errors.New("disk on fire")
	sizes := []int64{0, int64(len(data)), int64(len(data)) + 3, max(int64(len(data))-2, 1)}
	for _, size := range sizes {
		want, wantErr := o.oracleReadCSV(bytes.NewReader(data), size)
		for _, chunk := range equivChunks {
			for w := 1; w <= 4; w++ {
				withChunk(chunk, func() {
					o := o
					o.Workers = w
					what := "size " + itoa(int(size)) + ", piece " + itoa(chunk) + ", workers " + itoa(w)
					got, err := o.readCSV(bytes.NewReader(data), size)
					sameOutcome(t, what, got, err, want, wantErr)
					if size == int64(len(data)) && size > 0 {
						// A file read right at its offsets does not fall back to a stream.
						got, ok, err := o.readCSVAt(bytes.NewReader(data), size)
						if !ok {
							t.Fatalf("%s: readCSVAt fell back to a stream", what)
						}
						sameOutcome(t, what+", at offsets", got, err, want, wantErr)
					}
				})
			}
		}
	}
	want, wantErr := o.oracleReadCSV(&failingReader{data, readErr}, 0)
	for _, chunk := range equivChunks {
		for w := 1; w <= 4; w++ {
			withChunk(chunk, func() {
				o := o
				o.Workers = w
				got, err := o.readCSV(&failingReader{data, readErr}, 0)
				sameOutcome(t, "failing reader, piece "+itoa(chunk)+", workers "+itoa(w), got, err, want, wantErr)
			})
		}
	}
}

// oracleReadInput is ReadInput as it was, on the oracle's reader.
func (o Options) oracleReadInput(data []byte, model string, dedupe bool) (PointSet, error) {
	o.Cols, o.Labels, o.Name = []int{2}, true, "stdin"
	if model != "" {
		k, err := ModelCols(model)
		if err != nil {
			return PointSet{}, err
		}
		o.Cols = []int{k}
	}
	tab, err := o.oracleReadCSV(bytes.NewReader(data), 0)
	if err != nil {
		return PointSet{}, err
	}
	var in PointSet
	if dedupe {
		tab, in.Dropped = tab.oracleDedupe()
	} else if err := tab.oracleFindDuplicate(); err != nil {
		return PointSet{}, err
	}
	in.Table = tab
	if model == "" {
		in.Points, err = PlanePoints(tab)
	} else {
		in.Points, err = oracleToKlein(tab, model)
	}
	return in, err
}

// checkInputEquiv compares ReadInput (from standard input, as CSV) with
// the oracle's for every model, with and without dedupe, for every worker
// count and piece length.
func checkInputEquiv(t fataler, data []byte) {
	t.Helper()
	for _, model := range append([]string{""}, Models...) {
		for _, dedupe := range []bool{false, true} {
			want, wantErr := Options{}.oracleReadInput(data, model, dedupe)
			for _, chunk := range equivChunks {
				for w := 1; w <= 4; w++ {
					withChunk(chunk, func() {
						got, err := Options{Format: CSV, Workers: w}.ReadInput("-", bytes.NewReader(data), model, dedupe)
						what := "model " + model + ", piece " + itoa(chunk) + ", workers " + itoa(w)
						if dedupe {
							what += ", dedupe"
						}
						sameOutcome(t, what, got.Table, err, want.Table, wantErr)
						if wantErr == nil && (!reflect.DeepEqual(got.Points, want.Points) || got.Dropped != want.Dropped) {
							t.Fatalf("%s: points %v (%d dropped), want %v (%d dropped)", what, got.Points, got.Dropped, want.Points, want.Dropped)
						}
					})
				}
			}
		}
	}
}

// genNumber draws the text of a field: mostly numbers, some of them
// unacceptable (not finite, out of range), some not numbers at all.
func genNumber(t *rapid.T) string {
	return rapid.SampledFrom([]string{
		"0", "-0", "0.5", "-0.25", "0.1", "0.3", "1", "2", "-1.5", "1e-3", "0x1p-3", "4e-324", "1e-400",
		"0.5", "0.25", "-0.125", "0.75", "0.5", "0.1", "0.9", "-0.3", "1e0", "+0.5", "\"0.5\"",
		"NaN", "Inf", "-inf", "1e400", "1_0", "abc", "", "x", "label", "\"a b\"", "#", "0.5#c",
	}).Draw(t, "field")
}

// genCSV draws a text input: a header or not, rows of numbers with
// commas or white space, labels, blank, comment and ragged lines, CRLF,
// a byte-order mark, a missing final newline; a drawn share of the
// fields and lines (none in about half the inputs) is bad.
func genCSV(t *rapid.T) []byte {
	var b strings.Builder
	if rapid.IntRange(0, 9).Draw(t, "bom") == 0 {
		b.WriteString("\uFEFF")
	}
	if rapid.IntRange(0, 2).Draw(t, "header") == 0 {
		b.WriteString(rapid.SampledFrom([]string{"x,y", "x y", "t,x,y", "x,y,label", "label,x,y", "a,b,c,d", "\"x\",\"y\"", ",x,y", "# c\nx,y"}).Draw(t, "header"))
		b.WriteString(rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(t, "eol"))
	}
	bad := rapid.SampledFrom([]int{0, 0, 0, 200, 40, 8}).Draw(t, "bad") // one in bad is bad; 0: none
	isBad := func() bool { return bad > 0 && rapid.IntRange(1, bad).Draw(t, "is bad") == 1 }
	cols := rapid.IntRange(1, 4).Draw(t, "cols")
	label := rapid.IntRange(0, 3).Draw(t, "labelled") == 0
	lines := rapid.IntRange(0, 40).Draw(t, "lines")
	sep := rapid.SampledFrom([]string{",", ", ", " ,\t", " ", "\t", "  "}).Draw(t, "sep")
	for i := range lines {
		switch {
		case rapid.IntRange(0, 5).Draw(t, "blank") == 0:
			b.WriteString(rapid.SampledFrom([]string{"", "   ", "\t", "# comment", "  # c, 1, 2"}).Draw(t, "blank"))
		default:
			n := cols
			if isBad() {
				n = rapid.IntRange(1, 5).Draw(t, "ragged")
			}
			if isBad() {
				sep = rapid.SampledFrom([]string{",", ", ", " ,\t", " ", "\t", "  "}).Draw(t, "sep")
			}
			for j := range n {
				if j > 0 {
					b.WriteString(sep)
				}
				if isBad() {
					b.WriteString(genNumber(t))
				} else {
					b.WriteString(rapid.SampledFrom([]string{"0.5", "-0.25", "0.1", "0.3", "0.125", "-0.6", "0", "-0", "0.2", "0.7", "\"0.4\"", "1e-1"}).Draw(t, "v"))
				}
			}
			if label != isBad() {
				b.WriteString(sep + rapid.SampledFrom([]string{"a", "p1", "\"q\"", "b"}).Draw(t, "label"))
			}
			if rapid.IntRange(0, 9).Draw(t, "note") == 0 {
				b.WriteString(" # note")
			}
		}
		if i < lines-1 || rapid.Bool().Draw(t, "final newline") {
			b.WriteString(rapid.SampledFrom([]string{"\n", "\n", "\r\n"}).Draw(t, "eol"))
		}
	}
	return []byte(b.String())
}

func TestCSVEquivalence(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		data := genCSV(rt)
		o := Options{Name: "in.csv"}
		switch rapid.IntRange(0, 3).Draw(rt, "cols option") {
		case 1:
			o.Cols = []int{2}
		case 2:
			o.Cols = []int{3}
		case 3:
			o.Cols = []int{2, 3}
		}
		o.Labels = rapid.Bool().Draw(rt, "labels")
		if rapid.IntRange(0, 3).Draw(rt, "label name") == 0 {
			o.LabelName = "x"
		}
		checkCSVEquiv(rt, o, data)
	})
}

func TestReadInputEquivalence(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		checkInputEquiv(rt, genCSV(rt))
	})
}

// TestCSVEquivalenceCases compares the reader with the oracle on inputs
// written out: errors in the first row, in a later piece after gaps,
// read errors, inputs without data.
func TestCSVEquivalenceCases(t *testing.T) {
	big := func(bad string, at int) string {
		var b strings.Builder
		b.WriteString("x,y\n")
		for i := range 3000 {
			if i == at {
				b.WriteString(bad + "\n")
				continue
			}
			if i%97 == 0 {
				b.WriteString("\n# gap\n")
			}
			b.WriteString(formatFloat(float64(i)/4096) + "," + formatFloat(-float64(i)/8192) + "\n")
		}
		return b.String()
	}
	inputs := []string{
		"", "\n\n", "x,y\n", "x,y\n# nothing\n", "\uFEFFx,y\n1,2\n", "\uFEFF1,2", "1,2\r\n3,4\r\n",
		"x,0.5\n", "1,abc\n1,2,3\n", "1,2\n1,2,3\n1,abc\n", "1,2\n3,4,5\n", "1,2,p\n3,4,q\n5,6\n",
		"x,y,label\n1,2,a\n3,4\n", "label,x,y\na,1,2\nb,3,4\n", "0.1,0.2,a\n0.1,0.2,b\n", "0.1 0.2\n\n\n# c\n0.3 0.4 # d\n",
		"1e400,0\n", "0,NaN\n", "x y\n1 2\n\n  3\n", "1,2\n3,4\n5", "1,2\n\n\n\n\n\n3,4\n#\n5,6\n",
		big("1,zz", 2500), big("1,2,3", 1700), big("Inf,0", 10), big("", 2999), big("0.1,0.2", 2000), big("x", 0),
	}
	for _, in := range inputs {
		for _, o := range []Options{{Name: "in"}, {Name: "in", Cols: []int{2}, Labels: true}, {Cols: []int{3}}} {
			checkCSVEquiv(t, o, []byte(in))
		}
		checkInputEquiv(t, []byte(in))
	}
}

// TestReadCSVAtFallback: a file read at its offsets that fails, or that
// changes between the two passes, is read again as a stream, as before.
func TestReadCSVAtFallback(t *testing.T) {
	want, wantErr := Options{}.oracleReadCSV(brokenAt{}, 100)
	got, err := Options{}.readCSV(brokenAt{}, 100)
	sameOutcome(t, "failing file", got, err, want, wantErr)
	// The last line, blank, turns into two rows: more than the slots of
	// the lines the first pass counted.
	first := strings.Repeat("0.5,0.25\n", 1000) + "       \n"
	at := len(first) - 8
	then := first[:at] + "0,0\n0,1\n"
	want, wantErr = Options{}.oracleReadCSV(strings.NewReader(then), 0)
	for _, chunk := range equivChunks {
		for w := 1; w <= 4; w++ {
			withChunk(chunk, func() {
				r := &changingAt{Reader: strings.NewReader(then), first: first, then: then, at: int64(at)}
				got, err := Options{Workers: w}.readCSV(r, int64(len(first)))
				sameOutcome(t, "changed file, piece "+itoa(chunk)+", workers "+itoa(w), got, err, want, wantErr)
				if r.covered < 2 {
					t.Fatalf("piece %d, workers %d: byte %d read %d times after the head", chunk, w, at, r.covered)
				}
			})
		}
	}
}

// changingAt is a file whose bytes from at on change from first to then
// between the passes of readCSVAt: reads at offsets give first until the
// end has been probed and a read after that has covered byte at, then;
// its stream gives then.
type changingAt struct {
	*strings.Reader
	first, then string
	at          int64
	mu          sync.Mutex
	probed      bool
	covered     int // reads that covered byte at after the probe
}

func (r *changingAt) ReadAt(p []byte, off int64) (int, error) {
	r.mu.Lock()
	s := r.first
	if off >= int64(len(s)) {
		r.probed = true
	} else if r.probed && off <= r.at && r.at < off+int64(len(p)) {
		if r.covered++; r.covered > 1 {
			s = r.then
		}
	}
	r.mu.Unlock()
	return strings.NewReader(s).ReadAt(p, off)
}

// brokenAt fails every read.
type brokenAt struct{}

func (brokenAt) Read([]byte) (int, error)          { return 0, io.ErrClosedPipe }
func (brokenAt) ReadAt([]byte, int64) (int, error) { return 0, io.ErrClosedPipe }

// TestBigTableEquivalence compares the duplicate check, Dedupe and
// ToKlein on workers with the oracle's on tables large enough to be split
// among workers, repeats and bad points planted early, late and nowhere.
func TestBigTableEquivalence(t *testing.T) {
	const n = 3*minShardRows + 123
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		name       string
		cols       int
		repeats    [][2]int // row i set equal to row j < i
		bad        []int    // rows moved out of every model's domain
		negZero    bool     // −0 in the repeat of a row with 0
		fewDistinc bool     // values from a small set: many repeats
	}{
		{name: "clean", cols: 2},
		{name: "clean 3", cols: 3},
		{name: "late repeat", cols: 2, repeats: [][2]int{{n - 1, 5}}},
		{name: "two repeats", cols: 2, repeats: [][2]int{{n - 10, 7}, {40000, 39999}}, bad: []int{n - 2}},
		{name: "repeat of a repeat", cols: 2, repeats: [][2]int{{70000, 100}, {90000, 100}, {50000, 49000}}},
		{name: "signed zero", cols: 2, repeats: [][2]int{{60000, 3}}, negZero: true},
		{name: "many", cols: 2, fewDistinc: true},
		{name: "bad late", cols: 2, bad: []int{n - 5, n - 1}},
		{name: "bad early", cols: 3, bad: []int{17000, 90000}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab := Table{Rows: n, Cols: c.cols, Source: "s", Data: make([]float64, n*c.cols), Lines: make([]int, n), Columns: make([]int32, n*c.cols)}
			for i := range n {
				row := tab.Data[i*c.cols : (i+1)*c.cols]
				for j := range row {
					row[j] = (r.Float64() - 0.5) / 2
					if c.fewDistinc {
						row[j] = float64(r.IntN(300)) / 1024
					}
					tab.Columns[i*c.cols+j] = int32(1 + 10*j)
				}
				tab.Lines[i] = 2*i + 3
			}
			if c.negZero {
				copy(tab.Data[3*c.cols:], []float64{0, 0.5})
			}
			for _, rp := range c.repeats {
				copy(tab.Row(rp[0]), tab.Row(rp[1]))
				if c.negZero {
					tab.Row(rp[0])[0] = math.Copysign(0, -1)
				}
			}
			for _, i := range c.bad {
				tab.Row(i)[0] = -2
			}
			wantDup := tab.oracleFindDuplicate()
			wantDedupe, wantDropped := tab.oracleDedupe()
			for w := 1; w <= 4; w++ {
				what := "workers " + itoa(w)
				if err := tab.findDuplicate(w); !reflect.DeepEqual(err, wantDup) {
					t.Fatalf("%s: findDuplicate %v, want %v", what, err, wantDup)
				}
				d, dropped := tab.dedupe(w)
				if dropped != wantDropped || !reflect.DeepEqual(d, wantDedupe) {
					t.Fatalf("%s: dedupe dropped %d, want %d", what, dropped, wantDropped)
				}
				for _, m := range Models {
					want, wantErr := oracleToKlein(tab, m)
					got, err := toKlein(tab, m, w)
					if !reflect.DeepEqual(err, wantErr) || !reflect.DeepEqual(got, want) {
						t.Fatalf("%s, %s: toKlein error %v, want %v", what, m, err, wantErr)
					}
				}
			}
		})
	}
}

// sameNumber fails unless parseNumber and the oracle's agree on s: the
// same bits or the same error.
func sameNumber(t fataler, s string) {
	t.Helper()
	v, err := parseNumber(s)
	w, werr := oracleParseNumber(s)
	if !reflect.DeepEqual(err, werr) || math.Float64bits(v) != math.Float64bits(w) {
		t.Fatalf("parseNumber(%q) = %v, %v; want %v, %v", s, v, err, w, werr)
	}
}

// TestParseNumberEquivalence: the plain decimals parseDecimal reads, and
// those next to its limits (2⁵³, 22 fraction digits) that it leaves to
// strconv, parse to the bits of the oracle.
func TestParseNumberEquivalence(t *testing.T) {
	for _, s := range []string{"0", "-0", "-0.0", "0.0", "1", "1.", ".5", "-.5", "+1", "-", "", "1.5e3", "0x10",
		"9007199254740991", "9007199254740992", "9007199254740993", "900719925474099.1", "900719925474099.3",
		"0.9007199254740993", "0.1234567890123456789012", "0.12345678901234567890123", "0.0000000000000000000001",
		"1_0", "1..2", "1.2.3", "12a", "-0.3068028413613635", "0.38900411112387134", "1e-400", "NaN", "Inf"} {
		sameNumber(t, s)
	}
	rapid.Check(t, func(rt *rapid.T) {
		var b strings.Builder
		if rapid.Bool().Draw(rt, "neg") {
			b.WriteByte('-')
		}
		digits := rapid.StringOfN(rapid.RuneFrom([]rune("0123456789")), 1, 20, -1)
		b.WriteString(digits.Draw(rt, "int"))
		if rapid.Bool().Draw(rt, "frac") {
			b.WriteByte('.')
			b.WriteString(rapid.StringOfN(rapid.RuneFrom([]rune("0123456789")), 0, 25, -1).Draw(rt, "frac"))
		}
		sameNumber(rt, b.String())
	})
	// Halfway cases: integers of 54 bits and their halves, quarters and
	// eighths, written out exactly, round to even.
	for j := range int64(80) {
		for sh := range uint(4) {
			q := new(big.Rat).SetFrac(big.NewInt(1<<53+j), big.NewInt(1<<sh))
			sameNumber(t, q.FloatString(int(sh)))
			sameNumber(t, "-"+q.FloatString(int(sh)+1))
		}
		sameNumber(t, strconv.FormatInt(1<<54+2*j+1, 10))
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		x := (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(12)-6))
		sameNumber(t, formatFloat(x))
		sameNumber(t, strconv.FormatFloat(x, 'f', r.IntN(23), 64))
	}
}

func FuzzParseNumber(f *testing.F) {
	f.Add("0.38900411112387134")
	f.Add("-900719925474099.1")
	f.Fuzz(func(t *testing.T, s string) { sameNumber(t, s) })
}
