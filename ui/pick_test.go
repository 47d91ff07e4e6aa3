package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/rules/reference"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// TestAffiliationOpensFromAnywhere taps the middle of the affiliation
// field of a new Away Missions player on a phone: the choices open (not
// only from the small arrow at its end).
func TestAffiliationOpensFromAnywhere(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	test.Tap(screentest.Button(t, sh.win, "New Away Missions game"))
	test.Tap(screentest.Button(t, sh.win, "Create"))
	screentest.SelectTab(t, sh.win, "Round")
	picks := screentest.Objects[*widgets.PickEntry](sh.win)
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

// TestResumeListOnAPhone saves five games and looks at the home screen of
// phones: two saved games show whole on a 360x640 phone, three on 400x800,
// without scrolling (issue: 1.3 games before).
func TestResumeListOnAPhone(t *testing.T) {
	for _, c := range []struct {
		size  fyne.Size
		whole int
	}{{fyne.NewSize(360, 640), 2}, {fyne.NewSize(400, 800), 3}} {
		sh, st := newTestShell(t, c.size.Width, c.size.Height)
		for _, n := range []string{"Friday", "Saturday", "Sunday", "Monday", "Tuesday"} {
			_, err := st.Create(tracker.KindAway, n)
			require.NoError(t, err)
		}
		sh.showHome()
		shown := 0
		for _, l := range screentest.Objects[*widget.Label](sh.win) {
			switch l.Text {
			case "Friday", "Saturday", "Sunday", "Monday", "Tuesday":
				pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(l)
				if pos.Y+2*l.Size().Height <= c.size.Height { // its name and its line
					shown++
				}
			}
		}
		assert.GreaterOrEqual(t, shown, c.whole, "saved games visible at once at %v", c.size)
	}
}
