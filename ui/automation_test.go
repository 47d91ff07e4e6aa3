package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/stretchr/testify/require"
)

func TestScreenObjectsInInnerWindows(t *testing.T) {
	sh, _ := newTestShell(t, 390, 844)
	multi := container.NewMultipleWindows(container.NewInnerWindow("Scan a card", widget.NewButton("Start camera", nil)))
	sh.win.Canvas().Overlays().Add(multi)
	found := false
	for _, o := range screenObjectsOnUI(sh) {
		found = found || o.Type == "widget.Button" && o.Text == "Start camera"
	}
	require.True(t, found, "a browser page's other windows are listed")
}

// screenObjectsOnUI walks the screen on the UI goroutine, as the page's
// automation hook does, so the walk never races the screen changing.
func screenObjectsOnUI(sh *Shell) (out []shownObject) {
	fyne.DoAndWait(func() { out = sh.screenObjects() })
	return out
}
