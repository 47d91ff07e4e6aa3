// Command bare is a bare Fyne window with one button, built into a web
// bundle the same way as the app: the yardstick of the app's start-up time
// in the browser tests.
package main

import (
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.New()
	w := a.NewWindow("Bare")
	w.SetContent(widget.NewButton("Tap", func() {}))
	w.ShowAndRun()
}
