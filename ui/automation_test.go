package ui

import (
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/stretchr/testify/require"
)

func TestScreenObjectsFindsDialogButtons(t *testing.T) {
	h, _ := hostAsc(t)
	sh, _ := newTestShell(t, 390, 844)
	done := make(chan struct{})
	sh.joinLink(h.Addr(), h.Code(), func() { close(done) })
	require.Eventually(t, func() bool {
		for _, o := range sh.screenObjects() {
			if o.Type == "widget.Button" && o.Text == "Ann" {
				require.Greater(t, o.W, float32(0))
				require.Greater(t, o.Y, float32(0))
				return true
			}
		}
		return false
	}, 10e9, 20e6, "the seat dialog's buttons are listed")
	var tokens int
	test := button(t, sh.win, "Ann")
	test.OnTapped()
	<-done
	for _, o := range sh.screenObjects() {
		if o.Type == "widgets.TokenRow" {
			tokens++
		}
	}
	require.Equal(t, 1, tokens, "Ann's console shows her command tokens")
}

func TestScreenObjectsInInnerWindows(t *testing.T) {
	sh, _ := newTestShell(t, 390, 844)
	multi := container.NewMultipleWindows(container.NewInnerWindow("Scan a card", widget.NewButton("Start camera", nil)))
	sh.win.Canvas().Overlays().Add(multi)
	found := false
	for _, o := range sh.screenObjects() {
		found = found || o.Type == "widget.Button" && o.Text == "Start camera"
	}
	require.True(t, found, "a browser page's other windows are listed")
}
