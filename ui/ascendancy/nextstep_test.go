package ascendancy

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// Issue 27, "Room for the game": when the step changes, the panel that
// shows it brings the next step's controls into view (and keeps its
// scroll on a change that is not a step: scrollkept_test.go in ui).

// phoneSizes are the phones the next step is checked on.
var phoneSizes = []fyne.Size{{Width: 360, Height: 640}, {Width: 390, Height: 844}}

// sizeName names a size for a subtest.
func sizeName(s fyne.Size) string { return fmt.Sprintf("%.0fx%.0f", s.Width, s.Height) }

// inView reports whether o lies whole in the visible part of the panel
// scroll holding it, on window w.
func inView(t *testing.T, w fyne.Window, o fyne.CanvasObject) bool {
	t.Helper()
	w.Content().Refresh()
	f := &fingers{t: t, w: w}
	node, s, y := f.locate(o)
	require.NotNil(t, s, "%T is on a panel that scrolls", o)
	top := y - s.Offset.Y
	t.Logf("%T at %.0f..%.0f of a view %.0f high (offset %.0f of %.0f)", node, top, top+node.Size().Height, s.Size().Height, s.Offset.Y, s.Content.MinSize().Height)
	return top >= -0.5 && top+node.Size().Height <= s.Size().Height+0.5
}

// scrollToEnd scrolls the panel holding o to its end, as a player's
// swipes do.
func scrollToEnd(t *testing.T, w fyne.Window, o fyne.CanvasObject) *container.Scroll {
	t.Helper()
	w.Content().Refresh()
	f := &fingers{t: t, w: w}
	_, s, _ := f.locate(o)
	require.NotNil(t, s)
	s.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: -5000}})
	require.Positive(t, s.Offset.Y, "the panel scrolls")
	return s
}

// phoneAt opens game on a new window of the size given, seated as seat,
// on panel.
func phoneAt(t *testing.T, app fyne.App, game screen.Game, seat string, size fyne.Size, panel string) *phone {
	t.Helper()
	w := app.NewWindow(seat)
	w.Resize(size)
	p := &phone{w: w}
	p.frame = screentest.Open(w, game, func(f screen.Frame) screen.View {
		p.v = newAscendancyView(seatedFrame{Frame: f, seat: seat})
		return p.v
	})
	t.Cleanup(p.frame.Close)
	panelTo(t, w, panel)
	return p
}

// pairAt is twoPhonesOf on phones of the size given: Alice (Federation)
// and Bob (Klingon), with the Borg and a cube at Sol when borg, at
// Alice's command phase.
func pairAt(t *testing.T, size fyne.Size, borg bool, panel string) (alice, bob *phone, g screen.Game) {
	t.Helper()
	sh, _ := newTestShell(t, size.Width, size.Height)
	newAscGame(t, sh)
	g = sh.game.game
	cmds := []tracker.Command{
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Alice", Faction: ascrules.Federation, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Bob", Faction: ascrules.Klingon, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
	}
	if borg {
		cmds = append(cmds, tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}}, tracker.AddCube{System: "Sol"})
	}
	cmds = append(cmds, tracker.StartAscendancy{}, tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, tracker.NextPhase{})
	for _, c := range cmds {
		_, err := g.Execute(c)
		require.NoError(t, err, c.CommandType())
	}
	return phoneAt(t, sh.app, g, "p1", size, panel), phoneAt(t, sh.app, g, "p2", size, panel), g
}

// TestNextStepOnTheRoundPanel: Bob's phone shows the Round panel
// scrolled down to the command tokens; Alice ends her turn on her phone:
// Bob's phone brings "On to the command phase", his next tap, into view.
// The recharge that ends the round is in view too.
func TestNextStepOnTheRoundPanel(t *testing.T) {
	for _, size := range phoneSizes {
		t.Run(sizeName(size), func(t *testing.T) {
			alice, bob, g := pairAt(t, size, false, "Round")
			scrollToEnd(t, bob.w, enabledButton(t, bob.w, "End Alice's turn"))
			test.Tap(enabledButton(t, alice.w, "End Alice's turn"))
			require.Equal(t, "p2", g.State().Ascendancy.CurrentSeat())
			assert.True(t, inView(t, bob.w, enabledButton(t, bob.w, "On to the command phase")), "Bob's next tap is in view")

			test.Tap(enabledButton(t, bob.w, "On to the command phase"))
			end := enabledButton(t, bob.w, "End Bob's turn")
			scrollToEnd(t, bob.w, end)
			scrollToEnd(t, alice.w, enabledButton(t, alice.w, "End Bob's turn"))
			test.Tap(end)
			require.Equal(t, tracker.AscRecharge, g.State().Ascendancy.Walker.Stage)
			for _, p := range []*phone{alice, bob} {
				assert.True(t, inView(t, p.w, enabledButton(t, p.w, "Recharge everyone")), "the recharge is one tap away, no swipe")
			}
		})
	}
}

// TestNextStepOnTheBattlePanel: Bob's phone shows the Battle panel from
// its top; Alice enters her dice on her phone: Bob's pad comes into view.
// After "Apply round 1", round 2's dice are in view on both phones.
func TestNextStepOnTheBattlePanel(t *testing.T) {
	for _, size := range phoneSizes {
		t.Run(sizeName(size), func(t *testing.T) {
			alice, bob, g := pairAt(t, size, false, "Battle")
			fa, fb := alice.v.battle.space, bob.v.battle.space
			test.Type(fa.attD.pad, "651")
			test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
			require.NotNil(t, g.State().Ascendancy.Fighting())
			assert.True(t, inView(t, bob.w, fb.defD.box), "Bob's pad, the next thing to type, is in view")

			test.Type(fb.defD.pad, "522")
			apply := screentest.Button(t, bob.w, "Apply round 1")
			scrollToEnd(t, bob.w, apply)
			test.Tap(apply)
			require.Equal(t, 2, g.State().Ascendancy.Fighting().Round)
			assert.True(t, inView(t, bob.w, fb.defD.box), "round 2: Bob's pad in view")
			assert.True(t, inView(t, alice.w, fa.attD.box), "round 2: Alice's pad in view")
		})
	}
}

// TestNextStepOnTheBorgPanel: Bob's phone shows the Borg panel from its
// top; Alice attacks the cube with Bob beside her: Bob's fleet pad comes
// into view. After "Apply round 1" round 2's pads are in view.
func TestNextStepOnTheBorgPanel(t *testing.T) {
	for _, size := range phoneSizes {
		t.Run(sizeName(size), func(t *testing.T) {
			alice, bob, g := pairAt(t, size, true, "Borg")
			fa, fb := alice.v.borg.fight, bob.v.borg.fight
			test.Tap(screentest.Button(t, alice.w, "Another player's fleet"))
			fa.fleets[1].player.SetSelected("Bob")
			tapFaces(fa.fleets[0].d.pad, "651")
			test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
			require.NotNil(t, g.State().Ascendancy.Fighting())
			assert.True(t, inView(t, bob.w, fb.fleets[1].d.box), "Bob's fleet pad is in view")

			tapFaces(fb.fleets[1].d.pad, "611")
			tapFaces(fb.borgD.pad, "111111")
			apply := screentest.Button(t, bob.w, "Apply round 1")
			scrollToEnd(t, bob.w, apply)
			test.Tap(apply)
			require.Equal(t, 2, g.State().Ascendancy.Fighting().Round)
			assert.True(t, inView(t, bob.w, fb.fleets[1].d.box), "round 2: Bob's pad in view")
		})
	}
}
