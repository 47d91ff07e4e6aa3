package tracker

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCommandPlayers(t *testing.T) {
	away := NewState(KindAway)
	away.Away.Players = []AwayPlayer{{ID: "p1", Name: "Ann"}, {ID: "p2", Name: "Ben"}}
	away.Away.Characters = []Character{{ID: "c1", Controller: "p1"}, {ID: "c2", Controller: "p2"}}
	asc := NewState(KindAscendancy)
	asc.Ascendancy.Players = []AscPlayer{{ID: "p1", Name: "Ann"}, {ID: "p2", Name: "Ben"}, {ID: "p3", Name: "Cy"}}

	tests := []struct {
		name   string
		st     *State
		cmd    Command
		want   []string
		others []string // for a device sitting as p1
	}{
		{"own character's peg", away, AdjustStun{Character: "c1", Delta: 1}, []string{"p1"}, nil},
		{"another's character", away, AdjustStun{Character: "c2", Delta: 1}, []string{"p2"}, []string{"p2"}},
		{"another player's token", away, AdjustTokens{Player: "p2", Token: "command", Delta: -1}, []string{"p2"}, []string{"p2"}},
		{"unknown character names nobody", away, AdjustStun{Character: "c9", Delta: 1}, nil, nil},
		{"own command token", asc, UseCommand{Player: "p1", Delta: 1}, []string{"p1"}, nil},
		{"another's resources", asc, AdjustAsc{Player: "p3", Counter: "culture", Delta: 1}, []string{"p3"}, []string{"p3"}},
		{"the whole table", asc, NextPhase{}, nil, nil},
		{"a battle I fight", asc, SpaceBattleRound{Attacker: BattleSide{Player: "p2"}, Defenders: []BattleSide{{Player: "p1"}}}, []string{"p1", "p2"}, nil},
		{"a battle of others", asc, SpaceBattleRound{Attacker: BattleSide{Player: "p2"}, Defenders: []BattleSide{{Player: "p3"}}}, []string{"p2", "p3"}, []string{"p2", "p3"}},
		{"a name is not an id", asc, AddAscPlayer{Name: "p2"}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, CommandPlayers(tc.st, tc.cmd))
			require.Equal(t, tc.others, OthersPieces(tc.st, "p1", tc.cmd))
		})
	}
	require.Nil(t, CommandPlayers(nil, NextPhase{}))
	require.Equal(t, "Ben", PlayerName(away, "p2"))
	require.Equal(t, "", PlayerName(away, "p9"))
	require.Equal(t, []SeatChoice{{"p1", "Ann"}, {"p2", "Ben"}, {"p3", "Cy"}}, SeatChoices(asc))
}
