package treecert

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/sll"
)

// agreesWithJSON checks decodeFast against encoding/json on data: when the
// fast path answers, encoding/json decodes the same file without error.
func agreesWithJSON(t testing.TB, data []byte) bool {
	var fast, slow file
	ok := decodeFast(data, &fast)
	err := json.NewDecoder(bytes.NewReader(data)).Decode(&slow)
	if !ok {
		return false
	}
	if err != nil {
		t.Fatalf("decodeFast accepts what encoding/json refuses (%v): %q", err, data)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("decodeFast and encoding/json differ on %q:\n%+v\n%+v", data, fast, slow)
	}
	return true
}

// The files the writers produce take the fast path, with the result of
// encoding/json.
func TestDecodeFastWritten(t *testing.T) {
	tr := sampleTree(t, 300)
	tr.Labels = make([]string, tr.Terminals)
	tr.Labels[3] = "a \"label\" <x>"
	tr.Unproved = []sll.Unproved{{Vertex: tr.Terminals, Radius: 1e-9, Reason: "r"}}
	var b bytes.Buffer
	rows := make([]float64, 2*len(tr.Vertices))
	require.NoError(t, tr.WriteJSON(&b, sll.JSONOptions{Model: "poincare", Cols: 2, Rows: rows}))
	require.True(t, agreesWithJSON(t, b.Bytes()))
	plain, err := json.Marshal(sampleTree(t, 50))
	require.NoError(t, err)
	require.True(t, agreesWithJSON(t, plain))
	pretty, err := json.MarshalIndent(json.RawMessage(plain), "", "  ")
	require.NoError(t, err)
	require.True(t, agreesWithJSON(t, pretty))
}

// Everything near the written form: the fast path decodes it as
// encoding/json does, or leaves it to encoding/json.
func TestDecodeFastAgrees(t *testing.T) {
	base := `{"space":"hyperbolic","model":"klein","terminals":3,"vertices":[[0.1,0.2],[-0.3,0],[0,0.5],[0.01,0.02]],` +
		`"edges":[[0,3],[1,3],[2,3]],"edge_lengths":[0.1,0.2,0.3],"length":0.6,"mst_length":0.7,"ratio":0.9,` +
		`"red_percent":10,"fst3":1,"fst4":0,"solver":"auto","seconds":0.01}`
	cases := []string{
		base,
		strings.Replace(base, `"space":"hyperbolic"`, `"space":"hyp\u0065rbolic"`, 1),
		strings.Replace(base, `"terminals":3`, `"terminals":3.0`, 1),
		strings.Replace(base, `"terminals":3`, `"terminals":1e0`, 1),
		strings.Replace(base, `"terminals":3`, `"terminals":99999999999999999999`, 1),
		strings.Replace(base, `"terminals":3`, `"Terminals":3`, 1),
		strings.Replace(base, `"terminals":3`, `"terminals":3,"terminals":4`, 1),
		strings.Replace(base, `"terminals":3`, `"terminals":null`, 1),
		strings.Replace(base, `"length":0.6`, `"length":1e400`, 1),
		strings.Replace(base, `"length":0.6`, `"length":-0`, 1),
		strings.Replace(base, `"length":0.6`, `"length":01`, 1),
		strings.Replace(base, `"length":0.6`, `"length":.5`, 1),
		strings.Replace(base, `[0.1,0.2]`, `[0.1,0.2,0.3]`, 1),
		strings.Replace(base, `[0.1,0.2]`, `[0.1]`, 1),
		strings.Replace(base, `"edges":[`, `"edges":[ `, 1),
		strings.Replace(base, `"solver":"auto"`, `"solver":"a\tb"`, 1),
		strings.Replace(base, `"solver":"auto"`, "\"solver\":\"\xff\"", 1),
		strings.Replace(base, `"seconds":0.01}`, `"seconds":0.01,"vertices_poincare":[[1,2],[3,4]],"x":{"y":[1,"]"]},"z":true}`, 1),
		strings.Replace(base, `"seconds":0.01}`, `"seconds":0.01,"unproved":[{"vertex":3,"reason":"why"}],"labels":["a","b","c"]}`, 1),
		strings.Replace(base, `"seconds":0.01}`, `"seconds":0.01,"labels":null}`, 1),
		strings.Replace(base, `"seconds":0.01}`, `"seconds":0.01,}`, 1),
		base + " trailing",
		" \n" + base,
		"\uFEFF" + base,
	}
	fast := 0
	for _, c := range cases {
		if agreesWithJSON(t, []byte(c)) {
			fast++
		}
	}
	require.Greater(t, fast, 5)
	// Random edits of the written form.
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte(`{}[],:"0123456789.-+eE \tnulltruefalse\\x`)
	for range 20000 {
		b := []byte(base)
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(b))
			switch rng.IntN(3) {
			case 0:
				b[i] = alphabet[rng.IntN(len(alphabet))]
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = append(b[:i], append([]byte{alphabet[rng.IntN(len(alphabet))]}, b[i:]...)...)
			}
		}
		agreesWithJSON(t, b)
	}
}

func FuzzDecodeFast(f *testing.F) {
	b, err := json.Marshal(sampleTree(f, 20))
	require.NoError(f, err)
	f.Add(b)
	f.Add([]byte(`{"terminals":1,"vertices":[[0,0]],"edges":[],"labels":["x"]}`))
	f.Fuzz(func(t *testing.T, data []byte) { agreesWithJSON(t, data) })
}

// BenchmarkRead reads a tree file of 20 000 terminals: the fast path
// against encoding/json.
func BenchmarkRead(b *testing.B) {
	data, err := json.Marshal(sampleTree(b, 20000))
	require.NoError(b, err)
	b.Run("Read", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, _, err := Read(data, "bench"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var f file
			if err := json.Unmarshal(data, &f); err != nil {
				b.Fatal(err)
			}
		}
	})
}
