package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/rules/reference"
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

// TestCatalogBorgDronesAreBorg picks the built-in Borg drones into a game
// command: they carry the Borg and Drone keywords (Stun weapons and
// Hivemind follow them), and the overlay its Assimilation Tubules; no
// rating the rulebook does not print is filled in.
func TestCatalogBorgDronesAreBorg(t *testing.T) {
	cat, err := reference.Builtin()
	require.NoError(t, err)
	for _, id := range []string{"AM-ONE-OF-FIVE", "AM-TWO-OF-FIVE", "AM-THREE-OF-FIVE", "AM-FOUR-OF-FIVE", "AM-FIVE-OF-FIVE", "AM-DRONE"} {
		ch, ok := cat.Character(id)
		require.True(t, ok, id)
		cmd := addCharacterFrom(ch)
		c := awayrules.Character{Keywords: cmd.Keywords}
		assert.True(t, c.Borg(), "%s is Borg", id)
		assert.True(t, c.Drone(), "%s is a drone", id)
		if id == "AM-DRONE" {
			require.Len(t, cmd.Weapons, 1)
			assert.Equal(t, "Assimilation Tubules", cmd.Weapons[0].Name)
			assert.Contains(t, cmd.Weapons[0].Keywords, "Assimilate")
		} else {
			assert.Empty(t, cmd.Weapons, "%s: the rulebook prints no attack for it; the players enter it", id)
		}
	}
}
