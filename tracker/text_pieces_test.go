package tracker

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	awayrules "tableops/rules/away"
	"tableops/rules/rulerr"
)

// translations reads one of the app's translation files and words texts
// with it the way the screens do: the key's template filled with the args
// (a key the file lacks shows the English).
func translations(t *testing.T, lang string) rulerr.Translator {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "i18n", "translations", lang+".json"))
	require.NoError(t, err)
	var texts map[string]string
	require.NoError(t, json.Unmarshal(b, &texts))
	return func(key, english string, args map[string]string) string {
		s, ok := texts[key]
		if !ok {
			return english
		}
		for k, v := range args {
			s = strings.ReplaceAll(s, "{{."+k+"}}", v)
		}
		return s
	}
}

// lastLabel is the label of the session's last event, as data.
func lastLabel(t *testing.T, s *Session) Texts {
	t.Helper()
	log := s.Log()
	require.NotEmpty(t, log)
	return log[len(log)-1].LabelTexts()
}

// assertWorded: through en.json the text is the tracker's own English,
// byte for byte; through it.json it has none of the English words of the
// piece that is an arg (the stage, an action's name, ...).
func assertWorded(t *testing.T, got Texts, english string, notInItalian []string, inItalian string) {
	t.Helper()
	en, it := translations(t, "en"), translations(t, "it")
	assert.Equal(t, english, got.String())
	assert.Equal(t, english, got.In(en), "en.json words it as the tracker does")
	italian := got.In(it)
	for _, w := range notInItalian {
		assert.NotContains(t, italian, w, "Italian: %q", italian)
	}
	assert.Contains(t, italian, inItalian)
}

// The stage a refusal names is worded in the reader's language (issue 16).
func TestNotNowStageInItalian(t *testing.T) {
	s, err := New(KindAscendancy, Options{})
	require.NoError(t, err)
	_, err = s.Execute(SpaceBattleRound{})
	var rej *Rejection
	require.True(t, errors.As(err, &rej), "%v", err)
	require.Equal(t, "track.not_now_game_is_at", rej.ReasonKey)
	assert.Equal(t, "Not now: the game is at setup.", rej.Error())
	assert.Equal(t, "Not now: the game is at setup.", rej.In(translations(t, "en")))
	assert.Equal(t, "Non ora: la partita è in questa fase: preparazione.", rej.In(translations(t, "it")))

	// A stage with a round, a phase and a player.
	m := msgf("track.not_now_game_is_at", "Not now: the game is at %s.", lower(StageTexts(2, AscExecution, "Ben")))
	assertWorded(t, Texts{m}, "Not now: the game is at round 2 · execution · ben.", []string{"execution"}, "round 2 · azione · ben")

	// Its JSON carries the stage as data for other devices.
	b, err := json.Marshal(rej)
	require.NoError(t, err)
	var back Rejection
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, rej.In(translations(t, "it")), back.In(translations(t, "it")))
}

// The name of an Away Action in the log is worded in the reader's
// language; the Away Missions terms stay English.
func TestActionNamesInItalian(t *testing.T) {
	s := awayDuel(t)
	_, err := s.Execute(Activate{Character: "c3"})
	require.NoError(t, err)
	_, err = s.Execute(TakeAction{Character: "c3", Kind: awayrules.ActionMove})
	require.NoError(t, err)
	assertWorded(t, lastLabel(t, s), "Worf: Action 1 of 2 (move)", []string{" of "}, "Worf: Action 1 di 2 (Move)")
	_, err = s.Execute(TakeAction{Character: "c3", Kind: awayrules.ActionPass})
	require.NoError(t, err)
	assertWorded(t, lastLabel(t, s), "Worf: Action 2 of 2 (passes)", []string{"passes", " of "}, "(passa)")
	for kind, m := range actionNames {
		label := say("track.free_action", "%s: free Action (%s)", "Worf", actionWords(kind)).t
		assertWorded(t, label, "Worf: free Action ("+m.Text+")", []string{"free", "draws", "instead", "passes"}, "Action gratuita")
	}
}

// Away token names stay English, the words around them do not.
func TestTokenRowsInItalian(t *testing.T) {
	s := awayDuel(t)
	_, err := s.Execute(AdjustTokens{Player: "p1", Token: TokenBonusPoints, Delta: 2})
	require.NoError(t, err)
	label := lastLabel(t, s)
	require.Len(t, label, 1)
	assert.Equal(t, "track.tokens_set", label[0].Key)
	it := label.In(translations(t, "it"))
	assert.Contains(t, it, "segnalino/i Bonus Point")
	assert.NotContains(t, it, "bonus points")
	assert.Equal(t, label.String(), label.In(translations(t, "en")))

	_, err = s.Execute(AdjustTokens{Player: "p1", Token: TokenIntel, Delta: -5})
	var rej *Rejection
	require.True(t, errors.As(err, &rej), "%v", err)
	assert.Equal(t, rej.Error(), rej.In(translations(t, "en")))
	assert.Contains(t, rej.In(translations(t, "it")), "segnalino/i Intel")
	assert.NotContains(t, rej.In(translations(t, "it")), "token")
}

// The options summary of the log is Italian in the Italian app, every
// option and value of it.
func TestGameOptionsInItalian(t *testing.T) {
	for _, o := range []AscOptions{
		{},
		{EasierAscension: true, Occupation: OccupationProduction, VulcanStart: VulcanStandard, StarbaseDice: StarbaseDiePerStarbase,
			AndorianRecon: ReconRivalSystem, Start: StartHumble},
		{Start: StartExtra},
	} {
		label := say("track.game_options", "Game options: %s", o.describe()).t
		assertWorded(t, label, label.String(), []string{"Game options", "culture an", "a game", "occupation", "start:", "die:", "recon", "per starbase", "system"},
			"Opzioni di gioco: ")
	}
	assert.Contains(t, say("track.game_options", "Game options: %s", AscOptions{}.describe()).t.String(),
		"Game options: 5 culture an ascendancy token; ", "the English summary")
}

// The recharge summary's lines are data: the same English as Lines, and
// in Italian the resources and commands are Italian words.
func TestRechargeLinesInItalian(t *testing.T) {
	s := ascTwoPlayers(t)
	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})
	sum := s.State().Ascendancy.Recharge
	require.NotNil(t, sum)
	require.Len(t, sum.LineTexts, len(sum.Lines))
	found := 0
	for i, line := range sum.LineTexts {
		found++
		assertWorded(t, line, sum.Lines[i], []string{"production", "research", "culture", "commands ready", "nothing", "node"}, "comandi pronti")
	}
	// Kept with the state.
	b, err := json.Marshal(sum)
	require.NoError(t, err)
	var back RechargeSummary
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, sum.LineTexts, back.LineTexts)
	require.Greater(t, found, 0, "the game recharges")

	occupied := say("track.cardassian_occupation_idle", " (Cardassian occupation: %s idle)", fmtNodes(ascrules.Resources{Production: 1, Culture: 2})).t
	assertWorded(t, occupied, " (Cardassian occupation: 1 production, 2 culture node(s) idle)", []string{"production", "culture", "node", "idle"}, "1 produzione, 2 cultura")
	assertWorded(t, fmtNodes(ascrules.Resources{}), "no nodes", []string{"no nodes"}, "nessun nodo")
}

// The verdicts of hegemony, diplomacy and Skill tests in the log are
// worded in the reader's language.
func TestVerdictsInItalian(t *testing.T) {
	for _, tc := range []struct {
		label      Texts
		english    string
		notItalian []string
		italian    string
	}{
		{say("track.against", "%s %s %s: %d against %d", "Anna", Msg{Key: "track.verdict.passes", Text: "passes"},
			Msg{Key: "track.what.diplomacy_test", Text: "the diplomacy test"}, 5, 4).t,
			"Anna passes the diplomacy test: 5 against 4", []string{"passes", "diplomacy test"}, "Anna supera il Test Diplomazia: 5 contro 4"},
		{say("track.against", "%s %s %s: %d against %d", "Anna", Msg{Key: "track.verdict.fails", Text: "fails"}, raw("Vulcan Envoy"), 2, 4).t,
			"Anna fails Vulcan Envoy: 2 against 4", []string{"fails"}, "Anna fallisce Vulcan Envoy"},
		{say("track.tries_hegemony_on_against_resistance", "%s tries hegemony on %s: %d%s against resistance %d, %s", "Ben", "Qo'noS", 9, "", 7,
			Msg{Key: "track.verdict.takes_control", Text: "takes control"}).t,
			"Ben tries hegemony on Qo'noS: 9 against resistance 7, takes control", []string{"takes control"}, "prende il controllo"},
		{say("track.of", ", %d of %d: %s", 1, 2, Msg{Key: "track.verdict.failed", Text: "failed"}).t,
			", 1 of 2: failed", []string{"failed"}, ", 1 su 2: fallito"},
		{say("track.of", ", %d of %d: %s", 2, 2, Msg{Key: "track.verdict.passed", Text: "passed"}).t,
			", 2 of 2: passed", []string{"passed"}, ", 2 su 2: superato"},
	} {
		assertWorded(t, tc.label, tc.english, tc.notItalian, tc.italian)
	}
}
