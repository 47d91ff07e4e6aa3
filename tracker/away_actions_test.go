package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// TestAwayActionsPerActivation: an activation gives two Actions, a Bonus
// Action token one, each character activates once a round and players take
// turns; each broken rule is refused with its words and recorded when the
// table overrules it.
func TestAwayActionsPerActivation(t *testing.T) {
	move := func(ch string) TakeAction { return TakeAction{Character: ch, Kind: awayrules.ActionMove} }
	worfShoots := ApplyAttack{Attacker: "c3", Weapon: "Phaser", Target: "c6", Attack: Entered(1, 1, 1), Defense: Entered(1)}
	cases := []ruleCase{
		{"a third Action", []Command{Activate{Character: "c3"}, move("c3"), move("c3")}, move("c3"), ruleTwoActions},
		{"an attack as the third Action", []Command{Activate{Character: "c3"}, move("c3"), TakeAction{Character: "c3", Kind: awayrules.ActionTakeCover}},
			worfShoots, ruleTwoActions},
		{"a skill test as the third Action", []Command{Activate{Character: "c4"}, move("c4"), move("c4")},
			SkillTest{Tester: "c4", Roll: Entered(5, 5)}, ruleTwoActions},
		{"a Bonus Action gives one Action", []Command{AdjustTokens{Player: "p1", Token: TokenBonusActions, Delta: 1},
			UseBonusAction{Player: "p1", Character: "c3"}, move("c3")}, move("c3"), ruleTwoActions},
		{"a Hivemind Drone's Action counts for the activation", []Command{Activate{Character: "c3"}, EndActivation{},
			Activate{Character: "c5"}, move("c5"),
			ApplyAttack{Attacker: "c6", Weapon: "Claw", Target: "c3", Attack: Entered(1, 1), Defense: Entered(1, 1)}},
			TakeAction{Character: "c6", Kind: awayrules.ActionSpecial}, ruleTwoActions},
		{"one activation per character per round", []Command{Activate{Character: "c3"}, EndActivation{}, Activate{Character: "c5"}, EndActivation{}},
			Activate{Character: "c3"}, ruleOneActivation},
		{"players take turns activating", nil, Activate{Character: "c5"}, ruleActivationTurns},
		{"a stunned character may only Recover", []Command{AdjustStun{Character: "c3", Delta: 1}, Activate{Character: "c3"}},
			move("c3"), ruleStunned},
		{"Incapacitated: no Move", []Command{AdjustStun{Character: "c3", Delta: 2}, Activate{Character: "c3"}},
			move("c3"), ruleIncapacitated},
		{"Incapacitated: only Recover", []Command{AdjustStun{Character: "c3", Delta: 2}, Activate{Character: "c3"}},
			TakeAction{Character: "c3", Kind: awayrules.ActionTakeCover}, ruleStunned},
		{"only the activated character acts", []Command{Activate{Character: "c3"}}, move("c4"), ruleActivatedActs},
		// issue 28, 3: End activation ends it; the Action left is not
		// taken later, in the next player's turn.
		{"an ended activation takes no more Actions", []Command{Activate{Character: "c3"}, move("c3"), EndActivation{}},
			move("c3"), ruleTwoActions},
		{"nor an attack", []Command{Activate{Character: "c3"}, move("c3"), EndActivation{}},
			worfShoots, ruleTwoActions},
	}
	refusedAfter(t, awayDuel, cases)
}

// TestAwayActionsCounted: Actions are counted per activation and start
// again with the next one; Recover takes a Stun token off; free Actions and
// draws instead of an Action are recorded.
func TestAwayActionsCounted(t *testing.T) {
	s := awayDuel(t)
	a := s.State().Away
	assert.Equal(t, 0, a.ActionsLeft(), "nobody activated yet")
	play(t, s, AdjustStun{Character: "c3", Delta: 1}, Activate{Character: "c3"})
	assert.Equal(t, 2, s.State().Away.ActionsLeft())
	evs, err := viaJSON(t, s, TakeAction{Character: "c3", Kind: awayrules.ActionRecover})
	require.NoError(t, err)
	require.Len(t, evs, 2)
	assert.Equal(t, "Worf: Action 1 of 2 (recover)", evs[0].Label)
	assert.Equal(t, 0, s.State().Away.Characters[0].Stun)
	assert.Equal(t, 1, s.State().Away.ActionsLeft())
	// A free Action a card gives does not count.
	play(t, s, TakeAction{Character: "c3", Kind: awayrules.ActionMove, Free: true})
	assert.Equal(t, 1, s.State().Away.ActionsLeft())
	play(t, s, ApplyAttack{Attacker: "c3", Weapon: "Phaser", Target: "c6", Attack: Entered(1, 1, 1), Defense: Entered(1)})
	assert.Equal(t, 0, s.State().Away.ActionsLeft())
	// The next activation has two Actions again.
	play(t, s, Activate{Character: "c5"}, TakeAction{Character: "c5", Kind: awayrules.ActionDraw})
	assert.Equal(t, 1, s.State().Away.ActionsLeft())
	rejected(t, s, TakeAction{Character: "c5", Kind: awayrules.ActionRecover}, CodeRules)
	rejected(t, s, TakeAction{Character: "c5", Kind: awayrules.ActionAttack}, CodeInvalid)
	rejected(t, s, TakeAction{Character: "c5", Kind: "dance"}, CodeInvalid)
	// Undo gives the Action back.
	_, err = s.Undo()
	require.NoError(t, err)
	assert.Equal(t, 2, s.State().Away.ActionsLeft())
	assertReplays(t, s)
}

// TestTakeCoverAndMove: Take Cover places the token; a Move out of the
// space takes it off ("Take Cover Actions"); a Move that ends in the same
// space keeps it.
func TestTakeCoverAndMove(t *testing.T) {
	s := awayDuel(t)
	play(t, s, Activate{Character: "c3"}, TakeAction{Character: "c3", Kind: awayrules.ActionTakeCover},
		TakeAction{Character: "c3", Kind: awayrules.ActionMove, InPlace: true})
	assert.True(t, s.State().Away.Characters[0].TakeCover, "moved within its space")
	evs, err := viaJSON(t, s, TakeAction{Character: "c3", Kind: awayrules.ActionMove, Free: true})
	require.NoError(t, err)
	assert.Equal(t, "Worf: free Action (move)", evs[0].Label)
	assert.Equal(t, "Worf leaves cover: Take Cover token off", evs[len(evs)-1].Label)
	assert.False(t, s.State().Away.Characters[0].TakeCover)
	assert.Equal(t, 0, s.State().Away.ActionsLeft())
	assertReplays(t, s)
}
