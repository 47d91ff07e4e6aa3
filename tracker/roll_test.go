package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/dice"
)

func TestRollsWithRerollsReplay(t *testing.T) {
	s := awayPair(t)
	seed, ok := s.NewSeed()
	require.True(t, ok)
	shown := dice.Roll(3, seed)
	cmd := SkillTest{Tester: "c3", CardDice: 2, Roll: Roll{Faces: shown, Seed: &seed, Rerolls: []Reroll{
		{Indexes: []int{2}, Virtual: true},
		{Indexes: []int{0}, Faces: dice.Pool{6}},
	}}}
	evs, err := viaJSON(t, s, cmd)
	require.NoError(t, err)
	rec := evs[0].Payload.(SkillTested).Roll
	assert.Equal(t, shown, rec.First)
	require.Len(t, rec.Rerolls, 2)
	require.NotNil(t, rec.Rerolls[0].Seed)
	assert.Equal(t, 6, rec.Faces[0])
	assert.Contains(t, evs[0].Label, "(virtual, re-rolled)")
	require.NoError(t, rec.check())
	assertReplays(t, s)

	// A record whose faces do not follow from its seeds is refused on replay.
	bad := rec
	bad.Faces = append(dice.Pool{}, rec.Faces...)
	bad.Faces[1] = bad.Faces[1]%6 + 1
	assert.Error(t, bad.check())
	bad = rec
	bad.First = append(dice.Pool{}, rec.First...)
	bad.First[0] = bad.First[0]%6 + 1
	assert.Error(t, bad.check())

	tests := []struct {
		name string
		roll Roll
	}{
		{"faces do not match the seed", Roll{Faces: dice.Pool{shown[0]%6 + 1, shown[1], shown[2]}, Seed: &seed}},
		{"virtual and entered", Roll{Faces: dice.Pool{1}, Virtual: 1}},
		{"re-roll of a missing die", Roll{Faces: dice.Pool{1, 2}, Rerolls: []Reroll{{Indexes: []int{5}, Faces: dice.Pool{3}}}}},
		{"re-roll virtual and entered", Roll{Faces: dice.Pool{1, 2}, Rerolls: []Reroll{{Indexes: []int{0}, Faces: dice.Pool{3}, Virtual: true}}}},
		{"re-roll with a bad face", Roll{Faces: dice.Pool{1, 2}, Rerolls: []Reroll{{Indexes: []int{0}, Faces: dice.Pool{7}}}}},
		{"negative count", Roll{Virtual: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rejected(t, s, SkillTest{Tester: "c3", Roll: tt.roll}, CodeInvalid)
		})
	}
}
