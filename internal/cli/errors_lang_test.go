package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesAndScanErrorsItalian: with --lang it the refusals the rules
// engines and scan give the headless commands, the flag package's
// refusals and the usage line are Italian, on one line; with --lang en they
// are the engines' English.
func TestRulesAndScanErrorsItalian(t *testing.T) {
	dir := t.TempDir()
	notPic := filepath.Join(dir, "notes.png")
	require.NoError(t, os.WriteFile(notPic, []byte("just text"), 0o644))
	foreign := photo(t, dir, "foreign.png", "https://example.com/card")
	badCatalog := filepath.Join(dir, "cat.json")
	require.NoError(t, os.WriteFile(badCatalog, []byte(`{"schema": 1, "characters": [{"id": "", "name": "Kirk"}]}`), 0o644))

	for _, tc := range []struct {
		args   []string
		code   int
		it, en string
	}{
		{[]string{"resolve", "hegemony", "--roll", "7", "--ascendancy", "1", "--resistance", "2"}, 2,
			"il tiro di egemonia 7 non è una faccia del dado (da 1 a 6)", "hegemony roll 7 is not a die face (1 to 6)"},
		{[]string{"resolve", "space-battle", "--dice", "6,9", "--hit", "4"}, 2,
			`--dice: dadi "6,9": 9 in posizione 3: non è una faccia del dado (le facce vanno da 1 a 6)`, `--dice: dice "6,9": 9 at position 3: not a die face (faces are 1 to 6)`},
		{[]string{"resolve", "away-attack", "--attack", "6", "--defense", "5", "--damage", "-1"}, 2,
			"il danno dell'arma (-1) è negativo", "weapon damage -1 is negative"},
		{[]string{"resolve", "away-skill", "--tester", "5,5,5,5,5,5,5"}, 2,
			`--tester: dadi "5,5,5,5,5,5,5": inseriti 7 dadi, al massimo 6 permessi: troppi dadi`, `--tester: dice "5,5,5,5,5,5,5": 7 dice entered, at most 6 allowed: too many dice`},
		{[]string{"resolve", "hegemony", "--rol", "7"}, 2, "opzione sconosciuta -rol", "unknown flag -rol"},
		{[]string{"resolve", "hegemony", "--roll", "x"}, 2, `"x" non è un valore per -roll: non è un numero del tipo giusto`, `"x" is not a value for -roll: not a number of the right kind`},
		{[]string{"resolve", "frob"}, 2, `comando sconosciuto "resolve frob"`, `unknown command "resolve frob"`},
		{[]string{"tags", "--out", filepath.Join(dir, "t.pdf"), "--paper", "a3"}, 2,
			`foglio dei tag: formato carta "a3" sconosciuto (a4 o letter)`, `tag sheet: unknown paper "a3" (a4 or letter)`},
		{[]string{"tags", "--out", filepath.Join(dir, "t.pdf"), "--catalog", badCatalog}, 2,
			"file del catalogo, riga 1, characters[0].id: l'id è vuoto", "catalog file line 1, characters[0].id: id is empty"},
		{[]string{"scan", notPic}, 1, "non è un'immagine che l'app sa leggere", "not a picture the app can read"},
		{[]string{"scan", foreign}, 1, "nessun tag di Table Ops trovato in 1 immagine/i", "no Table Ops tag found in 1 image(s)"},
	} {
		name := strings.Join(tc.args, " ")
		code, _, errOut := run(t, append(tc.args, "--lang", "it")...)
		assert.Equal(t, tc.code, code, name)
		assert.Contains(t, errOut, tc.it, name)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%s: one line: %q", name, errOut)
		assert.NotContains(t, errOut, "invalid", name)
		code, _, errOut = run(t, append(tc.args, "--lang", "en")...)
		assert.Equal(t, tc.code, code, name)
		assert.Contains(t, errOut, tc.en, name)
	}

	// A tag that is not Table Ops' reads as such in Italian.
	code, out, _ := run(t, "scan", "--lang", "it", foreign)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "non è un tag utilizzabile: non è un tag di Table Ops")

	// The usage line of a command's help.
	code, out, _ = run(t, "resolve", "hegemony", "--help", "--lang", "it")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "uso: tableops resolve hegemony [opzioni]\n"), out)
	code, out, _ = run(t, "resolve", "hegemony", "--help", "--lang", "en")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "usage: tableops resolve hegemony [flags]\n"), out)
}

// TestHostMissingGameItalian: a --game the saved games do not hold is
// refused in the reader's language.
func TestHostMissingGameItalian(t *testing.T) {
	isolate(t)
	code, _, errOut := run(t, "host", "--lang", "it", "--game", "nope", "--addr", "127.0.0.1:0")
	assert.Equal(t, 2, code)
	assert.Equal(t, "tableops host: --game nope: nessuna partita salvata con questo id\n", errOut)
	code, _, errOut = run(t, "host", "--lang", "en", "--game", "nope", "--addr", "127.0.0.1:0")
	assert.Equal(t, 2, code)
	assert.Equal(t, "tableops host: --game nope: there is no saved game with that id\n", errOut)
}
