package ui

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/share"
	"tableops/ui/screen/screentest"
)

// freeAddr returns a loopback address nothing listens on (yet).
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return addr
}

// A phone that opens its join link (or reloads) while the host is down,
// restarting or not yet sharing, keeps trying, says so, and is in the
// game as soon as the host answers: before, it showed "Could not join the
// game" once and the game was gone from the phone (issue 26, 5 and 6).
func TestJoinLinkWaitsForTheHost(t *testing.T) {
	_, g := hostAsc(t) // a started game; shared below at an address chosen now
	sh, _ := newJoinShell(t, 390, 844)
	addr, code := freeAddr(t), share.NewCode()
	done := make(chan struct{})
	sh.joinLink(addr, code, func() { close(done) })
	leaveOnCleanup(t, sh)

	screentest.Eventually(t, func() bool {
		return strings.Contains(screentest.ScreenText(sh.win), "does not answer yet")
	}, 10*time.Second, 20*time.Millisecond, "the phone does not say it is still trying")
	assert.NotContains(t, screentest.ScreenText(sh.win), "Could not join the game")
	assert.Nil(t, sh.game, "no game opens before the host answers")

	h, err := share.Start(context.Background(), g.(share.Game), share.Options{Addr: addr, Code: code})
	require.NoError(t, err)
	t.Cleanup(h.Stop)
	screentest.Eventually(t, func() bool {
		select {
		case <-done:
			return true
		default:
		}
		if sh.game != nil && hasButton(sh, "Ann") {
			test.Tap(screentest.Button(t, sh.win, "Ann"))
		}
		return false
	}, 20*time.Second, 20*time.Millisecond, "the phone did not join once the host answered")
	require.NotNil(t, sh.game)
	assert.True(t, isClient(sh.game.game), "the open game is the shared one")
	assert.NotContains(t, screentest.ScreenText(sh.win), "does not answer yet", "the waiting dialog is gone")
}

// "Stop trying" ends the wait: the phone is at Home, and no error dialog
// follows.
func TestJoinLinkStopTrying(t *testing.T) {
	sh, _ := newJoinShell(t, 390, 844)
	done := make(chan struct{})
	sh.joinLink(freeAddr(t), share.NewCode(), func() { close(done) })
	leaveOnCleanup(t, sh)
	screentest.Eventually(t, func() bool {
		return strings.Contains(screentest.ScreenText(sh.win), "does not answer yet")
	}, 10*time.Second, 20*time.Millisecond, "the phone does not say it is still trying")
	test.Tap(screentest.Button(t, sh.win, "Stop trying"))
	screentest.Await(t, done, 10*time.Second, "the join did not end after Stop trying")
	screentest.Pump()
	text := screentest.ScreenText(sh.win)
	assert.NotContains(t, text, "Could not join the game")
	assert.NotContains(t, text, "does not answer yet")
	assert.Nil(t, sh.game)
}

// A refusal that trying again cannot mend (a wrong code) is said at once,
// as before.
func TestJoinLinkWrongCodeNotRetried(t *testing.T) {
	h, _ := hostAsc(t)
	sh, _ := newJoinShell(t, 390, 844)
	done := make(chan struct{})
	sh.joinLink(h.Addr(), "WRONG-CODE", func() { close(done) })
	leaveOnCleanup(t, sh)
	screentest.Await(t, done, 15*time.Second, "the join did not end on a wrong code")
	screentest.Pump()
	text := screentest.ScreenText(sh.win)
	assert.Contains(t, text, "Could not join the game")
	assert.NotContains(t, text, "does not answer yet")
}
