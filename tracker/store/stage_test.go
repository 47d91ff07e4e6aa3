package store

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// The store keeps a game's stage as data (round, phase id, whose turn)
// next to the English stage, so a screen words it in its own language; a
// game stored before (the English stage only) still says where it stands.
func TestStageKeptAsData(t *testing.T) {
	s, path := openTemp(t)
	g, err := s.Create(tracker.KindAway, "Wolf 359")
	require.NoError(t, err)
	for _, cmd := range []tracker.Command{
		tracker.AddAwayPlayer{Name: "Anna"}, tracker.AddAwayPlayer{Name: "Ben"},
		tracker.AddCharacter{Player: "p1", Name: "Worf", Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		tracker.AddCharacter{Player: "p2", Name: "Kira", Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		tracker.StartMission{}, tracker.AwayOrder{Which: tracker.OrderBeamDown, Order: []string{"p1", "p2"}}, tracker.StartRound{},
	} {
		_, err := g.Execute(cmd)
		require.NoError(t, err, cmd.CommandType())
	}
	list, err := s.List()
	require.NoError(t, err)
	require.Len(t, list, 1)
	info := list[0]
	assert.Equal(t, "Round 1 · Draw phase", info.Stage)
	assert.Equal(t, 1, info.Round)
	assert.Equal(t, tracker.AwayDraw, info.Phase)
	assert.Equal(t, info.Stage, info.StageTexts().String())
	assert.Equal(t, "track.stage.draw", info.StageTexts()[2].Key)

	// Reopened, the data is still there.
	require.NoError(t, s.Close())
	s2 := openTest(t, path)
	list, err = s2.List()
	require.NoError(t, err)
	assert.Equal(t, info.Round, list[0].Round)
	assert.Equal(t, info.Phase, list[0].Phase)

	// A game entry as an older version stored it: the English stage only.
	old := list[0]
	old.Round, old.Phase, old.Turn = 0, "", ""
	require.NoError(t, s2.db.update(func(tx kvTx) error {
		return putInfo(tx.bucket(bucketGames).bucket([]byte(old.ID)), old)
	}))
	list, err = s2.List()
	require.NoError(t, err)
	assert.Empty(t, list[0].Phase)
	assert.Equal(t, "Round 1 · Draw phase", list[0].StageTexts().String())
	assert.Equal(t, "track.stage.draw", list[0].StageTexts()[2].Key, "read back from the English")
	// The next step stores the data again.
	g2, err := s2.OpenGame(old.ID)
	require.NoError(t, err)
	_, err = g2.Execute(tracker.Note{Text: "tea break"})
	require.NoError(t, err)
	list, err = s2.List()
	require.NoError(t, err)
	assert.Equal(t, tracker.AwayDraw, list[0].Phase)
}
