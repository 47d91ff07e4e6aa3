package ascendancy

import (
	"testing"

	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// cubeTapsGame is a game of Alice (Federation) and Bob (Romulan), 3
// ships each, the Borg with a cube at Sol, at Alice's command phase.
func cubeTapsGame(t *testing.T) (*testShell, screen.Game) {
	t.Helper()
	sh, _ := newTestShell(t, 390, 844)
	newAscGame(t, sh)
	g := sh.game.game
	for _, c := range []tracker.Command{
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Alice", Faction: ascrules.Federation, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Bob", Faction: ascrules.Romulan, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}}, tracker.AddCube{System: "Sol"},
		tracker.StartAscendancy{}, tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, tracker.NextPhase{},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err, c.CommandType())
	}
	return sh, g
}

// tab opens a panel's tab: one tap.
func (f *fingers) tab(title string) {
	f.t.Helper()
	panelTo(f.t, f.w, title)
	f.taps++
}

// dice types faces on a dice pad, a tap for each die.
func (f *fingers) dice(pad *widgets.DicePad, faces string) {
	f.t.Helper()
	f.reach(pad)
	f.taps += len(faces)
	tapFaces(pad, faces)
}

// TestCubeRoundTaps counts the taps and swipes of a cube battle round on
// 390x844 phones (issue 27, tap counts in the closing note): Alice
// attacks the cube at Sol with Bob beside her, each typing their own
// fleet's dice on their own phone and the cube's dice typed on Alice's;
// then the same round typed on one phone.
func TestCubeRoundTaps(t *testing.T) {
	t.Run("both phones", func(t *testing.T) {
		sh, g := cubeTapsGame(t)
		alice, bob := openPhone(t, sh.app, g, "p1"), openPhone(t, sh.app, g, "p2")
		panelTo(t, alice.w, "Players")
		panelTo(t, bob.w, "Players")
		fa := &fingers{t: t, w: alice.w}
		fa.tab("Borg")
		fa.button("Another player's fleet")
		fa.tap(alice.v.borg.fight.fleets[1].player)
		fa.taps++ // the option
		alice.v.borg.fight.fleets[1].player.SetSelected("Bob")
		fa.dice(alice.v.borg.fight.fleets[0].d.pad, "651")
		fa.button("Enter the dice of Alice")
		require.Equal(t, []string{"p2", tracker.BorgSeat}, g.State().Ascendancy.Fighting().Missing())

		fb := &fingers{t: t, w: bob.w}
		fb.tab("Borg")
		fb.dice(bob.v.borg.fight.fleets[1].d.pad, "611")
		fb.button("Enter the dice of Bob")

		fc := &fingers{t: t, w: alice.w}
		fc.dice(alice.v.borg.fight.borgD.pad, "111111")
		fc.button("Apply round 1")
		require.Equal(t, 2, g.State().Ascendancy.Fighting().Round, "round 1 fought")
		t.Logf("a cube round from both phones: Alice %d taps, %d swipes (3 dice); Bob %d taps, %d swipes (3 dice); the cube's dice on Alice's phone %d taps, %d swipes (6 dice)",
			fa.taps, fa.swipes, fb.taps, fb.swipes, fc.taps, fc.swipes)
		t.Logf("beyond the 12 dice: %d taps", fa.taps+fb.taps+fc.taps-12)
		// Issue 27: Bob's pad and the cube's came into view by themselves
		// (2 and 3 swipes before).
		require.Zero(t, fb.swipes, "Bob's pad is in view on his Borg panel")
		require.LessOrEqual(t, fc.swipes, 1, "the cube's dice and Apply")
		require.LessOrEqual(t, fa.taps+fb.taps+fc.taps, 20, "taps of a cube round from both phones")
	})
	t.Run("one phone", func(t *testing.T) {
		sh, g := cubeTapsGame(t)
		w := sh.win
		v := sh.game.view.(*ascView)
		panelTo(t, w, "Players")
		f := &fingers{t: t, w: w}
		f.tab("Borg")
		f.button("Another player's fleet")
		f.tap(v.borg.fight.fleets[1].player)
		f.taps++
		v.borg.fight.fleets[1].player.SetSelected("Bob")
		f.dice(v.borg.fight.fleets[0].d.pad, "651")
		f.dice(v.borg.fight.fleets[1].d.pad, "611")
		f.dice(v.borg.fight.borgD.pad, "111111")
		f.button("Apply round 1")
		require.Equal(t, 2, g.State().Ascendancy.Fighting().Round, "one phone fights the round at once")
		require.Equal(t, 3, g.State().Ascendancy.Borg.Cubes[0].Damage)
		t.Logf("a cube round on one phone: %d taps, %d swipes (12 dice); beyond the dice: %d taps", f.taps, f.swipes, f.taps-12)
		require.LessOrEqual(t, f.taps, 17, "taps of a cube round on one phone")
		require.LessOrEqual(t, f.swipes, 3, "swipes of a cube round on one phone")
	})
}
