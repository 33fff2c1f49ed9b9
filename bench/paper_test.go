package bench

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A small file in the paper file's format (the figures are invented).
const paperSample = "# a comment\n" +
	"table\tdistribution\tconfig\tn\tn3\tn4\tred_mean\tred_sd\tcpu_s\n" +
	"centered\tG(0,0.5)\t4+simple\t50\t12.5\t1.5\t2.5\t0.5\t0.25\n" +
	"\n" +
	"centered\tG(0,0.5)\t3+simple\t100\t28\t\t2.25\t0.75\t0.125\n" +
	"convergence\td=3 |P|/d=40\t4+precise\tt=0.90\t\t\t3.25\t2.5\t\n"

func TestReadPaper(t *testing.T) {
	rows, err := ReadPaper(strings.NewReader(paperSample))
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, PaperRow{Table: "centered", Distribution: "G(0,0.5)", Config: "4+simple", N: 50,
		N3: 12.5, N4: 1.5, RED: 2.5, REDSD: 0.5, CPU: 0.25, Line: 3}, rows[0])
	assert.True(t, math.IsNaN(rows[1].N4), "an empty figure is NaN")
	c := rows[2]
	assert.Equal(t, 3, c.D)
	assert.Equal(t, 40, c.PerGroup)
	assert.Equal(t, 120, c.N)
	assert.Equal(t, 0.9, c.T)
	assert.True(t, math.IsNaN(c.CPU))
	assert.Equal(t, 6, c.Line)
}

func TestReadPaperErrors(t *testing.T) {
	const head = "table\tdistribution\tconfig\tn\tn3\tn4\tred_mean\tred_sd\tcpu_s\n"
	checkParseErrors(t, ReadPaper, []parseErrorCase{
		{"no header", "# only a comment\n", 2, 1, "no header"},
		{"missing column", "table\tconfig\tn\n", 1, 1, `"distribution"`},
		{"bad number", head + "centered\tG\t4+simple\t50\t1x\t\t2\t0.1\t1\n", 2, 24, `n3 = "1x"`},
		{"infinite", head + "centered\tG\t4+simple\t50\t1\t\tInf\t0.1\t1\n", 2, 27, "red_mean"},
		{"bad size", head + "centered\tG\t4+simple\tfifty\t1\t\t2\t0.1\t1\n", 2, 21, `size "fifty"`},
		{"bad t", head + "convergence\td=3 |P|/d=1\t4+precise\tt=1.5\t\t\t2\t0.1\t\n", 2, 35, "0 < T < 1"},
		{"bad d", head + "convergence\tthree\t4+precise\tt=0.5\t\t\t2\t0.1\t\n", 2, 13, `"three"`},
		{"no table", head + "\tG\t4+simple\t50\t1\t\t2\t0.1\t1\n", 2, 1, "empty table"},
		{"no config", head + "centered\tG\t\t50\t1\t\t2\t0.1\t1\n", 2, 12, "empty config"},
	})
}

func TestAttach(t *testing.T) {
	paper, err := ReadPaper(strings.NewReader(paperSample))
	require.NoError(t, err)
	cs, err := ParseConfigs("4+simple,4+auto")
	require.NoError(t, err)
	p, _ := LookupPreset("centered")
	rows := []Row{{Case: p.Cases([]int{50})[0], Config: cs[0]}, {Case: p.Cases([]int{50})[0], Config: cs[1]},
		{Case: p.Cases([]int{100})[0], Config: cs[0]}}
	conv, _ := LookupPreset("convergence")
	pc, _ := ParseConfig("4+precise")
	for _, c := range conv.Cases(nil) {
		rows = append(rows, Row{Case: c, Config: pc})
	}
	Attach(rows, paper)
	require.NotNil(t, rows[0].Paper)
	assert.Equal(t, 2.5, rows[0].Paper.RED)
	assert.Nil(t, rows[1].Paper, "the paper has no 4+auto")
	assert.Nil(t, rows[2].Paper, "the sample has no 4+simple at n = 100")
	matched := 0
	for _, r := range rows[3:] {
		if r.Paper != nil {
			matched++
			assert.Equal(t, 3, r.Case.D)
			assert.Equal(t, 40, r.Case.PerGroup)
			assert.Equal(t, 0.9, r.Case.T)
		}
	}
	assert.Equal(t, 1, matched)
}

// The paper's own file: every row of the four synthetic tables matches
// exactly one case of the presets' defaults.
func TestPaperFileCoverage(t *testing.T) {
	f, err := os.Open(fixture.Path(t, "paper/"+PaperFileName))
	require.NoError(t, err)
	defer f.Close()
	paper, err := ReadPaper(f)
	require.NoError(t, err)
	perTable := map[string]int{}
	for _, p := range paper {
		perTable[p.Table]++
	}
	assert.Equal(t, map[string]int{"centered": 30, "mixture": 24, "uniform": 24, "convergence": 24, "planaria": 3}, perTable)
	used := map[int]int{}
	for _, p := range Presets() {
		for _, name := range p.Configs {
			cf, err := ParseConfig(name)
			require.NoError(t, err)
			rows := make([]Row, 0)
			for _, c := range p.Cases(nil) {
				rows = append(rows, Row{Case: c, Config: cf})
			}
			Attach(rows, paper)
			for _, r := range rows {
				if r.Paper != nil {
					used[r.Paper.Line]++
				}
			}
		}
	}
	for _, p := range paper {
		if p.Table == "planaria" {
			continue
		}
		assert.Equal(t, 1, used[p.Line], "paper line %d (%s %s n=%d t=%v) matched once", p.Line, p.Table, p.Config, p.N, p.T)
	}
}

func FuzzReadPaper(f *testing.F) {
	f.Add(paperSample)
	f.Add("table\tdistribution\tconfig\tn\tn3\tn4\tred_mean\tred_sd\tcpu_s\nx\ty\tz\tt=0.5\n")
	f.Add("table\tdistribution\tconfig\tn\tn3\tn4\tred_mean\tred_sd\tcpu_s\nconvergence\td=0 |P|/d=-1\t4+p\tt=0.1\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		rows, err := ReadPaper(strings.NewReader(s))
		if err != nil {
			var pe *ParseError
			if strings.Contains(err.Error(), "token too long") {
				return
			}
			if !assert.ErrorAs(t, err, &pe) {
				return
			}
			assert.Positive(t, pe.Line)
			assert.Positive(t, pe.Column)
			return
		}
		for _, r := range rows {
			assert.NotEmpty(t, r.Table)
			assert.NotEmpty(t, r.Config)
			assert.GreaterOrEqual(t, r.N, 0)
			for _, v := range []float64{r.N3, r.N4, r.RED, r.REDSD, r.CPU} {
				assert.False(t, math.IsInf(v, 0))
			}
		}
	})
}
