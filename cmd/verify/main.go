// Command verify certifies Steiner trees and Fermat points.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "usage: verify <tree|fermat|compare> [flags]")
	os.Exit(2)
}
