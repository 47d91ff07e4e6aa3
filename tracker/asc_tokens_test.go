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
	assert.Contains(t, evs[0].Label, "drew 2 cards")
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

// TestResearchCommittedToProjects: seed 003 "Commit research": "You may
// add 1 research token to each advancement project per turn ... The amount
// of research required to finish a project is on each card. When you
// finish a project, it becomes a usable advancement" (seed 002 "Finanziare
// una Ricerca": "Questo Progetto ha bisogno di 4 Ricerca per essere
// completato"). Anna draws 2 cards and enters them from the cards (a
// project needing 4 research, one needing 1); each building phase she
// commits one research token from her reserve to each, once a turn; the
// one needing 1 is finished at once, the other after 4 turns. Finishing a
// project with its research not spent is refused.
func TestResearchCommittedToProjects(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterNodeRes, Delta: 1}, AdjustAsc{Player: "p1", Counter: CounterResearch, Delta: 5})
	rejected(t, s, CommitResearch{Player: "p1", Card: 1}, CodeNotFound)
	play(t, s, NextPhase{}, Project{Player: "p1"})
	play(t, s, ProjectCard{Player: "p1", Name: "Long Range Scanners", Cost: 4}, ProjectCard{Player: "p1", Name: "Quick Study", Cost: 1})
	rejected(t, s, ProjectCard{Player: "p1", Name: "A third", Cost: 2}, CodeRules) // both drawn cards are entered
	refusedBy(t, s, Project{Player: "p1", Finish: true}, ruleResearchDue)
	p := ascPlayer(t, s, "p1")
	require.Len(t, p.ProjectCards, 2)
	assert.Equal(t, ProjectCardState{Name: "Long Range Scanners", Cost: 4}, p.ProjectCards[0])

	newRound := func() {
		nextUntil(t, s, atStage(AscRecharge))
		play(t, s, Recharge{}, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}})
		require.Equal(t, "p1", s.State().Ascendancy.CurrentSeat())
	}
	for turn := 1; turn <= 4; turn++ {
		newRound() // Anna's building phase
		reserve := ascPlayer(t, s, "p1").Resources.Research
		play(t, s, CommitResearch{Player: "p1", Card: 1})
		assert.Equal(t, reserve-1, ascPlayer(t, s, "p1").Resources.Research, "taken from the reserve")
		if turn == 1 {
			refusedBy(t, s, CommitResearch{Player: "p1", Card: 1}, ruleResearchOncePerTurn)
			evs, err := viaJSON(t, s, CommitResearch{Player: "p1", Card: 2})
			require.NoError(t, err)
			assert.Contains(t, evs[0].Label, "Quick Study")
			assert.Contains(t, evs[0].Label, "advancement")
			assert.Equal(t, 1, ascPlayer(t, s, "p1").Projects, "Quick Study finished")
		}
		if turn < 4 {
			assert.Equal(t, turn, ascPlayer(t, s, "p1").ProjectCards[0].Research)
		}
	}
	p = ascPlayer(t, s, "p1")
	assert.Zero(t, p.Projects, "Long Range Scanners finished with its 4th research")
	assert.Empty(t, p.ProjectCards)
	assertReplays(t, s)
}
