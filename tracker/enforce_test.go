package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// refusedBy executes cmd, expects a refusal because a rule is broken, and
// checks the refusal names the rule (its words and source) and may be
// overruled. It returns the rejection.
func refusedBy(t *testing.T, s *Session, cmd Command, rule Rule) *Rejection {
	t.Helper()
	before := s.Seq()
	_, err := viaJSON(t, s, cmd)
	require.Error(t, err, "%s should be refused", cmd.CommandType())
	var r *Rejection
	require.ErrorAs(t, err, &r)
	assert.Equal(t, CodeRules, r.Code, r.Reason)
	assert.Equal(t, rule.Text, r.Rule, r.Reason)
	assert.Equal(t, rule.Source, r.Source)
	assert.True(t, r.Overridable)
	assert.Contains(t, r.Error(), rule.String())
	assert.Equal(t, before, s.Seq(), "a refusal changes nothing")
	return r
}

// overruled records cmd as a table ruling with reason and checks the log
// shows it with the rule, the state counts it, and undo takes it back.
func overruled(t *testing.T, s *Session, cmd Command, reason string, rule Rule) []Event {
	t.Helper()
	n := len(s.State().Rulings)
	evs, err := viaJSON(t, s, Ruling{Reason: reason, Command: cmd})
	require.NoError(t, err)
	require.NotEmpty(t, evs)
	assert.Equal(t, "ruling", evs[0].Type, "the ruling leads its step")
	assert.Contains(t, evs[0].Label, "Table ruling")
	assert.Contains(t, evs[0].Label, reason)
	assert.Contains(t, evs[0].Label, rule.Text)
	rs := s.State().Rulings
	require.Len(t, rs, n+1)
	assert.Equal(t, reason, rs[n].Reason)
	assert.Contains(t, rs[n].Rules, rule.String())
	assert.Equal(t, cmd.CommandType(), rs[n].Command)
	return evs
}

func startingPlayer(name string, f ascrules.Faction) AddStartingPlayer {
	return AddStartingPlayer{AddAscPlayer: AddAscPlayer{Name: name, Civilization: name + "s", Faction: f,
		Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
		Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3}
}

// TestRulingRecordsARefusedStep: a refused step is recorded as a table
// ruling (logged first in its step, counted, undoable, kept in a replay);
// a step that breaks no rule, or fails for another reason, is not.
func TestRulingRecordsARefusedStep(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	bad := startingPlayer("Anna", ascrules.Federation)
	bad.Ascendancy = 9
	r := refusedBy(t, s, bad, ruleStartAscendancy)
	assert.Equal(t, "Anna starts with ascendancy 1, not 9. Each player starts with 1 ascendancy (Ascendancy rulebook (July 2020), Starting Ascendancy).", r.Error())

	evs := overruled(t, s, bad, "house rule: veterans start ahead", ruleStartAscendancy)
	assert.Equal(t, 9, ascPlayer(t, s, "p1").Ascendancy)
	h := s.History()
	assert.Contains(t, h.Undo[0].Label, "Table ruling: Anna joins as Annas")
	assert.Len(t, evs, 3)
	assertReplays(t, s)

	_, err := s.Undo()
	require.NoError(t, err)
	assert.Empty(t, s.State().Rulings)
	assert.Empty(t, s.State().Ascendancy.Players)
	_, err = s.Redo()
	require.NoError(t, err)
	assert.Len(t, s.State().Rulings, 1)

	// Nothing to overrule, or not a rule: refused.
	rejected(t, s, Ruling{Reason: "why not", Command: startingPlayer("Ben", ascrules.Klingon)}, CodeInvalid)
	rejected(t, s, Ruling{Reason: "why not", Command: AdjustAsc{Player: "p9", Counter: CounterShips, Delta: 1}}, CodeNotFound)
	rejected(t, s, Ruling{Reason: "  ", Command: bad}, CodeInvalid)
	rejected(t, s, Ruling{Reason: "x", Command: Ruling{Reason: "y", Command: bad}}, CodeInvalid)
	_, err = s.Execute(Ruling{Reason: "x"})
	var rej *Rejection
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, CodeInvalid, rej.Code)
	_, err = DecodeCommand([]byte(`{"type":"ruling","data":{"reason":"x"}}`))
	assert.Error(t, err)
}

// TestStrictChecksOff: a table that wants a plain tracker turns the checks
// off at setup; a broken rule then goes through without a ruling.
func TestStrictChecksOff(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	rejected(t, s, SetStrict{Strict: true}, CodeNothing)
	play(t, s, SetStrict{Strict: false})
	assert.True(t, s.State().Relaxed)
	bad := startingPlayer("Anna", ascrules.Federation)
	bad.Ascendancy = 9
	play(t, s, bad, startingPlayer("Ben", ascrules.Klingon), StartAscendancy{})
	assert.Empty(t, s.State().Rulings)
	rejected(t, s, SetStrict{Strict: true}, CodeNotNow)
	assertReplays(t, s)

	a := newTestSession(t, KindAway)
	play(t, a, SetStrict{Strict: false})
	assert.True(t, a.State().Relaxed)
}

// TestSetupChecksStartingValues: issue item 9, starting values follow the
// setup rules and the options the table chose.
func TestSetupChecksStartingValues(t *testing.T) {
	mod := func(f ascrules.Faction, edit func(*AddStartingPlayer)) AddStartingPlayer {
		c := startingPlayer("Tom", f)
		edit(&c)
		return c
	}
	cases := []struct {
		name string
		opts AscOptions
		cmd  AddStartingPlayer
		rule Rule // zero: accepted
	}{
		{"standard", AscOptions{}, startingPlayer("Tom", ascrules.Federation), Rule{}},
		{"ascendancy 9", AscOptions{}, mod(ascrules.Federation, func(c *AddStartingPlayer) { c.Ascendancy = 9 }), ruleStartAscendancy},
		{"vulcan 1", AscOptions{}, mod(ascrules.Vulcan, func(c *AddStartingPlayer) {}), ruleVulcanAscendancy},
		{"vulcan 3", AscOptions{}, mod(ascrules.Vulcan, func(c *AddStartingPlayer) { c.Ascendancy = 3 }), Rule{}},
		{"vulcan developed", AscOptions{}, mod(ascrules.Vulcan, func(c *AddStartingPlayer) {
			c.Ascendancy, c.Nodes = 3, ascrules.Resources{Production: 2, Research: 2, Culture: 1}
		}), Rule{}},
		{"vulcan standard home", AscOptions{VulcanStart: VulcanStandard}, mod(ascrules.Vulcan, func(c *AddStartingPlayer) {
			c.Ascendancy, c.Nodes = 3, ascrules.Resources{Production: 2, Research: 2, Culture: 1}
		}), ruleStartHome},
		{"rich", AscOptions{}, mod(ascrules.Klingon, func(c *AddStartingPlayer) { c.Resources.Culture = 9 }), ruleStartResources},
		{"extra", AscOptions{Start: StartExtra}, mod(ascrules.Klingon, func(c *AddStartingPlayer) {
			c.Resources = ascrules.Resources{Production: 8, Research: 6, Culture: 4}
		}), Rule{}},
		{"extra missed", AscOptions{Start: StartExtra}, startingPlayer("Tom", ascrules.Klingon), ruleStartExtra},
		{"humble", AscOptions{Start: StartHumble}, mod(ascrules.Klingon, func(c *AddStartingPlayer) {
			c.Resources, c.Ascendancy = ascrules.Resources{}, 0
		}), Rule{}},
		{"humble missed", AscOptions{Start: StartHumble}, startingPlayer("Tom", ascrules.Klingon), ruleStartHumble},
		{"humble vulcan keeps 3 ascendancy", AscOptions{Start: StartHumble}, mod(ascrules.Vulcan, func(c *AddStartingPlayer) {
			c.Resources, c.Ascendancy = ascrules.Resources{}, 3
		}), Rule{}},
		{"vulcan home not developed", AscOptions{}, mod(ascrules.Vulcan, func(c *AddStartingPlayer) {
			c.Ascendancy, c.Nodes = 3, ascrules.Resources{Production: 1, Research: 1}
		}), ruleVulcanHome},
		{"ships", AscOptions{}, mod(ascrules.Romulan, func(c *AddStartingPlayer) { c.Ships = 5 }), ruleStartHome},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestSession(t, KindAscendancy)
			if tc.opts != (AscOptions{}) {
				play(t, s, SetAscOptions{Options: tc.opts})
			}
			if tc.rule == (Rule{}) {
				play(t, s, tc.cmd)
				return
			}
			refusedBy(t, s, tc.cmd, tc.rule)
			overruled(t, s, tc.cmd, "the table agreed", tc.rule)
		})
	}
}

// TestAscOptionsWhereTheBooksDisagree: every choice names both readings
// with their books; values no book gives are refused.
func TestAscOptionsWhereTheBooksDisagree(t *testing.T) {
	for _, ch := range AscChoices() {
		require.GreaterOrEqual(t, len(ch.Readings), 2, ch.Field)
		for _, r := range ch.Readings {
			assert.NotEmpty(t, r.Text, ch.Field)
			assert.Regexp(t, `rulebook|summary`, r.Source, ch.Field)
		}
	}
	s := newTestSession(t, KindAscendancy)
	assert.Equal(t, 3, s.State().Ascendancy.Options.StarbasesPerGame())
	evs, err := viaJSON(t, s, SetAscOptions{Options: AscOptions{StarbaseLimit: 4, Occupation: OccupationProduction}})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "4 starbases a game")
	assert.Contains(t, evs[0].Label, "Cardassian occupation: production")
	assert.Equal(t, 4, s.State().Ascendancy.Options.StarbasesPerGame())
	for _, o := range []AscOptions{{StarbaseLimit: 5}, {Occupation: "some"}, {VulcanStart: "x"}, {StarbaseDice: "2"}, {AndorianRecon: "all"}, {Start: "rich"}} {
		rejected(t, s, SetAscOptions{Options: o}, CodeInvalid)
	}
	assertReplays(t, s)
}
