package away

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
)

// playToDebrief plays the Borg game of seedBorgGame through its three
// rounds, each character activating and ending at once, to Beam Up and
// Debrief; Dana scores a mission in round 1 and holds two Bonus Points
// tokens.
func playToDebrief(t *testing.T, st *store.Store) string {
	t.Helper()
	id := seedBorgGame(t, st)
	g, err := st.OpenGame(id)
	require.NoError(t, err)
	ex := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
		require.NoError(t, err, "%s", c.CommandType())
	}
	byName := map[string]string{}
	for _, ch := range g.State().Away.Characters {
		byName[ch.Name] = ch.ID
	}
	dana, kim := g.State().Away.Players[0].ID, g.State().Away.Players[1].ID
	ex(tracker.ScoreMission{Player: dana, Name: "Repair the Shields", Points: 2})
	ex(tracker.AdjustTokens{Player: dana, Token: tracker.TokenBonusPoints, Delta: 2})
	for round := 1; round <= 3; round++ {
		if round > 1 {
			ex(tracker.StartRound{})
			ex(tracker.StartActionPhase{FirstActivation: &tracker.AwayOrder{Order: []string{kim, dana}}})
		}
		for _, name := range []string{"Locutus", "Riker", "Two of Five", "Shelby"} {
			ex(tracker.Activate{Character: byName[name]})
			ex(tracker.EndActivation{})
		}
	}
	ex(tracker.EndGame{})
	return id
}

// TestDebriefScoresTheCoreMissionAndBonusPoints: issue 28, 4. seed 001
// "Beam Up and Debrief": "You can now score any End of Game Mission cards
// … then check your Core Mission card to see how many points you scored
// for it. Add the points on the Mission cards and Bonus Points tokens in
// your scoring area." The debrief has a Core Mission step; the scores on
// the Round panel and in the final breakdown count the Core Mission and
// the Bonus Points tokens.
func TestDebriefScoresTheCoreMissionAndBonusPoints(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	sh.openGame(playToDebrief(t, st))
	w := sh.win
	screentest.SelectTab(t, w, "Round")
	text := screentest.ScreenText(w)
	require.Contains(t, text, "Beam up and debrief")
	assert.Contains(t, text, "2. Core Mission")
	assert.Contains(t, text, "Dana: 4 points — Repair the Shields (2), Bonus Points tokens (2)")

	test.Tap(screentest.Button(t, w, "Core Mission points for Dana"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Points on the card"), "3")
	test.Tap(screentest.Button(t, w, "Score"))
	h := sh.game.game.History()
	assert.Equal(t, "Dana scores Core Mission (3 points)", h.Undo[0].Label)
	a := sh.game.game.State().Away
	require.Len(t, a.Players[0].Missions, 2)
	assert.True(t, a.Players[0].Missions[1].Core, "scored as the Core Mission")
	assert.Contains(t, screentest.ScreenText(w), "Dana: 7 points — Repair the Shields (2), Core Mission (3), Bonus Points tokens (2)")

	test.Tap(screentest.Button(t, w, "Add up scores and decide the winner"))
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "Winner: Dana")
	assert.Contains(t, text, "Dana: 7 points — Repair the Shields (2), Core Mission (3), Bonus Points tokens (2)", "the final breakdown")
}

// TestBorgMissionAsksForAdapt: issue 28, 7. seed 001 glossary, Adapt:
// "Borg players acquire Adapt tokens as they complete Missions." The Borg
// player's mission form asks how many the card gives; the other player's
// does not.
func TestBorgMissionAsksForAdapt(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	sh.openGame(seedBorgGame(t, st))
	w := sh.win
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Score a mission for Dana"))
	assert.Empty(t, screentest.Entries(w, "Adapt tokens the card gives (0 if none)"), "Dana is not the Borg player")
	test.Tap(screentest.Button(t, w, "Cancel"))
	test.Tap(screentest.Button(t, w, "Score a mission for Kim"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Mission card name"), "Assimilate the Bridge")
	screentest.TypeInto(w, screentest.Entry(t, w, "Points on the card"), "2")
	screentest.TypeInto(w, screentest.Entry(t, w, "Adapt tokens the card gives (0 if none)"), "2")
	test.Tap(screentest.Button(t, w, "Score"))
	a := sh.game.game.State().Away
	assert.Equal(t, 2, a.Players[1].Tokens[tracker.TokenAdapt])
	assert.Equal(t, "Kim scores Assimilate the Bridge (2 points); Kim: +2 adapt (2)", sh.game.game.History().Undo[0].Label)
}
