package rulerr

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errKind = errors.New("invalid input")

// upper is a translator that shows the key and the args it was given.
func upper(key, english string, args map[string]string) string {
	s := "<" + key
	for i := 1; i <= len(args); i++ {
		s += " " + args[ArgName(i-1)]
	}
	return s + ">"
}

func TestErrorfWordsLikeFmt(t *testing.T) {
	sentinel := New("rules.x.face", "not a die face (1 to 6)")
	for _, tc := range []struct {
		format string
		args   []any
		tmpl   string
		want   map[string]string
	}{
		{"%s cannot bid %d: %s already bid that total", []any{"Ben", 2, "Anna"}, "{{.a1}} cannot bid {{.a2}}: {{.a3}} already bid that total", map[string]string{"a1": "Ben", "a2": "2", "a3": "Anna"}},
		{"dice %s: %c at position %d: %w", []any{`"7"`, '7', 1, sentinel}, "dice {{.a1}}: {{.a2}} at position {{.a3}}: {{.a4}}", map[string]string{"a1": `"7"`, "a2": "7", "a3": "1", "a4": "not a die face (1 to 6)"}},
		{"table %q: 100%% of %v", []any{"Fed", []int{1, 2}}, "table {{.a1}}: 100% of {{.a2}}", map[string]string{"a1": `"Fed"`, "a2": "[1 2]"}},
		{"no verbs", nil, "no verbs", nil},
	} {
		e := Errorf("rules.x.k", tc.format, tc.args...)
		assert.Equal(t, fmt.Errorf(tc.format, tc.args...).Error(), e.Error(), tc.format)
		assert.Equal(t, tc.tmpl, Template(tc.format), tc.format)
		assert.Equal(t, tc.want, e.Args, tc.format)
		filled := Template(tc.format)
		for k, v := range e.Args {
			filled = strings.ReplaceAll(filled, "{{."+k+"}}", v)
		}
		assert.Equal(t, e.Text(), filled, "the template filled with the args is the English: %s", tc.format)
	}
}

func TestKindWrapAndParts(t *testing.T) {
	face := New("rules.x.face", "not a die face")
	inner := Errorf("rules.x.dice", "dice %q: %w", "9", face)
	outer := Errorf("rules.x.defender", "defender %d dice: %v", 2, inner).Kind(errKind)

	assert.Equal(t, `defender 2 dice: dice "9": not a die face: invalid input`, outer.Error())
	assert.Equal(t, `defender 2 dice: dice "9": not a die face`, outer.Text(), "the kind's tail is not for the players")
	assert.ErrorIs(t, outer, errKind)
	assert.NotErrorIs(t, outer, face, "%v does not wrap")
	assert.ErrorIs(t, inner, face)
	assert.Equal(t, face, errors.Unwrap(inner), "one wrapped error unwraps like fmt.Errorf's")
	assert.Equal(t, errKind, errors.Unwrap(outer))
	both := Errorf("rules.x.both", "%w", face).Kind(errKind)
	assert.ErrorIs(t, both, face)
	assert.ErrorIs(t, both, errKind)

	require.Contains(t, outer.Parts, "a2")
	assert.Equal(t, `<rules.x.defender 2 <rules.x.dice "9" <rules.x.face>>>`, outer.In(upper), "parts are worded first")
	assert.Equal(t, outer.Text(), outer.In(nil))

	wrapped := fmt.Errorf("resolve: %w", outer)
	assert.Equal(t, outer, Find(wrapped))
	assert.Equal(t, `resolve: <rules.x.defender 2 <rules.x.dice "9" <rules.x.face>>>`, Explain(wrapped, upper), "the context before a refusal stays as it is")
	plain := errors.New("disk full")
	assert.Equal(t, "disk full", Explain(plain, upper))
	assert.Nil(t, Find(plain))
	assert.Equal(t, "", Explain(nil, upper))
	assert.Equal(t, wrapped.Error(), Explain(wrapped, nil))
}

func TestNewKeepsPercent(t *testing.T) {
	e := New("rules.x.p", "100% sure")
	assert.Equal(t, "100% sure", e.Error())
	assert.Equal(t, "100% sure", Template(e.Format))
}

func TestWordArgIsAPart(t *testing.T) {
	side := New("rules.x.side", "side")
	e := Errorf("rules.x.ships", "%s: ships %d must not be negative", side, -1)
	assert.Equal(t, "side: ships -1 must not be negative", e.Error())
	assert.Equal(t, "<rules.x.ships <rules.x.side> -1>", e.In(upper))
}
