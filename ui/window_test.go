package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"

	"tableops/ui/screen/screentest"
)

// TestWindowOpensPhoneSized: the main window opens no larger than a
// 400x800 phone screen (room left for a title bar), and the home screen
// fits it.
func TestWindowOpensPhoneSized(t *testing.T) {
	sh := NewShell(test.NewTempApp(t), nil, nil)
	size := sh.win.Canvas().Size()
	assert.LessOrEqual(t, size.Width, float32(400), "as wide as the phone at most")
	assert.LessOrEqual(t, size.Height, float32(800-40), "a title bar still fits on an 800 px screen")
	assert.GreaterOrEqual(t, size.Width, float32(360), "still a phone's width, not a sliver")
	screentest.AssertWindowFits(t, sh.win, "home at the default size")
}
