package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/ui/screen/screentest"
)

// Issue 29, "Ascendancy tracked to the last token": the screens offer what
// the tracker tracks, tapped as a player would on a phone.

// stepperPlus returns the + button of the board's stepper titled label.
func stepperPlus(t *testing.T, w fyne.Window, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	for _, root := range screentest.Roots(w) {
		screentest.All(root, func(o fyne.CanvasObject) {
			box, ok := o.(*fyne.Container)
			if !ok || len(box.Objects) != 2 {
				return
			}
			if l, ok := box.Objects[0].(*widget.Label); !ok || l.Text != label {
				return
			}
			screentest.All(box.Objects[1], func(o fyne.CanvasObject) {
				if b, ok := o.(*widget.Button); ok && b.Icon == theme.ContentAddIcon() {
					found = b
				}
			})
		})
	}
	require.NotNil(t, found, "no stepper %q", label)
	return found
}

// TestAdvancementCommandShownExhausted: a player who gains an advancement
// with a command token taps "+" on its stepper and sees one more command
// token at once, exhausted (seed 003 "new commands start exhausted").
func TestAdvancementCommandShownExhausted(t *testing.T) {
	sh, w := phoneGame(t, "Klingon", "Romulan")
	panelTo(t, w, "Players")
	require.Contains(t, screentest.ScreenText(w), "5 of 5 ready")
	test.Tap(stepperPlus(t, w, "Adv. cmd"))
	p := ascState(sh).Players[0]
	assert.Equal(t, 6, p.Commands, sh.game.status())
	assert.Equal(t, 5, p.Ready())
	assert.Contains(t, screentest.ScreenText(w), "5 of 6 ready")
	screentest.AssertFits(t, w, "the board after an advancement command")
}
