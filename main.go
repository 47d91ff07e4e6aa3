//go:build !headless

// The GUI: without arguments the app opens its window.

package main

import (
	_ "embed"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"tableops/i18n"
	"tableops/ui"
)

//go:embed Icon.png
var iconPNG []byte

func main() {
	if len(os.Args) > 1 {
		if code, ran := runHeadless(os.Args[1:]); ran {
			os.Exit(code)
		}
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
