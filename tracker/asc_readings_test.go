package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// rechargeGain runs Recharge and returns what the player with id gained.
func rechargeGain(t *testing.T, s *Session, cmd Recharge, id string) ascrules.Resources {
	t.Helper()
	before := ascPlayer(t, s, id).Resources
	play(t, s, cmd)
	return ascPlayer(t, s, id).Resources.Sub(before)
}

// TestCardassianOccupationReadings: a Cardassian system with no Cardassian
// ship in orbit generates nothing (full rulebook) or no production (rules
// summary), as the game's option says.
func TestCardassianOccupationReadings(t *testing.T) {
	idle := ascrules.Resources{Production: 1, Research: 1, Culture: 1}
	cases := []struct {
		reading string
		lost    ascrules.Resources
	}{
		{"", idle},
		{OccupationAll, idle},
		{OccupationProduction, ascrules.Resources{Production: 1}},
	}
	for _, tc := range cases {
		t.Run("reading "+tc.reading, func(t *testing.T) {
			base := ascTurns(t, ascrules.Cardassian, AscOptions{Occupation: tc.reading})
			nextUntil(t, base, atStage(AscRecharge))
			full := rechargeGain(t, base, Recharge{}, "p1")

			s := ascTurns(t, ascrules.Cardassian, AscOptions{Occupation: tc.reading})
			nextUntil(t, s, atStage(AscRecharge))
			got := rechargeGain(t, s, Recharge{Unoccupied: map[string]ascrules.Resources{"p1": idle}}, "p1")
			assert.Equal(t, full.Sub(tc.lost), got)
			assertReplays(t, s)
		})
	}
}

// TestOccupationInputRefused: only the Cardassians' systems can be
// unoccupied (a rule the table can overrule); no more nodes than they have.
func TestOccupationInputRefused(t *testing.T) {
	s := ascTurns(t, ascrules.Cardassian, AscOptions{})
	nextUntil(t, s, atStage(AscRecharge))
	ben := Recharge{Unoccupied: map[string]ascrules.Resources{"p2": {Production: 1}}}
	refusedBy(t, s, ben, ruleOccupationCardassian)
	rejected(t, s, Recharge{Unoccupied: map[string]ascrules.Resources{"p1": {Production: 9}}}, CodeRules)
	rejected(t, s, Recharge{Unoccupied: map[string]ascrules.Resources{"p1": {Production: -1}}}, CodeInvalid)
	rejected(t, s, Recharge{Unoccupied: map[string]ascrules.Resources{"p9": {Production: 1}}}, CodeNotFound)
	overruled(t, s, ben, "a crisis card", ruleOccupationCardassian)
	require.NotEqual(t, AscRecharge, s.State().Ascendancy.Walker.Stage)
}

// TestStarbaseDieReadings: Anna's two starbases in the battle's system add
// one die (full rulebook) or one die each (rules summary); a starbase she
// does not control adds none.
func TestStarbaseDieReadings(t *testing.T) {
	attack := func(starbases, dice int) SpaceBattleRound {
		b := battle("p1", 3, "p2", 2)
		b.Attacker.Starbases = starbases
		b.Attacker.Rolls = []Roll{Entered(repeat(1, dice)...)}
		return b
	}
	cases := []struct {
		name    string
		reading string
		cmd     SpaceBattleRound
		rule    Rule // zero: accepted
	}{
		{"rulebook: one die for one starbase", StarbaseDieOrbit, attack(1, 4), Rule{}},
		{"rulebook: one die however many", StarbaseDieOrbit, attack(2, 5), ruleStarbaseDieOnce},
		{"default is the rulebook", "", attack(2, 5), ruleStarbaseDieOnce},
		{"summary: one die per starbase", StarbaseDiePerStarbase, attack(2, 5), Rule{}},
		{"summary: only starbases she controls", StarbaseDiePerStarbase, attack(3, 6), ruleStarbaseDiePerStarbase},
		{"rulebook: only starbases she controls", StarbaseDieOrbit, func() SpaceBattleRound {
			b := attack(0, 3)
			b.Defenders[0].Starbase = true
			b.Defenders[0].Rolls = []Roll{Entered(1, 1, 1)}
			return b
		}(), ruleStarbaseDie},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Klingon, AscOptions{StarbaseDice: tc.reading})
			play(t, s, AdjustAsc{Player: "p1", Counter: CounterStarbases, Delta: 2}, NextPhase{})
			if tc.rule == (Rule{}) {
				evs, err := viaJSON(t, s, tc.cmd)
				require.NoError(t, err)
				fought := evs[0].Payload.(SpaceRoundFought)
				assert.Len(t, fought.AttackerDice[0].Faces, len(tc.cmd.Attacker.Rolls[0].Faces))
				return
			}
			refusedBy(t, s, tc.cmd, tc.rule)
			overruled(t, s, tc.cmd, "the table agreed", tc.rule)
			assertReplays(t, s)
		})
	}
}

// TestAndorianReconReadings: the reconnaissance fleet's token goes on any
// system (full rulebook) or only on a rival-controlled one (rules
// summary); never on a phenomenon; taken back at any time.
func TestAndorianReconReadings(t *testing.T) {
	cases := []struct {
		name    string
		reading string
		cmd     AndorianToken
		rule    Rule // zero: accepted
	}{
		{"rulebook: a rival's system", ReconAnySystem, AndorianToken{Player: "p1", System: "Qo'noS", Controller: "p2"}, Rule{}},
		{"rulebook: an independent system", ReconAnySystem, AndorianToken{Player: "p1", System: "Risa"}, Rule{}},
		{"rulebook: her own system", "", AndorianToken{Player: "p1", System: "Andoria", Controller: "p1"}, Rule{}},
		{"rulebook: no phenomenon", ReconAnySystem, AndorianToken{Player: "p1", System: "Nebula", Phenomenon: true}, ruleReconPhenomena},
		{"summary: a rival's system", ReconRivalSystem, AndorianToken{Player: "p1", System: "Qo'noS", Controller: "p2"}, Rule{}},
		{"summary: not an independent system", ReconRivalSystem, AndorianToken{Player: "p1", System: "Risa"}, ruleReconRival},
		{"summary: not her own system", ReconRivalSystem, AndorianToken{Player: "p1", System: "Andoria", Controller: "p1"}, ruleReconRival},
		{"summary: no phenomenon", ReconRivalSystem, AndorianToken{Player: "p1", System: "Nebula", Controller: "p2", Phenomenon: true}, ruleReconPhenomena},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Andorian, AscOptions{AndorianRecon: tc.reading})
			if tc.rule == (Rule{}) {
				play(t, s, tc.cmd)
			} else {
				refusedBy(t, s, tc.cmd, tc.rule)
				overruled(t, s, tc.cmd, "the table agreed", tc.rule)
			}
			assert.Equal(t, []string{tc.cmd.System}, ascPlayer(t, s, "p1").AndorianTokens)
			rejected(t, s, tc.cmd, CodeNothing)
			rem := tc.cmd
			rem.Remove = true
			play(t, s, rem)
			assert.Empty(t, ascPlayer(t, s, "p1").AndorianTokens)
			rejected(t, s, rem, CodeNothing)
			assertReplays(t, s)
		})
	}
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	rejected(t, s, AndorianToken{Player: "p1", System: "Risa"}, CodeInvalid)
	s = ascTurns(t, ascrules.Andorian, AscOptions{})
	rejected(t, s, AndorianToken{Player: "p1", System: "  "}, CodeInvalid)
	rejected(t, s, AndorianToken{Player: "p1", System: "Risa", Controller: "p9"}, CodeNotFound)
}
