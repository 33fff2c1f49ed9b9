package treecert

import (
	"bytes"
	"encoding/json"
)

// locate returns the 1-based line and column where the value of the
// top-level key starts in the JSON object data — with index ≥ 0, where
// element index of that array value starts — or 0, 0 when it cannot be
// found. Read calls it only on data that decoded without error, to say
// where a value it refuses is.
func locate(data []byte, key string, index int) (line, col int) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return 0, 0
	}
	var skip json.RawMessage
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return 0, 0
		}
		if k != key {
			if dec.Decode(&skip) != nil {
				return 0, 0
			}
			continue
		}
		start := valueStart(data, dec.InputOffset())
		if index < 0 {
			return position(data, start)
		}
		if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
			return position(data, start)
		}
		for i := 0; dec.More(); i++ {
			at := valueStart(data, dec.InputOffset())
			if i == index {
				return position(data, at)
			}
			if dec.Decode(&skip) != nil {
				return 0, 0
			}
		}
		return position(data, start)
	}
	return 0, 0
}

// valueStart returns the offset of the first byte at or after off that is
// not JSON white space, a comma or a colon: where the next value starts.
func valueStart(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}
