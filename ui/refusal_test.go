package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/ui/screen/screentest"
)

// assertReadWhole checks that text is on screen whole in a label that
// wraps at word boundaries: not cut, no wider than the phone, every word
// on one line, inside the window.
func assertReadWhole(t *testing.T, sh *Shell, w fyne.Window, text string, size fyne.Size, what string) {
	t.Helper()
	var found *widget.Label
	for _, l := range screentest.Objects[*widget.Label](w) {
		if l.Text == text && l.Size().Height > 0 && l.Truncation == fyne.TextTruncateOff && l.Wrapping == fyne.TextWrapWord {
			found = l
		}
	}
	require.NotNil(t, found, "%s: no wrapping label shows %q whole:\n%s", what, text, screentest.ScreenText(w))
	assert.LessOrEqual(t, found.MinSize().Width, size.Width, "%s: the label needs more than the phone's width", what)
	assert.GreaterOrEqual(t, found.Size().Height+0.5, found.MinSize().Height, "%s: the label is cut", what)
	pos := sh.app.Driver().AbsolutePositionForObject(found)
	assert.GreaterOrEqual(t, pos.X, float32(0), what)
	assert.LessOrEqual(t, pos.X+found.Size().Width, size.Width, "%s: the label runs off the screen", what)
	assert.LessOrEqual(t, pos.Y+found.Size().Height, size.Height, "%s: the label runs off the screen", what)
	// Words are never broken: each line drawn ends at a word's end.
	lines := screentest.Under[*canvas.Text](found)
	require.NotEmpty(t, lines)
	for _, l := range lines {
		if l.Text == "" {
			continue
		}
		assert.Contains(t, " "+text+" ", " "+l.Text+" ", "%s: the line %q breaks a word", what, l.Text)
	}
}

// TestRefusalReadOnAPhone: on a phone a refusal is read whole without a
// second tap (a sheet under the status line, the width of the screen,
// words never broken), with "Record it anyway" beside it; the rule and
// its source are in it. It goes, with its "Record it anyway", when the
// player goes to another panel (issue 27, "Refusals you can read").
func TestRefusalReadOnAPhone(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 360, Height: 640}, {Width: 390, Height: 844}} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, w := borgGame(t, size.Width, size.Height)
			for _, a := range screentest.Objects[*widget.Accordion](w) {
				for i := range a.Items {
					a.Open(i)
				}
			}
			// A second cube in the same sector: refused by a rule.
			screentest.TypeInto(w, screentest.Entry(t, w, "Where the cube is"), "Deep space")
			test.Tap(screentest.Button(t, w, "Add cube"))
			reason := sh.game.status.text
			require.Contains(t, reason, "A sector never holds more than one cube")
			require.Contains(t, reason, "rulebook", "the rule's source is in the reason")
			assertReadWhole(t, sh, w, reason, size, "the refusal")
			anyway := screentest.Button(t, w, "Record it anyway")
			pos := sh.app.Driver().AbsolutePositionForObject(anyway)
			assert.LessOrEqual(t, pos.X+anyway.Size().Width, size.Width, "Record it anyway is on the screen")
			assert.Empty(t, screentest.Unreachable(w, size), "nothing of the refusal is off the screen")

			// The refusal belongs to the Borg panel: it goes with it.
			screentest.SelectTab(t, w, "Players")
			assert.Empty(t, sh.game.status.text, "the refusal went with its panel")
			for _, b := range screentest.Objects[*widget.Button](w) {
				assert.NotEqual(t, "Record it anyway", b.Text, "a stale Record it anyway stays")
			}
			assert.NotContains(t, screentest.ScreenText(w), reason)
		})
	}
}

// TestLongHintReadOnAPhone: a hint too long for the status line (a
// device joining a game with no players yet) is read whole on a 360 px
// phone, as a refusal is (issue 27).
func TestLongHintReadOnAPhone(t *testing.T) {
	size := fyne.NewSize(360, 640)
	sh, _ := newTestShell(t, size.Width, size.Height)
	w := newAscGame(t, sh)
	sh.chooseSeat(sh.game, "", func(string) {})
	hint := sh.game.status.text
	require.Contains(t, hint, "No players in this game yet")
	assertReadWhole(t, sh, w, hint, size, "the hint")
}
