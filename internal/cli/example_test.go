package cli_test

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/pointio"
)

// run is how a command is written: it returns the exit status, so tests
// call it without os.Exit.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Report(stderr, "hypersteiner tree", tree(args, stdin, stdout, stderr))
}

func tree(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("hypersteiner tree", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "klein", "input model")
	pos, err := cli.ParseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return cli.Usagef("want one INPUT, got %d", len(pos))
	}
	pts, err := pointio.Options{Name: pos[0]}.ReadPoints(stdin, pointio.CSV, *model)
	if err != nil {
		return cli.Input(err)
	}
	fmt.Fprintln(stdout, len(pts), "points")
	return nil
}

func ExampleReport() {
	in := "x,y\n0.1,0.2\n1.2,0.1\n"
	code := run([]string{"input.csv", "--model", "klein"}, strings.NewReader(in), os.Stdout, os.Stdout)
	fmt.Println("exit status", code)
	code = run([]string{"-solver", "x"}, strings.NewReader(in), os.Stdout, os.Stdout)
	fmt.Println("exit status", code)
	// Output:
	// hypersteiner tree: input.csv:3:1: point (1.2, 0.1) is on or outside the unit circle (the klein model needs x² + y² < 1)
	// exit status 2
	// hypersteiner tree: flag provided but not defined: -solver (run 'hypersteiner tree -h' for usage)
	// exit status 2
}

func ExampleExitCode() {
	fmt.Println(cli.ExitCode(nil), cli.ExitCode(flag.ErrHelp))
	fmt.Println(cli.ExitCode(cli.Usagef("too many arguments")), cli.ExitCode(cli.Input(os.ErrNotExist)))
	fmt.Println(cli.ExitCode(cli.Failedf("Steiner point 3 not certified")))
	// Output:
	// 0 0
	// 2 2
	// 1
}

func ExampleProgressConfig_New() {
	// A fake clock makes the output deterministic; commands use
	// cli.NewProgress(stderr, label, total).
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	var log bytes.Buffer // not a terminal: a few plain lines
	p := cli.ProgressConfig{Now: clock}.New(&log, "fermat", 400)
	for range 400 {
		now = now.Add(5 * time.Millisecond)
		p.Add(1)
	}
	p.Done()
	fmt.Print(log.String())
	// Output:
	// fermat: 25% (100/400), 0.5s elapsed, ETA 1.5s
	// fermat: 50% (200/400), 1.0s elapsed, ETA 1.0s
	// fermat: 75% (300/400), 1.5s elapsed, ETA 0.5s
	// fermat: 100% (400/400) in 2.0s
}
