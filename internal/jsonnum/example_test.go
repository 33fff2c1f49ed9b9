package jsonnum

import (
	"encoding/json"
	"fmt"
	"math"
)

func ExampleFloat() {
	a, b := 0.1, 0.2 // variables: the constant 0.1 + 0.2 would be exactly 0.3
	out, err := json.Marshal(map[string]any{
		"length":   Float(a + b),
		"vertices": [][2]Float{{0.5, -1e-7}},
	})
	fmt.Println(string(out), err)
	_, err = json.Marshal(Float(math.NaN()))
	fmt.Println(err)
	// Output:
	// {"length":0.30000000000000004,"vertices":[[0.5,-1e-07]]} <nil>
	// json: error calling MarshalJSON for type jsonnum.Float: jsonnum: cannot encode NaN as a JSON number
}
