//go:build js

package screen

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

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
