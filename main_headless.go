//go:build headless

package main

import (
	"os"

	"tableops/internal/cli"
)

// main of the headless build (go build -tags headless): every command of
// the app, the host included, and no GUI, so the binary links no display
// library and runs on a machine without one (a home server or a Raspberry Pi
// hosting the table). With no command it lists the commands.
func main() {
	os.Exit(cli.Program{Metadata: fyneAppTOML}.Run(os.Args[1:], os.Stdout, os.Stderr))
}
