package away

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shelby has one peg to lose on each track, like the card in the rulebook's
// "Combat" damage example.
func shelby() Character {
	return Character{Name: "Shelby", Owner: "fed", Specializations: []string{"Command", "Engineering", "Security"},
		Tracks: Tracks{Attack: NewTrack(1, 2), Defense: NewTrack(1, 2), Skill: NewTrack(1, 2), Move: NewTrack(1, 2)}}
}

// Rulebook "Combat" example: Shelby has taken three Damage, reducing her
// Move, Defense and Skill; one more Damage can reduce her Attack; a further
// Damage Neutralizes her, as she would have to reduce a rating below its
// lowest value.
func TestRulebookShelbyDamage(t *testing.T) {
	c, rep, err := ApplyDamage(shelby(), 3, []Rating{Move, Defense, Skill})
	require.NoError(t, err)
	assert.Equal(t, []Rating{Move, Defense, Skill}, rep.Reduced)
	assert.False(t, rep.Neutralized)
	assert.Equal(t, []Rating{Attack}, Reducible(c))

	_, _, err = ApplyDamage(c, 1, []Rating{Move})
	assert.ErrorIs(t, err, ErrCannotReduce, "Move is at its lowest value while Attack is not")

	c, rep, err = ApplyDamage(c, 1, []Rating{Attack})
	require.NoError(t, err)
	assert.False(t, rep.Neutralized)
	assert.Equal(t, 1, c.Rating(Attack))

	c, rep, err = ApplyDamage(c, 1, nil)
	require.NoError(t, err)
	assert.True(t, rep.Neutralized)
	assert.True(t, c.Neutralized)
	assert.Equal(t, 1, rep.Unapplied)

	_, _, err = ApplyDamage(c, 1, nil)
	assert.ErrorIs(t, err, ErrNeutralized)
}

// Rulebook "Attack Action Example", step 3: Riker takes three Damage and his
// player takes them from Move and Defense.
func TestRulebookRikerTakesThreeDamage(t *testing.T) {
	riker := Character{Name: "Riker", Tracks: Tracks{Attack: NewTrack(1, 2), Defense: NewTrack(1, 2, 3),
		Skill: NewTrack(1, 2), Move: NewTrack(1, 2)}}
	r := AttackResult{Damage: 3}
	c, rep, err := TakeAttack(riker, r, []Rating{Move, Defense, Defense})
	require.NoError(t, err)
	assert.False(t, rep.Neutralized)
	assert.Equal(t, 1, c.Rating(Defense))
	assert.Equal(t, 1, c.Rating(Move))
	assert.Equal(t, 2, c.Rating(Skill), "the skill he needs is untouched")
	assert.Equal(t, 3, riker.Rating(Defense), "the input is not modified")
}

func TestCanReduce(t *testing.T) {
	tests := []struct {
		name string
		t    Track
		ok   bool
	}{
		{"full track", NewTrack(1, 2, 3), true},
		{"lowest value", Track{Values: []int{1, 2, 3}, Pegs: 1}, false},
		{"no holes", Track{}, false},
		{"may not go below 1", NewTrack(0, 1, 2), true},
		{"1 to 0 refused", Track{Values: []int{0, 1, 2}, Pegs: 2}, false},
		{"already 0 may lose more", Track{Values: []int{0, 0, 1}, Pegs: 2}, true},
		{"repeated values", NewTrack(1, 1, 2), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Character{Tracks: Tracks{Skill: tt.t}}
			ok, why := CanReduce(c, Skill)
			assert.Equal(t, tt.ok, ok, why)
			if !ok {
				assert.NotEmpty(t, why)
			}
		})
	}
}

func TestApplyDamageErrors(t *testing.T) {
	c := shelby()
	_, _, err := ApplyDamage(c, 2, []Rating{Move})
	assert.ErrorIs(t, err, ErrChooseTrack)
	_, _, err = ApplyDamage(c, 1, []Rating{Rating(9)})
	assert.ErrorIs(t, err, ErrCannotReduce)
	_, _, err = ApplyDamage(c, -1, nil)
	assert.Error(t, err)
	out, rep, err := ApplyDamage(c, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, c, out)
	assert.Empty(t, rep.Reduced)
	// Massive damage: four pegs, then Neutralized with the rest unapplied.
	out, rep, err = ApplyDamage(c, 9, []Rating{Attack, Defense, Skill, Move})
	require.NoError(t, err)
	assert.True(t, out.Neutralized)
	assert.Equal(t, 5, rep.Unapplied)
}

func TestRecoverAndStun(t *testing.T) {
	c, _, err := ApplyDamage(shelby(), 2, []Rating{Move, Skill})
	require.NoError(t, err)
	c, err = Recover(c, []Rating{Move})
	require.NoError(t, err)
	assert.Equal(t, 2, c.Rating(Move))
	_, err = Recover(c, []Rating{Move})
	assert.ErrorIs(t, err, ErrTrackFull)

	c, ok := GiveStun(c)
	assert.True(t, ok)
	c, ok = GiveStun(c)
	assert.True(t, ok)
	assert.True(t, c.Incapacitated())
	assert.False(t, CanGiveBackup(c))
	c, ok = GiveStun(c)
	assert.False(t, ok, "no third Stun token")
	assert.Equal(t, 2, c.Stun)
	c, n := RemoveStun(c, 1)
	assert.Equal(t, 1, n)
	c, n = RemoveStun(c, 5)
	assert.Equal(t, 1, n)
	assert.Equal(t, 0, c.Stun)

	// A Stun hit on the target of an attack.
	c, _, err = TakeAttack(c, AttackResult{Stun: 1}, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, c.Stun)
}

func droneOverlay() Overlay {
	return Overlay{
		Tracks:  Tracks{Attack: NewTrack(1), Defense: NewTrack(1, 2), Skill: NewTrack(1, 2, 3), Move: NewTrack(1)},
		Weapons: []Weapon{{Name: "Assimilation Tubules", Damage: 1, Keywords: []string{"Assimilate", "Melee"}}},
		Rules:   []string{"Hivemind"},
	}
}

// "Special Rules", Assimilate: Shelby Neutralized by Assimilation Tubules
// becomes a Borg Drone with the overlay's full tracks, keeps her
// specializations, gains a Stun token; when Neutralized again her card goes
// back to her owner.
func TestAssimilate(t *testing.T) {
	hurt, rep, err := ApplyDamage(shelby(), 5, []Rating{Move, Defense, Skill, Attack})
	require.NoError(t, err)
	require.True(t, rep.Neutralized)
	assert.True(t, NeutralizedBy(droneOverlay().Weapons[0], shelby()))

	d, err := Assimilate(shelby(), droneOverlay(), "borg")
	require.NoError(t, err)
	assert.Equal(t, "borg", d.Owner)
	assert.Equal(t, 3, d.Rating(Skill))
	assert.True(t, d.Tracks.Skill.Full())
	assert.Equal(t, shelby().Specializations, d.Specializations)
	assert.Equal(t, 1, d.Stun)
	assert.True(t, d.Borg())
	assert.True(t, d.Drone())
	assert.True(t, d.HasRule("hivemind"))
	assert.Equal(t, "Assimilation Tubules", d.Weapons[0].Name)
	assert.False(t, d.Neutralized)
	assert.False(t, NeutralizedBy(droneOverlay().Weapons[0], d), "an assimilated drone is not assimilated again")
	_, err = Assimilate(d, droneOverlay(), "borg")
	assert.Error(t, err)
	_ = hurt

	b, err := json.Marshal(d)
	require.NoError(t, err)
	var back Character
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, d, back)

	n := Neutralize(d)
	assert.Equal(t, "fed", n.Owner)
	assert.Nil(t, n.Assimilated)
	assert.True(t, n.Neutralized)
	assert.Equal(t, shelby().Tracks, n.Tracks)
	assert.False(t, n.Borg())

	_, err = Assimilate(shelby(), Overlay{Tracks: Tracks{Attack: Track{Values: []int{3, 1}, Pegs: 2}}}, "borg")
	assert.Error(t, err)
}

func FuzzParseRating(f *testing.F) {
	for _, s := range []string{"attack", "D", " skill ", "movement", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRating(s)
		if err != nil {
			return
		}
		back, err := ParseRating(r.String())
		if err != nil || back != r {
			t.Fatalf("%q -> %v -> %v %v", s, r, back, err)
		}
	})
}

// TestDefaultDamageIsLegal: the choice the damage form starts from can
// always be applied. The drone of issue 28 (Attack and Move at their
// lowest, Defense 1-2, Skill 1-2-3) takes 4 Damage: cycling the ratings
// that could lose a peg before the first point (Defense, Skill, Defense,
// Skill) asks Defense for a peg it no longer has; the default takes
// Defense, Skill, Skill and the fourth point Neutralizes it ("Combat",
// step 6).
func TestDefaultDamageIsLegal(t *testing.T) {
	drone := Character{Name: "Three of Five", Tracks: Tracks{Attack: NewTrack(1), Defense: NewTrack(1, 2),
		Skill: NewTrack(1, 2, 3), Move: NewTrack(1)}}
	riker := Character{Name: "Riker", Tracks: Tracks{Attack: NewTrack(1, 2), Defense: NewTrack(1, 2, 3),
		Skill: NewTrack(1, 2), Move: NewTrack(1, 2)}}
	tests := []struct {
		name        string
		c           Character
		n           int
		want        []Rating
		neutralized bool
	}{
		{"issue 28's drone, 4 damage", drone, 4, []Rating{Defense, Skill, Skill}, true},
		{"the drone, 3 damage: every peg, not Neutralized", drone, 3, []Rating{Defense, Skill, Skill}, false},
		{"the drone, 1 damage", drone, 1, []Rating{Defense}, false},
		{"Riker, 3 damage spread in card order", riker, 3, []Rating{Attack, Defense, Skill}, false},
		{"Riker, 6 damage", riker, 6, []Rating{Attack, Defense, Skill, Move, Defense}, true},
		{"Shelby, the book's 5th damage", shelby(), 5, []Rating{Attack, Defense, Skill, Move}, true},
		{"no damage", riker, 0, nil, false},
		{"a track that may not go below 1", Character{Tracks: Tracks{Attack: NewTrack(0, 1, 2), Defense: NewTrack(1)}}, 3, []Rating{Attack}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DefaultDamage(tt.c, tt.n)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.neutralized, Neutralizes(tt.c, tt.n))
			after, rep, err := ApplyDamage(tt.c, tt.n, got)
			require.NoError(t, err, "the default is legal")
			assert.Equal(t, tt.neutralized, rep.Neutralized)
			assert.Equal(t, tt.neutralized, after.Neutralized)
		})
	}
}
