package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// projectPlayer is Ann of ascBase with the project area given.
func projectPlayer(projects int, cards ...ProjectCardState) AscPlayer {
	return AscPlayer{ID: "p1", Name: "Ann", Civilization: "Ann", Weapons: 5, BaseCommands: 5, Commands: 5,
		Costs: ascrules.NewCostTable("Ann"), Nodes: ascrules.Resources{Research: 3}, Projects: projects, ProjectCards: cards}
}

// A save whose project cards do not fit its project area (more cards than
// projects, a card's research out of what a card prints, research past
// the finish) is refused on import with words that name the card, and
// the played project area is accepted (issue 29, the project card list
// bounds).
func TestImportRefusesBadProjectCards(t *testing.T) {
	asc := ascBase(t)
	card := func(name string, cost, research int) ProjectCardState {
		return ProjectCardState{Name: name, Cost: cost, Research: research}
	}
	tests := []struct {
		name string
		p    AscPlayer
		want string // "" accepted
	}{
		{"two cards of two projects", projectPlayer(2, card("Warp 5", 4, 3), card("Shields", 2, 0)), ""},
		{"one card of three projects", projectPlayer(3, card("Warp 5", 4, 0)), ""},
		{"three cards for one project", projectPlayer(1, card("A", 2, 0), card("B", 2, 0), card("C", 2, 0)),
			"player 1 (Ann): 3 project cards entered for 1 projects"},
		{"cards and no project", projectPlayer(0, card("A", 2, 0)), "1 project cards entered for 0 projects"},
		{"negative projects", projectPlayer(-1), "projects is -1"},
		{"a card asking for no research", projectPlayer(1, card("A", 0, 0)), `project card 1 ("A") asks for 0 research; a card asks for 1 to 99`},
		{"a card asking for 1000", projectPlayer(2, card("A", 2, 0), card("B", 1000, 0)), `project card 2 ("B") asks for 1000 research`},
		{"research past the finish", projectPlayer(1, card("A", 3, 3)), `project card 1 ("A") has 3 research of 3 committed; it is finished at 3`},
		{"negative research", projectPlayer(1, card("A", 3, -2)), "has -2 research of 3"},
		{"a card with no name", projectPlayer(1, card("", 3, 0)), "project card 1:"},
		{"a round from the future", projectPlayer(1, ProjectCardState{Name: "A", Cost: 3, Round: -4}), "research last committed in round -4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := withSteps(asc, AscPlayerSet{Player: tt.p})
			_, err := Replay(KindAscendancy, log, Options{})
			require.NoError(t, err, "the log replays: only the check refuses it")
			_, err = ParseExport(exportBytes(t, KindAscendancy, log))
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrImpossible)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// A research node captured takes the defender's project with its card: the
// defender keeps no card of a project gone (seed 003 "Capturing research
// nodes": "1 of their active projects per node captured"), so both
// project areas stay ones the app can save and import.
func TestCapturedProjectsTakeTheirCards(t *testing.T) {
	na := projectPlayer(0)
	nd := projectPlayer(2, ProjectCardState{Name: "Warp 5", Cost: 4, Research: 2}, ProjectCardState{Name: "Shields", Cost: 2})
	got := captureProjects(&na, &nd, 2)
	require.Len(t, got, 1)
	assert.Equal(t, 0, nd.Projects)
	assert.Empty(t, nd.ProjectCards)
	assert.Equal(t, 2, na.Projects)
	assert.Equal(t, []ProjectCardState{{Name: "Shields", Cost: 2}, {Name: "Warp 5", Cost: 4}}, na.ProjectCards, "research on them is discarded")
	require.NoError(t, checkProjectCards(na))
	require.NoError(t, checkProjectCards(nd))
}

// FuzzProjectCards builds project areas from arbitrary numbers: a project
// area the validator accepts is one every project command can take any
// card number from without panicking, and leaves one it accepts again.
func FuzzProjectCards(f *testing.F) {
	f.Add(2, 1, 4, 3, 1)
	f.Add(1, 3, 2, 0, 3)
	f.Add(0, 0, 0, 0, 0)
	f.Add(1, 1, 99, 98, -5)
	f.Fuzz(func(t *testing.T, projects, cards, cost, research, pick int) {
		if cards < 0 || cards > 20 {
			return
		}
		p := projectPlayer(projects)
		for range cards {
			p.ProjectCards = append(p.ProjectCards, ProjectCardState{Name: "Card", Cost: cost, Research: research})
		}
		if checkProjectCards(p) != nil {
			return
		}
		np, err := copyPlayer(&p)
		require.NoError(t, err)
		if _, err := takeProject(&np, pick); err != nil {
			return
		}
		require.NoError(t, checkProjectCards(np))
		assert.Equal(t, p.Projects-1, np.Projects)
	})
}
