// Command tableops is Table Ops, a companion app for Star Trek: Away Missions
// and Star Trek: Ascendancy with its Borg Assimilation expansion.
//
// Without arguments it starts the GUI. With a subcommand it runs headless and
// prints human text, or JSON with --json (run "tableops help" for the list).
package main

import (
	_ "embed"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"tableops/i18n"
	"tableops/ui"
)

// appID identifies the app to the platform (storage root, preferences).
const appID = "app.tableops.companion"

//go:embed Icon.png
var iconPNG []byte

func main() {
	if hasCLI && len(os.Args) > 1 {
		os.Exit(runCLI(os.Args[1:], os.Stdout, os.Stderr))
	}
	startMark("tableops-main") // in the browser: a performance mark per step of the start
	a := app.NewWithID(appID)
	a.SetIcon(fyne.NewStaticResource("Icon.png", iconPNG))
	// Texts speak the language chosen in the settings, or the system's.
	if _, err := i18n.Setup(a.Preferences().String(i18n.PreferenceKey)); err != nil {
		fyne.LogError("choosing the language", err)
	}
	startMark("tableops-app")
	st, err := openStore(a)
	if st != nil {
		defer st.Close()
	}
	startMark("tableops-store")
	sh := ui.NewShell(a, st, err)
	startMark("tableops-shell")
	startPlatform(sh) // in the browser: join the game the page's link names
	sh.Window().ShowAndRun()
}
