// Package ui holds the Fyne screens and widgets of Table Ops. It contains no
// game logic: it shows tracker state and sends tracker commands.
package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// NewMainWindow builds the main window of the app inside the given Fyne app.
func NewMainWindow(a fyne.App) fyne.Window {
	w := a.NewWindow("Table Ops")
	w.SetContent(container.NewVBox(widget.NewLabel("Table Ops")))
	w.Resize(fyne.NewSize(400, 800))
	return w
}
