package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// seatedFrame is a test frame on a phone that sits as one player.
type seatedFrame struct {
	screen.Frame
	seat string
}

// Seat is the player the phone sits as.
func (s seatedFrame) Seat() string { return s.seat }

// phone is one player's phone showing the shared game.
type phone struct {
	w     fyne.Window
	frame *screentest.Frame
	v     *ascView
}

// openPhone opens game on a new 390x844 window seated as seat.
func openPhone(t *testing.T, app fyne.App, game screen.Game, seat string) *phone {
	t.Helper()
	w := app.NewWindow(seat)
	w.Resize(fyne.NewSize(390, 844))
	p := &phone{w: w}
	p.frame = screentest.Open(w, game, func(f screen.Frame) screen.View {
		p.v = newAscendancyView(seatedFrame{Frame: f, seat: seat})
		return p.v
	})
	t.Cleanup(p.frame.Close)
	panelTo(t, w, "Battle")
	return p
}

// twoPhones is a game of Alice (p1, Federation) and Bob (p2, Klingon)
// with 3 ships each, at Alice's command phase, on Alice's and Bob's
// phones.
func twoPhones(t *testing.T) (alice, bob *phone, g screen.Game) {
	t.Helper()
	return twoPhonesOf(t, ascrules.Federation, ascrules.Klingon)
}

// twoPhonesOf is twoPhones with Alice and Bob playing the factions given.
func twoPhonesOf(t *testing.T, fa, fb ascrules.Faction) (alice, bob *phone, g screen.Game) {
	t.Helper()
	sh, _ := newTestShell(t, 390, 844)
	newAscGame(t, sh)
	g = sh.game.game
	for _, c := range []tracker.Command{
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Alice", Faction: fa, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Bob", Faction: fb, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.StartAscendancy{}, tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, tracker.NextPhase{},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err, c.CommandType())
	}
	return openPhone(t, sh.app, g, "p1"), openPhone(t, sh.app, g, "p2"), g
}

// TestSpaceBattleFromBothPhones: Alice attacks on her phone and types her
// dice there; Bob's phone shows the same battle, who is missing, and
// takes his own dice; the round is fought when both are in, and both
// phones go on to round 2 (issue 27, "Both sides at a battle").
func TestSpaceBattleFromBothPhones(t *testing.T) {
	alice, bob, g := twoPhones(t)
	fa, fb := alice.v.battle.space, bob.v.battle.space
	assert.Equal(t, "Alice", fa.att.player.Selected, "the attacker is whose turn it is")
	assert.Equal(t, "Bob", fa.defs[0].side.player.Selected)

	// Alice types her 3 dice and enters them: the battle opens on every phone.
	test.Type(fa.attD.pad, "651")
	test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
	b := g.State().Ascendancy.Fighting()
	require.NotNil(t, b, "the battle is the game's")
	assert.Equal(t, []string{"p2"}, b.Missing())
	assert.Contains(t, alice.frame.Status(), "waiting for the dice of Bob")
	assert.Contains(t, screentest.ScreenText(alice.w), "The dice of Bob come from their own phone")
	assert.NotContains(t, screentest.ScreenText(alice.w), "Bob's dice (3, hit on 5+)", "Bob's pad is on Bob's phone")

	// Bob's phone shows Alice's battle, not a fresh one.
	text := screentest.ScreenText(bob.w)
	assert.Contains(t, text, "Round 1 of the battle under way: dice in from Alice · waiting for the dice of Bob")
	assert.Equal(t, "Alice", fb.att.player.Selected)
	assert.Equal(t, "Bob", fb.defs[0].side.player.Selected)
	assert.True(t, fb.att.player.Disabled(), "the sides are the battle's")
	assert.Equal(t, 3, fb.att.ships.val)
	assert.Contains(t, text, "Attacker's dice at Bob (3, hit on 5+): in")
	assert.Contains(t, text, "Bob's dice (3, hit on 5+)")

	// Bob types his roll: the round is fought once both are in.
	test.Type(fb.defD.pad, "522")
	assert.Contains(t, screentest.ScreenText(bob.w), "Alice scores 2 hit(s), Bob scores 1")
	test.Tap(screentest.Button(t, bob.w, "Apply round 1"))
	a := g.State().Ascendancy
	assert.Equal(t, 2, a.Players[0].Ships)
	assert.Equal(t, 1, a.Players[1].Ships)
	assert.Equal(t, 1, a.Players[0].Exhausted, "the battle used Alice's command")
	b = a.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, 2, b.Round)
	for _, p := range []*phone{alice, bob} {
		assert.Contains(t, screentest.ScreenText(p.w), "Round 2 of the battle under way · waiting for the dice of Alice, Bob")
		assert.Equal(t, 2, p.v.battle.space.att.ships.val, "Alice's ships left in the battle")
		assert.Equal(t, 1, p.v.battle.space.defs[0].side.ships.val)
	}

	// Undo on Bob's phone: his dice are missing again, on both phones.
	test.Tap(bob.frame.Undo())
	assert.Equal(t, []string{"p2"}, g.State().Ascendancy.Fighting().Missing())
	assert.Contains(t, screentest.ScreenText(alice.w), "Round 1 of the battle under way: dice in from Alice · waiting for the dice of Bob")
}

// TestSpaceBattleDefenderFirstAndOnePhone: the defender may roll first;
// a seated phone may still type the other side's dice (one phone enters
// both, as before); Alice retreats and the battle ends on both phones.
func TestSpaceBattleDefenderFirstAndOnePhone(t *testing.T) {
	alice, bob, g := twoPhones(t)
	fb := bob.v.battle.space
	test.Tap(screentest.Button(t, alice.w, "Open on every phone"))
	require.NotNil(t, g.State().Ascendancy.Fighting())
	assert.Contains(t, screentest.ScreenText(bob.w), "waiting for the dice of Alice, Bob")

	// Bob enters first.
	test.Type(fb.defD.pad, "111")
	test.Tap(screentest.Button(t, bob.w, "Enter the dice of Bob"))
	assert.Equal(t, []string{"p1"}, g.State().Ascendancy.Fighting().Missing())

	// Alice's phone types nothing; Bob's phone types Alice's dice too.
	test.Tap(screentest.Button(t, bob.w, "Type the dice of Alice here"))
	test.Type(fb.attD.pad, "611")
	test.Tap(screentest.Button(t, bob.w, "Apply round 1"))
	assert.Equal(t, 2, g.State().Ascendancy.Players[1].Ships, "Bob lost one ship of 3")
	assert.Equal(t, 2, g.State().Ascendancy.Fighting().Round)

	// Alice retreats: the battle is over on both phones.
	test.Tap(screentest.Button(t, alice.w, "End the battle"))
	assert.Nil(t, g.State().Ascendancy.Fighting())
	assert.Nil(t, g.State().Ascendancy.Battle)
	assert.Contains(t, screentest.ScreenText(bob.w), "Round 1 of a new battle")
	assert.False(t, fb.att.player.Disabled(), "a new battle's sides are chosen again")
}

// TestInvasionFromBothPhones: Alice invades Bob's planet and types her
// ships' dice on her phone; Bob's phone brings the invasion up and takes
// his nodes' dice; the round is fought when both are in, the node the hit
// destroys picked with no choice left, and both phones go on to round 2.
func TestInvasionFromBothPhones(t *testing.T) {
	alice, bob, g := twoPhonesOf(t, ascrules.Klingon, ascrules.Romulan)
	alice.v.battle.mode.SetSelected(battleModeLabel(modeInvasion))
	fa, fb := alice.v.battle.inv, bob.v.battle.inv
	fa.defender.SetSelected("Bob")
	openFold(t, alice.w, "On success: what passes")
	test.Tap(numButton(t, fa.sysNodes[0], true))
	require.Equal(t, 2, fa.nodes.val, "Bob's P node and the control node")

	test.Type(fa.attD.pad, "611")
	test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
	b := g.State().Ascendancy.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, tracker.BattleInvasion, b.Kind)
	assert.Equal(t, []string{"p2"}, b.Missing())
	assert.Contains(t, screentest.ScreenText(alice.w), "The dice of Bob come from their own phone")
	assert.False(t, fa.defD.box.Visible(), "Bob's pad is on Bob's phone")

	// Bob's phone: the Battle panel shows the invasion, not a fresh battle.
	assert.Equal(t, battleModeLabel(modeInvasion), bob.v.battle.mode.Selected)
	text := screentest.ScreenText(bob.w)
	assert.Contains(t, text, "Round 1 of the invasion under way: dice in from Alice · waiting for the dice of Bob")
	assert.Contains(t, text, "Alice invades the system (Bob): 3 ship(s) and 2 node(s) left.")
	assert.False(t, fb.attD.box.Visible(), "Alice's dice are in")
	test.Type(fb.defD.pad, "51")
	assert.Contains(t, screentest.ScreenText(bob.w), "(1 of 1 picked)")
	test.Tap(screentest.Button(t, bob.w, "Apply round 1"))
	a := g.State().Ascendancy
	assert.Equal(t, 0, a.Players[1].Nodes.Production, "the P node destroyed")
	assert.Equal(t, 2, a.Players[0].Ships)
	b = a.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, 2, b.Round)
	for _, p := range []*phone{alice, bob} {
		assert.Contains(t, screentest.ScreenText(p.w), "Round 2 of the invasion under way · waiting for the dice of Alice, Bob")
	}

	// Alice retreats: the invasion is over on both phones.
	test.Tap(screentest.Button(t, alice.w, "End the invasion"))
	assert.Nil(t, g.State().Ascendancy.Fighting())
	assert.Nil(t, g.State().Ascendancy.Invasion)
	assert.Contains(t, screentest.ScreenText(bob.w), "Round 1 of a new invasion")
}

// TestCubeBattleFromBothPhones: Alice attacks a cube with Bob beside her;
// each types their own fleet's dice on their own phone, the cube's dice
// are typed on any phone once the players' first strike is in (seed 004
// "Slow and Methodical"), and both phones go on to round 2.
func TestCubeBattleFromBothPhones(t *testing.T) {
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
	alice, bob := openPhone(t, sh.app, g, "p1"), openPhone(t, sh.app, g, "p2")
	panelTo(t, alice.w, "Borg")
	panelTo(t, bob.w, "Borg")
	fa, fb := alice.v.borg.fight, bob.v.borg.fight
	require.Equal(t, "p1", fa.d.fleets[0].player, "Alice attacks on her turn")
	test.Tap(screentest.Button(t, alice.w, "Another player's fleet"))
	fa.fleets[1].player.SetSelected("Bob")
	tapFaces(fa.fleets[0].d.pad, "651")
	test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
	b := g.State().Ascendancy.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, tracker.BattleCube, b.Kind)
	assert.Equal(t, []string{"p2", tracker.BorgSeat}, b.Missing())
	assert.Contains(t, screentest.ScreenText(alice.w), "The dice of Bob come from their own phone")

	// Bob's phone shows the battle; he types his fleet's dice.
	text := screentest.ScreenText(bob.w)
	assert.Contains(t, text, "Round 1 of the battle under way: dice in from Alice · waiting for the dice of Bob, the Borg")
	assert.Contains(t, text, "Fighting on: Alice 3 ship(s), Bob 3 ship(s)")
	tapFaces(fb.fleets[1].d.pad, "611")
	test.Tap(screentest.Button(t, bob.w, "Enter the dice of Bob"))
	assert.Equal(t, []string{tracker.BorgSeat}, g.State().Ascendancy.Fighting().Missing())

	// The cube's dice, on Alice's phone: 3 hits first, so it fires 6.
	assert.Contains(t, screentest.ScreenText(alice.w), "After the players' first strike (3 hit(s)) the cube fires 6 dice.")
	tapFaces(fa.borgD.pad, "111111")
	test.Tap(screentest.Button(t, alice.w, "Apply round 1"))
	a := g.State().Ascendancy
	assert.Equal(t, 3, a.Borg.Cubes[0].Damage)
	assert.Equal(t, 1, a.Players[0].Exhausted, "the attack used Alice's command")
	b = a.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, 2, b.Round)
	for _, p := range []*phone{alice, bob} {
		assert.Contains(t, screentest.ScreenText(p.w), "Round 2 of the battle under way · waiting for the dice of Alice, Bob, the Borg")
	}
}

// TestAssimilationFromBothPhones: a cube assimilates Alice's Earth on the
// Borg turn; Bob's phone opens the round on every phone, Alice types her
// system's dice on her own phone, and the cube's dice are typed on Bob's
// once her first strike is in (seed 004 "Slow and Methodical").
func TestAssimilationFromBothPhones(t *testing.T) {
	sh, _ := newTestShell(t, 390, 844)
	newAscGame(t, sh)
	g := sh.game.game
	for _, c := range []tracker.Command{
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Alice", Faction: ascrules.Federation, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Bob", Faction: ascrules.Romulan, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3},
		tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}}, tracker.AddCube{System: "Sol"},
		tracker.StartAscendancy{}, tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err, c.CommandType())
	}
	for range 12 {
		if g.State().Ascendancy.CurrentSeat() == tracker.BorgSeat {
			break
		}
		_, err := g.Execute(tracker.NextPhase{})
		require.NoError(t, err)
	}
	require.Equal(t, tracker.BorgSeat, g.State().Ascendancy.CurrentSeat())
	alice, bob := openPhone(t, sh.app, g, "p1"), openPhone(t, sh.app, g, "p2")
	for _, p := range []*phone{alice, bob} {
		panelTo(t, p.w, "Borg")
		openFold(t, p.w, "Assimilation of a system")
	}
	fa, fb := alice.v.borg.assimilate, bob.v.borg.assimilate
	fb.defender.SetSelected("Alice")
	screentest.TypeInto(bob.w, fb.system, "Earth")
	test.Tap(screentest.Button(t, bob.w, "Open on every phone"))
	b := g.State().Ascendancy.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, tracker.BattleAssimilation, b.Kind)
	assert.Equal(t, []string{"p1", tracker.BorgSeat}, b.Missing())

	// Alice's phone shows the round; she types her system's 2 dice.
	assert.Contains(t, screentest.ScreenText(alice.w), "Round 1 of the battle under way · waiting for the dice of Alice, the Borg")
	tapFaces(fa.defD.pad, "61")
	test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
	assert.Equal(t, []string{tracker.BorgSeat}, g.State().Ascendancy.Fighting().Missing())

	// Bob's phone: her dice are in, the cube fires 8 after her 1 hit.
	text := screentest.ScreenText(bob.w)
	assert.Contains(t, text, "Round 1 of the battle under way: dice in from Alice · waiting for the dice of the Borg")
	assert.Contains(t, text, "After the system's first strike (1 hit(s)) the cube fires 8 dice.")
	tapFaces(fb.borgD.pad, "11111111")
	test.Tap(screentest.Button(t, bob.w, "Apply round 1"))
	a := g.State().Ascendancy
	assert.Equal(t, 1, a.Borg.Cubes[0].Damage)
	b = a.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, 2, b.Round)
	for _, p := range []*phone{alice, bob} {
		assert.Contains(t, screentest.ScreenText(p.w), "Round 2 of the battle under way · waiting for the dice of Alice, the Borg")
	}
}

// TestRollForMeInASharedRound: on the defender's phone "Roll for me"
// rolls only the defender's dice, as many as the rules give them with the
// attacker's dice in, and leaves the attacker's as entered.
func TestRollForMeInASharedRound(t *testing.T) {
	alice, bob, g := twoPhonesOf(t, ascrules.Klingon, ascrules.Romulan)
	fa, fb := alice.v.battle.space, bob.v.battle.space
	fa.att.firstStrike.SetChecked(true)
	test.Type(fa.attD.pad, "661")
	test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
	test.Tap(screentest.Button(t, bob.w, "Roll for me"))
	assert.ElementsMatch(t, []int{1, 6, 6}, []int(fb.attD.pool.faces), "Alice's dice as entered")
	assert.Len(t, fb.defD.pool.faces, 1, "Bob rolls for the one ship her first strike left him")
	test.Tap(screentest.Button(t, bob.w, "Apply round 1"))
	assert.Equal(t, 2, g.State().Ascendancy.Fighting().Round)

	// An invasion: Bob's phone rolls his nodes' dice only.
	test.Tap(screentest.Button(t, alice.w, "End the battle"))
	alice.v.battle.mode.SetSelected(battleModeLabel(modeInvasion))
	ia, ib := alice.v.battle.inv, bob.v.battle.inv
	ia.defender.SetSelected("Bob")
	ia.att.ships.val = 1
	ia.att.firstStrike.SetChecked(true)
	test.Type(ia.attD.pad, "6")
	test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
	require.NotNil(t, g.State().Ascendancy.Fighting())
	require.Equal(t, 2, ib.nodes.val)
	test.Tap(screentest.Button(t, bob.w, "Roll for me"))
	assert.Equal(t, []int{6}, []int(ib.attD.pool.faces), "Alice's die as entered")
	assert.Len(t, ib.defD.pool.faces, 1, "her first strike destroyed one of the two nodes: one die left")
}
