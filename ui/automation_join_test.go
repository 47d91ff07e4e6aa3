package ui

// This test joins a shared game, on screentest.NewApp (see
// seat_join_test.go).

import (
	"testing"
	"time"

	"tableops/ui/screen/screentest"

	"github.com/stretchr/testify/require"
)

func TestScreenObjectsFindsDialogButtons(t *testing.T) {
	h, _ := hostAsc(t)
	sh, _ := newJoinShell(t, 390, 844)
	done := make(chan struct{})
	sh.joinLink(h.Addr(), h.Code(), func() { close(done) })
	leaveOnCleanup(t, sh)
	screentest.Eventually(t, func() bool {
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
	screentest.Await(t, done, 10*time.Second, "seated")
	// Her console: its resources come first (the command tokens are
	// further down, below the building phase's actions).
	for _, o := range screenObjectsOnUI(sh) {
		if o.Type == "widgets.Counter" && o.Text == "Production" {
			counters++
		}
	}
	require.Equal(t, 1, counters, "Ann's console shows her resources")
}
