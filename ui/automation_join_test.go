//go:build !race

package ui

// This test joins a shared game. Fyne's test driver runs the share client's
// screen updates inline on the client's own goroutine (the real drivers hand
// them to the UI goroutine), so walking the screen from the test while the
// client updates it is a race by construction under -race. It runs without
// -race: .ci/run has a step for it.

import (
	"testing"

	"tableops/ui/screen/screentest"

	"github.com/stretchr/testify/require"
)

func TestScreenObjectsFindsDialogButtons(t *testing.T) {
	h, _ := hostAsc(t)
	sh, _ := newTestShell(t, 390, 844)
	done := make(chan struct{})
	sh.joinLink(h.Addr(), h.Code(), func() { close(done) })
	leaveOnCleanup(t, sh)
	require.Eventually(t, func() bool {
		for _, o := range screenObjectsOnUI(sh) {
			// The dialog is listed before its first layout: wait until
			// the button has a place a finger can reach.
			if o.Type == "widget.Button" && o.Text == "Ann" && o.W > 0 && o.Y > 0 {
				return true
			}
		}
		return false
	}, 10e9, 20e6, "the seat dialog's buttons are listed")
	var counters int
	test := screentest.Button(t, sh.win, "Ann")
	test.OnTapped()
	<-done
	// Her console: its resources come first (the command tokens are
	// further down, below the building phase's actions).
	for _, o := range screenObjectsOnUI(sh) {
		if o.Type == "widgets.Counter" && o.Text == "Production" {
			counters++
		}
	}
	require.Equal(t, 1, counters, "Ann's console shows her resources")
}
