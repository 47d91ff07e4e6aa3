package ui

// These tests join a game shared on loopback, on screentest.NewApp (see
// seat_join_test.go).

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/share"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// TestHomeKeepsTheJoinedGame: Home on a phone that joined a game keeps
// the connection and the seat, shows the game at the top of Home, and one
// tap brings it back, with what changed meanwhile.
func TestHomeKeepsTheJoinedGame(t *testing.T) {
	h, g := hostAsc(t)
	sh, _ := newJoinShell(t, 390, 844)
	joinByLink(t, sh, h.Addr(), h.Code(), "Ann")
	gs := sh.game
	cl := gs.game.(*share.Client)
	screentest.SelectTab(t, sh.win, "Battle")

	// Home was scrolled down to reach Join a game: it comes back at its
	// top, where the way back is.
	home := sh.home.content.(*container.Scroll)
	home.Offset.Y = 300
	test.Tap(iconButton(t, sh.win, theme.HomeIcon()))
	require.Nil(t, sh.game, "Home is on screen")
	assert.Zero(t, home.Offset.Y, "Home shows its top")
	assert.Contains(t, screentest.ScreenText(sh.win), "Shared game (shared)\nAscendancy · joined as Ann: still connected, your seat kept")
	up, err := cl.Connected()
	assert.True(t, up, "still connected: %v", err)
	select {
	case <-cl.Done():
		t.Fatal("the connection was closed")
	default:
	}
	d := fyne.CurrentApp().Driver()
	back := screentest.Button(t, sh.win, "Back to the game")
	assert.Less(t, d.AbsolutePositionForObject(back).Y, d.AbsolutePositionForObject(screentest.Button(t, sh.win, "New Away Missions game")).Y, "at the top of Home")

	// The host changes Ben's culture while this phone is on Home.
	before := g.State().Ascendancy.Players[1].Resources.Culture
	_, err = g.(screen.Game).Execute(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterCulture, Delta: 2})
	require.NoError(t, err)
	// The game behind Home got the news: it is stale until shown.
	screentest.Eventually(t, func() bool {
		return cl.State().Ascendancy.Players[1].Resources.Culture == before+2 && gs.stale
	}, 5*time.Second, 20*time.Millisecond)

	// One tap back: the same game, seat and panel, showing the change.
	test.Tap(back)
	require.Same(t, gs, sh.game)
	assert.Equal(t, "p1", sh.game.seat)
	assert.Same(t, gs.content, sh.win.Content())
	assert.True(t, gs.layout.PanelVisible("Battle"))
	assert.False(t, gs.stale)
	assert.Contains(t, sh.win.Title(), "Shared game (shared)")

	// Home again, then another game: the joined one is left for good.
	test.Tap(iconButton(t, sh.win, theme.HomeIcon()))
	require.Same(t, gs, sh.behind)
	test.Tap(screentest.Button(t, sh.win, "New Away Missions game"))
	screentest.TypeInto(sh.win, screentest.Objects[*screen.TextEntry](sh.win)[0], "Other")
	test.Tap(screentest.Button(t, sh.win, "Create"))
	assert.Nil(t, sh.behind)
	assert.Eventually(t, func() bool {
		select {
		case <-cl.Done():
			return true
		default:
			return false
		}
	}, 5*time.Second, 20*time.Millisecond, "the joined game's connection is closed")
}

// TestReloadRejoinsOnTheSeatAndPanel: a joined phone reloaded (or the
// desktop app restarted) opens the game it was in, joined again on its
// seat without asking, on the panel it showed; after Home too.
func TestReloadRejoinsOnTheSeatAndPanel(t *testing.T) {
	h, _ := hostAsc(t)
	sh, _ := newJoinShell(t, 390, 844)
	joinByLink(t, sh, h.Addr(), h.Code(), "Ben")
	screentest.SelectTab(t, sh.win, "Round")

	sh = restart(t, sh)
	leaveOnCleanup(t, sh)
	waitSeated(t, sh, "p2")
	assert.True(t, sh.game.layout.PanelVisible("Round"), "on the panel it showed, not the seat's console")

	// Home keeps it; a reload from Home opens the game again.
	test.Tap(iconButton(t, sh.win, theme.HomeIcon()))
	sh = restart(t, sh)
	leaveOnCleanup(t, sh)
	waitSeated(t, sh, "p2")
}
