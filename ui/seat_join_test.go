package ui

// These tests join a game shared on loopback. The joining device's shell
// runs on screentest.NewApp (newJoinShell): the share client's screen
// updates (fyne.Do from its reading goroutine) wait for the test's
// goroutine, as they wait for the UI goroutine in the app, instead of
// drawing while the test walks the screen. They pass under -race.

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/share"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// hostAsc shares a started two-player Ascendancy game on loopback.
func hostAsc(t *testing.T) (*share.Host, interface{ State() *tracker.State }) {
	t.Helper()
	_, st := newTestShell(t, 400, 800)
	g, err := st.Create(tracker.KindAscendancy, "Seats")
	require.NoError(t, err)
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	for _, c := range []tracker.Command{
		tracker.AddAscPlayer{Name: "Ann", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Ben", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		tracker.StartAscendancy{},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	h, err := share.Start(context.Background(), g, share.Options{Addr: "127.0.0.1:0"})
	require.NoError(t, err)
	t.Cleanup(h.Stop)
	return h, g
}

// newJoinShell is newTestShell on screentest.NewApp: the shell of a
// device that joins a shared game, or shares one. What the share client
// and the host's connections hand to the screen from their goroutines runs
// on the test's goroutine, when the test lets it (screentest.Pump,
// Eventually, Await, and the finders).
func newJoinShell(t *testing.T, w, h float32) (*Shell, *store.Store) {
	t.Helper()
	st := screentest.NewStore(t)
	sh := NewShell(screentest.NewApp(t), st, nil)
	sh.win.Resize(fyne.NewSize(w, h))
	return sh, st
}

// joinByLink opens the link on a new device (same app, so the same
// remembered seats) and waits until it is seated, tapping the seat pick
// when the game asks.
func joinByLink(t *testing.T, sh *Shell, addr, code string, pick string) {
	t.Helper()
	done := make(chan struct{})
	sh.joinLink(addr, code, func() { close(done) })
	leaveOnCleanup(t, sh)
	screentest.Eventually(t, func() bool {
		select {
		case <-done:
			return true
		default:
		}
		if pick != "" && sh.game != nil && hasButton(sh, pick) {
			test.Tap(screentest.Button(t, sh.win, pick))
			pick = ""
		}
		return false
	}, 10*time.Second, 20*time.Millisecond, "joining did not finish")
}

func hasButton(sh *Shell, label string) bool {
	for _, b := range screentest.Objects[*widget.Button](sh.win) {
		if b.Text == label {
			return true
		}
	}
	return false
}

func TestJoinByLinkTakesASeat(t *testing.T) {
	h, g := hostAsc(t)
	sh, _ := newJoinShell(t, 390, 844)
	joinByLink(t, sh, h.Addr(), h.Code(), "Ann")
	require.Equal(t, "p1", sh.game.seat)
	require.Contains(t, screentest.ScreenText(sh.win), "This device is Ann.")
	require.Contains(t, screentest.ScreenText(sh.win), "Ann · Federation", "Ann's console is open")

	// Ann spends one of her own command tokens: no question.
	rows := screentest.Objects[*widgets.TokenRow](sh.win)
	require.NotEmpty(t, rows)
	tapFirstToken(t, rows[0])
	require.Eventually(t, func() bool { return g.State().Ascendancy.Players[0].Ready() == 4 }, 5*time.Second, 20*time.Millisecond)

	// Ben's pieces: the device asks first, and nothing changes until yes.
	before := g.State().Ascendancy.Players[1].Resources.Culture
	require.False(t, sh.game.Exec(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterCulture, Delta: 1}))
	require.Contains(t, screentest.ScreenText(sh.win), "Change Ben's pieces?")
	require.Equal(t, before, g.State().Ascendancy.Players[1].Resources.Culture)
	test.Tap(screentest.Button(t, sh.win, "Change them"))
	require.Eventually(t, func() bool { return g.State().Ascendancy.Players[1].Resources.Culture == before+1 }, 5*time.Second, 20*time.Millisecond)

	// Reloading the page: the same seat, without asking.
	sh.showHome()
	sh2 := NewShell(sh.app, sh.store, nil)
	leaveOnCleanup(t, sh2)
	waitSeated(t, sh2, "p1")
}

// waitSeated waits until the game the shell reopened has joined, and
// checks that it shows it seated on seat.
func waitSeated(t *testing.T, sh *Shell, seat string) {
	t.Helper()
	screentest.Await(t, sh.rejoined, 10*time.Second, "the reopened game did not join")
	require.NotNil(t, sh.game, "a game on screen")
	require.True(t, isClient(sh.game.game), "a joined game")
	require.Equal(t, seat, sh.game.seat, "joined again and seated")
}

func TestJoinByLinkWrongCode(t *testing.T) {
	h, _ := hostAsc(t)
	sh, _ := newJoinShell(t, 390, 844)
	wrong := "AAAAAA"
	if h.Code() == wrong {
		wrong = "BBBBBB"
	}
	joinByLink(t, sh, h.Addr(), wrong, "")
	require.Nil(t, sh.game, "no game opened")
	require.Contains(t, screentest.ScreenText(sh.win), "join code is wrong")
	require.Contains(t, screentest.ScreenText(sh.win), "scan its QR code again")
}

// leaveOnCleanup closes the shell's share client when the test ends,
// before the host stops (cleanups run last first). Otherwise the client
// would go on reporting the lost host, into the screen of the next test
// (fyne.Do goes to the app current then).
func leaveOnCleanup(t *testing.T, sh *Shell) {
	t.Helper()
	t.Cleanup(func() {
		var cl *share.Client
		fyne.DoAndWait(func() {
			if gs := sh.openScreen(); gs != nil {
				cl, _ = gs.game.(*share.Client)
			}
		})
		if cl != nil {
			_ = cl.Close()
		}
	})
}
