package ui

// These tests join a game shared on loopback, on screentest.NewApp (see
// seat_join_test.go).

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/scan"
	"tableops/share"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
)

// hostGame shares a new game of kind, with the commands run, on loopback.
func hostGame(t *testing.T, kind tracker.Kind, cmds ...tracker.Command) (*share.Host, *store.Game) {
	t.Helper()
	_, st := newTestShell(t, 400, 800)
	g, err := st.Create(kind, "Table")
	require.NoError(t, err)
	for _, c := range cmds {
		_, err := g.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	h, err := share.Start(context.Background(), g, share.Options{Addr: "127.0.0.1:0", Name: "Table"})
	require.NoError(t, err)
	t.Cleanup(h.Stop)
	return h, g
}

// stillJoined asserts that the shell shows the joined game gs, connected
// and seated on seat.
func stillJoined(t *testing.T, sh *Shell, gs *gameScreen, seat string) {
	t.Helper()
	require.Same(t, gs, sh.game, "still in the game")
	cl, ok := gs.game.(*share.Client)
	require.True(t, ok)
	up, err := cl.Connected()
	assert.True(t, up, "still connected: %v", err)
	assert.Equal(t, seat, gs.seat)
}

// TestScanInAJoinedAwayGame: a phone that joined an Away Missions game
// as Ann scans from its game bar: the scanned character joins Ann's team
// on the host, and the phone stays in the game, joined and seated.
func TestScanInAJoinedAwayGame(t *testing.T) {
	h, g := hostGame(t, tracker.KindAway,
		tracker.AddAwayPlayer{Name: "Ann", Affiliation: "Federation"},
		tracker.AddAwayPlayer{Name: "Ben", Affiliation: "Romulan"})
	sh, _ := newJoinShell(t, 390, 844)
	joinByLink(t, sh, h.Addr(), h.Code(), "Ann")
	gs := sh.game

	test.Tap(iconButton(t, sh.win, theme.MediaPhotoIcon()))
	v := sh.scanner()
	require.NotNil(t, v, "the scanner opens over the game")
	settleScanner(t, v)
	img, _ := tagPhoto(t, encodeTag(t, spockTag))
	importPhotoFile(t, v, writePNG(t, img, "spock.png"))
	for _, b := range screentest.Objects[*widget.Button](v.win) {
		assert.NotContains(t, b.Text, "Ben's team", "this phone is Ann: her team only")
	}
	test.Tap(screentest.Button(t, v.win, "Add to Ann's team"))
	require.Eventually(t, func() bool {
		a := g.State().Away
		return len(a.Characters) == 1 && a.Characters[0].Owner == a.Players[0].ID && a.Characters[0].Name == "Spock"
	}, 5*time.Second, 20*time.Millisecond, "Spock joins Ann's team on the host")

	test.Tap(screentest.Button(t, sh.win, "Close"))
	stillJoined(t, sh, gs, "p1")
	assert.Same(t, gs.content, sh.win.Content())
}

// TestScanInAJoinedAscendancyGame: a phone that joined an Ascendancy game
// with the Borg scans the Borg command card drawn from its game bar: it is
// recorded in the game's log on the host, its rules show in full, and the
// phone stays in the game, joined and seated.
func TestScanInAJoinedAscendancyGame(t *testing.T) {
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	h, g := hostGame(t, tracker.KindAscendancy,
		tracker.AddAscPlayer{Name: "Ann", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Ben", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}},
		tracker.StartAscendancy{})
	notes := g.State().Notes
	sh, _ := newJoinShell(t, 390, 844)
	joinByLink(t, sh, h.Addr(), h.Code(), "Ben")
	gs := sh.game

	test.Tap(iconButton(t, sh.win, theme.MediaPhotoIcon()))
	v := sh.scanner()
	require.NotNil(t, v)
	settleScanner(t, v)
	img, _ := tagPhoto(t, encodeTag(t, scan.Tag{Kind: scan.KindBorgCommand, ID: "BC-EXPEDITED"}))
	importPhotoFile(t, v, writePNG(t, img, "drawn.png"))
	test.Tap(screentest.Button(t, v.win, "Record as drawn in the game log"))
	require.Eventually(t, func() bool { return g.State().Notes == notes+1 }, 5*time.Second, 20*time.Millisecond, "recorded on the host")
	h2 := g.History()
	require.NotEmpty(t, h2.Undo)
	assert.Contains(t, h2.Undo[0].Label, "Borg command card drawn: Assimilation Expedited")

	test.Tap(screentest.Button(t, v.win, "Show its rules"))
	text := screentest.ScreenText(v.win)
	assert.Contains(t, text, "A cube that draws it does not move because of this card")
	assert.Contains(t, text, "Rulebook: 004 Assimilation Expedited")

	test.Tap(screentest.Button(t, sh.win, "Close"))
	require.Same(t, gs, sh.game)
	stillJoined(t, sh, gs, "p2")
}
