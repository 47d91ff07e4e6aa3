package ascendancy

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestBorgPanelFitsAPhone opens every section of the Borg panel, with a
// cube round typed in (result and Apply shown), the assimilation and
// reclaim forms with their results, at phone sizes in English and
// Italian: nothing wider than the window, nothing cut short.
func TestBorgPanelFitsAPhone(t *testing.T) {
	for _, lang := range []string{"en", "it"} {
		for _, size := range screentest.PhoneSizes {
			t.Run(fmt.Sprintf("%s/%vx%v", lang, size.Width, size.Height), func(t *testing.T) {
				sh, w := borgGame(t, size.Width, size.Height)
				if lang == "it" {
					screentest.Italian(t)
					sh.game.frame.Refresh()
				}
				v := sh.game.view.(*ascView)
				for i := range v.borg.folds.Items {
					v.borg.folds.Open(i)
				}
				screentest.AssertPhoneReady(t, w, "Borg turn, every section open")

				fb := v.borg.fight
				c := v.playerChoices()
				fb.fleets[0].player.SetSelected(c.labelOf("p1"))
				tapFaces(fb.fleets[0].d.pad, "652")
				tapFaces(fb.borgD.pad, "6543211")
				screentest.AssertPhoneReady(t, w, "cube round typed in")
				require.NotEmpty(t, fb.result.Objects)

				// Two fleets and assimilated players: losses to allocate.
				_, err := sh.game.game.Execute(tracker.AssimilatePlayer{Player: "p3"})
				require.NoError(t, err)
				for i := range v.borg.folds.Items {
					v.borg.folds.Open(i)
				}
				fb.fleets[0].player.SetSelected(c.labelOf("p1"))
				fb.d.fleets = append(fb.d.fleets, fleetDraft{})
				fb.redraw()
				fb.fleets[1].player.SetSelected(c.labelOf("p2"))
				tapFaces(fb.fleets[0].d.pad, "111")
				tapFaces(fb.fleets[1].d.pad, "111")
				tapFaces(fb.borgD.pad, "666666111")
				screentest.AssertPhoneReady(t, w, "cube round with losses to allocate")

				af := v.borg.assimilate
				af.defender.SetSelected(c.labelOf("p1"))
				screentest.TypeInto(w, af.system, "Earth")
				tapFaces(af.defD.pad, "61")
				tapFaces(af.borgD.pad, "55111111")
				screentest.AssertPhoneReady(t, w, "assimilation round typed in")

				rf := v.borg.reclaim
				rf.side.player.SetSelected(c.labelOf("p2"))
				tapFaces(rf.d.pad, "666")
				screentest.AssertPhoneReady(t, w, "reclaim round typed in")
				// The "Record it anyway" dialog is the shell's: ui's
				// TestRecordAnywayFitsAPhone.
			})
		}
	}
}
