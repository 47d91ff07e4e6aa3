package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
)

// IsBack reports whether ev is Escape or a phone's Back: the key that
// closes what is on top.
func IsBack(ev *fyne.KeyEvent) bool {
	return ev.Name == fyne.KeyEscape || ev.Name == mobile.KeyBack
}

// WideWidth is the window width from which panels sit side by side; below
// it (a phone held upright) one panel shows at a time with tabs to switch.
const WideWidth = 760
