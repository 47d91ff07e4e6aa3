package tracker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// nextUntil runs NextPhase (and the Borg build phase when its turn comes)
// until cond holds.
func nextUntil(t *testing.T, s *Session, cond func(*AscendancyState) bool) {
	t.Helper()
	for range 50 {
		a := s.State().Ascendancy
		if cond(a) {
			return
		}
		if a.CurrentSeat() == BorgSeat && !a.Borg.Built {
			play(t, s, BorgBuild{})
			continue
		}
		play(t, s, NextPhase{})
	}
	t.Fatal("walker did not get there")
}

func atSeat(seat, phase string) func(*AscendancyState) bool {
	return func(a *AscendancyState) bool { return a.CurrentSeat() == seat && a.Walker.Phase == phase }
}

func atStage(stage string) func(*AscendancyState) bool {
	return func(a *AscendancyState) bool { return a.Walker.Stage == stage }
}

func ascPlayer(t *testing.T, s *Session, id string) AscPlayer {
	t.Helper()
	p, err := s.State().Ascendancy.player(id)
	require.NoError(t, err)
	return *p
}

// TestScriptedAscendancyGame plays three rounds of Ascendancy with the Borg:
// bidding, turn order, building and command phases, a cube fight over
// several rounds (undone and redone), the Borg build phase, recharge, and an
// ascendancy victory. Costs and the Borg hit table are test data.
func TestScriptedAscendancyGame(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	play(t, s,
		AddAscPlayer{Name: "Alice", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		AddAscPlayer{Name: "Bob", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		SetCosts{Player: "p1", Costs: ascrules.CostTable{ProductionNode: ascrules.Resources{Production: 2}}},
		SetCosts{Player: "p2", Costs: ascrules.CostTable{WeaponUpgrades: []ascrules.Resources{{Research: 2}}}},
		EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}},
		AddCube{System: "Deep space"},
		PlaceSpire{System: "Alpha", Nodes: 2},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 3},
		AdjustAsc{Player: "p2", Counter: CounterShips, Delta: 8},
	)
	a := s.State().Ascendancy
	require.Len(t, a.Players, 2)
	assert.Equal(t, 5, a.Players[0].Commands)
	assert.Equal(t, 5, a.Players[0].Weapons)
	require.Len(t, a.Borg.Cubes, 1)
	assert.Equal(t, "cube 1", a.Borg.Cubes[0].ID)
	rejected(t, s, NextPhase{}, CodeNotNow)

	// Round 1: nobody has made first contact, so nobody can bid.
	play(t, s, StartAscendancy{})
	rejected(t, s, Bid{Player: "p1", Spent: ascrules.Resources{Culture: 1}}, CodeRules)
	play(t, s, ChooseTurnOrder{})
	a = s.State().Ascendancy
	assert.Equal(t, AscExecution, a.Walker.Stage)
	assert.ElementsMatch(t, []string{"p1", "p2", BorgSeat}, a.Walker.Order)

	// The seats take their turns in the dealt order.
	var evs []Event
	var err error
	for _, seat := range a.Walker.Order {
		switch seat {
		case "p1":
			nextUntil(t, s, atSeat("p1", PhaseBuilding))
			play(t, s, BuildNode{Player: "p1", Type: CounterProduction}, FirstContact{Player: "p1"})
			rejected(t, s, BuildNode{Player: "p1", Type: CounterCulture}, CodeNotNow) // no cost entered
			play(t, s, NextPhase{})
			evs, err = viaJSON(t, s, UseCommand{Player: "p1", Delta: 1})
			require.NoError(t, err)
			assert.Equal(t, "Alice exhausted a command: 4 of 5 commands ready", evs[0].Label, "the player by name (issue 27)")
			p1 := ascPlayer(t, s, "p1")
			assert.Equal(t, ascrules.Resources{Production: 1, Research: 3, Culture: 3}, p1.Resources)
			assert.Equal(t, 1, p1.Nodes.Production)
		case "p2":
			nextUntil(t, s, atSeat("p2", PhaseBuilding))
			play(t, s, Upgrade{Player: "p2", Weapons: true}, FirstContact{Player: "p2"})
			assert.Equal(t, 4, ascPlayer(t, s, "p2").Weapons)
			rejected(t, s, Upgrade{Player: "p2", Weapons: true}, CodeRules) // no second cost entered
		default:
			// The Borg turn: build phase, then cube 1 attacks the Federation.
			nextUntil(t, s, atSeat(BorgSeat, PhaseBorg))
			assert.True(t, s.State().Ascendancy.Borg.Built, "the build phase ran when the Borg turn began")
			rejected(t, s, BorgBuild{}, CodeNotNow)
			play(t, s, ActivateCube{Cube: "cube 1", System: "Vulcan"})
			rejected(t, s, ActivateCube{Cube: "cube 1"}, CodeRules)
			a = s.State().Ascendancy
			assert.Equal(t, 3, a.Borg.Spires[0].Nodes)
			before, err := json.Marshal(s.State())
			require.NoError(t, err)
			// Alice's 3 ships need 5+: two hits, striking first, so the cube fires
			// 9 − 2 = 7 dice needing 5+ (one spire): two hits, one 6 regenerates.
			rejected(t, s, CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p1", Ships: 3, Roll: Entered(6, 5, 2)}},
				BorgRoll: Entered(6, 5, 4, 3, 2, 1, 1, 1), Losses: map[string]int{"p1": 2}}, CodeRules) // one die too many
			evs, err = viaJSON(t, s, CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p1", Ships: 3, Roll: Entered(6, 5, 2)}},
				BorgRoll: Entered(6, 5, 4, 3, 2, 1, 1), Losses: map[string]int{"p1": 2}})
			require.NoError(t, err)
			assert.Equal(t, "Borg cube 1 round 1: players 2 hit(s), Borg 2 hit(s), regenerates 1: damage 1, shields +1", evs[0].Label)
			a = s.State().Ascendancy
			assert.Equal(t, 1, a.Borg.Cubes[0].Damage)
			assert.Equal(t, 1, a.Borg.Cubes[0].Shields)
			assert.Equal(t, 1, ascPlayer(t, s, "p1").Ships)
			after, err := json.Marshal(s.State())
			require.NoError(t, err)
			_, err = s.Undo()
			require.NoError(t, err)
			now, _ := json.Marshal(s.State())
			assert.Equal(t, string(before), string(now), "undo takes the whole battle round back")
			_, err = s.Redo()
			require.NoError(t, err)
			now, _ = json.Marshal(s.State())
			assert.Equal(t, string(after), string(now))
			// Round 2 of the fight: simultaneous; Alice needs 6 now.
			play(t, s, CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p1", Ships: 1, Roll: Entered(6)}},
				BorgRoll: Entered(1, 1, 1, 1, 1, 1, 1, 1)},
				EndCubeBattle{Cube: "cube 1"})
			assert.Equal(t, 0, s.State().Ascendancy.Borg.Cubes[0].Damage)
		}
	}
	nextUntil(t, s, atStage(AscRecharge))
	_, err = viaJSON(t, s, Recharge{})
	require.NoError(t, err)
	a = s.State().Ascendancy
	require.NotNil(t, a.Recharge)
	assert.Equal(t, "Alice: +1 production, 5 commands ready", a.Recharge.Lines[0])
	assert.Equal(t, "Bob: +nothing, 5 commands ready", a.Recharge.Lines[1])
	assert.Equal(t, 0, ascPlayer(t, s, "p1").Exhausted)
	assert.Equal(t, AscInitiative, a.Walker.Stage)
	assert.Equal(t, 2, a.Walker.Round)

	// Round 2: both bid, in last round's turn order; Bob bid more and
	// chooses first; the Borg get the card left.
	rejected(t, s, Bid{Player: "p1", Spent: ascrules.Resources{Culture: 9}}, CodeRules)
	if last := s.State().Ascendancy.Walker.LastOrder; indexOf(last, "p2") < indexOf(last, "p1") {
		refusedBy(t, s, Bid{Player: "p1", Spent: ascrules.Resources{Culture: 1}}, ruleBidOrder)
		play(t, s, Bid{Player: "p2", Spent: ascrules.Resources{Production: 2}})
		r := rejected(t, s, Bid{Player: "p1", Spent: ascrules.Resources{Culture: 2}}, CodeRules) // same total
		assert.Equal(t, "Alice cannot bid 2: Bob already bid that total", r)
		play(t, s, Bid{Player: "p1", Spent: ascrules.Resources{Culture: 1}})
	} else {
		refusedBy(t, s, Bid{Player: "p2", Spent: ascrules.Resources{Production: 2}}, ruleBidOrder)
		play(t, s, Bid{Player: "p1", Spent: ascrules.Resources{Culture: 1}})
		r := rejected(t, s, Bid{Player: "p2", Spent: ascrules.Resources{Research: 1}}, CodeRules) // same total
		assert.Equal(t, "Bob cannot bid 1: Alice already bid that total", r)
		play(t, s, Bid{Player: "p2", Spent: ascrules.Resources{Production: 2}})
	}
	play(t, s, ChooseTurnOrder{Chosen: map[string]int{"p2": 1, "p1": 2}})
	a = s.State().Ascendancy
	assert.Equal(t, []string{"p2", "p1", BorgSeat}, a.Walker.Order)
	assert.Equal(t, 2, ascPlayer(t, s, "p1").Resources.Culture)
	nextUntil(t, s, atSeat(BorgSeat, PhaseBorg))
	a = s.State().Ascendancy
	assert.True(t, a.Borg.Spires[0].CubeOnSpire, "three nodes: a cube is built on the spire")
	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})

	// Round 3: the Klingons destroy cube 1 over two rounds, with virtual dice.
	play(t, s, ChooseTurnOrder{})
	for _, seat := range s.State().Ascendancy.Walker.Order {
		if seat == "p1" {
			// Alice reaches ascendancy 5 holding her home system: she wins at recharge.
			nextUntil(t, s, atSeat("p1", PhaseBuilding))
			play(t, s, AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 4},
				AdjustAsc{Player: "p1", Counter: CounterCulture, Delta: 3},
				BuyAscendancy{Player: "p1"})
			assert.Equal(t, 5, ascPlayer(t, s, "p1").Ascendancy)
		}
		if seat != "p2" {
			continue
		}
		nextUntil(t, s, atSeat("p2", PhaseCommand))
		play(t, s, CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p2", Ships: 8, Roll: Entered(6, 6, 6, 6, 6, 6, 6, 1)}}, BorgVirtual: true})
		a = s.State().Ascendancy
		_, err = a.Borg.cube("cube 1")
		require.NoError(t, err, "cube 1 survives the first round")
		ships := ascPlayer(t, s, "p2").Ships
		require.GreaterOrEqual(t, ships, 6)
		sixes := make([]int, ships)
		for i := range sixes {
			sixes[i] = 6
		}
		evs, err = viaJSON(t, s, CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p2", Ships: ships, Roll: Entered(sixes...)}}, BorgVirtual: true})
		require.NoError(t, err)
		assert.Contains(t, evs[0].Label, "cube destroyed")
		fought := evs[0].Payload.(CubeRoundFought)
		require.NotNil(t, fought.BorgDice.Seed, "virtual Borg dice carry their seed")
		assert.True(t, fought.Result.Fleets[0].DrawsTech)
		_, err = s.State().Ascendancy.Borg.cube("cube 1")
		assert.Error(t, err, "cube 1 is gone")

		// A space battle round between the players: Bob attacks on his turn
		// (a command); each scores one hit.
		bobShips := ascPlayer(t, s, "p2").Ships
		ready := ascPlayer(t, s, "p2").Ready()
		evs, err = viaJSON(t, s, SpaceBattleRound{
			Attacker:  BattleSide{Player: "p2", Ships: 2, Rolls: []Roll{Entered(4, 1)}},
			Defenders: []BattleSide{{Player: "p1", Ships: 1, Rolls: []Roll{Entered(5)}}}})
		require.NoError(t, err)
		assert.Equal(t, "Space battle round 1: Bob scores 1 hit(s), Alice 1", evs[0].Label)
		assert.Equal(t, 0, ascPlayer(t, s, "p1").Ships)
		assert.Equal(t, bobShips-1, ascPlayer(t, s, "p2").Ships)
		assert.Equal(t, ready-1, ascPlayer(t, s, "p2").Ready(), "the battle took a command")
	}
	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})
	a = s.State().Ascendancy
	assert.Equal(t, AscOver, a.Walker.Stage)
	assert.Equal(t, []string{"p1"}, a.Walker.Winners)
	assert.Equal(t, "ascendancy", a.Walker.Reason)
	assert.Equal(t, "Game over", s.State().Summary().Stage)
	assertReplays(t, s)
}

func TestBorgDefeatBySpires(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	play(t, s, AddAscPlayer{Name: "Solo"}, EnableBorg{Hits: map[int]int{0: 5}, ThreeSpires: true},
		PlaceSpire{System: "A"}, PlaceSpire{System: "B"}, PlaceSpire{System: "C"}, PlaceSpire{System: "D"})
	a := s.State().Ascendancy
	assert.True(t, a.Borg.Defeat)
	assert.Len(t, a.Borg.Spires, 3)
	assert.Equal(t, AscOver, a.Walker.Stage)
	assertReplays(t, s)
}

func TestBorgHubRolledByTheTableAndAssimilatedPlayer(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	play(t, s, AddAscPlayer{Name: "A"}, AddAscPlayer{Name: "B"},
		EnableBorg{Hits: map[int]int{0: 5, 1: 5}, Hub: true, HubTarget: 4, PhysicalHub: true},
		PlaceSpire{System: "Alpha"}, StartAscendancy{}, ChooseTurnOrder{})
	for s.State().Ascendancy.CurrentSeat() != BorgSeat {
		play(t, s, NextPhase{})
	}
	a := s.State().Ascendancy
	assert.False(t, a.Borg.Built, "the table rolls the hub die")
	rejected(t, s, NextPhase{}, CodeNotNow)
	rejected(t, s, BorgBuild{HubRoll: Entered(5, 5)}, CodeInvalid)
	evs, err := viaJSON(t, s, BorgBuild{HubRoll: Entered(5)})
	require.NoError(t, err)
	assert.Equal(t, "Borg build phase: transwarp hub rolls 5: a new cube; Alpha: builds a node", evs[0].Label)
	assert.Equal(t, "<track.borg_build_phase_2><track.borg_build_lines <track.hub_rolls 5><track.a_new_cube>; <track.borg_step_node Alpha>>",
		evs[0].LabelTexts().In(keysOnly), "the build lines are worded from keys, not English glued into the row")
	a = s.State().Ascendancy
	assert.True(t, a.Borg.HubHasCube)
	require.Len(t, a.Borg.Cubes, 1)
	assert.Equal(t, "transwarp hub", a.Borg.Cubes[0].System)
	assert.Equal(t, 1, a.Borg.Spires[0].Nodes)

	evs, err = viaJSON(t, s, ActivateCube{Cube: "cube 1"})
	require.NoError(t, err)
	assert.Equal(t, "Borg cube 1 activates", evs[0].Label)
	assert.Equal(t, "<track.borg_activates <track.borg_cube_n 1>>", evs[0].LabelTexts().In(keysOnly), "the cube is named in the reader's language")

	play(t, s, AssimilatePlayer{Player: "p2"})
	assert.True(t, ascPlayer(t, s, "p2").Assimilated)
	rejected(t, s, AssimilatePlayer{Player: "p2"}, CodeNothing)
	assertReplays(t, s)
}

// Commands from several goroutines (the UI and network clients) are
// serialized: every one is applied once, in some order, and the log replays.
func TestConcurrentExecute(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	play(t, s, AddAscPlayer{Name: "A"}, AddAscPlayer{Name: "B"})
	var updates int
	s.Subscribe(func(Update) { updates++ })
	done := make(chan error)
	for g := range 4 {
		go func() {
			var err error
			for range 25 {
				if _, e := s.Execute(AdjustAsc{Player: "p" + string(rune('1'+g%2)), Counter: CounterCulture, Delta: 1}); e != nil {
					err = e
				}
			}
			done <- err
		}()
	}
	for range 4 {
		require.NoError(t, <-done)
	}
	a := s.State().Ascendancy
	assert.Equal(t, 50, a.Players[0].Resources.Culture)
	assert.Equal(t, 50, a.Players[1].Resources.Culture)
	assert.Equal(t, 100, updates)
	assertReplays(t, s)
}
