package svg

import (
	"math"
	"strconv"
	"strings"
)

// LinearTicks returns the tick positions of a linear axis over [lo, hi]
// (lo < hi): the multiples of the smallest step of 1, 2, 2.5 or 5 × 10^k
// that gives between 2 and n ticks (the largest step giving at least 2,
// when none gives at most n), and their labels, printed with the decimals
// the step needs and no more.
func LinearTicks(lo, hi float64, n int) (ticks []float64, labels []string) {
	if !(lo < hi) || math.IsInf(hi-lo, 0) || n < 1 {
		return nil, nil
	}
	span := hi - lo
	count := func(step float64) float64 { return math.Floor(hi/step+1e-9) - math.Ceil(lo/step-1e-9) + 1 }
	k0 := math.Floor(math.Log10(span / float64(n)))
	var step, fallback float64
	var mant, fbMant float64
	for k := k0 - 1; k <= k0+2 && step == 0; k++ {
		for _, m := range []float64{1, 2, 2.5, 5} {
			s := m * math.Pow(10, k)
			c := count(s)
			if c >= 2 {
				fallback, fbMant = s, m
			}
			if c >= 2 && c <= float64(n) {
				step, mant = s, m
				break
			}
		}
	}
	if step == 0 {
		step, mant = fallback, fbMant
	}
	if step == 0 { // a range too narrow for float64 steps
		return []float64{lo, hi}, []string{strconv.FormatFloat(lo, 'g', -1, 64), strconv.FormatFloat(hi, 'g', -1, 64)}
	}
	dec := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	if mant == 2.5 && step < 2.6 { // 2.5, 0.25, …: one decimal more
		dec++
	}
	big := math.Max(math.Abs(lo), math.Abs(hi))
	// Very small or very large numbers in exponent form, with the
	// significant digits the step needs.
	exp := dec > 6 || big >= 1e6
	sig := int(math.Floor(math.Log10(big))-math.Floor(math.Log10(step)+1e-9)) + 1
	if mant == 2.5 {
		sig++
	}
	// The ticks that count counted: k·step for k in [kLo, kHi].
	for k, kHi := math.Ceil(lo/step-1e-9), math.Floor(hi/step+1e-9); k <= kHi; k++ {
		// k·step rounds at the magnitude of the ends, not of the step: a
		// tick at an end of a narrow range far from 0 can land an ulp
		// outside it.
		v := min(max(k*step, lo), hi)
		ticks = append(ticks, v)
		if exp {
			labels = append(labels, strconv.FormatFloat(v, 'g', max(sig, 1), 64))
		} else {
			labels = append(labels, formatFixed(v, dec))
		}
	}
	return ticks, labels
}

func formatFixed(v float64, dec int) string {
	s := strconv.FormatFloat(v, 'f', dec, 64)
	if strings.Trim(s, "-0.") == "" {
		return strings.TrimPrefix(s, "-")
	}
	return s
}

// LogTicks returns the ticks of a logarithmic axis over [lo, hi]
// (0 < lo < hi): the powers of ten inside the range, or 1, 2 and 5 times
// them when fewer than three powers fall inside (a plain linear scale of
// ticks when even those are fewer than two), with their labels; minor are
// the unlabelled ticks at 2…9 × 10^k between labelled powers of ten.
// Labels are plain numbers (0.001, 50, 10000) when every tick lies in
// [0.001, 100000), otherwise powers (10⁻⁴, 2×10⁻⁴).
func LogTicks(lo, hi float64) (major []float64, labels []string, minor []float64) {
	if !(0 < lo && lo < hi) || math.IsInf(hi, 1) {
		return nil, nil, nil
	}
	inside := func(v float64) bool { return v >= lo*(1-1e-12) && v <= hi*(1+1e-12) }
	k0, k1 := int(math.Floor(math.Log10(lo))), int(math.Ceil(math.Log10(hi)))
	decadesOnly := true
	for _, mult := range [][]float64{{1}, {1, 2, 5}} {
		major = major[:0]
		for k := k0; k <= k1; k++ {
			for _, m := range mult {
				if v := m * math.Pow(10, float64(k)); inside(v) {
					major = append(major, v)
				}
			}
		}
		if len(major) >= 3 {
			break
		}
		decadesOnly = false
	}
	if len(major) < 2 {
		return linearOnLog(lo, hi)
	}
	if len(major) > 8 && decadesOnly { // every other power of ten
		var thin []float64
		for i := len(major) % 2; i < len(major); i += 2 {
			thin = append(thin, major[i])
		}
		major = thin
	}
	labels = logLabels(major)
	if decadesOnly {
		for k := k0; k <= k1; k++ {
			for m := 2.0; m <= 9; m++ {
				if v := m * math.Pow(10, float64(k)); inside(v) {
					minor = append(minor, v)
				}
			}
		}
	}
	return major, labels, minor
}

func linearOnLog(lo, hi float64) ([]float64, []string, []float64) {
	t, _ := LinearTicks(lo, hi, 4)
	for len(t) > 0 && t[0] <= 0 {
		t = t[1:]
	}
	return t, logLabels(t), nil
}

// logLabels prints the ticks of a log axis as plain numbers when all lie
// in [0.001, 100000), otherwise as m×10ᵏ.
func logLabels(ticks []float64) []string {
	plain := true
	for _, v := range ticks {
		plain = plain && v >= 1e-3 && v < 1e5
	}
	labels := make([]string, len(ticks))
	for i, v := range ticks {
		if plain {
			labels[i] = strconv.FormatFloat(v, 'g', 6, 64)
		} else {
			labels[i] = power(v)
		}
	}
	return labels
}

// power writes v = m × 10ᵏ, 1 ≤ m < 10, as 10ᵏ or m×10ᵏ (m to four
// significant digits).
func power(v float64) string {
	k := math.Floor(math.Log10(v))
	m, _ := strconv.ParseFloat(strconv.FormatFloat(v/math.Pow(10, k), 'g', 4, 64), 64)
	if m >= 10 {
		m, k = m/10, k+1
	}
	sup := strings.NewReplacer("-", "⁻", "0", "⁰", "1", "¹", "2", "²", "3", "³", "4", "⁴", "5", "⁵", "6", "⁶", "7", "⁷", "8", "⁸", "9", "⁹").Replace(strconv.Itoa(int(k)))
	if m == 1 {
		return "10" + sup
	}
	return strconv.FormatFloat(m, 'g', -1, 64) + "×10" + sup
}
