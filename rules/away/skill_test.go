package away

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/dice"
)

// Rulebook "Opposed Skill Test Example": Riker (Skill 2, Command) takes a
// Command test opposed by One of Five (Skill 3, no Command); both roll three
// dice. The rulebook shows the faces only in pictures; the faces here are
// one set that fits every step of its text: only one of Riker's dice is
// canceled at first, One of Five re-rolls two dice and cancels all of them,
// Riker re-rolls his 3 into a 5, One of Five passes, Riker cannot beat a 6
// and passes: two successes for Riker.
func TestRulebookRikerVsOneOfFive(t *testing.T) {
	riker := Character{Name: "Riker", Specializations: []string{"Command", "Diplomacy", "Security"},
		Tracks: Tracks{Skill: NewTrack(1, 2)}}
	one := Character{Name: "One of Five", Tracks: Tracks{Skill: NewTrack(1, 2, 3)}}
	assert.Equal(t, 3, SetupSkill(riker, "Command", false).Dice().Kept)
	assert.Equal(t, 3, SetupSkill(one, "Command", false).Dice().Kept)

	seq, err := NewReroll(dice.Pool{5, 4, 3}, dice.Pool{6, 2, 1})
	require.NoError(t, err)
	r, err := ResolveSkill(seq.Pools[ActiveSide], seq.Pools[OtherSide], 1)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Successes, "only one of Riker's dice is canceled")

	seq, err = seq.Pass(ActiveSide) // Riker is happy
	require.NoError(t, err)
	seq, err = seq.Discard(OtherSide, []int{1, 2}, dice.Pool{4, 3}) // One of Five re-rolls two dice
	require.NoError(t, err)
	r, err = ResolveSkill(seq.Pools[ActiveSide], seq.Pools[OtherSide], 1)
	require.NoError(t, err)
	assert.Equal(t, 0, r.Successes, "One of Five cancels all of Riker's dice")

	seq, err = seq.Discard(ActiveSide, []int{2}, dice.Pool{5}) // the 3 becomes a 5
	require.NoError(t, err)
	assert.Equal(t, dice.Pool{5, 5, 4}, seq.Pools[ActiveSide], "re-sorted highest to lowest")
	seq, err = seq.Pass(OtherSide)
	require.NoError(t, err)
	assert.False(t, seq.Final)
	seq, err = seq.Pass(ActiveSide)
	require.NoError(t, err)
	assert.True(t, seq.Final)
	assert.Equal(t, [2]int{1, 1}, seq.Discards)

	r, err = ResolveSkill(seq.Pools[ActiveSide], seq.Pools[OtherSide], 1)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Successes)
	assert.True(t, r.Passed)
	assert.Equal(t, []Pair{
		{Attack: 5, Defense: 6, Outcome: PairCanceled},
		{Attack: 5, Defense: 4, Outcome: PairThrough},
		{Attack: 4, Defense: 3, Outcome: PairThrough},
	}, r.Pairs)
}

func TestSkillDice(t *testing.T) {
	cmdx2 := Character{Specializations: []string{"Command x2", "Science"}, Tracks: Tracks{Skill: NewTrack(1, 2, 3)}}
	cmdx3 := Character{Specializations: []string{"Medical", "medical", "MEDICAL"}, Tracks: Tracks{Skill: NewTrack(1, 2)}}
	tests := []struct {
		name    string
		c       Character
		spec    string
		backup  bool
		want    DiceCount
		wantExt int
	}{
		{"no specialization", cmdx2, "Medical", false, DiceCount{3, 3, 0}, 0},
		{"no specialization named", cmdx2, "", false, DiceCount{3, 3, 0}, 0},
		{"specialization once", cmdx2, "science", false, DiceCount{4, 4, 0}, 1},
		{"specialization x2", cmdx2, "Command", false, DiceCount{5, 5, 0}, 2},
		{"x2 and backup", cmdx2, "Command", true, DiceCount{6, 6, 0}, 2},
		{"listed three times", cmdx3, "Medical", true, DiceCount{6, 6, 0}, 3},
		{"cap drops one", Character{Specializations: []string{"Command x3"}, Tracks: Tracks{Skill: NewTrack(1, 2, 3, 3)}}, "Command", true, DiceCount{7, 6, 1}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.wantExt, tt.c.Specialization(tt.spec))
			assert.Equal(t, tt.want, SetupSkill(tt.c, tt.spec, tt.backup).Dice())
		})
	}
}

func TestResolveSkill(t *testing.T) {
	tests := []struct {
		name       string
		tester     dice.Pool
		challenger dice.Pool
		need       int
		successes  int
		passed     bool
	}{
		{"unopposed 4+ succeed", dice.Pool{6, 4, 3, 1}, nil, 1, 2, true},
		{"unopposed none", dice.Pool{3, 2, 1}, nil, 1, 0, false},
		{"need two, one", dice.Pool{5, 1}, nil, 2, 1, false},
		{"need zero counts as one", dice.Pool{1}, nil, 0, 0, false},
		{"opposed ties cancel", dice.Pool{4, 4}, dice.Pool{4, 4}, 1, 0, false},
		{"opposed low tester die beats lower challenger", dice.Pool{6, 2}, dice.Pool{5, 1}, 1, 2, true},
		{"uncontested tester dice need 4", dice.Pool{6, 5, 4, 3}, dice.Pool{6}, 1, 2, true},
		{"surplus challenger ignored", dice.Pool{2}, dice.Pool{1, 6}, 1, 0, false},
		{"unsorted input", dice.Pool{2, 6}, dice.Pool{1, 6}, 1, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ResolveSkill(tt.tester, tt.challenger, tt.need)
			require.NoError(t, err)
			assert.Equal(t, tt.successes, r.Successes)
			assert.Equal(t, tt.passed, r.Passed)
			assert.Equal(t, len(tt.challenger) > 0, r.Opposed)
			assert.NotEmpty(t, r.Explain())
		})
	}
	_, err := ResolveSkill(dice.Pool{7}, nil, 1)
	assert.ErrorIs(t, err, dice.ErrBadFace)
	_, err = ResolveSkill(dice.Pool{1, 1, 1, 1, 1, 1, 1}, nil, 1)
	assert.ErrorIs(t, err, dice.ErrTooManyDice)
}
