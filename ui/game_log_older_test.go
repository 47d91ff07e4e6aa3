package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"tableops/share"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestJoinedLogShowsOlderSteps (issue 30, 3): a joined device gets the
// newest share.HistoryWindow steps of a long game with its snapshot; its
// log offers "Show older steps", which fetches the next page from the
// host and adds it to the end of the list, and goes once the device has
// every step. The joined device runs on screentest.NewApp
// (seat_join_test.go): the client's updates reach the screen on the test's
// goroutine only.
func TestJoinedLogShowsOlderSteps(t *testing.T) {
	h, g := hostAsc(t)
	exec := g.(interface {
		Execute(tracker.Command) ([]tracker.Event, error)
	})
	const notes = share.HistoryWindow + 20
	for i := range notes {
		_, err := exec.Execute(tracker.Note{Text: "note " + string(rune('a'+i%26))})
		require.NoError(t, err)
	}
	sh, _ := newJoinShell(t, 1280, 800)
	joinByLink(t, sh, h.Addr(), h.Code(), "Ann")
	sh.game.showLog()
	require.Len(t, sh.game.history.Undo, share.HistoryWindow, "a joined device gets the newest steps")
	test.Tap(screentest.Button(t, sh.win, "Show older steps"))
	screentest.Eventually(t, func() bool {
		return len(sh.game.logList.shown) == notes+3 // the two players added and the start
	}, 5*time.Second, 20*time.Millisecond, "the older steps are listed")
	screentest.Eventually(t, func() bool {
		return !hasButton(sh, "Show older steps")
	}, 5*time.Second, 20*time.Millisecond, "no older steps left")
}
