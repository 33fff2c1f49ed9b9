package jsonnum

import (
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"pgregory.net/rapid"
)

func TestFormat(t *testing.T) {
	for x, want := range map[float64]string{
		0.1:                     "0.1",
		1.0 / 3:                 "0.3333333333333333",
		-0.0:                    "0",
		1e21:                    "1e+21",
		5e-324:                  "5e-324",
		math.MaxFloat64:         "1.7976931348623157e+308",
		math.Nextafter(1, 2):    "1.0000000000000002",
		0.30000000000000004:     "0.30000000000000004",
		123456789012345680000.0: "1.2345678901234568e+20",
	} {
		if got := Format(x); got != want {
			t.Errorf("Format(%v) = %q, want %q", x, got, want)
		}
	}
	if got := Format(math.Copysign(0, -1)); got != "-0" {
		t.Errorf("Format(-0) = %q, want \"-0\"", got)
	}
}

// TestFloatRoundTrip: every finite float64, printed by Format or
// encoded as a JSON Float, reads back bit for bit.
func TestFloatRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := math.Float64frombits(rapid.Uint64().Draw(t, "bits"))
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Skip("not finite")
		}
		y, err := strconv.ParseFloat(Format(x), 64)
		if err != nil || math.Float64bits(y) != math.Float64bits(x) {
			t.Fatalf("Format(%v) = %q reads back as %v (%v)", x, Format(x), y, err)
		}
		b, err := json.Marshal([]Float{Float(x)})
		if err != nil {
			t.Fatal(err)
		}
		var back []Float
		if err := json.Unmarshal(b, &back); err != nil || math.Float64bits(float64(back[0])) != math.Float64bits(x) {
			t.Fatalf("%v encoded as %s decodes to %v (%v)", x, b, back, err)
		}
	})
}

func TestFloatJSONNonFinite(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if b, err := json.Marshal(struct{ L Float }{Float(x)}); err == nil {
			t.Errorf("Float(%v) encoded as %s, want an error", x, b)
		}
	}
	b, err := json.Marshal(map[string]any{"length": Float(0.1), "xs": Floats([]float64{1, 2.5e-7})})
	if err != nil || string(b) != `{"length":0.1,"xs":[1,2.5e-07]}` {
		t.Errorf("got %s, %v", b, err)
	}
}
