package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// Issue 27, "The setup form moves" and "Texts and hints that match the
// rules", tapped on a 390x844 phone.

// yOf is a widget's height on the window's canvas.
func yOf(o fyne.CanvasObject) float32 {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Y
}

// TestPickingTheFactionNamesTheCivilization: the faction picked fills the
// civilization's name, which stays editable: a name the players typed is
// kept, one the faction filled follows the next faction picked.
func TestPickingTheFactionNamesTheCivilization(t *testing.T) {
	sh, _ := newTestShell(t, 390, 844)
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	civ := screentest.Entry(t, w, "Civilization")
	pick := selectFor(t, w, "Faction rules")
	pick.SetSelected("Federation")
	assert.Equal(t, "Federation", civ.Text)
	pick.SetSelected("Klingon")
	assert.Equal(t, "Klingon", civ.Text, "a name the faction filled follows the faction")
	screentest.TypeInto(w, civ, "House of Martok")
	pick.SetSelected("Romulan")
	assert.Equal(t, "House of Martok", civ.Text, "a name the players typed stays")
}

// TestAddingAPlayerMovesNothing: adding players moves neither the name
// entry, the faction, nor Add player: the next player's taps land where
// the last one's did, and the name has the focus at once.
func TestAddingAPlayerMovesNothing(t *testing.T) {
	sh, _ := newTestShell(t, 390, 844)
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	name, add := screentest.Entry(t, w, "Player name"), screentest.Button(t, w, "Add player")
	y0, yAdd := yOf(name), yOf(add)
	for _, p := range [][2]string{{"Alice", "Federation"}, {"Bob", "Klingon"}, {"Carol", "Romulan"}} {
		addAscPlayer(t, w, p[0], p[1], nil)
		require.Equal(t, p[0], ascState(sh).Players[len(ascState(sh).Players)-1].Name, sh.game.status())
		assert.Equal(t, y0, yOf(screentest.Entry(t, w, "Player name")), "the name entry stays after %s", p[0])
		assert.Equal(t, yAdd, yOf(screentest.Button(t, w, "Add player")), "Add player stays after %s", p[0])
	}
	focused, ok := w.Canvas().Focused().(fyne.CanvasObject)
	require.True(t, ok, "the next name has the focus")
	assert.True(t, sameWidget(focused, screentest.Entry(t, w, "Player name")))
}

// TestRulesFoldedUnderOneEntry: the questions the books answer differently
// are folded under "Rules to agree on", the rulebook's readings chosen,
// and the Borg console typed is entered with the start.
func TestRulesFoldedUnderOneEntry(t *testing.T) {
	sh, _ := newTestShell(t, 390, 844)
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	for _, c := range tracker.AscChoices() {
		assert.NotContains(t, screentest.ScreenText(w), c.Question, "folded")
	}
	openFold(t, w, "Rules to agree on")
	for _, c := range tracker.AscChoices() {
		assert.Contains(t, screentest.ScreenText(w), c.Question)
	}
	addAscPlayer(t, w, "Alice", "Federation", nil)
	addAscPlayer(t, w, "Bob", "Klingon", nil)
	test.Tap(checkBox(t, w, "Play with the Borg"))
	for i, h := range screentest.Entries(w, "2-6") {
		screentest.TypeInto(w, h, []string{"5", "5", "4", "4", "3", "3"}[i])
	}
	test.Tap(screentest.Button(t, w, "Start round 1"))
	a := ascState(sh)
	require.Equal(t, tracker.AscInitiative, a.Walker.Stage, sh.game.status())
	require.NotNil(t, a.Borg, "the console is entered with the start")
	assert.Equal(t, 4, a.Borg.Hits.BySpires[2])
}

// TestSwitchingThePlayerMovesNoCounter: the console of a player whose turn
// it is not has the same lines above its counters as the current
// player's: switching the player shown moves nothing.
func TestSwitchingThePlayerMovesNoCounter(t *testing.T) {
	sh, w := phoneGame(t, "Federation", "Klingon")
	panelTo(t, w, "Players")
	v := sh.game.view.(*ascView)
	y := func() float32 { return yOf(v.board.counters[0]) }
	mine := y()
	labels := v.board.choice.labels
	require.Len(t, labels, 2)
	v.board.pick.SetSelected(labels[1])
	require.Equal(t, "p2", v.board.choice.ids[v.board.pick.Selected])
	assert.Equal(t, mine, y(), "Bob's counters are where Alice's were")
}

// TestSetupFitsASmallPhone: every fold of the setup open, the Borg in,
// nothing is wider than a 360x640 phone (the folds' titles do not wrap).
func TestSetupFitsASmallPhone(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	checkBox(t, w, "Play with the Borg").SetChecked(true)
	for _, f := range []string{"Rules to agree on", "Starting values and costs", "Hub and optional rule"} {
		openFold(t, w, f)
	}
	screentest.AssertFits(t, w, "the setup, every fold open")
	assert.Equal(t, float32(360), w.Canvas().Size().Width, "the window did not grow")
}
