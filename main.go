// Command tableops is a companion app for Star Trek: Away Missions and
// Star Trek: Ascendancy. Without arguments it starts the GUI; with a
// subcommand it runs headless.
package main

import (
	"os"

	"fyne.io/fyne/v2/app"

	"tableops/ui"
)

func main() {
	if len(os.Args) > 1 {
		os.Exit(runCLI(os.Args[1:], os.Stdout, os.Stderr))
	}
	a := app.NewWithID("app.tableops.companion")
	ui.NewMainWindow(a).ShowAndRun()
}
