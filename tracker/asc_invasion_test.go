package tracker

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// TestInvasionUnderWay: the invasion under way is tracker state. A round
// that leaves ships and nodes sets it; the next round fights from what it
// left, without another command; an outcome, a surrender or the turn
// moving on ends it. Rounds out of order, or with ships or nodes the
// invasion no longer has, are refused by the rule (and may be overruled).
func TestInvasionUnderWay(t *testing.T) {
	// Anna (Klingons, 6 ships, hit on 5+) invades Ben's system: its control
	// node and 2 resource nodes (Ben's nodes hit on 5+ too).
	round := func(n, ships, nodes int, att, def []int) InvasionRound {
		return InvasionRound{Round: n, Attacker: "p1", Ships: ships, Defender: "p2", System: "Qo'noS", Nodes: nodes,
			AttackerRoll: Entered(att...), DefenderRoll: Entered(def...)}
	}
	// lose names the resource nodes the round destroys (the attacker's
	// choice on collateral damage).
	lose := func(r InvasionRound, lost ascrules.Resources) InvasionRound {
		r.NodesLost = lost
		return r
	}
	under := func(r, ships, nodes int) *InvasionUnderWay {
		return &InvasionUnderWay{Attacker: "p1", Defender: "p2", System: "Qo'noS", Round: r, Ships: ships, Nodes: nodes,
			DefenderWeapons: 5}
	}
	type step struct {
		name    string
		cmd     Command
		refused Rule // the rule the step breaks (zero: played)
		want    *InvasionUnderWay
		ready   int // Anna's command tokens ready after the step
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"collateral damage, then the next rounds to annihilation", []step{
			// 1 hit on 3 nodes: one destroyed; the nodes sink one ship.
			{"round 1", lose(round(1, 3, 3, []int{6, 1, 1}, []int{5, 1, 1}), ascrules.Resources{Culture: 1}), Rule{}, under(1, 2, 2), 4},
			{"round 3 is not next", round(3, 2, 2, []int{1, 1}, []int{1, 1}), ruleInvasionGoesOn, under(1, 2, 2), 4},
			{"a lost ship", round(2, 3, 2, []int{1, 1, 1}, []int{1, 1}), ruleInvasionLosses, under(1, 2, 2), 4},
			{"a destroyed node", round(2, 2, 3, []int{1, 1}, []int{1, 1, 1}), ruleInvasionLosses, under(1, 2, 2), 4},
			// Round 0 is the next round: no hits either way.
			{"round 2 from what round 1 left", round(0, 2, 2, []int{1, 1}, []int{1, 1}), Rule{}, under(2, 2, 2), 4},
			// 2 hits on 2 nodes: total annihilation ends it, and takes the
			// last resource node with it.
			{"round 3 annihilates", lose(round(3, 2, 2, []int{6, 6}, []int{1, 1}), ascrules.Resources{Research: 1}), Rule{}, nil, 4},
			{"no round 4", round(4, 2, 2, []int{6, 6}, []int{1, 1}), ruleInvasionGoesOn, nil, 4},
			{"a new invasion starts at round 1", round(1, 2, 2, []int{1, 1}, []int{1, 1}), Rule{}, under(1, 2, 2), 3},
		}},
		{"success ends it", []step{
			{"round 1", round(1, 4, 3, []int{1, 1, 1, 1}, []int{1, 1, 1}), Rule{}, under(1, 4, 3), 4},
			{"4 hits on 3 nodes", round(2, 4, 3, []int{6, 6, 6, 6}, []int{1, 1, 1}), Rule{}, nil, 4},
		}},
		{"failure ends it", []step{
			{"round 1: every ship sunk", round(1, 2, 3, []int{1, 1}, []int{6, 6, 1}), Rule{}, nil, 4},
		}},
		{"surrender ends it", []step{
			{"round 1", round(1, 3, 3, []int{1, 1, 1}, []int{1, 1, 1}), Rule{}, under(1, 3, 3), 4},
			{"Ben surrenders", InvasionRound{Round: 2, Attacker: "p1", Ships: 3, Defender: "p2", Nodes: 3, Surrender: true}, Rule{}, nil, 4},
		}},
		{"another defender is another invasion", []step{
			{"round 1", round(1, 3, 3, []int{1, 1, 1}, []int{1, 1, 1}), Rule{}, under(1, 3, 3), 4},
			{"no invasion of Cleo under way", InvasionRound{Round: 2, Attacker: "p1", Ships: 3, Defender: "p3", Nodes: 2,
				AttackerRoll: Entered(1, 1, 1), DefenderRoll: Entered(1, 1)}, ruleInvasionGoesOn, under(1, 3, 3), 4},
			{"Cleo's round 1 replaces it", InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Defender: "p3", Nodes: 2,
				AttackerRoll: Entered(1, 1, 1), DefenderRoll: Entered(1, 1)}, Rule{},
				&InvasionUnderWay{Attacker: "p1", Defender: "p3", Round: 1, Ships: 3, Nodes: 2, DefenderWeapons: 5}, 3},
		}},
		{"an independent system", []step{
			{"level 2: hit on 4+, shields 2", InvasionRound{Round: 1, Attacker: "p1", Ships: 2, Nodes: 2, DefenderWeapons: 4, DefenderShields: 2,
				AttackerRoll: Entered(1, 1), DefenderRoll: Entered(1, 1)}, Rule{},
				&InvasionUnderWay{Attacker: "p1", Round: 1, Ships: 2, Nodes: 2, DefenderWeapons: 4, DefenderShields: 2}, 4},
			{"round 2", InvasionRound{Attacker: "p1", Ships: 2, Nodes: 2, DefenderWeapons: 4, DefenderShields: 2,
				AttackerRoll: Entered(1, 1), DefenderRoll: Entered(1, 1)}, Rule{},
				&InvasionUnderWay{Attacker: "p1", Round: 2, Ships: 2, Nodes: 2, DefenderWeapons: 4, DefenderShields: 2}, 4},
			{"the turn moves on", NextPhase{}, Rule{}, nil, 4},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Klingon, AscOptions{})
			play(t, s, NextPhase{})
			for _, st := range tc.steps {
				if st.refused.Key != "" {
					refusedBy(t, s, st.cmd, st.refused)
				} else {
					play(t, s, st.cmd)
				}
				a := s.State().Ascendancy
				assert.Equal(t, st.want, a.Invasion, st.name)
				if p := ascPlayer(t, s, "p1"); a.Walker.Turn == 0 {
					assert.Equal(t, st.ready, p.Ready(), "%s: one command for the whole invasion", st.name)
				}
			}
			assertReplays(t, s)
		})
	}
}

// TestInvasionRoundOverruled: a round the table plays against the rules
// (more ships than the invasion has left) is fought as asked and leaves the
// invasion from its own result.
func TestInvasionRoundOverruled(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, NextPhase{}, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Defender: "p2", Nodes: 3,
		AttackerRoll: Entered(1, 1, 1), DefenderRoll: Entered(6, 1, 1)})
	require.Equal(t, 2, s.State().Ascendancy.Invasion.Ships)
	overruled(t, s, InvasionRound{Round: 2, Attacker: "p1", Ships: 3, Defender: "p2", Nodes: 3,
		AttackerRoll: Entered(1, 1, 1), DefenderRoll: Entered(1, 1, 1)}, "a fleet card brings one more", ruleInvasionLosses)
	u := s.State().Ascendancy.Invasion
	require.NotNil(t, u)
	assert.Equal(t, 2, u.Round)
	assert.Equal(t, 3, u.Ships)
	assertReplays(t, s)
}

// TestInvasionReplaysFromOldRecords: games saved before the state held the
// invasion under way hold the same events (an invasion round is one
// asc.invasion event with the same fields, then the players' records): read
// back from the store's record form, they replay to the same invasion.
func TestInvasionReplaysFromOldRecords(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, NextPhase{}, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Defender: "p2", System: "Qo'noS", Nodes: 3,
		AttackerRoll: Entered(6, 1, 1), DefenderRoll: Entered(5, 1, 1), NodesLost: ascrules.Resources{Culture: 1}})
	want := s.State().Ascendancy.Invasion
	require.NotNil(t, want)
	var events []Event
	for _, e := range s.Log() {
		if e.Type == "asc.invasion" {
			// The payload as an old version wrote it: these fields, no more.
			var fields map[string]json.RawMessage
			b, err := json.Marshal(e.Payload)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(b, &fields))
			var keys []string
			for k := range fields {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			assert.Equal(t, []string{"attacker_dice", "defender", "defender_dice", "invasion", "result", "system"}, keys)
		}
		assert.NotEqual(t, "asc.invasion_set", e.Type, "no event an old version cannot read")
		rec, err := MarshalRecord(e)
		require.NoError(t, err)
		back, err := UnmarshalRecord(rec)
		require.NoError(t, err)
		events = append(events, back)
	}
	r, err := Replay(KindAscendancy, events, Options{})
	require.NoError(t, err)
	assert.Equal(t, want, r.State().Ascendancy.Invasion)
	assert.Equal(t, &InvasionUnderWay{Attacker: "p1", Defender: "p2", System: "Qo'noS", Round: 1, Ships: 2, Nodes: 2, DefenderWeapons: 5}, want)
	// Undo takes the round back, and the invasion with it.
	_, err = r.Undo()
	require.NoError(t, err)
	assert.Nil(t, r.State().Ascendancy.Invasion)
}

// TestValidateInvasion: an imported game's invasion under way names
// players in the game and counts a running invasion can have.
func TestValidateInvasion(t *testing.T) {
	ok := InvasionUnderWay{Attacker: "p1", Defender: "p2", Round: 1, Ships: 2, Nodes: 2}
	cases := []struct {
		name string
		edit func(*InvasionUnderWay)
		bad  string
	}{
		{"a running invasion", func(*InvasionUnderWay) {}, ""},
		{"an independent system", func(u *InvasionUnderWay) { u.Defender, u.DefenderWeapons, u.DefenderShields = "", 4, 2 }, ""},
		{"an attacker not in the game", func(u *InvasionUnderWay) { u.Attacker = "p9" }, "not in the game"},
		{"a defender not in the game", func(u *InvasionUnderWay) { u.Defender = "p9" }, "not in the game"},
		{"their own system", func(u *InvasionUnderWay) { u.Defender = "p1" }, "their own system"},
		{"round 0", func(u *InvasionUnderWay) { u.Round = 0 }, "round 0"},
		{"no ships left", func(u *InvasionUnderWay) { u.Ships = 0 }, "0 ship(s)"},
		{"no nodes left", func(u *InvasionUnderWay) { u.Nodes = 0 }, "0 node(s)"},
		{"an independent system without a hit roll", func(u *InvasionUnderWay) { u.Defender = "" }, "hit roll 0"},
		{"a long system name", func(u *InvasionUnderWay) { u.System = string(make([]byte, 500)) }, "invasion under way"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTwoPlayers(t)
			st := s.State()
			u := ok
			tc.edit(&u)
			st.Ascendancy.Invasion = &u
			err := ValidateState(st)
			if tc.bad == "" {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrImpossible)
			assert.Contains(t, err.Error(), tc.bad)
		})
	}
}

func TestInvasionRound(t *testing.T) {
	s := ascTwoPlayers(t)
	// Alice (5+) invades Bob's 3-node system (control node + 2 production):
	// 2 hits on 3 nodes is collateral damage; Bob's nodes (5+) hit once.
	evs, err := viaJSON(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 4, Defender: "p2", System: "Qo'noS", Nodes: 3,
		AttackerRoll: Entered(6, 5, 2, 1), DefenderRoll: Entered(5, 3, 1), NodesLost: ascrules.Resources{Production: 2}})
	require.NoError(t, err)
	assert.Equal(t, "Invasion of Qo'noS round 1: collateral damage (2 hit(s) on 3 node(s); nodes hit 1 ship(s))", evs[0].Label)
	assert.Equal(t, 3, ascPlayer(t, s, "p1").Ships)
	assert.Equal(t, 0, ascPlayer(t, s, "p2").Nodes.Production)
	// Round 2: one node left; two hits take the system.
	play(t, s, InvasionRound{Round: 2, Attacker: "p1", Ships: 3, Defender: "p2", Nodes: 1,
		AttackerRoll: Entered(6, 6, 1), DefenderRoll: Entered(2)})
	assert.Equal(t, 2, ascPlayer(t, s, "p1").Systems)
	assert.Equal(t, 0, ascPlayer(t, s, "p2").Systems)

	rejected(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Nodes: 2, AttackerRoll: Entered(6, 6, 6), DefenderRoll: Entered(1, 1)}, CodeInvalid) // no tech level
	rejected(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Nodes: 2, DefenderWeapons: 5, DefenderShields: 1,
		AttackerRoll: Entered(6, 6), DefenderRoll: Entered(1, 1)}, CodeRules) // one die short
	rejected(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Defender: "p2", Nodes: 3,
		AttackerRoll: Entered(6, 1, 1), DefenderRoll: Entered(1, 1, 1), NodesLost: ascrules.Resources{Culture: 1}}, CodeRules)
	evs, err = viaJSON(t, s, InvasionRound{Round: 1, Attacker: "p2", Ships: 1, Defender: "p1", Nodes: 2, Surrender: true})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "the defender surrenders")
	assert.Equal(t, 1, ascPlayer(t, s, "p2").Systems)
	assertReplays(t, s)
}

// TestInvasionDestroysTheNodesItHits: the resource nodes an invasion round
// destroys leave the defender's console, as many as the rulebook says.
// Seed 002 "Danni Collaterali": "the attacker must choose a number of
// resource nodes to destroy equal to the number of hits" (seed 003 the
// same); its example is a Federation planet with a culture node, a
// research node and the control node: one hit destroys one of the two, of
// the Klingons' choice, two hits must destroy both. Seed 002 "Distruzione
// Totale": hits equal to the nodes destroy every node on the planet,
// control node included. Fewer nodes named are refused by the rule (and
// may be overruled); when the planet's resource nodes are given and the
// round leaves no choice, the tracker takes them off itself.
func TestInvasionDestroysTheNodesItHits(t *testing.T) {
	planet := ascrules.Resources{Culture: 1, Research: 1}
	round := func(att []int, lost, sys ascrules.Resources) InvasionRound {
		return InvasionRound{Round: 1, Attacker: "p1", Ships: 4, Defender: "p2", System: "Vulcan", Nodes: 3,
			AttackerRoll: Entered(att...), DefenderRoll: Entered(1, 1, 1), NodesLost: lost, SystemNodes: sys}
	}
	oneHit, twoHits, threeHits := []int{6, 1, 1, 1}, []int{6, 6, 1, 1}, []int{6, 6, 5, 1}
	cases := []struct {
		name    string
		cmd     InvasionRound
		refused Rule
		nodes   ascrules.Resources // Ben's nodes after the round
		systems int                // Ben's systems after the round
	}{
		{"two hits, one node named", round(twoHits, ascrules.Resources{Research: 1}, ascrules.Resources{}), ruleCollateralDamage,
			ascrules.Resources{Production: 1, Research: 1, Culture: 1}, 1},
		{"two hits, no node named", round(twoHits, ascrules.Resources{}, ascrules.Resources{}), ruleCollateralDamage,
			ascrules.Resources{Production: 1, Research: 1, Culture: 1}, 1},
		{"two hits destroy both", round(twoHits, planet, ascrules.Resources{}), Rule{}, ascrules.Resources{Production: 1}, 1},
		{"two hits on the planet's two resource nodes: no choice", round(twoHits, ascrules.Resources{}, planet), Rule{},
			ascrules.Resources{Production: 1}, 1},
		{"one hit: the attacker chooses", round(oneHit, ascrules.Resources{}, planet), ruleCollateralDamage,
			ascrules.Resources{Production: 1, Research: 1, Culture: 1}, 1},
		{"one hit on the culture node", round(oneHit, ascrules.Resources{Culture: 1}, planet), Rule{},
			ascrules.Resources{Production: 1, Research: 1}, 1},
		{"no hits destroy nothing", round([]int{1, 1, 1, 1}, ascrules.Resources{}, planet), Rule{},
			ascrules.Resources{Production: 1, Research: 1, Culture: 1}, 1},
		{"annihilation destroys the planet's nodes", round(threeHits, ascrules.Resources{}, planet), Rule{},
			ascrules.Resources{Production: 1}, 0},
		{"annihilation with the nodes named", round(threeHits, planet, ascrules.Resources{}), Rule{}, ascrules.Resources{Production: 1}, 0},
		{"annihilation with one node named", round(threeHits, ascrules.Resources{Research: 1}, ascrules.Resources{}), ruleTotalAnnihilation,
			ascrules.Resources{Production: 1, Research: 1, Culture: 1}, 1},
		{"annihilation with no node named", round(threeHits, ascrules.Resources{}, ascrules.Resources{}), ruleTotalAnnihilation,
			ascrules.Resources{Production: 1, Research: 1, Culture: 1}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Klingon, AscOptions{})
			play(t, s, NextPhase{})
			if tc.refused.Key != "" {
				refusedBy(t, s, tc.cmd, tc.refused)
			} else {
				play(t, s, tc.cmd)
			}
			ben := ascPlayer(t, s, "p2")
			assert.Equal(t, tc.nodes, ben.Nodes)
			assert.Equal(t, tc.systems, ben.Systems)
			if tc.refused.Key != "" {
				overruled(t, s, tc.cmd, "the table agreed", tc.refused)
			}
			assertReplays(t, s)
		})
	}
}

// TestAnnihilatedNodesProduceNothing: the nodes of an annihilated planet
// are gone from the defender's console, so the next recharge generates
// nothing from them (seed 002 "Distruzione Totale").
func TestAnnihilatedNodesProduceNothing(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, NextPhase{}, InvasionRound{Round: 1, Attacker: "p1", Ships: 4, Defender: "p2", System: "Qo'noS", Nodes: 4,
		AttackerRoll: Entered(6, 6, 6, 6), DefenderRoll: Entered(1, 1, 1, 1),
		SystemNodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, HomeOf: "p2"})
	ben := ascPlayer(t, s, "p2")
	assert.Equal(t, ascrules.Resources{}, ben.Nodes, "every node on the planet is destroyed")
	assert.Equal(t, 0, ben.Systems)
	assert.False(t, ben.HoldsHome)
	nextUntil(t, s, atStage(AscRecharge))
	assert.Equal(t, ascrules.Resources{}, rechargeGain(t, s, Recharge{}, "p2"), "no nodes left to generate")
	assertReplays(t, s)
}

// TestCaptureTakesAProjectPerResearchNode: seed 003 "Capturing research
// nodes and starbases": "that rival must choose 1 of their active projects
// per node captured and give them to you"; seed 002 "Catturare i Nodi di
// Ricerca" the same, and: a destroyed research node captures nothing, and
// a player with no active projects gives none.
func TestCaptureTakesAProjectPerResearchNode(t *testing.T) {
	cases := []struct {
		name           string
		projects       int // Ben's active projects
		collateral     bool
		anna, benAfter int
	}{
		{"two research nodes, two projects", 2, false, 2, 0},
		{"two research nodes, one project", 1, false, 1, 0},
		{"two research nodes, no project", 0, false, 0, 0},
		{"one research node destroyed first", 2, true, 1, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Klingon, AscOptions{})
			play(t, s, AdjustAsc{Player: "p2", Counter: CounterNodeRes, Delta: 1}, NextPhase{})
			earlierProjects(t, s, "p2", tc.projects)
			// The planet: the control node and 2 research nodes.
			sys := ascrules.Resources{Research: 2}
			round := 1
			if tc.collateral {
				play(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 4, Defender: "p2", System: "Qo'noS", Nodes: 3,
					AttackerRoll: Entered(6, 1, 1, 1), DefenderRoll: Entered(1, 1, 1),
					NodesLost: ascrules.Resources{Research: 1}, SystemNodes: sys})
				sys, round = ascrules.Resources{Research: 1}, 2
			}
			nodes := sys.Total() + 1
			misses := slices.Repeat([]int{1}, nodes)
			play(t, s, InvasionRound{Round: round, Attacker: "p1", Ships: 4, Defender: "p2", System: "Qo'noS", Nodes: nodes,
				AttackerRoll: Entered(6, 6, 6, 6), DefenderRoll: Entered(misses...), SystemNodes: sys})
			anna, ben := ascPlayer(t, s, "p1"), ascPlayer(t, s, "p2")
			assert.Equal(t, tc.anna, anna.Projects)
			assert.Equal(t, tc.benAfter, ben.Projects)
			assert.Equal(t, 1+sys.Research, anna.Nodes.Research)
			assertReplays(t, s)
		})
	}
}
