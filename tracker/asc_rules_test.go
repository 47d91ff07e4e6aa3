package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// ascTurns starts a strict game of Anna (p1, faction f1), Ben (p2,
// Klingons) and Cleo (p3, Romulans), each with 6 ships, and deals the turn
// order cards as drawn: Anna 1, Ben 2, Cleo 3. Anna's building phase is on.
func ascTurns(t *testing.T, f1 ascrules.Faction, opts AscOptions) *Session {
	t.Helper()
	s := newTestSession(t, KindAscendancy)
	if opts != (AscOptions{}) {
		play(t, s, SetAscOptions{Options: opts})
	}
	anna := startingPlayer("Anna", f1)
	if f1 == ascrules.Vulcan {
		anna.Ascendancy = 3
	}
	play(t, s, anna, startingPlayer("Ben", ascrules.Klingon), startingPlayer("Cleo", ascrules.Romulan))
	for _, id := range []string{"p1", "p2", "p3"} {
		play(t, s, AdjustAsc{Player: id, Counter: CounterShips, Delta: 3})
	}
	play(t, s, StartAscendancy{}, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}})
	a := s.State().Ascendancy
	require.Equal(t, []string{"p1", "p2", "p3"}, a.Walker.Order)
	require.Equal(t, PhaseBuilding, a.Walker.Phase)
	return s
}

func battle(att string, attShips int, def string, defShips int) SpaceBattleRound {
	return SpaceBattleRound{
		Attacker:  BattleSide{Player: att, Ships: attShips, Rolls: []Roll{Entered(repeat(1, attShips)...)}},
		Defenders: []BattleSide{{Player: def, Ships: defShips, Rolls: []Roll{Entered(repeat(1, defShips)...)}}}}
}

func repeat(face, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = face
	}
	return out
}

// TestAscendancyRulesRefused: each rule of a turn, broken by a scripted
// game, is refused with the rule's words and recorded when overruled.
func TestAscendancyRulesRefused(t *testing.T) {
	fed, vul, fer, dom := ascrules.Federation, ascrules.Vulcan, ascrules.Ferengi, ascrules.Dominion
	cmdPhase := NextPhase{}
	cases := []struct {
		name    string
		faction ascrules.Faction
		opts    AscOptions
		before  []Command
		cmd     Command
		rule    Rule
	}{
		{"building on another's turn", fed, AscOptions{}, nil, BuildShips{Player: "p2", Ships: 1}, ruleOwnTurn},
		{"building in the command phase", fed, AscOptions{}, []Command{cmdPhase}, BuildShips{Player: "p1", Ships: 1}, ruleNoBuildInCommand},
		{"upgrade in the command phase", fed, AscOptions{}, []Command{SetCosts{Player: "p1", Costs: ascrules.CostTable{WeaponUpgrades: []ascrules.Resources{{Research: 1}}}}, cmdPhase},
			Upgrade{Player: "p1", Weapons: true}, ruleNoBuildInCommand},
		{"a command in the building phase", fed, AscOptions{}, nil, CommissionStarbase{Player: "p1"}, ruleCommandPhase},
		{"no command token left", fed, AscOptions{}, []Command{cmdPhase, UseCommand{Player: "p1", Delta: 5}},
			CommissionStarbase{Player: "p1"}, ruleCommandToken},
		{"one starbase per ascendancy level", fed, AscOptions{}, []Command{cmdPhase, CommissionStarbase{Player: "p1"}},
			CommissionStarbase{Player: "p1"}, ruleStarbaseLimit},
		{"3 starbases a game (rulebook)", fed, AscOptions{}, []Command{AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 4}, cmdPhase,
			CommissionStarbase{Player: "p1"}, CommissionStarbase{Player: "p1"}, CommissionStarbase{Player: "p1"}},
			CommissionStarbase{Player: "p1"}, ruleStarbaseLimit},
		{"4 starbases a game (summary)", fed, AscOptions{StarbaseLimit: 4}, []Command{AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 4}, cmdPhase,
			CommissionStarbase{Player: "p1"}, CommissionStarbase{Player: "p1"}, CommissionStarbase{Player: "p1"}, CommissionStarbase{Player: "p1"}},
			CommissionStarbase{Player: "p1"}, ruleStarbaseLimitSummary},
		{"Vulcans build no starbases", vul, AscOptions{}, []Command{cmdPhase}, CommissionStarbase{Player: "p1"}, ruleVulcanStarbases},
		{"projects up to research nodes", fed, AscOptions{}, []Command{cmdPhase, Project{Player: "p1"}}, Project{Player: "p1"}, ruleProjects},
		{"three fleet cards", fed, AscOptions{}, []Command{AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 4}, cmdPhase,
			CommissionFleet{Player: "p1"}, CommissionFleet{Player: "p1"}, CommissionFleet{Player: "p1"}},
			CommissionFleet{Player: "p1"}, ruleFleetCards},
		{"fleets up to ascendancy", fed, AscOptions{}, []Command{cmdPhase, CommissionFleet{Player: "p1"}}, CommissionFleet{Player: "p1"}, ruleFleetsAscendancy},
		{"no fleet with 0 ascendancy", fed, AscOptions{}, []Command{AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: -1}, cmdPhase},
			CommissionFleet{Player: "p1"}, ruleFleetsAscendancy},
		{"Vulcan fleets up to ascendancy", vul, AscOptions{}, []Command{AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: -2}, cmdPhase,
			CommissionFleet{Player: "p1"}}, CommissionFleet{Player: "p1"}, ruleVulcanFleets},
		{"Prime Directive: no invasions", fed, AscOptions{}, []Command{cmdPhase}, InvasionRound{Round: 1, Attacker: "p1", Ships: 2, Defender: "p2", Nodes: 2,
			AttackerRoll: Entered(1, 1), DefenderRoll: Entered(1, 1)}, rulePrimeDirective},
		{"Prime Directive: no pre-warp colonies", fed, AscOptions{}, nil, Colonize{Player: "p1", System: "Delta IV", PreWarp: true}, rulePrimeDirective},
		{"Logical Observers: invasion", vul, AscOptions{}, []Command{cmdPhase}, InvasionRound{Round: 1, Attacker: "p1", Ships: 2, Defender: "p2", Nodes: 2,
			AttackerRoll: Entered(1, 1), DefenderRoll: Entered(1, 1)}, ruleLogicalObservers},
		{"Logical Observers: hegemony", vul, AscOptions{}, []Command{cmdPhase}, TryHegemony{Player: "p1", Target: "p2", Resistance: 3, Roll: Entered(1)}, ruleLogicalObservers},
		{"Domination", dom, AscOptions{}, []Command{cmdPhase}, TryHegemony{Player: "p1", Target: "p2", Resistance: 3, Roll: Entered(1)}, ruleDomination},
		{"no hegemony on pre-warp systems", fed, AscOptions{}, []Command{cmdPhase}, TryHegemony{Player: "p1", PreWarp: true, Resistance: 1, Roll: Entered(1)}, rulePreWarpHegemony},
		{"Ferengi build no culture nodes", fer, AscOptions{}, []Command{SetCosts{Player: "p1", Costs: ascrules.CostTable{CultureNode: ascrules.Resources{Production: 1}}}},
			BuildNode{Player: "p1", Type: CounterCulture}, ruleFerengiCulture},
		{"battle on another's turn", fed, AscOptions{}, []Command{cmdPhase}, battle("p2", 2, "p1", 2), ruleOwnTurn},
		{"battle without a command token", fed, AscOptions{}, []Command{cmdPhase, UseCommand{Player: "p1", Delta: 5}}, battle("p1", 2, "p2", 2), ruleCommandToken},
		{"hegemony without a command token", fed, AscOptions{}, []Command{cmdPhase, UseCommand{Player: "p1", Delta: 5}},
			TryHegemony{Player: "p1", Target: "p2", Resistance: 3, Roll: Entered(1)}, ruleCommandToken},
		{"lost ships stay out of the battle", fed, AscOptions{}, []Command{cmdPhase, SpaceBattleRound{
			Attacker:  BattleSide{Player: "p1", Ships: 3, Rolls: []Roll{Entered(1, 1, 1)}},
			Defenders: []BattleSide{{Player: "p2", Ships: 3, Rolls: []Roll{Entered(6, 1, 1)}}}}}, battle("p1", 3, "p2", 3), ruleShipsLost},
		{"battle rounds in order", fed, AscOptions{}, []Command{cmdPhase, battle("p1", 2, "p2", 2)},
			SpaceBattleRound{Round: 3, Attacker: BattleSide{Player: "p1", Ships: 2, Rolls: []Roll{Entered(1, 1)}},
				Defenders: []BattleSide{{Player: "p2", Ships: 2, Rolls: []Roll{Entered(1, 1)}}}}, ruleBattleStart},
		{"a starbase die needs a starbase", fed, AscOptions{}, []Command{cmdPhase}, SpaceBattleRound{
			Attacker:  BattleSide{Player: "p1", Ships: 2, Starbase: true, Rolls: []Roll{Entered(1, 1, 1)}},
			Defenders: []BattleSide{{Player: "p2", Ships: 2, Rolls: []Roll{Entered(1, 1)}}}}, ruleStarbaseDie},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, tc.faction, tc.opts)
			play(t, s, tc.before...)
			refusedBy(t, s, tc.cmd, tc.rule)
			overruled(t, s, tc.cmd, "the table agreed", tc.rule)
			assertReplays(t, s)
		})
	}
}

// TestCommandsExhaustTokens: battles, invasions, hegemony and the other
// command actions each take a command token; a starbase adds one,
// exhausted.
func TestCommandsExhaustTokens(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, BuildShips{Player: "p1", Ships: 2}, Colonize{Player: "p1", System: "Vega"}, NextPhase{})
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, 8, p.Ships)
	assert.Equal(t, 2, p.Systems)
	assert.Equal(t, ascrules.Resources{Production: 1, Research: 3, Culture: 2}, p.Resources)
	play(t, s, CommissionStarbase{Player: "p1", System: "Qo'noS"})
	p = ascPlayer(t, s, "p1")
	assert.Equal(t, 6, p.Commands)
	assert.Equal(t, 4, p.Ready(), "one command used, the new one exhausted")
	play(t, s, battle("p1", 2, "p2", 2))
	assert.Equal(t, 3, ascPlayer(t, s, "p1").Ready())
	play(t, s, battle("p1", 2, "p2", 2))
	assert.Equal(t, 3, ascPlayer(t, s, "p1").Ready(), "round 2 of the same battle is no new command")
	assert.Equal(t, 2, s.State().Ascendancy.Battle.Round)
	play(t, s, TryHegemony{Player: "p1", Resistance: 1, Roll: Entered(3)},
		InvasionRound{Round: 1, Attacker: "p1", Ships: 2, Defender: "p3", Nodes: 2, AttackerRoll: Entered(1, 1), DefenderRoll: Entered(1, 1)})
	assert.Equal(t, 1, ascPlayer(t, s, "p1").Ready())
	assertReplays(t, s)
}

// TestSpaceBattleStartsFresh: wrong result 4. The round counter and the
// ships carry over only while the battle lasts.
func TestSpaceBattleStartsFresh(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, NextPhase{})
	// Round 1: Ben loses one ship.
	evs, err := viaJSON(t, s, SpaceBattleRound{Attacker: BattleSide{Player: "p1", Ships: 3, Rolls: []Roll{Entered(6, 1, 1)}},
		Defenders: []BattleSide{{Player: "p2", Ships: 3, Rolls: []Roll{Entered(1, 1, 1)}}}})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "round 1")
	b := s.State().Ascendancy.Battle
	require.NotNil(t, b)
	assert.Equal(t, map[string]int{"p1": 3, "p2": 2}, b.Ships)
	// Round 2 numbered by the tracker; Ben wipes out Anna's 3 ships? No:
	// Anna's 3 destroy Ben's last 2: the battle is over.
	evs, err = viaJSON(t, s, SpaceBattleRound{Attacker: BattleSide{Player: "p1", Ships: 3, Rolls: []Roll{Entered(6, 6, 1)}},
		Defenders: []BattleSide{{Player: "p2", Ships: 2, Rolls: []Roll{Entered(1, 1)}}}})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "round 2")
	assert.Nil(t, s.State().Ascendancy.Battle, "a side has no ships left")
	// A new battle starts at round 1 (first strike counts again) and costs a command.
	ready := ascPlayer(t, s, "p1").Ready()
	evs, err = viaJSON(t, s, battle("p1", 3, "p3", 3))
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "round 1")
	assert.Equal(t, ready-1, ascPlayer(t, s, "p1").Ready())
	// The turn moves on: the battle ends.
	play(t, s, NextPhase{})
	assert.Nil(t, s.State().Ascendancy.Battle)
	assertReplays(t, s)
}

// TestCaptureAndBetrayal: a system taken by hegemony or invasion brings
// its nodes, starbase (with a command token) and a project; attacking a
// player whose trade agreement you hold returns it.
func TestCaptureAndBetrayal(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	// Ben holds a starbase and a project (set up by hand as corrections).
	play(t, s, AdjustAsc{Player: "p2", Counter: CounterStarbases, Delta: 1}, FirstContact{Player: "p1"}, FirstContact{Player: "p2"},
		SetTrade{Player: "p1", From: "p2", Resources: ascrules.Resources{Culture: 1}})
	s2 := ascPlayer(t, s, "p2")
	require.Equal(t, 1, s2.Starbases)
	play(t, s, NextPhase{}, AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 2})
	earlierProjects(t, s, "p2", 1)
	evs, err := viaJSON(t, s, TryHegemony{Player: "p1", Target: "p2", System: "Qo'noS", Resistance: 4, Roll: Entered(3),
		Nodes: ascrules.Resources{Production: 1, Research: 1}, Starbase: true, ResearchNode: true, HomeOf: "p2"})
	require.NoError(t, err)
	assert.Contains(t, evs[1].Label, "returns Ben's trade agreement (betrayal)")
	assert.Contains(t, evs[1].Label, "the starbase and a command token")
	anna, ben := ascPlayer(t, s, "p1"), ascPlayer(t, s, "p2")
	assert.Empty(t, anna.Agreements)
	assert.Equal(t, ascrules.Resources{Production: 2, Research: 2, Culture: 1}, anna.Nodes)
	assert.Equal(t, ascrules.Resources{Culture: 1}, ben.Nodes)
	assert.Equal(t, 1, anna.Starbases)
	assert.Equal(t, 6, anna.Commands)
	assert.Equal(t, 0, ben.Starbases)
	assert.Equal(t, 1, anna.Projects)
	assert.Equal(t, 0, ben.Projects)
	assert.Equal(t, 2, anna.HomeSystems)
	assert.False(t, ben.HoldsHome, "Ben lost his home system")
	assertReplays(t, s)
}

// TestVictoryNeedsTheHomeSystem: wrong result 8. Holding the home system
// is tracked from invasions, hegemony and the Borg; a player with no
// systems holds none; the Vulcan agenda wins.
func TestVictoryNeedsTheHomeSystem(t *testing.T) {
	s := ascTurns(t, ascrules.Ferengi, AscOptions{})
	rejected(t, s, SetStrict{Strict: false}, CodeNotNow)
	// Anna (Ferengi) reaches 5 ascendancy but holds no system.
	_, err := viaJSON(t, s, Ruling{Reason: "correction", Command: AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 4}})
	require.Error(t, err, "no rule to overrule: a correction")
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 4}, AdjustAsc{Player: "p1", Counter: CounterSystems, Delta: -1})
	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})
	assert.NotEqual(t, AscOver, s.State().Ascendancy.Walker.Stage, "no systems, no home: no victory")

	// Cleo's home is taken by hegemony: her 5 ascendancy no longer wins.
	s = ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, NextPhase{}, AdjustAsc{Player: "p3", Counter: CounterAscendancy, Delta: 4},
		AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 1},
		TryHegemony{Player: "p1", Target: "p3", System: "Romulus", Resistance: 2, Roll: Entered(6), HomeOf: "p3"})
	assert.False(t, ascPlayer(t, s, "p3").HoldsHome)
	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})
	assert.NotEqual(t, AscOver, s.State().Ascendancy.Walker.Stage)

	// The Vulcan agenda.
	s = ascTurns(t, ascrules.Vulcan, AscOptions{})
	rejected(t, s, CompleteAgenda{Player: "p2"}, CodeRules)
	play(t, s, CompleteAgenda{Player: "p1"})
	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})
	a := s.State().Ascendancy
	assert.Equal(t, AscOver, a.Walker.Stage)
	assert.Equal(t, []string{"p1"}, a.Walker.Winners)
	assert.Equal(t, "agenda", a.Walker.Reason)
}

// TestHegemonyModifier: wrong result 7. The Universal Translator adds 1 to
// the die: 3 + ascendancy 1 + 1 beats resistance 4.
func TestHegemonyModifier(t *testing.T) {
	cases := []struct {
		mod     int
		success bool
	}{{0, false}, {1, true}}
	for _, tc := range cases {
		s := ascTurns(t, ascrules.Federation, AscOptions{})
		play(t, s, NextPhase{})
		evs, err := viaJSON(t, s, TryHegemony{Player: "p1", Target: "p2", Resistance: 4, Roll: Entered(3), Modifier: tc.mod})
		require.NoError(t, err)
		assert.Equal(t, tc.success, evs[0].Payload.(HegemonyTried).Result.Success, "modifier %d", tc.mod)
	}
}

// TestBidsInLastRoundsOrderAndDrawnCards: bids follow last round's turn
// order (a pass counts as a turn), messages name players, and the cards
// the non-bidders drew can be entered.
func TestBidsInLastRoundsOrderAndDrawnCards(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, FirstContact{Player: "p1"}, FirstContact{Player: "p2"}, FirstContact{Player: "p3"})
	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})
	refusedBy(t, s, Bid{Player: "p2", Spent: ascrules.Resources{Production: 1}}, ruleBidOrder)
	play(t, s, Bid{Player: "p1", Pass: true}, Bid{Player: "p2", Spent: ascrules.Resources{Production: 1}})
	r := rejected(t, s, Bid{Player: "p3", Spent: ascrules.Resources{Culture: 1}}, CodeRules)
	assert.Equal(t, "Cleo cannot bid 1: Ben already bid that total", r)
	play(t, s, Bid{Player: "p3", Spent: ascrules.Resources{Culture: 2}})
	r = rejected(t, s, ChooseTurnOrder{Chosen: map[string]int{"p3": 1, "p2": 2}, Drawn: map[string]int{"p1": 1}}, CodeRules)
	assert.Equal(t, "Anna drew card 1, which is not available", r)
	play(t, s, ChooseTurnOrder{Chosen: map[string]int{"p3": 1, "p2": 2}, Drawn: map[string]int{"p1": 3}})
	assert.Equal(t, []string{"p3", "p2", "p1"}, s.State().Ascendancy.Walker.Order)
}

// TestFleetLimit: the screens' word before the tap is the refusal
// CommissionFleet gives: nothing while a fleet may be commissioned, the
// fleet-cards rule at 3, the ascendancy rule (the Vulcans' own wording)
// at as many fleets as ascendancy.
func TestFleetLimit(t *testing.T) {
	for _, tc := range []struct {
		name               string
		faction            ascrules.Faction
		fleets, ascendancy int
		want               Rule
	}{
		{"room for one", ascrules.Klingon, 1, 2, Rule{}},
		{"as many as ascendancy", ascrules.Klingon, 1, 1, ruleFleetsAscendancy},
		{"Vulcans", ascrules.Vulcan, 3, 3, ruleFleetCards},
		{"Vulcans at ascendancy", ascrules.Vulcan, 2, 2, ruleVulcanFleets},
		{"all fleet cards", ascrules.Federation, 3, 5, ruleFleetCards},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rej := FleetLimit(AscPlayer{Name: "Ben", Faction: tc.faction, Fleets: tc.fleets, Ascendancy: tc.ascendancy})
			if tc.want == (Rule{}) {
				assert.Nil(t, rej)
				return
			}
			require.NotNil(t, rej)
			assert.Equal(t, tc.want.Key, rej.RuleKey)
			assert.True(t, rej.Overridable, "the table may record it anyway")
			assert.Contains(t, rej.Reason, "Ben")
		})
	}
}
