package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
