// Command tableops is Table Ops, a companion app for Star Trek: Away Missions
// and Star Trek: Ascendancy with its Borg Assimilation expansion.
//
// Without arguments it starts the GUI. With a subcommand it runs headless and
// prints human text, or JSON with --json (run "tableops help" for the list).
package main

import (
	_ "embed"
	"fmt"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"tableops/tracker/store"
	"tableops/ui"
)

// appID identifies the app to the platform (storage root, preferences).
const appID = "app.tableops.companion"

//go:embed Icon.png
var iconPNG []byte

// openStore opens the saved games file under the app's storage root. When
// it cannot be opened the error explains why and the file is left untouched.
func openStore(a fyne.App) (*store.Store, error) {
	root := a.Storage().RootURI()
	if root == nil || root.Scheme() != "file" {
		return nil, fmt.Errorf("this device gives the app no folder to keep its saved games in")
	}
	return openStoreDir(root.Path())
}

func main() {
	if len(os.Args) > 1 {
		os.Exit(runCLI(os.Args[1:], os.Stdout, os.Stderr))
	}
	a := app.NewWithID(appID)
	a.SetIcon(fyne.NewStaticResource("Icon.png", iconPNG))
	st, err := openStore(a)
	if st != nil {
		defer st.Close()
	}
	ui.NewShell(a, st, err).Window().ShowAndRun()
}
