package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/ui/widgets"
)

// TestAffiliationOpensFromAnywhere taps the middle of the affiliation
// field of a new Away Missions player on a phone: the choices open (not
// only from the small arrow at its end).
func TestAffiliationOpensFromAnywhere(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	test.Tap(button(t, sh.win, "New Away Missions game"))
	test.Tap(button(t, sh.win, "Create"))
	selectTab(t, sh.win, "Round")
	picks := objects[*widgets.PickEntry](sh.win)
	require.Len(t, picks, 1, "the affiliation field")
	aff := picks[0]
	assert.Empty(t, sh.win.Canvas().Overlays().List())
	test.TapAt(aff, fyne.NewPos(aff.Size().Width/3, aff.Size().Height/2))
	assert.Len(t, sh.win.Canvas().Overlays().List(), 1, "the affiliation choices opened")
}
