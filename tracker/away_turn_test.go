package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// TestActivationHoldsTheTurn: issue 13. Once a character activates, it is
// still its player's turn until the activation's Actions are taken (or
// the player ends it): the next player cannot activate before, the same
// player cannot start another activation (Away Missions rulebook,
// Activating a Character and Subsequent Activations). Each refusal is
// recorded when the table overrules it, and the game replays.
func TestActivationHoldsTheTurn(t *testing.T) {
	move := func(ch string) TakeAction { return TakeAction{Character: ch, Kind: awayrules.ActionMove} }
	cases := []ruleCase{
		{"the next player waits for the two Actions", []Command{Activate{Character: "c3"}},
			Activate{Character: "c5"}, ruleFinishActivation},
		{"one Action taken, one left", []Command{Activate{Character: "c3"}, move("c3")},
			Activate{Character: "c5"}, ruleFinishActivation},
		{"a free Action does not end the activation", []Command{Activate{Character: "c3"}, move("c3"),
			TakeAction{Character: "c3", Kind: awayrules.ActionMove, Free: true}},
			Activate{Character: "c5"}, ruleFinishActivation},
		{"no second activation before the first is over", []Command{Activate{Character: "c3"}},
			Activate{Character: "c4"}, ruleFinishActivation},
		{"a Bonus Action holds the turn for its one Action", []Command{AdjustTokens{Player: "p1", Token: TokenBonusActions, Delta: 1},
			UseBonusAction{Player: "p1", Character: "c3"}},
			Activate{Character: "c5"}, ruleFinishActivation},
		{"nor a Bonus Action by the next player", []Command{AdjustTokens{Player: "p2", Token: TokenBonusActions, Delta: 1},
			Activate{Character: "c3"}},
			UseBonusAction{Player: "p2", Character: "c5"}, ruleFinishActivation},
		{"after two Actions the turn has passed", []Command{Activate{Character: "c3"}, move("c3"), move("c3")},
			Activate{Character: "c4"}, ruleActivationTurns},
		{"after an ended activation the turn has passed", []Command{Activate{Character: "c3"}, EndActivation{}},
			Activate{Character: "c4"}, ruleActivationTurns},
	}
	refusedAfter(t, awayDuel, cases)
}

// TestTurnPassesWhenTheActivationEnds walks the turn through an action
// phase: who is to activate after each step, and whether an activation
// holds the turn.
func TestTurnPassesWhenTheActivationEnds(t *testing.T) {
	move := func(ch string) TakeAction { return TakeAction{Character: ch, Kind: awayrules.ActionMove} }
	worfShoots := ApplyAttack{Attacker: "c3", Weapon: "Phaser", Target: "c6", Attack: Entered(1, 1, 1), Defense: Entered(1)}
	type step struct {
		cmd        Command
		now        string // CurrentPlayer after the step
		activating bool
		left       int // ActionsLeft after the step
	}
	s := awayDuel(t)
	require.Equal(t, "p1", s.State().Away.CurrentPlayer())
	for i, st := range []step{
		{Activate{Character: "c3"}, "p1", true, 2},
		{worfShoots, "p1", true, 1}, // an attack is an Action
		{TakeAction{Character: "c3", Kind: awayrules.ActionMove, Free: true}, "p1", true, 1},
		{move("c3"), "p2", false, 0}, // the second Action: Ben's turn
		{Activate{Character: "c5"}, "p2", true, 2},
		{TakeAction{Character: "c5", Kind: awayrules.ActionDraw}, "p2", true, 1},
		{EndActivation{}, "p1", false, 0}, // Ben passes the rest: none left (issue 28, 3)
		{Activate{Character: "c4"}, "p1", true, 2},
		{SkillTest{Tester: "c4", Roll: Entered(5, 5)}, "p1", true, 1},
		{TakeAction{Character: "c4", Kind: awayrules.ActionPass}, "p2", false, 0},
		{Activate{Character: "c6"}, "p2", true, 2},
		{Neutralize{Character: "c6"}, "", false, 0}, // the Drone is gone mid-activation: the turn passes; nobody is left
	} {
		play(t, s, st.cmd)
		a := s.State().Away
		assert.Equal(t, st.now, a.CurrentPlayer(), "step %d (%s): whose turn", i, st.cmd.CommandType())
		assert.Equal(t, st.activating, a.Activating, "step %d (%s): the turn is held", i, st.cmd.CommandType())
		assert.Equal(t, st.left, a.ActionsLeft(), "step %d (%s): Actions left", i, st.cmd.CommandType())
	}
	rejected(t, s, EndActivation{}, CodeNothing)
	assertReplays(t, s)

	// Undo takes the step back with the turn.
	for range 2 {
		_, err := s.Undo()
		require.NoError(t, err)
	}
	a := s.State().Away
	assert.Equal(t, "p2", a.CurrentPlayer())
	assert.False(t, a.Activating)
}

// TestRulingTakesOverTheHeldTurn: "Record it anyway" for an activation
// while another holds the turn: the new activation holds it instead, and
// the turn passes when its Actions are taken.
func TestRulingTakesOverTheHeldTurn(t *testing.T) {
	s := awayDuel(t)
	play(t, s, Activate{Character: "c3"})
	overruled(t, s, Activate{Character: "c4"}, "a card lets Data act at once", ruleFinishActivation)
	a := s.State().Away
	assert.Equal(t, "c4", a.Active)
	assert.Equal(t, "p1", a.CurrentPlayer())
	assert.True(t, a.Activating)
	play(t, s, TakeAction{Character: "c4", Kind: awayrules.ActionMove}, TakeAction{Character: "c4", Kind: awayrules.ActionMove})
	assert.Equal(t, "p2", s.State().Away.CurrentPlayer())
	assertReplays(t, s)
}

// TestOldActivationEventsPassTheTurnAtOnce: games saved before activations
// held the turn replay as they were played (the turn passed at once).
func TestOldActivationEventsPassTheTurnAtOnce(t *testing.T) {
	s := awayDuel(t)
	st := s.State()
	require.NoError(t, CharacterActivated{Character: "c3", Player: "p1"}.apply(st))
	assert.Equal(t, "p2", st.Away.CurrentPlayer())
	assert.False(t, st.Away.Activating)
	assert.Equal(t, 2, st.Away.ActionsLeft())
}

// TestIncapacitatedCharacterRecovers: issue 28, 1. seed 001 "Stun": "While
// a character has a Stun token, the only Action that it can take is a
// Recover special action which removes one Stun Token"; Incapacitated
// characters "cannot Move, Attack, or take Skill tests", and Recover is not
// barred. Worf, with two tokens, activates and recovers twice; the turn
// passes, and the round ends once everyone has activated.
func TestIncapacitatedCharacterRecovers(t *testing.T) {
	s := awayDuel(t)
	recover := TakeAction{Character: "c3", Kind: awayrules.ActionRecover}
	play(t, s, AdjustStun{Character: "c3", Delta: 2})
	require.True(t, s.State().Away.Characters[0].Incapacitated())
	play(t, s, Activate{Character: "c3"}, recover)
	assert.Equal(t, 1, s.State().Away.Characters[0].Stun, "one token off")
	play(t, s, recover)
	assert.Equal(t, 0, s.State().Away.Characters[0].Stun)
	assert.Equal(t, "p2", s.State().Away.CurrentPlayer(), "two Actions: the turn passes")
	play(t, s, Activate{Character: "c5"}, EndActivation{}, Activate{Character: "c4"}, EndActivation{}, Activate{Character: "c6"}, EndActivation{})
	play(t, s, StartRound{})
	assert.Equal(t, 2, s.State().Away.Round)
	assertReplays(t, s)
}

// TestWipedOutSideKeepsNoTurn: issue 28, 5. seed 001 "Not Dead, Jim": "A
// game always goes for three rounds, even if all the characters of one or
// more away teams have been Neutralized." A Bonus Action token is spent on
// a friendly character ("Bonus Actions": choose a character … take one
// Action), so a player with none in play takes no tokens and holds no
// turn: the other player activates, and round 3 and the debrief follow.
func TestWipedOutSideKeepsNoTurn(t *testing.T) {
	s := awayDuel(t)
	play(t, s, Neutralize{Character: "c5"}, Neutralize{Character: "c6"})
	// Tokens the table gives by hand do not hold the turn either.
	play(t, s, AdjustTokens{Player: "p2", Token: TokenBonusActions, Delta: 1})
	for round := 1; round <= 3; round++ {
		if round > 1 {
			play(t, s, StartRound{}, StartActionPhase{FirstActivation: &AwayOrder{Order: []string{"p2", "p1"}}})
			assert.Zero(t, s.State().Away.Players[1].Tokens[TokenBonusActions], "round %d: no bonus action without a character to take it", round)
		}
		for _, ch := range []string{"c3", "c4"} {
			assert.Equal(t, "p1", s.State().Away.CurrentPlayer(), "round %d: Anna activates", round)
			play(t, s, Activate{Character: ch}, EndActivation{})
		}
		assert.Equal(t, "", s.State().Away.CurrentPlayer(), "round %d: everyone has activated", round)
	}
	play(t, s, EndGame{})
	assert.Equal(t, AwayDebrief, s.State().Away.Phase)
	assertReplays(t, s)
}
