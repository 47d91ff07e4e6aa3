package away

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestIncapacitatedRecoversFromTheRoundPanel: issue 28, 1. seed 001
// "Stun": "While a character has a Stun token, the only Action that it can
// take is a Recover special action which removes one Stun Token";
// Incapacitated characters "cannot Move, Attack, or take Skill tests".
// Lukara, with two tokens, is offered Recover on her card; two Recovers
// take both tokens off and pass the turn, and the round can end.
func TestIncapacitatedRecoversFromTheRoundPanel(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	v := sh.game.view.(*awayView)
	require.True(t, sh.game.frame.Exec(tracker.AdjustStun{Character: v.st.Characters[1].ID, Delta: 2}))
	screentest.SelectTab(t, w, "Round")
	lukara := screentest.Button(t, w, "Lukara")
	assert.Equal(t, "Lukara (Incapacitated: may only Recover)", lukara.Text)
	test.Tap(lukara)
	assert.True(t, screentest.Button(t, w, "Move").Disabled())
	assert.True(t, screentest.Button(t, w, "Attack").Disabled())
	recover := screentest.Button(t, w, "Recover")
	require.False(t, recover.Disabled(), "an Incapacitated character may Recover")
	test.Tap(recover)
	assert.Equal(t, 1, v.st.Characters[1].Stun, "one token off")
	assert.Contains(t, screentest.ScreenText(w), "Activated: 1 of 2 actions left")
	test.Tap(screentest.Button(t, w, "Recover"))
	assert.Equal(t, 0, v.st.Characters[1].Stun)
	assert.Empty(t, w.Canvas().Overlays().List(), "the last action closed the card")
	assert.Contains(t, screentest.ScreenText(w), "Now: Dana activates a character", "the second Action passed the turn")

	test.Tap(screentest.Button(t, w, "Riker"))
	test.Tap(screentest.Button(t, w, "Move"))
	test.Tap(screentest.Button(t, w, "Move"))
	test.Tap(screentest.Button(t, w, "End round 1 and start the next"))
	assert.Contains(t, screentest.ScreenText(w), "Round 2 of 3 · Draw phase")
}

// TestAnyCharacterMayPassOrDraw: seed 001 "Draw Instead of Taking
// Actions": instead of an Action a character may draw a card (or swap a
// Mission card) or pass. The card offers both, so no activation is ever
// without a way on.
func TestAnyCharacterMayPassOrDraw(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	v := sh.game.view.(*awayView)
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Lukara"))
	test.Tap(screentest.Button(t, w, "Draw instead"))
	assert.Contains(t, screentest.ScreenText(w), "Activated: 1 of 2 actions left")
	test.Tap(screentest.Button(t, w, "Pass"))
	assert.Equal(t, "p1", v.st.CurrentPlayer(), "two Actions: Dana's turn")
	h := sh.game.game.History()
	assert.Contains(t, h.Undo[0].Label, "passes")
	assert.Contains(t, h.Undo[1].Label, "draws instead")
}

// TestEndActivationEndsIt: issue 28, 3. After End activation the Round
// panel offers no "action(s) left" for the ended activation, its card
// says it is over, and its Move is greyed out; the next player activates.
func TestEndActivationEndsIt(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Lukara"))
	test.Tap(screentest.Button(t, w, "Move"))
	test.Tap(screentest.Button(t, w, "End activation"))
	assert.Contains(t, screentest.ScreenText(w), "No actions left: the activation is over.")
	assert.True(t, screentest.Button(t, w, "Move").Disabled())
	test.Tap(screentest.Button(t, w, "Close"))
	text := screentest.ScreenText(w)
	assert.NotContains(t, text, "action(s) left")
	assert.Contains(t, text, "Now: Dana activates a character")
}

// TestWipedOutTeamLeavesTheRoundOpen: issue 28, 5. seed 001 "Not Dead,
// Jim": a game always goes for three rounds, even when a whole away team
// is Neutralized. Kim's Borg are gone in round 1: in round 2 Kim takes no
// bonus action tokens, Dana activates, and the rounds end by their
// buttons up to the debrief.
func TestWipedOutTeamLeavesTheRoundOpen(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	sh.openGame(seedBorgGame(t, st))
	w := sh.win
	v := sh.game.view.(*awayView)
	for _, ch := range v.st.Characters {
		if ch.Controller == "p2" {
			require.True(t, sh.game.frame.Exec(tracker.Neutralize{Character: ch.ID}))
		}
	}
	screentest.SelectTab(t, w, "Round")
	for round := 1; round <= 3; round++ {
		if round > 1 {
			rollOff(t, w, "1", "6") // Kim wins the roll
			assert.NotContains(t, screentest.ScreenText(w), "bonus action(s)", "round %d", round)
		}
		for _, name := range []string{"Riker", "Shelby"} {
			require.Contains(t, screentest.ScreenText(w), "Now: Dana activates a character", "round %d", round)
			test.Tap(screentest.Button(t, w, name))
			test.Tap(screentest.Button(t, w, "Pass"))
			test.Tap(screentest.Button(t, w, "End activation"))
			test.Tap(screentest.Button(t, w, "Close"))
		}
		if round < 3 {
			test.Tap(screentest.Button(t, w, "End round"))
		}
	}
	test.Tap(screentest.Button(t, w, "End the game: beam up and debrief"))
	assert.Contains(t, screentest.ScreenText(w), "Beam up and debrief")
}

// TestTakeCoverAgainIsFlagged: issue 28, 7. A character with a Take Cover
// token sees on its card that another Take cover adds nothing.
func TestTakeCoverAgainIsFlagged(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Lukara"))
	assert.NotContains(t, screentest.ScreenText(w), "Already taking cover")
	test.Tap(screentest.Button(t, w, "Take cover"))
	assert.Contains(t, screentest.ScreenText(w), "Already taking cover: another Take cover adds nothing.")
}

// TestHonorCounterOnKlingonCards: Honor tokens are the Klingons' (seed
// 001, "Klingon Empire"): Lukara's card (Klingon) has the Honor counter,
// Riker's (Federation) has none, until the table gives him honor anyway.
func TestHonorCounterOnKlingonCards(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Team")
	test.Tap(screentest.Button(t, w, "Lukara"))
	assert.Contains(t, screentest.ScreenText(w), "Honor 0", "Lukara's card counts honor")
	test.Tap(screentest.Button(t, w, "Riker"))
	assert.Contains(t, screentest.ScreenText(w), "Riker\nPhaser: +1 dice, +1 damage\nStun 0\n▶", "Riker's card opened")
	assert.Equal(t, 1, strings.Count(screentest.ScreenText(w), "Honor"), "Riker's card has no honor counter")
	var riker string
	for _, c := range sh.game.game.State().Away.Characters {
		if c.Name == "Riker" {
			riker = c.ID
		}
	}
	require.NotEmpty(t, riker)
	_, err := sh.game.game.Execute(tracker.AdjustTokens{Character: riker, Token: tracker.TokenHonor, Delta: 1})
	require.NoError(t, err)
	assert.Contains(t, screentest.ScreenText(w), "Honor 1", "honor given anyway shows")
}
