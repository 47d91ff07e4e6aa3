package ascendancy

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// Issue 27, "Buttons do not appear under a finger" and "Room for the
// game", tapped on a 390x844 phone.

// centre is the middle of a widget on the window's canvas.
func centre(o fyne.CanvasObject) fyne.Position {
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	return p.Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
}

// enabledButtonsAt lists the enabled buttons on screen under a point.
func enabledButtonsAt(w fyne.Window, at fyne.Position) []string {
	var out []string
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Disabled() || !b.Visible() {
			continue
		}
		p := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		s := b.Size()
		if at.X >= p.X && at.X < p.X+s.Width && at.Y >= p.Y && at.Y < p.Y+s.Height {
			out = append(out, b.Text)
		}
	}
	return out
}

// enabledButton is the enabled button on screen with the label.
func enabledButton(t *testing.T, w fyne.Window, label string) *widget.Button {
	t.Helper()
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Text == label && !b.Disabled() {
			return b
		}
	}
	require.Failf(t, "no button", "no enabled button %q on screen", label)
	return nil
}

// TestTurnEndsNeverUnderTheFinger: a second tap where "On to the command
// phase" was does not end the turn, and a second tap where "End Alice's
// turn" was does not end Bob's: the buttons that end a turn are never
// where another button just was.
func TestTurnEndsNeverUnderTheFinger(t *testing.T) {
	sh, _ := newTestShell(t, 390, 844)
	w := startTwo(t, sh, "Federation", "Klingon")
	panelTo(t, w, "Round")
	require.Equal(t, "p1", ascState(sh).CurrentSeat())

	on := enabledButton(t, w, "On to the command phase")
	at := centre(on)
	test.Tap(on)
	require.Equal(t, tracker.PhaseCommand, ascState(sh).Walker.Phase)
	for _, l := range enabledButtonsAt(w, at) {
		assert.False(t, strings.HasPrefix(l, "End"), "%q lies where \"On to the command phase\" was", l)
	}

	end := enabledButton(t, w, "End Alice's turn")
	at = centre(end)
	test.Tap(end)
	require.Equal(t, "p2", ascState(sh).CurrentSeat())
	assert.Empty(t, enabledButtonsAt(w, at), "nothing to tap where \"End Alice's turn\" was")
	bob := screentest.Button(t, w, "End Bob's turn")
	assert.True(t, bob.Disabled(), "Bob's end of turn is in its place, disabled until his command phase")

	// The last turn's end: the recharge, which ends the round, is not
	// where "End Bob's turn" was.
	test.Tap(enabledButton(t, w, "On to the command phase"))
	end = enabledButton(t, w, "End Bob's turn")
	at = centre(end)
	test.Tap(end)
	require.Equal(t, tracker.AscRecharge, ascState(sh).Walker.Stage)
	assert.NotContains(t, enabledButtonsAt(w, at), "Recharge everyone")
}

// TestCommandPhaseShowsItsActionsFirst: in a player's command phase the
// Players panel shows the command actions above the building ones, with no
// swipe past the building actions.
func TestCommandPhaseShowsItsActionsFirst(t *testing.T) {
	sh, w := phoneGame(t, "Federation", "Klingon")
	panelTo(t, w, "Players")
	y := func(label string) float32 {
		for _, b := range screentest.Objects[*widget.Button](w) {
			if strings.HasPrefix(b.Text, label) {
				return fyne.CurrentApp().Driver().AbsolutePositionForObject(b).Y
			}
		}
		require.Failf(t, "no button", "no button %q", label)
		return 0
	}
	assert.Less(t, y("Ship (1P)"), y("Starbase ("), "the building phase: building first")
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	panelTo(t, w, "Players")
	assert.Less(t, y("Starbase ("), y("Ship (1P)"), "the command phase: commands first")
}

// TestPhaseHintsFromTheRules: the building phase's hint names no command
// (seed 003, Command phase: starbases and projects are commands; the
// tracker refuses them in the building phase), and the command phase's
// names them.
func TestPhaseHintsFromTheRules(t *testing.T) {
	sh, w := phoneGame(t, "Federation", "Klingon")
	panelTo(t, w, "Round")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "build ships")
	assert.NotContains(t, text, "commission starbases")
	assert.NotContains(t, text, "launch projects")
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	panelTo(t, w, "Round")
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "commission starbases")
	assert.Contains(t, text, "launch projects")
}
