package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"github.com/stretchr/testify/assert"

	"tableops/ui/screen/screentest"
)

// tallPhones are the phones a player holds upright at the table: a small
// one and a tall one (issue 27).
var tallPhones = []fyne.Size{{Width: 360, Height: 640}, {Width: 390, Height: 844}}

// gamesToWalk opens, on a shell of the given size, each game a phone
// shows at the table, and names it: an Away Missions game being set up
// (players added), one in play, an Ascendancy game with the Borg being
// set up (players added) and one on the Borg turn.
func gamesToWalk(t *testing.T, size fyne.Size) map[string]func() (*Shell, fyne.Window) {
	return map[string]func() (*Shell, fyne.Window){
		"away setup": func() (*Shell, fyne.Window) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			openAwaySetup(t, sh.win)
			addPlayer(t, sh.win, "Dana", "Federation")
			addPlayer(t, sh.win, "Kim", "Klingon")
			return sh, sh.win
		},
		"away in play": func() (*Shell, fyne.Window) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			return sh, startAwayGame(t, sh)
		},
		"ascendancy setup": func() (*Shell, fyne.Window) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := newAscGame(t, sh)
			panelTo(t, w, "Players")
			addAscPlayer(t, w, "Alice", "Federation", nil)
			addAscPlayer(t, w, "Bob", "Klingon", nil)
			return sh, w
		},
		"ascendancy Borg turn": func() (*Shell, fyne.Window) {
			return borgGame(t, size.Width, size.Height)
		},
	}
}

// tabsOf are the titles of the tabs on the window (the panels of a phone).
func tabsOf(w fyne.Window) []string {
	var out []string
	for _, tabs := range screentest.Objects[*container.AppTabs](w) {
		for _, it := range tabs.Items {
			out = append(out, it.Text)
		}
	}
	return out
}

// walkPanels opens every tab of every game at every phone size and hands
// each to check.
func walkPanels(t *testing.T, check func(t *testing.T, w fyne.Window, size fyne.Size, where string)) {
	for _, size := range tallPhones {
		for name, open := range gamesToWalk(t, size) {
			t.Run(fmt.Sprintf("%vx%v %s", size.Width, size.Height, name), func(t *testing.T) {
				_, w := open()
				screentest.CloseOverlays(w)
				tabs := tabsOf(w)
				assert.NotEmpty(t, tabs, "a phone shows the panels as tabs")
				for _, tab := range tabs {
					screentest.SelectTab(t, w, tab)
					w.Content().Refresh()
					check(t, w, size, name+", "+tab)
				}
			})
		}
	}
}

// TestEveryControlCanBeReached walks every panel of an Away Missions and
// an Ascendancy game with the Borg, set up and in play, on two phones,
// and finds every button, entry, select and check a player cannot bring
// into view whole: off the screen where no scroll brings it, under the
// tab bar, or in a scroller nested in another (issue 27, "Room for the
// game"; issue 28: a nested scroll on the setup page, the primary button
// over the tab bar's indicator).
func TestEveryControlCanBeReached(t *testing.T) {
	walkPanels(t, func(t *testing.T, w fyne.Window, size fyne.Size, where string) {
		bad := screentest.Unreachable(w, size)
		assert.Empty(t, bad, "%s: controls a player cannot reach:\n%s", where, strings.Join(bad, "\n"))
	})
}

// TestFixedHeaderLeavesRoomForTheGame measures the fixed part above each
// panel (the bar, the status line, the stage line, any select fixed on
// top) on two phones: at most 15% of the screen's height, the rest is the
// game (issue 27, "Room for the game").
func TestFixedHeaderLeavesRoomForTheGame(t *testing.T) {
	walkPanels(t, func(t *testing.T, w fyne.Window, size fyne.Size, where string) {
		h := screentest.HeaderHeight(w)
		assert.Greater(t, h, float32(0), "%s: no panel scroller found", where)
		assert.LessOrEqual(t, h/size.Height, float32(0.15), "%s: the fixed header takes %.0f px of %.0f (%.0f%%)", where, h, size.Height, 100*h/size.Height)
	})
}
