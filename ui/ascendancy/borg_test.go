package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// borgGame starts an Ascendancy game with the Borg on a window of the size
// given: Alice (Federation), Bob (Klingon) and Carol (Romulan) with 3
// ships each, one cube in deep space, one spire at Alpha, the turn order
// as drawn (Alice, Bob, Carol, the Borg), on the Borg turn, Borg panel open.
func borgGame(t *testing.T, w, h float32) (*testShell, fyne.Window) {
	t.Helper()
	return borgGameAt(t, w, h, func(a *tracker.AscendancyState) bool { return a.CurrentSeat() == tracker.BorgSeat })
}

// borgGameAt is borgGame stopped at the first step of the round where at
// holds (a player's Command phase, for a reclaim: seed 004 makes it an
// invasion, a command of the player's own turn).
func borgGameAt(t *testing.T, w, h float32, at func(*tracker.AscendancyState) bool) (*testShell, fyne.Window) {
	t.Helper()
	sh, _ := newTestShell(t, w, h)
	win := newAscGame(t, sh)
	g := sh.game.game
	run := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	for _, p := range []struct {
		name string
		f    ascrules.Faction
	}{{"Alice", ascrules.Federation}, {"Bob", ascrules.Klingon}, {"Carol", ascrules.Romulan}} {
		run(tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: p.name, Civilization: p.name, Faction: p.f,
			Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3})
	}
	run(tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}})
	run(tracker.AddCube{System: "Deep space"})
	run(tracker.PlaceSpire{System: "Alpha", Nodes: 1})
	run(tracker.StartAscendancy{})
	run(tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}})
	for range 12 {
		if at(ascState(sh)) {
			break
		}
		run(tracker.NextPhase{})
	}
	require.True(t, at(ascState(sh)), "the round never got there")
	panelTo(t, win, "Borg")
	return sh, win
}

// assertScrollsToAll checks the Borg panel's scroll knows how tall its
// content is now: rows a form added can be scrolled to.
func assertScrollsToAll(t *testing.T, v *ascView, where string) {
	t.Helper()
	c := v.borg.scroll.Content
	assert.GreaterOrEqual(t, c.Size().Height+0.5, c.MinSize().Height, "%s: the panel cannot scroll to its last rows", where)
}

// tapFaces types a roll on a dice pad, one tap per die, like a player.
func tapFaces(pad fyne.Focusable, faces string) {
	for _, r := range faces {
		pad.TypedRune(r)
	}
}

// TestCubeBattleTypedAndApplied types a 9-die cube round at 400x800: Alice
// and Bob engage the cube; nothing moves under the finger while the dice
// are typed; the result and Apply sit under the dice; the Borg hits are
// shared in turn order as the tracker does; after Apply the next round
// shows who fights on, folded; a second battle starts fresh.
func TestCubeBattleTypedAndApplied(t *testing.T) {
	sh, w := borgGame(t, 400, 800)
	v := sh.game.view.(*ascView)
	fb := v.borg.fight
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Round 1: the cube fires up to 9 dice hitting on 5+ (a new battle: shields +0, the players strike first).")
	// On the Borg turn nobody is chosen: the players name the fleets.
	require.Len(t, fb.fleets, 1)
	fb.fleets[0].player.SetSelected("Alice")
	test.Tap(screentest.Button(t, w, "Another player's fleet"))
	require.Len(t, fb.fleets, 2)
	fb.fleets[1].player.SetSelected("Bob")
	assert.True(t, fb.fleets[1].onSix.Checked, "Klingons hit on 6s always")
	assert.Equal(t, 3, fb.d.fleets[1].ships, "all of Bob's ships")
	assertScrollsToAll(t, v, "fleets chosen")

	// Alice 1,1,1 and Bob 1,1,1 miss: the cube fires all 9 dice.
	pads := []*borgDice{fb.fleets[0].d, fb.fleets[1].d, fb.borgD}
	drv := sh.app.Driver()
	at := func() []fyne.Position {
		var out []fyne.Position
		for _, d := range pads {
			out = append(out, drv.AbsolutePositionForObject(d.pad))
		}
		return out
	}
	before := at()
	tapFaces(pads[0].pad, "111")
	assert.Equal(t, before, at(), "no keypad moves while Alice's dice are typed")
	tapFaces(pads[1].pad, "111")
	assert.Contains(t, screentest.ScreenText(w), "After the players' first strike (0 hit(s)) the cube fires 9 dice.")
	for i, r := range "665555111" {
		pads[2].pad.TypedRune(r)
		assert.Equal(t, before, at(), "no keypad moves after cube die %d", i+1)
	}
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "Players 0 hit(s), the cube 6")
	// 6 Borg hits on 6 ships, in turn order one at a time: 3 each.
	assert.Contains(t, text, "Ships lost, shared in turn order: Alice loses 3, Bob loses 3.")
	assertScrollsToAll(t, v, "result shown")
	apply := screentest.Button(t, w, "Apply round 1")
	applyAt := drv.AbsolutePositionForObject(apply)
	assert.Greater(t, applyAt.Y, drv.AbsolutePositionForObject(pads[2].pad).Y, "Apply is under the cube's dice")
	test.Tap(apply)
	a := ascState(sh)
	assert.Equal(t, 0, a.Players[0].Ships)
	assert.Equal(t, 0, a.Players[1].Ships)
	// Both fleets are gone: the battle ended by itself, the cube is fresh.
	assert.Nil(t, a.Borg.Fight)
	assert.Equal(t, 0, a.Borg.Cubes[0].Shields)
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "Round 1: the cube fires up to 9 dice hitting on 5+ (a new battle")
	assert.NotContains(t, text, "Alice's dice", "no fleet without ships is kept")
	assert.Empty(t, fb.d.borg.faces, "no dice kept from the last battle")

	// Carol fights on alone: round 1 with a 6 (1 hit), then round 2.
	fb.fleets[0].player.SetSelected("Carol")
	tapFaces(fb.fleets[0].d.pad, "621")
	assert.Contains(t, screentest.ScreenText(w), "the cube fires 8 dice")
	tapFaces(fb.borgD.pad, "11111111")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a = ascState(sh)
	require.NotNil(t, a.Borg.Fight)
	assert.Equal(t, 1, a.Borg.Cubes[0].Damage)
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "Round 2: the cube fires up to 8 dice hitting on 5+ (the battle goes on: shields +1).")
	assert.Contains(t, text, "Fighting on: Carol 3 ship(s)", "the fleets fold while the battle goes on")
	assert.Empty(t, fb.d.fleets[0].dice.faces, "round 2 starts with no dice")

	// Round 2 is open on every phone; ending it, the next battle is new:
	// the cube is fresh again in the form, and in the tracker.
	test.Tap(screentest.Button(t, w, "End the battle"))
	assert.Contains(t, screentest.ScreenText(w), "Round 1: the cube fires up to 9 dice")
	tapFaces(fb.fleets[0].d.pad, "111")
	tapFaces(fb.borgD.pad, "111111111")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a = ascState(sh)
	assert.Equal(t, 0, a.Borg.Cubes[0].Damage, "the new battle started fresh")
	assert.Equal(t, 1, a.Borg.Cubes[0].Shields)

	// Undo goes back to the battle before: the form follows, dice cleared.
	tapFaces(fb.fleets[0].d.pad, "6")
	test.Tap(sh.game.undoBtn())
	test.Tap(sh.game.undoBtn())
	assert.Equal(t, 1, ascState(sh).Borg.Cubes[0].Damage)
	assert.Empty(t, fb.d.fleets[0].dice.faces)
}

// TestCubeBattleChoicesFollowTheState checks the form's own choices against
// the state they were made for: another cube or another player clears the
// dice typed, and a player who left the battle is flagged.
func TestCubeBattleChoicesFollowTheState(t *testing.T) {
	sh, w := borgGame(t, 400, 800)
	_, err := sh.game.game.Execute(tracker.AddCube{System: "Beta"})
	require.NoError(t, err)
	fb := sh.game.view.(*ascView).borg.fight
	fb.fleets[0].player.SetSelected("Alice")
	tapFaces(fb.fleets[0].d.pad, "65")
	fb.fleets[0].player.SetSelected("Bob")
	assert.Empty(t, fb.d.fleets[0].dice.faces, "another player: the dice typed are gone")
	tapFaces(fb.fleets[0].d.pad, "65")
	fb.cube.SetSelected("cube 2")
	assert.Empty(t, fb.d.fleets[0].dice.faces, "another cube: a new battle")
	assert.Equal(t, "cube 2", fb.d.cube)

	// Bob retreats after round 1; Alice fights on.
	fb.fleets[0].player.SetSelected("Alice")
	test.Tap(screentest.Button(t, w, "Another player's fleet"))
	fb.fleets[1].player.SetSelected("Bob")
	tapFaces(fb.fleets[0].d.pad, "111")
	tapFaces(fb.fleets[1].d.pad, "111")
	tapFaces(fb.borgD.pad, "111111111")
	test.Tap(checkBox(t, w, "Bob retreats after this round"))
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a := ascState(sh)
	require.NotNil(t, a.Borg.Fight)
	assert.Equal(t, []string{"p1"}, a.Borg.Fight.Players)
	assert.Equal(t, []string{"p2"}, a.Borg.Fight.Left)
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Fighting on: Alice 3 ship(s)")
	assert.Contains(t, text, "Left the battle: Bob")
	// Round 2 is open on every phone with the fleets fighting on: Bob does
	// not come back into it (the tracker refuses a return unless recorded:
	// TestForcedRetreatLeavesTheFight).
	assert.Contains(t, text, "Round 2 of the battle under way · waiting for the dice of Alice, the Borg")
	assert.NotContains(t, text, "Another player's fleet")
}

// TestAssimilationTypedAndApplied types an assimilation round at 400x800:
// Alice's Earth (2 nodes and a starbase) rolls 3 dice and strikes first,
// the cube fires what is left; the keypads keep their place; the nodes
// lost are named under the result; round 2 shows the system folded with
// what is left of it.
func TestAssimilationTypedAndApplied(t *testing.T) {
	sh, w := borgGame(t, 400, 800)
	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterStarbases, Delta: 1})
	require.NoError(t, err)
	v := sh.game.view.(*ascView)
	openFold(t, w, "Assimilation of a system")
	af := v.borg.assimilate
	af.defender.SetSelected("Alice")
	screentest.TypeInto(w, af.system, "Earth")
	test.Tap(af.starbase)
	assert.Contains(t, screentest.ScreenText(w), "Round 1: the system rolls 3 dice and strikes first; the cube fires up to 9 dice hitting on 5+.")
	drv := sh.app.Driver()
	defAt, borgAt := drv.AbsolutePositionForObject(af.defD.pad), drv.AbsolutePositionForObject(af.borgD.pad)
	tapFaces(af.defD.pad, "611")
	assert.Contains(t, screentest.ScreenText(w), "After the system's first strike (1 hit(s)) the cube fires 8 dice.")
	tapFaces(af.borgD.pad, "55111111")
	assert.Equal(t, defAt, drv.AbsolutePositionForObject(af.defD.pad))
	assert.Equal(t, borgAt, drv.AbsolutePositionForObject(af.borgD.pad))
	assert.Contains(t, screentest.ScreenText(w), "Alice 1 hit(s), the cube 2: 1 structure(s) left")
	assert.Contains(t, screentest.ScreenText(w), "Alice chooses the 2 structure(s) lost:")
	screentest.TypeInto(w, af.lost, "1P")
	test.Tap(af.sbLost)
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a := ascState(sh)
	assert.Equal(t, 0, a.Players[0].Nodes.Production)
	assert.Equal(t, 0, a.Players[0].Starbases)
	require.NotNil(t, a.Borg.Fight)
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "cube 1 is assimilating Earth (Alice): 1 node(s) left.")
	assert.Contains(t, text, "Round 2: the system rolls 1 dice")
	assert.Empty(t, af.d.def.faces)

	// Round 2: the last node falls, a spire goes on Earth.
	tapFaces(af.defD.pad, "1")
	tapFaces(af.borgD.pad, "55111111")
	assert.Contains(t, screentest.ScreenText(w), "The system is assimilated")
	test.Tap(screentest.Button(t, w, "Apply round 2"))
	a = ascState(sh)
	assert.Len(t, a.Borg.Spires, 2)
	assert.Nil(t, a.Borg.Fight)
	assert.Contains(t, screentest.ScreenText(w), "Choose the cube and whose system it is.", "the next assimilation starts fresh")
	assert.Equal(t, 2, af.d.nodes)
}

// TestHomeSystemAssimilated assimilates Carol's home system from the Borg
// panel: she joins the Collective, her ships leave the board, her other
// systems become independent; the Borg panel then names her and the Borg
// turns of the round.
func TestHomeSystemAssimilated(t *testing.T) {
	sh, w := borgGame(t, 400, 800)
	v := sh.game.view.(*ascView)
	openFold(t, w, "Assimilation of a system")
	af := v.borg.assimilate
	af.defender.SetSelected("Carol")
	screentest.TypeInto(w, af.system, "Romulus")
	for af.nodes.val > 1 {
		af.nodes.set(af.nodes.val - 1)
	}
	af.homeOf.SetSelected("Carol")
	screentest.TypeInto(w, af.held, "Remus 2; thirty")
	tapFaces(af.defD.pad, "1")
	tapFaces(af.borgD.pad, "511111111")
	assert.Contains(t, screentest.ScreenText(w), "Carol's home system falls: Carol joins the Collective")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	assert.Contains(t, sh.game.status(), "thirty: give the system's name, then its resource nodes")
	assert.False(t, ascState(sh).Players[2].Assimilated, "nothing recorded on bad input")
	af.held.SetText("Remus 2")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	c := ascState(sh).Players[2]
	assert.True(t, c.Assimilated)
	assert.Equal(t, 0, c.Ships)
	assert.Contains(t, screentest.ScreenText(w), "Assimilated: Carol.")
	assert.Contains(t, screentest.ScreenText(w), "this round the Borg take 1 turn(s)")
}

// TestReclaimTypedAndApplied: in his Command phase Bob (Klingon, 6s
// always) attacks Alpha (a spire with 1 node: 2 structures, shields +1)
// with 3 ships; three 6s reclaim it, and the reclaim takes a command.
func TestReclaimTypedAndApplied(t *testing.T) {
	sh, w := borgGameAt(t, 400, 800, func(a *tracker.AscendancyState) bool {
		return a.CurrentSeat() == "p2" && a.Walker.Phase == tracker.PhaseCommand
	})
	v := sh.game.view.(*ascView)
	openFold(t, w, "Reclaim a Borg system")
	rf := v.borg.reclaim
	rf.side.player.SetSelected("Bob")
	assert.True(t, rf.onSix.Checked)
	assert.Contains(t, screentest.ScreenText(w), "2 structure(s) to destroy at once")
	tapFaces(rf.d.pad, "66")
	assert.Contains(t, screentest.ScreenText(w), "Waiting for the dice: Bob 1 more.")
	tapFaces(rf.d.pad, "6")
	assert.Contains(t, screentest.ScreenText(w), "3 hit(s) on 2 structure(s): reclaimed")
	ready := ascState(sh).Players[1].Ready()
	test.Tap(screentest.Button(t, w, "Apply"))
	assert.Empty(t, ascState(sh).Borg.Spires)
	assert.Equal(t, ready-1, ascState(sh).Players[1].Ready(), "the reclaim is a command")
}

func FuzzParseHeld(f *testing.F) {
	for _, s := range []string{"Vulcan 2; P'Jem 1", "Remus 2, Romulus 0", "", "thirty", "A -1", "  x  99 ;;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		held, err := parseHeld(s)
		if err != nil {
			return
		}
		for _, h := range held {
			if h.System == "" || h.ResourceNodes < 0 || h.ResourceNodes > 20 {
				t.Fatalf("%q gave %+v", s, h)
			}
		}
	})
}

// TestFightThisCubeScrollsToTheBattle: on a phone the cube card's Fight
// button brings the battle form to the top of the panel.
func TestFightThisCubeScrollsToTheBattle(t *testing.T) {
	sh, w := borgGame(t, 400, 800)
	v := sh.game.view.(*ascView)
	require.Zero(t, v.borg.scroll.Offset.Y)
	test.Tap(screentest.Button(t, w, "Fight this cube"))
	assert.Positive(t, v.borg.scroll.Offset.Y, "the panel scrolled to the battle")
	drv := sh.app.Driver()
	top := drv.AbsolutePositionForObject(v.borg.scroll).Y
	assert.InDelta(t, top, drv.AbsolutePositionForObject(v.borg.fight.box).Y, 2, "the battle form starts at the panel's top")
}
