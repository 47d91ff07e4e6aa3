package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// openAscAtBidding opens an Ascendancy game of Ann and Ben at round 2's
// bidding, both past first contact.
func openAscAtBidding(t *testing.T, sh *Shell) {
	t.Helper()
	g, err := sh.store.Create(tracker.KindAscendancy, "Bids")
	require.NoError(t, err)
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	for _, c := range []tracker.Command{
		tracker.AddAscPlayer{Name: "Ann", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Ben", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		tracker.StartAscendancy{},
		tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}},
		tracker.FirstContact{Player: "p1"},
		tracker.FirstContact{Player: "p2"},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	for range 20 {
		if g.State().Ascendancy.Walker.Stage == tracker.AscRecharge {
			break
		}
		_, err := g.Execute(tracker.NextPhase{})
		require.NoError(t, err)
	}
	_, err = g.Execute(tracker.Recharge{})
	require.NoError(t, err)
	info, _ := g.Info()
	sh.openGame(info.ID)
	require.NotNil(t, sh.game)
}

// TestRulesRefusalInItalian: a refusal worded by the rules engine (two
// bids may not total the same, rules/ascendancy) reaches the Italian
// screen in Italian, with the players' names and the numbers as they were.
func TestRulesRefusalInItalian(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	openAscAtBidding(t, sh)
	screentest.Italian(t)
	require.True(t, sh.game.Exec(tracker.Bid{Player: "p1", Spent: ascrules.Resources{Production: 1}}))
	assert.False(t, sh.game.Exec(tracker.Bid{Player: "p2", Spent: ascrules.Resources{Culture: 1}}), "an equal total is refused")
	status := sh.game.status.text
	assert.Contains(t, status, "Ben non può puntare 1: Ann ha già puntato quel totale")
	assert.NotContains(t, status, "cannot bid")
	assert.NotContains(t, status, "invalid")

	english(t)
	assert.False(t, sh.game.Exec(tracker.Bid{Player: "p2", Spent: ascrules.Resources{Culture: 1}}))
	assert.Contains(t, sh.game.status.text, "Ben cannot bid 1: Ann already bid that total")
}
