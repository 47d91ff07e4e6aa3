package main

import (
	"fmt"
	"io"
)

// runCLI runs one headless subcommand and returns the process exit code.
func runCLI(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintf(stderr, "tableops: unknown command %q\n", args[0])
	return 2
}
