package ui

import (
	"testing"

	"tableops/ui/screen/screentest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPhoneShowsOnePanelTabletShowsTwo plays on a phone-sized window, then
// turns it into a tablet: the team stays in view beside the other panels.
func TestPhoneShowsOnePanelTabletShowsTwo(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	lay := sh.game.layout
	assert.False(t, lay.Wide())
	tabs := screentest.Objects[*container.AppTabs](w)
	require.Len(t, tabs, 1)
	assert.Equal(t, []string{"Team", "Round", "Dice"}, tabTitles(tabs[0]), "the log is a button in the bar on a phone")
	assert.Equal(t, "Round", tabs[0].Selected().Text, "the tab the player opened")
	assert.Empty(t, screentest.Objects[*widget.Card](w), "the team is behind its tab")

	screentest.SelectTab(t, w, "Team")
	assert.NotEmpty(t, screentest.Objects[*widget.Card](w))

	// On a phone the bar's buttons are icons only; the log opens over the
	// screen, labelled step by step.
	assert.Empty(t, sh.game.logBtn.Text)
	assert.Empty(t, sh.game.undoBtn.Text)
	test.Tap(sh.game.logBtn)
	assert.Contains(t, screentest.ScreenText(w), "Game log")
	assert.Contains(t, screentest.ScreenText(w), "Beam-down order: Kim, Dana")
	test.Tap(screentest.Button(t, w, "Close"))

	w.Resize(fyne.NewSize(1280, 800))
	assert.True(t, lay.Wide())
	assert.Len(t, screentest.Objects[*container.Split](w), 1)
	tabs = screentest.Objects[*container.AppTabs](w)
	require.Len(t, tabs, 1)
	assert.Equal(t, []string{"Round", "Dice", "Log"}, tabTitles(tabs[0]))
	assert.NotEmpty(t, screentest.Objects[*widget.Card](w), "the team is always in view on a tablet")

	// The log button shows the log: its tab on a tablet.
	assert.Equal(t, "Log", sh.game.logBtn.Text, "a tablet has room for the words")
	test.Tap(sh.game.logBtn)
	assert.Equal(t, "Log", tabs[0].Selected().Text)

	// Every panel fits a phone held upright.
	for _, p := range sh.game.view.Panels() {
		assert.LessOrEqual(t, p.Content.MinSize().Width, float32(390), "panel %s", p.Title)
	}
}

func tabTitles(t *container.AppTabs) []string {
	var out []string
	for _, it := range t.Items {
		out = append(out, it.Text)
	}
	return out
}
