package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/i18n"
	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/tracker/trackertest"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// english switches the texts to English for one test.
func english(t *testing.T) {
	t.Helper()
	_, err := i18n.Setup("en")
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = i18n.Setup("") })
}

// TestTrackerTextsInEnglishAreTheTrackersOwn: worded through the English
// translation file, every log label of a long game and every refusal reads
// exactly as the tracker's own English (en.json's templates are the
// tracker's formats), and in Italian they read differently.
func TestTrackerTextsInEnglishAreTheTrackersOwn(t *testing.T) {
	english(t)
	events := trackertest.Log(400)
	require.Len(t, events, 400)
	keyed := 0
	for _, e := range events {
		if len(e.Texts) > 0 {
			keyed++
		}
		assert.Equal(t, e.Label, screen.TrTexts(e.LabelTexts()), "event %d", e.Seq)
	}
	assert.Greater(t, keyed, 300, "the events carry their labels as data")

	g, err := tracker.New(tracker.KindAscendancy, tracker.Options{})
	require.NoError(t, err)
	refusals := []tracker.Command{
		tracker.Note{Text: "  "},
		tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Anna", Civilization: "Federation", Faction: ascrules.Federation,
			Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}}, Ascendancy: 9, Ships: 3,
			Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}},
		tracker.StartRound{},
	}
	for _, cmd := range refusals {
		_, err := g.Execute(cmd)
		var rej *tracker.Rejection
		require.True(t, errors.As(err, &rej), "%T is refused: %v", cmd, err)
		assert.NotEmpty(t, rej.ReasonKey, "%T: the reason is data", cmd)
		assert.Equal(t, rej.Error(), plainError(err), "%T", cmd)
	}
	_, err = g.Undo()
	assert.Equal(t, "Nothing to undo.", plainError(err))

	screentest.Italian(t)
	_, err = g.Undo()
	assert.Equal(t, "Niente da annullare.", plainError(err))
	// Away Missions terms stay English ("C10: +1 stun (1)"); the setup
	// and the players' steps are worded in Italian.
	differ := 0
	for _, e := range events[:40] {
		if screen.TrTexts(e.LabelTexts()) != e.Label {
			differ++
		}
	}
	assert.Greater(t, differ, 15, "the log is worded in Italian")
	assert.Equal(t, "Annullato: ", screen.TrTexts(tracker.Texts{{Key: "track.undo_step", Text: "Undo: "}}))
}

// TestItalianRefusalOnScreen: in the Italian app a step a rule refuses
// shows its reason, the rule and the rulebook in Italian, offers "Record it
// anyway" in Italian, and the ruling's log row is Italian too.
func TestItalianRefusalOnScreen(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := newAscGame(t, sh)
	screentest.Italian(t)
	cmd := tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Anna", Civilization: "Federation", Faction: ascrules.Federation,
		Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}}, Ascendancy: 9, Ships: 3,
		Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}}
	assert.False(t, sh.game.Exec(cmd), "a starting ascendancy of 9 is refused")
	status := sh.game.status.text
	assert.Equal(t, "Anna comincia con Autorità 1, non 9. Ogni giocatore comincia con 1 Autorità (Regolamento di Ascendancy (luglio 2020), Autorità Iniziale).", status)
	assert.NotContains(t, status, "starts with")

	test.Tap(screentest.Button(t, w, "Registra comunque"))
	assert.Contains(t, screentest.ScreenText(w), "Ogni giocatore comincia con 1 Autorità", "the form quotes the rule in Italian")
	screentest.TypeInto(w, screentest.Entry(t, w, "es. una carta in gioco lo permette"), "variante della casa")
	test.Tap(screentest.Button(t, w, "Registra"))
	require.Len(t, sh.game.game.State().Rulings, 1)
	rows := sh.game.logList.lines()
	require.NotEmpty(t, rows)
	assert.Contains(t, rows[0], "Decisione del tavolo: Anna entra come Federation")
	assert.Contains(t, rows[0], "(variante della casa; scavalca: Ogni giocatore comincia con 1 Autorità (Regolamento di Ascendancy (luglio 2020), Autorità Iniziale))")
}

// TestSavedGameStageInItalian: the saved games list words the stage the
// store keeps as data in the player's language, and a game stored before
// (the English stage only) as well; a stage the app cannot read is shown
// as it is.
func TestSavedGameStageInItalian(t *testing.T) {
	screentest.Italian(t)
	now := time.Date(2026, 11, 23, 18, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		info store.GameInfo
		want string
	}{
		{store.GameInfo{Kind: tracker.KindAscendancy, Stage: "Round 2 · Execution · Ben", Round: 2, Phase: tracker.AscExecution, Turn: "Ben"}, "Round 2 · Azione · Ben"},
		{store.GameInfo{Kind: tracker.KindAscendancy, Stage: "Round 2 · Execution · Ben"}, "Round 2 · Azione · Ben"},
		{store.GameInfo{Kind: tracker.KindAscendancy, Stage: "Game over", Phase: tracker.AscOver}, "Partita finita"},
		{store.GameInfo{Kind: tracker.KindAway, Stage: "Round 3 · Action phase", Round: 3, Phase: tracker.AwayAction}, "Round 3 · Action phase"},
		{store.GameInfo{Kind: tracker.KindAway, Stage: "Setup"}, "Preparazione"},
		{store.GameInfo{Kind: tracker.KindAway, Stage: "Somewhere new"}, "Somewhere new"},
	} {
		detail, _ := gameDetail(tc.info, now)
		assert.True(t, strings.HasSuffix(detail, " · "+tc.want), "%q: %q", tc.info.Stage, detail)
	}
}
