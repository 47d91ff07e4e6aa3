// Package widgets holds the reusable Fyne widgets of the Table Ops screens:
// peg tracks, dice, a dice keypad, counters, token rows, odds bars and score
// tiles. The widgets show values and report taps through callbacks; they
// never apply game rules. The screens (package ui) decide what a tap means
// and call the setters with the tracker's new state.
//
// Every widget is sized for use at arm's length on a phone or a tablet:
// touch targets are at least MinTouch points square, numbers are large, and
// colours come from the current theme (except die faces, which look like
// real dice in both light and dark variants).
//
// As with all Fyne widgets, call the setters on the UI goroutine: from other
// goroutines wrap the calls in fyne.Do. Callbacks run on the UI goroutine.
package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// MinTouch is the smallest width and height, in Fyne points, of anything the
// widgets expect a finger to hit.
const MinTouch float32 = 44

// tableTheme wraps the default theme with larger text and paddings.
type tableTheme struct {
	base fyne.Theme
}

// NewTableTheme returns the Table Ops theme: Fyne's default theme, following
// the system light/dark variant, with text sizes and paddings enlarged so a
// phone or tablet lying on the table can be read at arm's length.
func NewTableTheme() fyne.Theme {
	return &tableTheme{base: theme.DefaultTheme()}
}

// Color returns the default theme's colour for the variant the system asks
// for, so light and dark follow the platform setting.
func (t *tableTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.base.Color(n, v)
}

// Font returns the default theme's font.
func (t *tableTheme) Font(s fyne.TextStyle) fyne.Resource {
	return t.base.Font(s)
}

// Icon returns the default theme's icon.
func (t *tableTheme) Icon(n fyne.ThemeIconName) fyne.Resource {
	return t.base.Icon(n)
}

// Size returns enlarged text sizes and paddings; other sizes come from the
// default theme.
func (t *tableTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 18
	case theme.SizeNameCaptionText:
		return 14
	case theme.SizeNameSubHeadingText:
		return 22
	case theme.SizeNameHeadingText:
		return 30
	case theme.SizeNamePadding:
		return 6
	case theme.SizeNameInnerPadding:
		return 12
	case theme.SizeNameInlineIcon:
		return 26
	case theme.SizeNameLineSpacing:
		return 6
	case theme.SizeNameScrollBar:
		return 16
	case theme.SizeNameInputBorder:
		return 2
	}
	return t.base.Size(n)
}
