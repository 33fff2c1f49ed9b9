package pointio

import (
	"reflect"
	"testing"
)

// testify cannot be built in this module at present (go.sum lacks
// go.yaml.in/yaml/v3, which testify v1.12 imports), so the tests use these
// two small helpers.

func mustNoErr(t testing.TB, err error, ctx ...any) {
	t.Helper()
	if err != nil {
		t.Fatalf("%v: unexpected error: %v", ctx, err)
	}
}

func wantEqual(t testing.TB, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}
