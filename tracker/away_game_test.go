package tracker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// viaJSON executes a command the way a remote device sends it: encoded,
// decoded, then executed.
func viaJSON(t *testing.T, s *Session, cmd Command) ([]Event, error) {
	t.Helper()
	b, err := EncodeCommand(cmd)
	require.NoError(t, err)
	dec, err := DecodeCommand(b)
	require.NoError(t, err, "%s", b)
	return s.Execute(dec)
}

func play(t *testing.T, s *Session, cmds ...Command) {
	t.Helper()
	for _, c := range cmds {
		_, err := viaJSON(t, s, c)
		require.NoError(t, err, "%s", c.CommandType())
	}
}

func rejected(t *testing.T, s *Session, cmd Command, code string) string {
	t.Helper()
	before := s.Seq()
	_, err := viaJSON(t, s, cmd)
	require.Error(t, err, "%s should be refused", cmd.CommandType())
	var r *Rejection
	require.ErrorAs(t, err, &r)
	assert.Equal(t, code, r.Code, r.Reason)
	assert.Equal(t, before, s.Seq())
	return r.Reason
}

func charByName(t *testing.T, a *AwayState, name string) Character {
	t.Helper()
	for _, c := range a.Characters {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no character %s", name)
	return Character{}
}

// TestScriptedAwayMissionsGame plays a two-player game through its three
// rounds, with undo and redo in the middle. The character numbers are test
// data, not card stats.
func TestScriptedAwayMissionsGame(t *testing.T) {
	s := newTestSession(t, KindAway)
	phaser := awayrules.Weapon{Name: "Phaser", Dice: 0, Damage: 1}
	assim := awayrules.Weapon{Name: "Assimilation Tubules", Dice: 1, Keywords: []string{"Melee", "Assimilate"}}
	play(t, s,
		AddAwayPlayer{Name: "Alice", Affiliation: "Federation"},
		AddAwayPlayer{Name: "Bob", Affiliation: "Borg", Borg: true},
		AddCharacter{Player: "p1", Name: "Officer", Weapons: []awayrules.Weapon{phaser},
			Attack: []int{1, 2, 3}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1, 2, 3}},
		AddCharacter{Player: "p1", Name: "Engineer", Weapons: []awayrules.Weapon{phaser},
			Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2, 3}, Move: []int{1, 2}},
		AddCharacter{Player: "p2", Name: "Drone A", Keywords: []string{"Borg", "Drone"}, Weapons: []awayrules.Weapon{assim},
			Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}},
		AddCharacter{Player: "p2", Name: "Drone B", Keywords: []string{"Borg", "Drone"}, Weapons: []awayrules.Weapon{assim},
			Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}},
		AddCharacter{Player: "p2", Name: "Commander", Keywords: []string{"Borg"}, Weapons: []awayrules.Weapon{assim},
			Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2}, Escalation: 2},
		SetOverlay{Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}},
	)
	a := s.State().Away
	require.Len(t, a.Players, 2)
	require.Len(t, a.Characters, 5)
	assert.Equal(t, StatusWaiting, charByName(t, a, "Commander").Status)
	rejected(t, s, StartRound{}, CodeNotNow)

	play(t, s, StartMission{})
	rejected(t, s, AddAwayPlayer{Name: "Carol"}, CodeNotNow)
	// Tied physical rolls must be rolled again.
	reason := rejected(t, s, AwayOrder{Which: OrderBoard, Rolls: map[string][]int{"p1": {4}, "p2": {4}}}, CodeRules)
	assert.Contains(t, reason, "tied")
	play(t, s,
		AwayOrder{Which: OrderBoard, Rolls: map[string][]int{"p1": {4, 2}, "p2": {4, 5}}},
		AwayOrder{Which: OrderBeamDown, Virtual: true},
	)
	a = s.State().Away
	assert.Equal(t, []string{"p2", "p1"}, a.Orders.Board)
	require.Len(t, a.Orders.BeamDown, 2)

	// Round 1.
	play(t, s, StartRound{}, StartActionPhase{FirstActivation: &AwayOrder{Order: []string{"p1", "p2"}}})
	a = s.State().Away
	assert.Equal(t, AwayAction, a.Phase)
	assert.Equal(t, 1, a.Round)
	assert.Equal(t, "p1", a.CurrentPlayer())
	assert.Empty(t, a.Players[0].Tokens, "equal numbers: no bonus actions")
	officer, drone := charByName(t, a, "Officer"), charByName(t, a, "Drone A")
	refusedBy(t, s, Activate{Character: drone.ID}, ruleActivationTurns)

	play(t, s, Activate{Character: officer.ID})
	assert.Equal(t, "p1", s.State().Away.CurrentPlayer(), "the Officer has two Actions to take: still Alice's turn")
	before, err := json.Marshal(s.State())
	require.NoError(t, err)
	// Officer shoots Drone A: 6,4,2 against 5,1: two dice get through, the
	// phaser adds 1: 3 damage, from the tracks Bob picks.
	rejected(t, s, ApplyAttack{Attacker: officer.ID, Weapon: "Phaser", Target: drone.ID,
		Attack: Entered(6, 4, 2), Defense: Entered(5, 1), Tracks: []awayrules.Rating{awayrules.Move}}, CodeInvalid)
	rejected(t, s, ApplyAttack{Attacker: officer.ID, Weapon: "Phaser", Target: drone.ID,
		Attack: Entered(6, 4, 2), Defense: Entered(5, 1), Tracks: []awayrules.Rating{awayrules.Move, awayrules.Move, awayrules.Skill}}, CodeRules)
	evs, err := viaJSON(t, s, ApplyAttack{Attacker: officer.ID, Weapon: "Phaser", Target: drone.ID,
		Attack: Entered(6, 4, 2), Defense: Entered(5, 1), Tracks: []awayrules.Rating{awayrules.Move, awayrules.Defense, awayrules.Attack}})
	require.NoError(t, err)
	require.Len(t, evs, 4, "the attack and three pegs: one step")
	assert.Equal(t, "Officer attacks Drone A: 6,4,2 vs 5,1, 3 damage", evs[0].Label)
	assert.Equal(t, "Drone A: -1 Move", evs[1].Label)
	a = s.State().Away
	d := charByName(t, a, "Drone A")
	assert.Equal(t, 1, d.Rating(awayrules.Attack))
	assert.Equal(t, 1, d.Rating(awayrules.Defense))
	assert.Equal(t, 1, d.Rating(awayrules.Move))
	after, err := json.Marshal(s.State())
	require.NoError(t, err)

	// Undo takes the whole attack back in one step; redo restores it.
	st, err := s.Undo()
	require.NoError(t, err)
	assert.Len(t, st.Events, 4)
	now, _ := json.Marshal(s.State())
	assert.JSONEq(t, string(before), string(now))
	assert.Contains(t, s.History().Redo[0].Label, "Officer attacks Drone A")
	_, err = s.Redo()
	require.NoError(t, err)
	now, _ = json.Marshal(s.State())
	assert.Equal(t, string(after), string(now))
	assertReplays(t, s)

	assert.Equal(t, "p1", s.State().Away.CurrentPlayer(), "one Action left")
	// The second Action ends the activation: Bob's turn.
	play(t, s, TakeAction{Character: officer.ID, Kind: awayrules.ActionMove})
	assert.Equal(t, "p2", s.State().Away.CurrentPlayer())

	// Drone B's assimilation tubules (2 + 1 dice) against the Engineer;
	// Bob ends the activation after one Action.
	droneB, engineer := charByName(t, a, "Drone B"), charByName(t, a, "Engineer")
	play(t, s, Activate{Character: droneB.ID},
		ApplyAttack{Attacker: droneB.ID, Weapon: "Assimilation Tubules", Target: engineer.ID,
			Attack: Entered(6, 6, 5), Defense: Entered(3, 2), Tracks: []awayrules.Rating{awayrules.Skill, awayrules.Skill, awayrules.Move}},
		EndActivation{},
		Activate{Character: engineer.ID}, EndActivation{},
		Activate{Character: drone.ID}, EndActivation{},
		ScoreMission{Player: "p1", Name: "Secure the Bridge", Points: 2},
	)
	a = s.State().Away
	assert.Equal(t, "", a.CurrentPlayer(), "everyone has activated")
	rejected(t, s, Activate{Character: officer.ID}, CodeRules)
	rejected(t, s, EndGame{}, CodeNotNow)

	// Round 2: the Commander arrives (Escalation 2); Bob has three in play
	// against two, so Alice gets one bonus action.
	play(t, s, StartRound{})
	a = s.State().Away
	assert.False(t, charByName(t, a, "Officer").Activated, "clear the board")
	play(t, s, StartActionPhase{FirstActivation: &AwayOrder{Rolls: map[string][]int{"p1": {2}, "p2": {6}}}})
	a = s.State().Away
	assert.Equal(t, StatusInPlay, charByName(t, a, "Commander").Status)
	assert.Equal(t, 1, a.Players[0].Tokens[TokenBonusActions])
	assert.Equal(t, []string{"p2", "p1"}, a.Orders.Activation)
	commander := charByName(t, a, "Commander")
	// 4 damage to the Engineer, who can lose only two more pegs: assimilated.
	play(t, s, Activate{Character: commander.ID},
		ApplyAttack{Attacker: commander.ID, Weapon: "Assimilation Tubules", Target: engineer.ID,
			Attack: Entered(6, 6, 6, 5), Defense: Entered(1, 1), Tracks: []awayrules.Rating{awayrules.Attack, awayrules.Defense}},
		EndActivation{})
	a = s.State().Away
	eng := charByName(t, a, "Engineer")
	require.NotNil(t, eng.Assimilated)
	assert.Equal(t, "p2", eng.Controller)
	assert.Equal(t, "p1", eng.Assimilated.Owner)
	assert.Equal(t, 1, eng.Stun)
	assert.Equal(t, 2, eng.Rating(awayrules.Attack), "overlay with full pegs")
	assert.Equal(t, "p1", a.CurrentPlayer())
	play(t, s,
		UseBonusAction{Player: "p1", Character: officer.ID}, TakeAction{Character: officer.ID, Kind: awayrules.ActionPass},
		Activate{Character: drone.ID}, EndActivation{},
		Activate{Character: officer.ID}, EndActivation{},
		Activate{Character: droneB.ID}, EndActivation{},
		Activate{Character: engineer.ID}, EndActivation{},
	)
	assert.Equal(t, "", s.State().Away.CurrentPlayer())

	// Round 3: Alice has one character against Bob's four: 3 bonus actions.
	play(t, s, StartRound{}, StartActionPhase{FirstActivation: &AwayOrder{Order: []string{"p1", "p2"}}})
	a = s.State().Away
	assert.Equal(t, 3, a.Players[0].Tokens[TokenBonusActions])
	// The Officer neutralizes the assimilated Engineer: the card goes home.
	play(t, s, Activate{Character: officer.ID},
		ApplyAttack{Attacker: officer.ID, Weapon: "Phaser", Target: engineer.ID,
			Attack: Entered(6, 6, 6), Defense: Entered(1), Tracks: []awayrules.Rating{awayrules.Attack, awayrules.Defense, awayrules.Move}},
		EndActivation{})
	a = s.State().Away
	eng = charByName(t, a, "Engineer")
	assert.Equal(t, StatusNeutralized, eng.Status)
	assert.Nil(t, eng.Assimilated)
	assert.Equal(t, "p1", eng.Controller)
	play(t, s,
		Activate{Character: drone.ID}, EndActivation{},
		UseBonusAction{Player: "p1", Character: officer.ID}, EndActivation{},
		Activate{Character: droneB.ID}, EndActivation{},
		UseBonusAction{Player: "p1", Character: officer.ID}, EndActivation{},
		ScoreMission{Player: "p2", Name: "Assimilate the Crew", Points: 2},
		Activate{Character: commander.ID}, EndActivation{},
		UseBonusAction{Player: "p1", Character: officer.ID}, EndActivation{},
	)
	rejected(t, s, StartRound{}, CodeNotNow)
	rejected(t, s, ScoreMission{Player: "p2", Name: "Late", Points: 3, EndOfGame: true}, CodeNotNow)
	play(t, s, EndGame{},
		ScoreMission{Player: "p2", Name: "Core: Assimilate", Points: 3, EndOfGame: true},
		AdjustTokens{Player: "p1", Token: TokenBonusPoints, Delta: 1},
		FinishGame{})
	a = s.State().Away
	require.NotNil(t, a.Result)
	assert.Equal(t, AwayOver, a.Phase)
	assert.Equal(t, map[string]int{"p1": 3, "p2": 5}, a.Result.Totals)
	assert.Equal(t, []string{"p2"}, a.Result.Winners)
	assert.Equal(t, "Game over: Bob wins", s.Log()[len(s.Log())-1].Label)
	assert.Equal(t, Summary{Players: []string{"Alice", "Bob"}, Stage: "Game over", Phase: AwayOver}, s.State().Summary())
	assertReplays(t, s)
}

func TestAwayStandingTieBreaks(t *testing.T) {
	mk := func(points [][]int, bonus []int) *AwayState {
		a := newAwayState()
		for i, ps := range points {
			p := AwayPlayer{ID: "p" + string(rune('1'+i)), Name: "P", Tokens: map[string]int{}}
			for _, pt := range ps {
				p.Missions = append(p.Missions, ScoredMission{Points: pt})
			}
			if bonus != nil && bonus[i] > 0 {
				p.Tokens[TokenBonusPoints] = bonus[i]
			}
			a.Players = append(a.Players, p)
		}
		return a
	}
	tests := []struct {
		name    string
		a       *AwayState
		winners []string
		draw    bool
	}{
		{"most points", mk([][]int{{3}, {1, 1}}, nil), []string{"p1"}, false},
		{"bonus points count", mk([][]int{{3}, {1, 1}}, []int{0, 2}), []string{"p2"}, false},
		{"tie: most missions", mk([][]int{{4}, {2, 2}}, nil), []string{"p2"}, false},
		{"tie on both: draw", mk([][]int{{2, 2}, {1, 3}}, nil), []string{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := awayStanding(tt.a)
			require.NoError(t, err)
			assert.Equal(t, tt.winners, st.Winners)
			assert.Equal(t, tt.draw, st.Draw)
		})
	}
}

func TestAwayJSONStateRoundTrip(t *testing.T) {
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "A"}, AddAwayPlayer{Name: "B"})
	b, err := json.Marshal(s.State())
	require.NoError(t, err)
	var st State
	require.NoError(t, json.Unmarshal(b, &st))
	b2, err := json.Marshal(&st)
	require.NoError(t, err)
	assert.Equal(t, string(b), string(b2))
}
