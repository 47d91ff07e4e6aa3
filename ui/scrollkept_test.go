package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// swipeDown scrolls the panel on screen down by dy, as a player's swipe
// does, and returns its scroller.
func swipeDown(t *testing.T, w fyne.Window, dy float32) *container.Scroll {
	t.Helper()
	w.Content().Refresh()
	s := screentest.PanelScroller(w)
	require.NotNil(t, s, "the panel scrolls")
	require.Greater(t, s.Content.MinSize().Height-s.Size().Height, dy, "the panel is taller than the screen by more than the swipe")
	s.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: -dy}})
	require.InDelta(t, dy, s.Offset.Y, 1, "the swipe scrolled the panel")
	return s
}

// buttonIn finds a visible button on the panel scroller s whose
// text contains label, as a finger finds it on screen.
func buttonIn(t *testing.T, s *container.Scroll, label string) *widget.Button {
	t.Helper()
	for _, b := range screentest.Under[*widget.Button](s.Content) {
		if b.Visible() && !b.Disabled() && strings.Contains(b.Text, label) {
			return b
		}
	}
	require.Failf(t, "no button", "no button %q on the panel", label)
	return nil
}

// TestScrollKeptAcrossAChange: on a phone, a panel scrolled down stays
// where it was after a tap that changes the game and builds the panel
// again (issue 27: the Borg tab jumped back to the top after "Add cube").
func TestScrollKeptAcrossAChange(t *testing.T) {
	sh, w := borgGame(t, 390, 844)
	for _, a := range screentest.Objects[*widget.Accordion](w) {
		for i := range a.Items {
			a.Open(i)
		}
	}
	s := swipeDown(t, w, 120)
	steps := len(sh.game.game.History().Undo)
	screentest.TypeInto(w, screentest.Entry(t, w, "Where the cube is"), "Vulcan")
	test.Tap(buttonIn(t, s, "Add cube"))
	require.Len(t, sh.game.game.History().Undo, steps+1, "the cube was added")
	w.Content().Refresh()
	assert.InDelta(t, 120, screentest.PanelScroller(w).Offset.Y, 1, "the Borg panel stayed where the player had scrolled it")
}

// TestScrollKeptAcrossTabs: each panel keeps its scroll across a switch
// to another tab and back (issue 27: every tab switch reset the scroll).
func TestScrollKeptAcrossTabs(t *testing.T) {
	sh, w := borgGame(t, 390, 844)
	for _, a := range screentest.Objects[*widget.Accordion](w) {
		for i := range a.Items {
			a.Open(i)
		}
	}
	swipeDown(t, w, 150)
	screentest.SelectTab(t, w, "Players")
	w.Content().Refresh()
	swipeDown(t, w, 60)
	// Another phone adds a cube meanwhile: the Borg panel catches up as
	// it comes into view.
	_, err := sh.game.game.Execute(tracker.AddCube{System: "Vulcan"})
	require.NoError(t, err)
	screentest.SelectTab(t, w, "Borg")
	w.Content().Refresh()
	assert.InDelta(t, 150, screentest.PanelScroller(w).Offset.Y, 1, "the Borg panel is where it was left")
	screentest.SelectTab(t, w, "Players")
	w.Content().Refresh()
	assert.InDelta(t, 60, screentest.PanelScroller(w).Offset.Y, 1, "the Players panel is where it was left")
}

// TestScrollKeptAcrossAStep: on a phone the Round panel stays where the
// player scrolled it when the step changes ("On to the command phase"
// jumped it back to the top, issue 27).
func TestScrollKeptAcrossAStep(t *testing.T) {
	sh, w := ascAtBuilding(t, 360, 640)
	panelTo(t, w, "Round")
	s := swipeDown(t, w, 80)
	test.Tap(buttonIn(t, s, "On to the command phase"))
	require.Equal(t, tracker.PhaseCommand, ascState(sh).Walker.Phase)
	w.Content().Refresh()
	assert.InDelta(t, 80, screentest.PanelScroller(w).Offset.Y, 1, "the Round panel stayed where the player had scrolled it")
}
