package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// Issue 29, "Ascendancy tracked to the last token": each test is built on
// the rulebook's words.

// TestAdvancementCommandArrivesExhausted: seed 003 "If the advancement has
// a command token on it, immediately increase the number of your commands
// by 1 (new commands start exhausted)" (seed 002 the same). The command is
// there at once, exhausted, and the recharge readies it with the others.
func TestAdvancementCommandArrivesExhausted(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	before := ascPlayer(t, s, "p1")
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAdvCommands, Delta: 1})
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, before.Commands+1, p.Commands, "one more command at once")
	assert.Equal(t, before.Exhausted+1, p.Exhausted, "the new command starts exhausted")
	assert.Equal(t, before.Ready(), p.Ready())
	assert.Equal(t, 1, p.AdvancementCommands)

	// A correction that takes it back takes the command back too.
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAdvCommands, Delta: -1})
	p = ascPlayer(t, s, "p1")
	assert.Equal(t, before.Commands, p.Commands)
	assert.Equal(t, before.Exhausted, p.Exhausted)
	assertReplays(t, s)
}

// TestLaunchDrawsTwoAndMayGoOver: seed 003 "Launch projects: exhaust a
// command to draw 2 cards from your advancement deck and add them to your
// project area", and "You may launch projects even if doing so would put
// you over your maximum number of projects. Any time you have more
// projects than [research nodes] you must discard projects until you're
// back down to your limit" (seed 002 "Lanciare Progetti" the same). Anna
// has 1 research node: one command gives her 2 projects; a launch at her
// limit is taken; over it, she discards (an old project or a new one)
// before her next command.
func TestLaunchDrawsTwoAndMayGoOver(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	play(t, s, NextPhase{})
	ready := ascPlayer(t, s, "p1").Ready()
	evs, err := viaJSON(t, s, Project{Player: "p1"})
	require.NoError(t, err)
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, 2, p.Projects, "one command, two cards")
	assert.Equal(t, ready-1, p.Ready(), "one command")
	assert.Contains(t, evs[0].Label, "draws 2")
	assert.Equal(t, 1, p.ProjectsOver(), "1 research node: one to discard")

	// Over the limit, a command waits for the discard.
	refusedBy(t, s, CommissionStarbase{Player: "p1"}, ruleProjects)
	play(t, s, Project{Player: "p1", Discard: true})
	p = ascPlayer(t, s, "p1")
	assert.Equal(t, 1, p.Projects)
	assert.Zero(t, p.ProjectsOver())

	// At the limit a launch is still taken: 3 in the area, discard 2.
	play(t, s, Project{Player: "p1"})
	assert.Equal(t, 3, ascPlayer(t, s, "p1").Projects)
	assert.Equal(t, 2, ascPlayer(t, s, "p1").ProjectsOver())
	play(t, s, Project{Player: "p1", Discard: true}, Project{Player: "p1", Discard: true}, CommissionStarbase{Player: "p1"})
	assertReplays(t, s)
}

// earlierProjects records that the player launched projects earlier in the
// game and kept n of them: table rulings (it is not their turn), each
// drawing 2 cards, then the discards.
func earlierProjects(t *testing.T, s *Session, id string, n int) {
	t.Helper()
	launches := (n + projectsDrawn - 1) / projectsDrawn
	for range launches {
		_, err := viaJSON(t, s, Ruling{Reason: "launched projects earlier", Command: Project{Player: id}})
		require.NoError(t, err)
	}
	for range launches*projectsDrawn - n {
		play(t, s, Project{Player: id, Discard: true})
	}
	require.Equal(t, n, ascPlayer(t, s, id).Projects)
}

// TestFreeFleetOnlyWithTheShipsJustBuilt: seed 003 "Build ships": "If you
// build 3 or more ships in the same system, you may immediately group them
// into a fleet, without exhausting a command" (seed 002 "Se costruisci 3 o
// più Navi puoi raggrupparle immediatamente in una Flotta, senza spendere
// un Segnalino Comando"). Otherwise a fleet is a command of the command
// phase ("Commission fleets and starbases").
func TestFreeFleetOnlyWithTheShipsJustBuilt(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	// No ship built: no free fleet (the table may still record it).
	refusedBy(t, s, CommissionFleet{Player: "p1", Free: true}, ruleFreeFleet)
	// Two ships are too few to group for free.
	refusedBy(t, s, BuildShips{Player: "p1", Ships: 2, Fleet: true}, ruleFreeFleet)
	before := ascPlayer(t, s, "p1")
	evs, err := viaJSON(t, s, BuildShips{Player: "p1", Ships: 3, Fleet: true})
	require.NoError(t, err)
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, before.Ships+3, p.Ships)
	assert.Equal(t, 1, p.Fleets, "grouped at once")
	assert.Equal(t, before.Ready(), p.Ready(), "no command")
	assert.Equal(t, before.Resources.Production-3, p.Resources.Production)
	assert.Contains(t, evs[0].Label, "fleet")
	// The fleet limits hold: ascendancy 1, one fleet.
	refusedBy(t, s, BuildShips{Player: "p1", Ships: 3, Fleet: true}, ruleFleetsAscendancy)
	assertReplays(t, s)
}

// TestWarpTracked: seed 003 "Movement": "To enter warp, exhaust a command
// ... and place a warp token next to the ship"; "You may also use a
// command to give another warp token to a ship or fleet who has already
// entered warp. Ships at warp also receive additional warp tokens during
// the Recharge stage"; "To exit warp, exhaust a command ... After exiting
// warp, discard the ship's warp tokens" (seed 002 "Entrare in Curvatura",
// "Uscire dalla Curvatura", "Aggiungere Segnalini Curvatura alle Navi a
// Curvatura"). Anna sends two ships to warp; the recharge gives each a
// token; she adds one to the second with a command, then brings it out.
func TestWarpTracked(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	refusedBy(t, s, Warp{Player: "p1"}, ruleCommandPhase)
	play(t, s, NextPhase{})
	ready := ascPlayer(t, s, "p1").Ready()
	evs, err := viaJSON(t, s, Warp{Player: "p1"})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "enters warp")
	play(t, s, Warp{Player: "p1"})
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, []int{1, 1}, p.WarpTokens, "a warp token each")
	assert.Equal(t, ready-2, p.Ready(), "a command each")

	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})
	assert.Equal(t, []int{2, 2}, ascPlayer(t, s, "p1").WarpTokens, "maintenance: +1 on every ship at warp")

	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}}, NextPhase{})
	play(t, s, Warp{Player: "p1", Ship: 1, Add: true})
	p = ascPlayer(t, s, "p1")
	assert.Equal(t, []int{2, 3}, p.WarpTokens)
	assert.Equal(t, p.Commands-1, p.Ready())
	evs, err = viaJSON(t, s, Warp{Player: "p1", Ship: 1, Exit: true})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "3 warp token(s)")
	p = ascPlayer(t, s, "p1")
	assert.Equal(t, []int{2}, p.WarpTokens, "its tokens discarded")
	assert.Equal(t, p.Commands-2, p.Ready())
	rejected(t, s, Warp{Player: "p1", Ship: 1, Exit: true}, CodeNotFound)
	assertReplays(t, s)
}
