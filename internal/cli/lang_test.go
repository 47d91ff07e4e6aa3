package cli

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

func TestResolveAndOddsItalian(t *testing.T) {
	code, out, errOut := run(t, "resolve", "invasion", "--lang", "it", "--dice", "6,5,4", "--hit", "4", "--nodes", "3")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Dadi 6,5,4")
	assert.Contains(t, out, "Distruzione Totale")

	code, out, errOut = run(t, "resolve", "space-battle", "--lang", "it", "--dice", "6,5,4,1", "--hit", "4", "--shields", "1")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "ti serve 5 o più")
	assert.Contains(t, out, "2 Colpi")

	code, out, errOut = run(t, "resolve", "hegemony", "--lang", "it", "--roll", "3", "--ascendancy", "2", "--resistance", "4")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Dado 3 + Autorità 2 = 5 contro Resistenza 4")
	assert.Contains(t, out, "Riuscita")

	code, out, errOut = run(t, "resolve", "borg-round", "--lang", "it", "--player-dice", "6,6,5", "--hit", "4",
		"--cube-damage", "0", "--cube-shields", "0", "--first-strike", "--borg-dice", "6,1,1,1,1,1", "--borg-hit", "5")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Primo Colpo")
	assert.Contains(t, out, "Ora il Cubo ha")

	code, out, _ = run(t, "odds", "hegemony", "--lang", "it", "--ascendancy", "2", "--resistance", "4")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Ti serve 3+ sul dado: 66.67%.")

	code, out, _ = run(t, "odds", "invasion", "--lang", "it", "--dice", "3", "--hit", "4", "--nodes", "2")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "invasione riuscita")

	// Bad input speaks Italian, on one line.
	code, _, errOut = run(t, "resolve", "space-battle", "--lang", "it", "--dice", "6", "--hit", "9")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "il Tiro per Colpire va da 1 a 6")
}

func TestTagsAndScanItalian(t *testing.T) {
	code, _, errOut := run(t, "tags", "--lang", "it")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "serve --out FILE.pdf")
	code, _, errOut = run(t, "scan", "--lang", "it")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "uso: tableops scan")
}

func TestAwayItalian(t *testing.T) {
	code, out, errOut := run(t, "resolve", "away-attack", "--lang", "it", "--attack", "6,4,2,2", "--defense", "5,4,1", "--stun", "--target-stun", "1")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "Attack 6 4 2 2 contro Defense 5 4 1\n"+
		"coppia 1: Attack 6 contro Defense 5: il dado di Attack è più alto, 1 danno\n"+
		"coppia 2: Attack 4 contro Defense 4: annullato (Defense uguale o più alto)\n"+
		"coppia 3: Attack 2 contro Defense 1: il dado di Attack è più alto, 1 danno\n"+
		"coppia 4: Attack 2 senza avversario: sotto il 4, annullato\n"+
		"arma Stun: un segnalino Stun invece di 2 danni\n"+
		"secondo segnalino Stun: il bersaglio è Incapacitated\n"+
		"risultato: 1 segnalino Stun, nessun danno\n", out)

	code, out, errOut = run(t, "resolve", "away-skill", "--lang", "it", "--tester", "5,2", "--need", "1")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "dado 1: 5 è 4 o più, 1 successo")
	assert.Contains(t, out, "risultato: 1 successo, 1 richiesti: superato")

	code, out, _ = run(t, "odds", "away-skill", "--lang", "it", "--tester-dice", "3", "--need", "2")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "superato (2 o più): 50.00%")

	// Refusals speak Italian too; the JSON keys stay English.
	code, _, errOut = run(t, "odds", "away-skill", "--lang", "it", "--tester", "5,2")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "le probabilità vogliono numeri di dadi")
	code, out, _ = run(t, "resolve", "away-attack", "--lang", "it", "--json", "--attack", "6", "--defense", "1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, `"explanation"`)
	assert.Contains(t, out, `"damage"`)
}

// TestHelpAndRefusalsItalian: with --lang it a command's help lists its
// flags in Italian, and bad input is refused in Italian; --lang en (and no
// --lang on an English system) keeps them English.
func TestHelpAndRefusalsItalian(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"resolve", "away-attack", "--help", "--lang", "it"}, []string{
			"opzioni (con uno o due trattini):",
			"facce dei dadi (attacco), es. 6,4,2,2",
			"il bersaglio ha un segnalino Take Cover (+1 dado, con --defense-dice)",
			"stampa in JSON",
		}},
		{[]string{"odds", "borg-battle", "-h", "--lang=it"}, []string{
			"--rounds-fought int",
			"round già combattuti (0: una battaglia nuova, colpite per primi)",
		}},
		{[]string{"resolve", "borg-round", "--help", "--lang", "it"}, []string{
			"numero di dadi (attacco Borg) da tirare virtualmente (con --seed), o \"auto\"",
		}},
		{[]string{"rules", "--help", "--lang", "it"}, []string{"quanti argomenti stampare", "(predefinito 5)"}},
	} {
		code, out, errOut := run(t, tc.args...)
		require.Equal(t, 0, code, errOut)
		for _, w := range tc.want {
			assert.Contains(t, out, w, strings.Join(tc.args, " "))
		}
		assert.NotContains(t, out, "print JSON", strings.Join(tc.args, " "))
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"resolve", "away-attack", "--attack", "6,4", "--attack-dice", "2", "--defense", "5", "--lang", "it"}, "indicate --attack oppure --attack-dice, non entrambe"},
		{[]string{"resolve", "away-skill", "--lang", "it"}, "serve --tester oppure --tester-dice"},
		{[]string{"odds", "hegemony", "--ascendancy", "2", "--lang", "it"}, "serve --resistance"},
		{[]string{"odds", "space-battle", "--hit", "4", "--lang", "it", "extra"}, "argomento inatteso \"extra\""},
	} {
		code, _, errOut := run(t, tc.args...)
		assert.Equal(t, 2, code, strings.Join(tc.args, " "))
		assert.Contains(t, errOut, tc.want, strings.Join(tc.args, " "))
	}

	code, out, _ := run(t, "resolve", "away-attack", "--help", "--lang", "en")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "flags (one or two leading dashes):")
	assert.Contains(t, out, "the target has a Take Cover token (+1 die, with --defense-dice)")
}
