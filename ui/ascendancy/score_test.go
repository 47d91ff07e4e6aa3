package ascendancy

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// setUpAsc3 sets up three players and the Borg by tapping, starts round 1
// and deals the turn order, so that someone's turn is under way.
func setUpAsc3(t *testing.T, sh *testShell) fyne.Window {
	t.Helper()
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	addAscPlayer(t, w, "Alice", "Federation", map[string]string{"e.g. 2P": "2P"})
	addAscPlayer(t, w, "Bob", "Klingon", map[string]string{"1st; 2nd; … e.g. 2R; 3R": "2R"})
	addAscPlayer(t, w, "Carol", "Romulan", nil)
	require.Len(t, ascState(sh).Players, 3)
	test.Tap(checkBox(t, w, "Play with the Borg"))
	for i, h := range []string{"5", "5", "4", "4", "3", "3"} {
		screentest.TypeInto(w, screentest.Entries(w, "2-6")[i], h)
	}
	test.Tap(screentest.Button(t, w, "Enter the Borg console"))
	require.NotNil(t, ascState(sh).Borg)
	panelTo(t, w, "Players")
	test.Tap(screentest.Button(t, w, "Start round 1"))
	panelTo(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Deal the turn order"))
	require.Equal(t, tracker.AscExecution, ascState(sh).Walker.Stage)
	return w
}

// absRect is an object's place on the canvas.
func absRect(o fyne.CanvasObject) (fyne.Position, fyne.Size) {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size()
}

// TestScoreboardFitsEveryWindow opens the scoreboard of three players and
// the Borg on a small phone, a phone and a tablet: it is never wider than
// the window, "Back to the game" lies inside the window, the tiles show who
// plays now and the turn order is written out; Escape leaves it.
func TestScoreboardFitsEveryWindow(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 360, Height: 640}, {Width: 400, Height: 800}, {Width: 1280, Height: 800}} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := setUpAsc3(t, sh)
			panelTo(t, w, "Round")
			test.Tap(screentest.Button(t, w, "Scoreboard"))
			require.Len(t, screentest.Objects[*widgets.ScoreTile](w), 4, "three players and the Borg")
			w.Resize(size) // the test window keeps its size when full screen
			assert.LessOrEqual(t, w.Content().MinSize().Width, size.Width, "the scoreboard is wider than the window")
			assert.LessOrEqual(t, w.Content().MinSize().Height, size.Height, "the scoreboard is taller than the window")

			back := screentest.Button(t, w, "Back to the game")
			pos, sz := absRect(back)
			assert.GreaterOrEqual(t, pos.X, float32(0))
			assert.GreaterOrEqual(t, pos.Y, float32(0))
			assert.LessOrEqual(t, pos.X+sz.Width, size.Width, "Back sticks out on the right")
			assert.LessOrEqual(t, pos.Y+sz.Height, size.Height, "Back sticks out at the bottom")
			assert.Greater(t, sz.Width, float32(0))

			a := ascState(sh)
			now := a.CurrentSeat()
			current := 0
			for _, tile := range screentest.Objects[*widgets.ScoreTile](w) {
				if tile.Current() {
					current++
					if now == tracker.BorgSeat {
						assert.Equal(t, "The Borg", tile.Name())
					}
				}
			}
			assert.Equal(t, 1, current, "one tile shows who plays now")
			text := scoreboardText(w)
			assert.Contains(t, text, "Turn order")
			for _, id := range a.Walker.Order {
				name := "the Borg"
				if id != tracker.BorgSeat {
					name = a.Players[playerIndex(a, id)].Name
				}
				assert.Contains(t, text, name)
			}

			// Nothing overlaps: the header (its turn order wraps on a
			// phone) ends above the tiles, and in every tile the name,
			// the badge and each value and label lie inside the tile
			// without covering each other.
			tiles := screentest.Objects[*widgets.ScoreTile](w)
			var header float32
			for _, rt := range screentest.Objects[*widget.RichText](w) {
				if strings.Contains(rt.String(), "Turn order") {
					p, sz := absRect(rt)
					header = p.Y + max(sz.Height, rt.MinSize().Height)
				}
			}
			require.Positive(t, header)
			for _, tile := range tiles {
				tp, ts := absRect(tile)
				assert.GreaterOrEqual(t, tp.Y+0.5, header, "the tile %s starts under the turn order", tile.Name())
				texts := screentest.Under[*canvas.Text](tile)
				for i, a := range texts {
					if a.Text == "" {
						continue
					}
					ap := fyne.CurrentApp().Driver().AbsolutePositionForObject(a)
					am := a.MinSize()
					if tp.Y+ts.Height >= 0 && ap.Y+am.Height <= size.Height { // on screen, not scrolled away
						assert.LessOrEqual(t, ap.X+am.Width, tp.X+ts.Width+0.5, "%q sticks out of the tile %s", a.Text, tile.Name())
						assert.LessOrEqual(t, ap.Y+am.Height, tp.Y+ts.Height+0.5, "%q is cut off at the bottom of the tile %s", a.Text, tile.Name())
					}
					for _, b := range texts[i+1:] {
						if b.Text == "" {
							continue
						}
						bp := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
						bm := b.MinSize()
						overlap := ap.X < bp.X+bm.Width-0.5 && bp.X < ap.X+am.Width-0.5 && ap.Y < bp.Y+bm.Height-0.5 && bp.Y < ap.Y+am.Height-0.5
						assert.False(t, overlap, "%q and %q overlap in the tile %s", a.Text, b.Text, tile.Name())
					}
				}
			}
			// Read across a table: on a tablet the values are at least
			// twice and the labels at least as big as the app's text.
			if size.Width >= screen.WideWidth {
				base := fyne.CurrentApp().Settings().Theme().Size(theme.SizeNameText)
				for _, tile := range tiles {
					texts := screentest.Under[*canvas.Text](tile)
					for _, x := range texts {
						if x.Text == "3" || x.Text == "1/5" {
							assert.GreaterOrEqual(t, x.TextSize, 2*base, "the value %q of %s", x.Text, tile.Name())
						}
						if x.Text == "Production" || x.Text == "Cubes" {
							assert.GreaterOrEqual(t, x.TextSize, base, "the label %q of %s", x.Text, tile.Name())
						}
					}
				}
			}

			onKey := w.Canvas().OnTypedKey()
			require.NotNil(t, onKey, "the scoreboard listens for Escape")
			onKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
			assert.Empty(t, screentest.Objects[*widgets.ScoreTile](w), "Escape leaves the scoreboard")
			assert.Contains(t, screentest.ScreenText(w), "Round 1")
		})
	}
}

// scoreboardText is the visible text of labels and rich texts.
func scoreboardText(w fyne.Window) string {
	var b strings.Builder
	for _, r := range screentest.Roots(w) {
		screentest.All(r, func(o fyne.CanvasObject) {
			switch x := o.(type) {
			case *widget.Label:
				b.WriteString(x.Text + "\n")
			case *widget.RichText:
				b.WriteString(x.String() + "\n")
			}
		})
	}
	return b.String()
}

func playerIndex(a *tracker.AscendancyState, id string) int {
	for i, p := range a.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}
