//go:build js

package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// inBrowser is true in the web build: the app runs in a browser page,
// which cannot host a game or look for games on the network.
const inBrowser = true

// upright keeps the narrow layout's tabs at the bottom on a phone: the
// toolkit's browser driver reports a mobile device held sideways, which
// moves bottom tabs to the right edge and leaves a phone held upright too
// narrow for the panels. The tabs are laid out as on a computer instead.
func upright(tabs *container.AppTabs) fyne.CanvasObject {
	o := container.NewThemeOverride(tabs, currentTheme{})
	o.SetDeviceIsMobile(false)
	return o
}

// currentTheme is the app's theme at every call (the player may switch it).
type currentTheme struct{}

func (currentTheme) th() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (t currentTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.th().Color(n, v)
}

func (t currentTheme) Font(s fyne.TextStyle) fyne.Resource { return t.th().Font(s) }

func (t currentTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.th().Icon(n) }

func (t currentTheme) Size(n fyne.ThemeSizeName) float32 { return t.th().Size(n) }

// windowSize is the size a new window of the app opens at: in a browser
// page the app's other windows sit inside the page, so they take the whole
// page when it is smaller (a phone).
func (sh *Shell) windowSize(w, h float32) fyne.Size {
	page := sh.win.Canvas().Size()
	if page.Width <= 0 || page.Height <= 0 {
		return fyne.NewSize(w, h)
	}
	return fyne.NewSize(min(w, page.Width), min(h, page.Height))
}
