package treecert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
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

// ambiguousKey finds the first object key, at any depth, that repeats
// one before it in the same object exactly or up to case: encoding/json
// takes the last of them (matching keys without regard to case), other
// JSON readers may take another, so which value the file states is
// ambiguous. It returns the key's offset and what is wrong; ok is false
// when there is no such key (or data is not valid JSON, which the
// decoder reports).
func ambiguousKey(data []byte) (off int64, msg string, ok bool) {
	type frame struct {
		object, expectKey bool
		keys              []string
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []*frame
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return 0, "", false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.expectKey {
			if d, isDelim := tok.(json.Delim); isDelim && d == '}' {
				stack = stack[:len(stack)-1]
				continue
			}
			k, _ := tok.(string)
			for _, prev := range top.keys {
				switch {
				case prev == k:
					return valueStart(data, before), fmt.Sprintf("the key %q appears twice in one object: which value the file states is ambiguous", k), true
				case strings.EqualFold(prev, k):
					return valueStart(data, before), fmt.Sprintf("the keys %q and %q differ only in case: which value the file states is ambiguous", prev, k), true
				}
			}
			top.keys = append(top.keys, k)
			top.expectKey = false
			continue
		}
		if d, isDelim := tok.(json.Delim); isDelim && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		if top != nil && top.object {
			top.expectKey = true // this value completes the member
		}
		if d, isDelim := tok.(json.Delim); isDelim {
			stack = append(stack, &frame{object: d == '{', expectKey: d == '{'})
		}
	}
}
