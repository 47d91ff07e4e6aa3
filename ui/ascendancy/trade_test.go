package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"

	"tableops/ui/screen/screentest"
)

// TestTradeHintBeforeTheTap: the console says before Receive that a trade
// agreement needs first contact by both players, in the tracker's words
// (issue 29: the trade first-contact hint), and says nothing once both
// have made it.
func TestTradeHintBeforeTheTap(t *testing.T) {
	sh, w := phoneGame(t, "Federation", "Klingon")
	panelTo(t, w, "Players")
	assert.Contains(t, screentest.ScreenText(w), "A trade agreement needs first contact by both players.")
	selectFor(t, w, "From").SetSelected("Bob")
	assert.Contains(t, screentest.ScreenText(w), "Alice has not made first contact: no trade agreement between Alice and Bob yet")
	test.Tap(screentest.Button(t, w, "First contact made"))
	assert.Contains(t, screentest.ScreenText(w), "Bob has not made first contact")
	v := sh.game.view.(*ascView)
	v.board.pick.SetSelected(v.board.choice.labels[1])
	test.Tap(screentest.Button(t, w, "First contact made"))
	v.board.pick.SetSelected(v.board.choice.labels[0])
	selectFor(t, w, "From").SetSelected("Bob")
	assert.NotContains(t, screentest.ScreenText(w), "first contact: no trade")
	assert.NotContains(t, screentest.ScreenText(w), "needs first contact")
}
