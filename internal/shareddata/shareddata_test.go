package shareddata

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
)

func TestDirFromEnv(t *testing.T) {
	file := fixture.WriteTemp(t, "f", nil)
	tmp := filepath.Dir(file)
	tests := []struct {
		env  string
		dir  string
		want bool
	}{
		{tmp, tmp, true},
		{filepath.Join(tmp, "absent"), "", false},
		{file, "", false}, // a file is not a folder
	}
	for _, tc := range tests {
		t.Setenv(EnvVar, tc.env)
		if dir, ok := Dir(); dir != tc.dir || ok != tc.want {
			t.Errorf("%s=%s: Dir() = %q, %v; want %q, %v", EnvVar, tc.env, dir, ok, tc.dir, tc.want)
		}
	}
}

func TestDirSearchesParents(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "shared", "data")
	deep := filepath.Join(root, "a", "b")
	for _, d := range []string{data, deep} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(EnvVar, "")
	t.Chdir(deep)
	dir, ok := Dir()
	if !ok {
		t.Fatalf("Dir() found nothing from %s", deep)
	}
	if st1, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	} else if st2, _ := os.Stat(data); !os.SameFile(st1, st2) {
		t.Errorf("Dir() = %s, want %s", dir, data)
	}
}
