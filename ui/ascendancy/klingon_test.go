package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
)

// TestKlingonChoiceOnlyForTheKlingons: "Hits on 6s always (Klingon)" is
// offered to a Klingon fleet, not to a Romulan or Federation one, unless
// the table ticked it (issue 27).
func TestKlingonChoiceOnlyForTheKlingons(t *testing.T) {
	sh, _ := borgGame(t, 390, 844)
	v := sh.game.view.(*ascView)
	for _, c := range []struct {
		player  string
		checked bool
		shown   bool
	}{{"p1", false, false}, {"p2", false, true}, {"p3", false, false}, {"p3", true, true}, {"", false, false}} {
		check := widget.NewCheck("Hits on 6s always (Klingon)", nil)
		check.Checked = c.checked
		v.klingonOnly(check, c.player)
		assert.Equal(t, c.shown, check.Visible(), "player %q, ticked %v", c.player, c.checked)
	}
}
