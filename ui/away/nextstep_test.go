package away

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/ui/screen/screentest"
)

// inRoundView reports whether o lies whole in the visible part of the
// Round panel.
func inRoundView(t *testing.T, v *awayView, o fyne.CanvasObject) bool {
	t.Helper()
	v.roundScrl.Refresh()
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(v.roundScrl).Y
	t.Logf("%T at %.0f..%.0f of a view %.0f high (offset %.0f)", o, top, top+o.Size().Height, v.roundScrl.Size().Height, v.roundScrl.Offset.Y)
	return top >= -0.5 && top+o.Size().Height <= v.roundScrl.Size().Height+0.5
}

// label is the label on screen with the text.
func label(t *testing.T, w fyne.Window, text string) *widget.Label {
	t.Helper()
	for _, l := range screentest.Objects[*widget.Label](w) {
		if l.Text == text {
			return l
		}
	}
	require.Failf(t, "no label", "no label %q on screen", text)
	return nil
}

// TestNextActivationInView: the Round panel scrolled down to the missions
// scored; Lukara's second Move passes the turn to Dana: the Round panel
// brings Dana's activation (her character to activate) into view (issue
// 27, "Room for the game": the next activation's controls were left
// scrolled away).
func TestNextActivationInView(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 360, Height: 640}, {Width: 390, Height: 844}} {
		t.Run(fmt.Sprintf("%.0fx%.0f", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := startAwayGame(t, sh)
			v := sh.game.view.(*awayView)
			screentest.SelectTab(t, w, "Round")
			test.Tap(screentest.Button(t, w, "Lukara"))
			test.Tap(screentest.Button(t, w, "Move"))
			test.Tap(screentest.Button(t, w, "Close"))
			growContent(v.roundScrl)
			v.roundScrl.ScrollToBottom()
			test.Tap(screentest.Button(t, w, "End activation"))
			assert.Contains(t, screentest.ScreenText(w), "Now: Dana activates a character")
			assert.True(t, inRoundView(t, v, label(t, w, "Now: Dana activates a character")), "the next activation is in view")
			assert.True(t, inRoundView(t, v, screentest.Button(t, w, "Riker")), "Dana's character to activate is in view")
		})
	}
}
