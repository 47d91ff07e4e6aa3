package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// ascAtBuilding opens, on a shell of the given size, an Ascendancy game
// of Alice (Federation) and Bob (Klingon) in round 1, Alice's building
// phase first.
func ascAtBuilding(t *testing.T, w, h float32) (*Shell, fyne.Window) {
	t.Helper()
	sh, _ := newTestShell(t, w, h)
	win := newAscGame(t, sh)
	g := sh.game.game
	for _, c := range []tracker.Command{
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Alice", Civilization: "Alice", Faction: ascrules.Federation,
			Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Bob", Civilization: "Bob", Faction: ascrules.Klingon,
			Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.StartAscendancy{},
		tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	require.Equal(t, "p1", ascState(sh).CurrentSeat())
	return sh, win
}

// assertAnswered checks the status line answers the step just recorded:
// it says what the step did, in the game log's words (naming who), on
// screen, with Undo at hand.
func assertAnswered(t *testing.T, sh *Shell, w fyne.Window, who, what string) {
	t.Helper()
	h := sh.game.game.History()
	require.NotEmpty(t, h.Undo)
	said := sh.game.status.text
	assert.NotEmpty(t, said, "%s: the status line is empty", what)
	assert.Equal(t, screen.TrTexts(h.Undo[0].Texts()), said, "%s: the status line says the step's log line", what)
	assert.Contains(t, said, who, "%s: the answer names the player", what)
	assert.Contains(t, screentest.ScreenText(w), said, "%s: the answer is on screen", what)
	assert.False(t, sh.game.undoBtn.Disabled(), "%s: Undo is at hand", what)
	assert.True(t, sh.game.undoBtn.Visible(), "%s: Undo is at hand", what)
}

// TestEveryTapIsAnswered taps quick actions on a phone, each on a counter
// that may be scrolled away (a ship built, a command token used, the
// phase moved on, a peg taken off), and checks that the status line then
// says what the step did, in the player's words, with Undo at hand
// (issue 27, "An answer to every tap"); Undo says what it took back.
func TestEveryTapIsAnswered(t *testing.T) {
	t.Run("ascendancy", func(t *testing.T) {
		sh, w := ascAtBuilding(t, 360, 640)
		panelTo(t, w, "Players")
		test.Tap(screentest.Button(t, w, "Ship (1P)"))
		assertAnswered(t, sh, w, "Alice", "a ship built")
		ship := sh.game.status.text
		test.Tap(screentest.Button(t, w, "Ship (1P)"))
		assertAnswered(t, sh, w, "Alice", "a second ship built")
		panelTo(t, w, "Round")
		test.Tap(screentest.Button(t, w, "On to the command phase"))
		assertAnswered(t, sh, w, "Alice", "the command phase")
		panelTo(t, w, "Players")
		rows := screentest.Objects[*widgets.TokenRow](w)
		require.NotEmpty(t, rows)
		tapFirstToken(t, rows[0])
		assertAnswered(t, sh, w, "Alice", "a command token used")

		test.Tap(sh.game.undoBtn)
		assert.Contains(t, sh.game.status.text, "Undone", "Undo says what it took back")
		// A step recorded by another phone is said too.
		_, err := sh.game.game.Execute(tracker.UseCommand{Player: "p1", Delta: 1})
		require.NoError(t, err)
		assertAnswered(t, sh, w, "Alice", "a step from another phone")
		assert.NotEqual(t, ship, sh.game.status.text)
	})
	t.Run("away", func(t *testing.T) {
		sh, _ := newTestShell(t, 360, 640)
		w := startAwayGame(t, sh)
		screentest.SelectTab(t, w, "Team")
		test.Tap(screentest.Button(t, w, "Riker"))
		removePeg(t, tracks(t, w, "Riker")["DEFENSE"])
		assertAnswered(t, sh, w, "Riker", "a peg off Riker's Defense")
	})
}
