package tracker

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTemplateAndArgs(t *testing.T) {
	for _, tc := range []struct {
		format string
		args   []any
		tmpl   string
		want   map[string]string
	}{
		{"%s is not in play", []any{"Worf"}, "{{.a1}} is not in play", map[string]string{"a1": "Worf"}},
		{"%s has %d of %d (%q, %.1f%%)", []any{"Kim", 2, 3, "x", 1.25}, "{{.a1}} has {{.a2}} of {{.a3}} ({{.a4}}, {{.a5}}%)",
			map[string]string{"a1": "Kim", "a2": "2", "a3": "3", "a4": `"x"`, "a5": "1.2"}},
		{"weapons %+d, %-3d|", []any{2, 7}, "weapons {{.a1}}, {{.a2}}|", map[string]string{"a1": "+2", "a2": "7  "}},
		{"no verbs", nil, "no verbs", nil},
	} {
		assert.Equal(t, tc.tmpl, Template(tc.format), tc.format)
		m := msgf("track.x", tc.format, tc.args...)
		assert.Equal(t, tc.want, m.Args, tc.format)
		// The template filled with the args is the English text.
		filled := Template(tc.format)
		for k, v := range m.Args {
			filled = strings.ReplaceAll(filled, "{{."+k+"}}", v)
		}
		assert.Equal(t, m.Text, filled, tc.format)
	}
	// A piece without a key keeps no args: it is shown as it is.
	assert.Nil(t, msgf("", "%s: %s", "a", "b").Args)
}

func TestTextsInTranslates(t *testing.T) {
	tr := func(key, english string, args map[string]string) string {
		return "<" + key + ":" + args["a1"] + ">"
	}
	w := say("track.a", "A %s", "x").addRaw(" · ").add("track.b", "B %d", 2)
	assert.Equal(t, "A x · B 2", w.t.String())
	assert.Equal(t, "A x · B 2", w.t.In(nil))
	assert.Equal(t, "<track.a:x> · <track.b:2>", w.t.In(tr))

	r := Rule{Key: "rule.k", Text: "Text", Source: "Book, Part"}
	assert.Equal(t, "Text (Book, Part)", r.String())
	assert.Equal(t, "<rule.k:> (<rule.k.source:>)", r.In(tr))
	assert.Equal(t, r.String(), r.Texts().String())
}

// A refusal worded by a translator keeps the shape of Error: the reason,
// then the rule and its source.
func TestRejectionIn(t *testing.T) {
	s, err := New(KindAway, Options{})
	require.NoError(t, err)
	c := &decideCtx{s: s.State(), scratch: s.State()}
	err = c.breaks(ruleStunned, "track.x_is_stunned", "%s is stunned", "Worf")
	var rej *Rejection
	require.True(t, errors.As(err, &rej))
	assert.Equal(t, "Worf is stunned. A stunned character may only Recover (Away Missions rulebook, Stun).", rej.Error())
	assert.Equal(t, "track.x_is_stunned", rej.ReasonKey)
	assert.Equal(t, map[string]string{"a1": "Worf"}, rej.ReasonArgs)
	assert.Equal(t, "rule.stunned", rej.RuleKey)
	tr := func(key, english string, args map[string]string) string { return strings.ToUpper(english) }
	assert.Equal(t, "WORF IS STUNNED. A STUNNED CHARACTER MAY ONLY RECOVER (AWAY MISSIONS RULEBOOK, STUN).", rej.In(tr))

	// Its JSON carries the key and args for other devices.
	b, err := json.Marshal(rej)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"reason_key":"track.x_is_stunned","reason_args":{"a1":"Worf"},"rule_key":"rule.stunned"`)
}

func TestStageTexts(t *testing.T) {
	for _, tc := range []struct {
		round        int
		phase, turn  string
		want         string
		keys         []string
		roundArg     string
		summaryStage string
	}{
		{0, AscSetup, "", "Setup", []string{"track.stage.setup"}, "", ""},
		{2, AscExecution, "Ben", "Round 2 · Execution · Ben", []string{"track.stage.round", "", "track.stage.execution", "", ""}, "2", ""},
		{3, AwayAction, "", "Round 3 · Action phase", []string{"track.stage.round", "", "track.stage.action"}, "3", ""},
		{0, "future", "", "future", []string{""}, "", ""},
	} {
		got := StageTexts(tc.round, tc.phase, tc.turn)
		assert.Equal(t, tc.want, got.String())
		var keys []string
		for _, m := range got {
			keys = append(keys, m.Key)
		}
		assert.Equal(t, tc.keys, keys, tc.want)
		if tc.roundArg != "" {
			assert.Equal(t, tc.roundArg, got[0].Args["a1"])
		}
	}
	// A summary stored by an older version has only the English stage: it
	// is read back (TestOldStageReadBack).
	old := Summary{Stage: "Round 2 · Initiative"}
	assert.Equal(t, StageTexts(2, AscInitiative, ""), old.StageTexts())
	assert.Nil(t, Summary{}.StageTexts())
	cur := newSummary(nil, 2, AscInitiative, "")
	assert.Equal(t, "Round 2 · Initiative", cur.Stage)
	assert.Equal(t, cur.Stage, cur.StageTexts().String())
}

// Summaries stored before the stage was kept as data have only the
// English stage: it is read back into data when this package worded it,
// and shown as it is otherwise.
func TestOldStageReadBack(t *testing.T) {
	for _, tc := range []struct {
		stage string
		keys  []string
	}{
		{"Round 2 · Execution · Ben", []string{"track.stage.round", "", "track.stage.execution", "", ""}},
		{"Round 2 · Execution · Ann · Bo", []string{"track.stage.round", "", "track.stage.execution", "", ""}},
		{"Round 3 · Action phase", []string{"track.stage.round", "", "track.stage.action"}},
		{"Game over", []string{"track.stage.over"}},
		{"Setup", []string{"track.stage.setup"}},
		{"Mission preparation", []string{"track.stage.preparation"}},
		{"Round 0 · Initiative", []string{""}},
		{"Round two · Initiative", []string{""}},
		{"Something new", []string{""}},
		{"Round 2", []string{""}},
	} {
		got := Summary{Stage: tc.stage}.StageTexts()
		assert.Equal(t, tc.stage, got.String())
		var keys []string
		for _, m := range got {
			keys = append(keys, m.Key)
		}
		assert.Equal(t, tc.keys, keys, tc.stage)
	}
}

func FuzzStageReadBack(f *testing.F) {
	for _, s := range []string{"Round 2 · Execution · Ben", "Setup", "Round 9 · Draw phase", " · ", "Round -1 · Setup"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Whatever the stored text, it is shown as it was stored.
		if got := (Summary{Stage: s}).StageTexts().String(); got != s {
			t.Fatalf("%q shown as %q", s, got)
		}
	})
}
