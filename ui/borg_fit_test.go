package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestBorgPanelFitsAPhone opens every section of the Borg panel, with a
// cube round typed in (result and Apply shown), the assimilation and
// reclaim forms with their results, and the "Record it anyway" dialog, at
// phone sizes in English and Italian: nothing wider than the window,
// nothing cut short.
func TestBorgPanelFitsAPhone(t *testing.T) {
	for _, lang := range []string{"en", "it"} {
		for _, size := range screentest.PhoneSizes {
			t.Run(fmt.Sprintf("%s/%vx%v", lang, size.Width, size.Height), func(t *testing.T) {
				sh, w := borgGame(t, size.Width, size.Height)
				if lang == "it" {
					screentest.Italian(t)
					sh.game.refresh()
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

				// A cube where another is: refused by a rule, recorded anyway.
				screentest.TypeInto(w, v.borg.board.cubeAt, "Deep space")
				test.Tap(v.borg.board.addCube)
				test.Tap(sh.game.status.action)
				screentest.AssertPhoneReady(t, w, "record it anyway")
				screentest.CloseOverlays(w)
			})
		}
	}
}

// TestWindowOpensPhoneSized: the main window opens no larger than a
// 400x800 phone screen (room left for a title bar), and the home screen
// fits it.
func TestWindowOpensPhoneSized(t *testing.T) {
	sh := NewShell(test.NewTempApp(t), nil, nil)
	size := sh.win.Canvas().Size()
	assert.LessOrEqual(t, size.Width, float32(400), "as wide as the phone at most")
	assert.LessOrEqual(t, size.Height, float32(800-40), "a title bar still fits on an 800 px screen")
	assert.GreaterOrEqual(t, size.Width, float32(360), "still a phone's width, not a sliver")
	screentest.AssertWindowFits(t, sh.win, "home at the default size")
}
