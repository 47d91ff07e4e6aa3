package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain runs the command tests without a system locale, so that their
// human text is English unless a test asks for --lang or sets one.
func TestMain(m *testing.M) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANGUAGE"} {
		os.Unsetenv(v)
	}
	os.Setenv("LANG", "C")
	os.Exit(m.Run())
}

func TestRulesItalian(t *testing.T) {
	code, out, errOut := run(t, "rules", "--lang", "it", "come", "funziona", "l'egemonia", "culturale?")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "1. Egemonia Culturale  [ascendancy]  (it-asc-hegemony)\n"), out)
	assert.Contains(t, out, "Per leggerne uno: tableops rules --show ID")

	// --show with an English id shows its Italian version.
	code, out, errOut = run(t, "rules", "--show", "asc-hegemony", "--lang=it")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "Egemonia Culturale\n====="), out)
	assert.Contains(t, out, "Vedi anche:")
	assert.Contains(t, out, "it-asc-ascendancy-tokens")
	assert.Contains(t, out, "Fonte: 002")

	// Away Missions stays English and says so.
	code, out, _ = run(t, "rules", "--show", "am-stun", "--lang", "it")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "resta in inglese")
	assert.Contains(t, out, "Stun weapons")

	// The quick reference sheet in Italian.
	code, out, _ = run(t, "rules", "--sheet", "borg", "--lang", "it")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "## Fase Costruzione Borg")

	code, out, _ = run(t, "rules", "--lang", "it", "xyzzyq")
	assert.Equal(t, 0, code)
	assert.Equal(t, "Nessun argomento delle regole corrisponde a \"xyzzyq\".\n", out)

	// Errors speak Italian too.
	code, _, errOut = run(t, "rules", "--lang", "it", "--limit", "0", "scudi")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "serve un numero da 1 a 100")
}

func TestRulesItalianJSONKeysStayEnglish(t *testing.T) {
	code, out, errOut := run(t, "rules", "--lang", "it", "--json", "--limit", "2", "scudi", "adattivi")
	require.Equal(t, 0, code, errOut)
	var hits []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &hits))
	require.NotEmpty(t, hits)
	assert.Equal(t, "it-borg-adaptive-shields", hits[0]["id"])
	assert.Equal(t, "it", hits[0]["lang"])
	assert.Equal(t, "Scudi adattivi Borg", hits[0]["title"])
	for _, k := range []string{"id", "title", "game", "lang", "score"} {
		assert.Contains(t, hits[0], k)
	}
}

func TestRulesFollowSystemLanguage(t *testing.T) {
	t.Setenv("LANG", "it_IT.UTF-8")
	code, out, _ := run(t, "rules", "--show", "asc-first-strike")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "Primo Colpo\n"), out)
	// --lang beats the system.
	code, out, _ = run(t, "rules", "--lang", "en", "--show", "asc-first-strike")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "First strike\n"), out)
	// English words still find their topic for an Italian reader.
	code, out, _ = run(t, "rules", "first", "strike")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "(asc-first-strike)")
}

func TestLangBadInputExits2(t *testing.T) {
	code, out, errOut := run(t, "rules", "--lang", "klingon", "stun")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "klingon")
	assert.Equal(t, 1, strings.Count(errOut, "\n"))
}

func TestHelpItalian(t *testing.T) {
	code, out, _ := run(t, "help", "--lang", "it")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Comandi da terminale")
}
