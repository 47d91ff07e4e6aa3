package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// seatedPair opens, on two phones of the size given, an Ascendancy game
// of Alice (p1) and Bob (p2) at Alice's command phase: Alice's phone
// seated as Alice, Bob's as Bob, both showing the same game.
func seatedPair(t *testing.T, w, h float32) (alice, bob *Shell) {
	t.Helper()
	alice, _ = ascAtBuilding(t, w, h)
	_, err := alice.game.game.Execute(tracker.NextPhase{})
	require.NoError(t, err)
	// Bob's phone: another shell of the same app, on the same game.
	alice.app.Preferences().RemoveValue(prefLastGame)
	bob = NewShell(alice.app, alice.store, nil)
	bob.win.Resize(fyne.NewSize(w, h))
	bob.showGame(alice.game.game, "Sector 001")
	alice.game.seat, bob.game.seat = "p1", "p2"
	return alice, bob
}

// TestDefenderCalledToTheBattle: Alice opens a battle against Bob on her
// phone while Bob's phone shows the Players panel; Bob's status line says
// a battle awaits his dice, and one tap on it brings his Battle panel with
// his pad (issue 27, "Both sides at a battle": the battle was announced on
// the Battle and Borg panels only). Once his dice are in, the call goes.
func TestDefenderCalledToTheBattle(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 360, Height: 640}, {Width: 390, Height: 844}} {
		t.Run(sizeName(size), func(t *testing.T) {
			alice, bob := seatedPair(t, size.Width, size.Height)
			panelTo(t, bob.win, "Players")
			panelTo(t, alice.win, "Battle")
			test.Tap(screentest.Button(t, alice.win, "Open on every phone"))
			require.NotNil(t, ascState(alice).Fighting(), "the battle is open")

			bob.win.Content().Refresh()
			line := bob.game.status
			assert.Equal(t, "Alice attacks you: roll your dice", line.label.Text, "Bob's phone is told on the Players panel")
			assert.Contains(t, screentest.ScreenText(bob.win), "Alice attacks you")
			assert.True(t, line.fitsIn(line.call, line.label.Size().Width-theme.SizeForWidget(theme.SizeNameInlineIcon, line.more)), "the call is read whole on the line")
			test.Tap(line)
			assert.True(t, bob.game.layout.PanelVisible("Battle"), "one tap on the line: the Battle panel")
			assert.Contains(t, screentest.ScreenText(bob.win), "Bob's dice")
			assert.NotEqual(t, "Alice attacks you: roll your dice", line.label.Text, "the Battle panel shows the battle: the line says the stage again")

			// On another panel the call is back; Alice's phone, on the
			// battle, is called to nothing.
			panelTo(t, bob.win, "Round")
			assert.Equal(t, "Alice attacks you: roll your dice", line.label.Text)
			assert.Empty(t, alice.game.status.call, "Alice is on the Battle panel")

			// Bob's dice typed from his phone: nothing is awaited of him.
			panelTo(t, bob.win, "Battle")
			test.Tap(screentest.Button(t, bob.win, "Roll for me"))
			test.Tap(screentest.Button(t, bob.win, "Enter the dice of Bob"))
			panelTo(t, bob.win, "Players")
			assert.Empty(t, line.call, "Bob's dice are in")
			assert.NotContains(t, screentest.ScreenText(bob.win), "roll your dice")
		})
	}
}

// sizeName names a window size for a subtest: "360x640".
func sizeName(s fyne.Size) string { return fmt.Sprintf("%.0fx%.0f", s.Width, s.Height) }

// TestDefenderCalledOnAWideWindow: on a wide window the call sits in the
// status line with "To the battle" at its end, one tap from the battle.
func TestDefenderCalledOnAWideWindow(t *testing.T) {
	alice, bob := seatedPair(t, 1280, 800)
	panelTo(t, bob.win, "Round")
	panelTo(t, alice.win, "Battle")
	test.Tap(screentest.Button(t, alice.win, "Open on every phone"))
	bob.win.Content().Refresh()
	line := bob.game.status
	assert.Equal(t, "Alice attacks you: roll your dice", line.label.Text)
	go1 := screentest.Button(t, bob.win, "To the battle")
	assert.True(t, go1.Visible())
	test.Tap(go1)
	assert.True(t, bob.game.layout.PanelVisible("Battle"), "one tap: the Battle panel")
	assert.False(t, line.callBtn.Visible(), "the battle is on screen: no call")
}
