package away

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/dice"
)

func TestBonusActions(t *testing.T) {
	tests := []struct {
		name   string
		inPlay []int
		want   []int
	}{
		// Rulebook "Action Phase" example: Data and Worf against five Borg
		// characters: the Federation player takes three tokens.
		{"rulebook: 2 against 5", []int{2, 5}, []int{3, 0}},
		{"two players even", []int{4, 4}, []int{0, 0}},
		{"three players", []int{4, 2, 3}, []int{0, 2, 1}},
		{"four players, two share the most", []int{5, 5, 1, 3}, []int{0, 0, 4, 2}},
		{"teams count per player", []int{4, 2, 3, 3}, []int{0, 2, 1, 1}},
		{"everyone neutralized", []int{0, 0}, []int{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := BonusActions(tt.inPlay)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := BonusActions([]int{1, -1})
	assert.Error(t, err)
}

// "Three and Four Player Games", Resolving Ties: tied players go as a group
// before lower rollers and roll again within the group, repeatedly.
func TestRollOffTieGroups(t *testing.T) {
	r, err := NewRollOff([]string{"A", "B", "C", "D"})
	require.NoError(t, err)
	assert.Equal(t, []string{"A", "B", "C", "D"}, r.Pending())
	r, err = r.Record([]int{5, 3, 5, 3})
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"A", "C"}, {"B", "D"}}, r.Groups)
	assert.Equal(t, []string{"A", "C"}, r.Pending())

	r, err = r.Record([]int{2, 2}) // still tied: roll again
	require.NoError(t, err)
	assert.Equal(t, []string{"A", "C"}, r.Pending())
	r, err = r.Record([]int{1, 6})
	require.NoError(t, err)
	assert.Equal(t, []string{"B", "D"}, r.Pending())
	r, err = r.Record([]int{4, 6})
	require.NoError(t, err)
	assert.True(t, r.Done())
	assert.Equal(t, []string{"C", "A", "D", "B"}, r.Order())
	assert.Len(t, r.History, 4)

	_, err = r.Record([]int{1})
	assert.Error(t, err, "already decided")
}

func TestRollOffTwoPlayersAndErrors(t *testing.T) {
	r, err := NewRollOff([]string{"fed", "borg"})
	require.NoError(t, err)
	r, err = r.Record([]int{3, 3})
	require.NoError(t, err)
	assert.False(t, r.Done(), "a tie is rolled again")
	r, err = r.Record([]int{2, 5})
	require.NoError(t, err)
	assert.Equal(t, []string{"borg", "fed"}, r.Order())

	_, err = NewRollOff(nil)
	assert.Error(t, err)
	_, err = NewRollOff([]string{"a", "a"})
	assert.Error(t, err)
	r, _ = NewRollOff([]string{"a", "b"})
	_, err = r.Record([]int{1})
	assert.Error(t, err)
	_, err = r.Record([]int{1, 7})
	assert.ErrorIs(t, err, dice.ErrBadFace)
	solo, err := NewRollOff([]string{"solo"})
	require.NoError(t, err)
	assert.True(t, solo.Done())
}

func TestRollOffVirtualIsReproducible(t *testing.T) {
	players := []string{"a", "b", "c", "d"}
	for seed := uint64(0); seed < 50; seed++ {
		r1, err := RollOffVirtual(players, seed)
		require.NoError(t, err)
		r2, err := RollOffVirtual(players, seed)
		require.NoError(t, err)
		assert.Equal(t, r1, r2)
		assert.True(t, r1.Done())
		assert.ElementsMatch(t, players, r1.Order())
	}
}

func TestEscalation(t *testing.T) {
	team := []Character{{Name: "One"}, {Name: "Two", Escalation: 2}, {Name: "Three", Escalation: 3},
		{Name: "Four", Escalation: 2, Neutralized: true}}
	assert.Equal(t, []int{1}, Arrivals(team, 2))
	assert.Equal(t, []int{2}, Arrivals(team, 3))
	assert.Empty(t, Arrivals(team, 1))
	assert.True(t, InPlay(team[0], 1))
	assert.False(t, InPlay(team[1], 1))
	assert.True(t, InPlay(team[1], 2))
	assert.False(t, InPlay(team[3], 3))

	got, err := EscalationPlacement([]string{"borg", "fed"}, []int{3, 1})
	require.NoError(t, err)
	assert.Equal(t, []string{"borg", "fed", "borg", "borg"}, got)
	_, err = EscalationPlacement([]string{"borg"}, []int{1, 2})
	assert.Error(t, err)
}

func TestCanActAndHivemind(t *testing.T) {
	locutus := Character{Name: "Locutus", Keywords: []string{"Borg", "Commander"}, Rules: []string{"Hivemind"}}
	drone := Character{Name: "One of Five", Keywords: []string{"Borg", "Drone"}}
	stunned := Character{Name: "Two of Five", Keywords: []string{"Borg", "Drone"}, Stun: 1}
	gone := Character{Name: "Three of Five", Keywords: []string{"Borg", "Drone"}, Neutralized: true}
	notDrone := Character{Name: "Other", Keywords: []string{"Borg"}}
	team := []Character{locutus, drone, stunned, gone, notDrone}

	got, err := HivemindActors(team, 0, ActionSkill)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1}, got)
	got, err = HivemindActors(team, 0, ActionMove)
	require.NoError(t, err)
	assert.Equal(t, []int{0}, got, "Hivemind never moves a drone")
	got, err = HivemindActors(team, 0, ActionRecover)
	require.NoError(t, err)
	assert.Equal(t, []int{2}, got, "only the stunned drone has a token to remove")
	got, err = HivemindActors(team, 1, ActionAttack)
	require.NoError(t, err)
	assert.Equal(t, []int{1}, got, "no Hivemind rule, no proxies")
	_, err = HivemindActors(team, 9, ActionAttack)
	assert.Error(t, err)

	ok, why := CanAct(stunned, ActionAttack)
	assert.False(t, ok)
	assert.Contains(t, why, "Recover")
	ok, _ = CanAct(stunned, ActionDraw)
	assert.True(t, ok)
	ok, _ = CanAct(gone, ActionPass)
	assert.False(t, ok)
}

func TestRerollSequence(t *testing.T) {
	r, err := NewReroll(dice.Pool{1, 2}, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, r.Sides)
	assert.Equal(t, dice.Pool{2, 1}, r.Pools[ActiveSide])
	_, err = r.Pass(OtherSide)
	assert.ErrorIs(t, err, ErrNotYourTurn)
	r, err = r.DiscardVirtual(ActiveSide, []int{0, 1}, 42)
	require.NoError(t, err)
	assert.False(t, r.Final)
	assert.Equal(t, ActiveSide, r.Turn)
	r, err = r.Pass(ActiveSide)
	require.NoError(t, err)
	assert.True(t, r.Final)
	_, err = r.Pass(ActiveSide)
	assert.ErrorIs(t, err, ErrNotYourTurn)

	two, err := NewReroll(dice.Pool{6}, dice.Pool{1})
	require.NoError(t, err)
	_, err = two.Discard(ActiveSide, nil, nil)
	assert.Error(t, err)
	_, err = two.Discard(ActiveSide, []int{3}, dice.Pool{2})
	assert.ErrorIs(t, err, dice.ErrBadIndex)
	_, err = two.Discard(OtherSide, []int{0}, dice.Pool{2})
	assert.ErrorIs(t, err, ErrNotYourTurn)
	before := two.Pools[ActiveSide]
	two2, err := two.Discard(ActiveSide, []int{0}, dice.Pool{1})
	require.NoError(t, err)
	assert.Equal(t, dice.Pool{1}, two2.Pools[ActiveSide], "the new face stands even if worse")
	assert.Equal(t, dice.Pool{6}, before, "earlier value unchanged")
	_, err = NewReroll(dice.Pool{9}, nil)
	assert.Error(t, err)
}

func TestDebrief(t *testing.T) {
	tests := []struct {
		name    string
		scores  []Score
		winners []string
		reason  string
	}{
		{"points", []Score{{Player: "fed", Missions: []int{30, 10}, BonusPoints: 5}, {Player: "borg", Missions: []int{20}, Core: 20}}, []string{"fed"}, "points"},
		{"tie broken by mission cards", []Score{{Player: "fed", Missions: []int{30, 10}}, {Player: "borg", Missions: []int{20, 10, 10}}}, []string{"borg"}, "missions"},
		{"draw", []Score{{Player: "fed", Missions: []int{20}}, {Player: "borg", Missions: []int{15}, BonusPoints: 5}}, []string{"fed", "borg"}, "draw"},
		{"three players, two tied on top", []Score{{Player: "a", Missions: []int{10}}, {Player: "b", Missions: []int{5, 5}}, {Player: "c", Missions: []int{1, 1, 1}}}, []string{"b"}, "missions"},
		{"nobody scored", []Score{{Player: "a"}, {Player: "b"}}, []string{"a", "b"}, "draw"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Debrief(tt.scores)
			require.NoError(t, err)
			assert.Equal(t, tt.winners, st.Winners)
			assert.Equal(t, tt.reason, st.Reason)
			assert.Equal(t, tt.reason == "draw", st.Draw)
		})
	}
	st, err := Debrief([]Score{{Player: "fed", Missions: []int{30, 10}, BonusPoints: 5, Core: 10}, {Player: "borg"}})
	require.NoError(t, err)
	assert.Equal(t, 55, st.Totals["fed"])
	assert.Equal(t, 2, st.Missions["fed"])
	_, err = Debrief(nil)
	assert.Error(t, err)
	_, err = Debrief([]Score{{Player: "a"}, {Player: "a"}})
	assert.Error(t, err)

	team := TeamScore("red", []Score{{Player: "x", Missions: []int{10}, BonusPoints: 2}, {Player: "y", Missions: []int{5}, Core: 5}})
	assert.Equal(t, 22, team.Total())
	assert.Len(t, team.Missions, 2)
}
