package i18n

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// use is one call of Fyne's lang package found in the code.
type use struct {
	key, fallback string
	pos           string
}

// keysInCode parses every Go file of the module and returns the texts asked
// for through fyne.io/fyne/v2/lang. A call whose key or text is not a
// string literal is reported as a problem: the check could not see it.
func keysInCode(t *testing.T) ([]use, []string) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join(".."))
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(root, "go.mod"))
	require.NoError(t, err, "the module root is two levels up")
	var uses []use
	var problems []string
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".html") {
			raw, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, m := range jsCallRe.FindAllStringSubmatch(string(raw), -1) {
				fb, err := strconv.Unquote(`"` + m[2] + `"`)
				if err != nil {
					problems = append(problems, p+": cannot read the English text of "+m[1])
					continue
				}
				uses = append(uses, use{key: m[1], fallback: fb, pos: p})
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		name := ""
		for _, im := range f.Imports {
			if v, _ := strconv.Unquote(im.Path.Value); v == "fyne.io/fyne/v2/lang" {
				name = "lang"
				if im.Name != nil {
					name = im.Name.Name
				}
			}
		}
		if name == "" {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); !ok || id.Name != name {
				return true
			}
			pos := fset.Position(call.Pos()).String()
			lit := func(i int) (string, bool) {
				if i >= len(call.Args) {
					return "", false
				}
				bl, ok := call.Args[i].(*ast.BasicLit)
				if !ok || bl.Kind != token.STRING {
					return "", false
				}
				s, err := strconv.Unquote(bl.Value)
				return s, err == nil
			}
			switch sel.Sel.Name {
			case "X", "LocalizeKey", "XN", "LocalizePluralKey":
				k, ok1 := lit(0)
				fb, ok2 := lit(1)
				if !ok1 || !ok2 {
					problems = append(problems, pos+": lang."+sel.Sel.Name+" needs a literal key and English text")
					return true
				}
				uses = append(uses, use{key: k, fallback: fb, pos: pos})
			case "L", "Localize", "N", "LocalizePlural":
				k, ok := lit(0)
				if !ok {
					problems = append(problems, pos+": lang."+sel.Sel.Name+" needs a literal text")
					return true
				}
				uses = append(uses, use{key: k, fallback: k, pos: pos})
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	return uses, problems
}

// jsCallRe finds t("web.key", "English text") in the web pages' scripts.
var jsCallRe = regexp.MustCompile(`\bt\("(web\.[a-z_]+)",\s*"((?:[^"\\]|\\.)*)"`)

var fieldRe = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

func fields(s string) []string {
	var out []string
	for _, m := range fieldRe.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	sort.Strings(out)
	return out
}

// TestTranslationsCoverCode fails when a text used in the code is missing
// from a translation file, when its English text differs from the code's
// fallback, when a file misses or adds a key, when a translation loses or
// invents a template field, or when en.json keeps a key no code uses.
func TestTranslationsCoverCode(t *testing.T) {
	uses, problems := keysInCode(t)
	for _, p := range problems {
		t.Error(p)
	}
	require.NotEmpty(t, uses, "the code asks for translated texts")
	en, err := Messages(English)
	require.NoError(t, err)
	used := map[string]bool{"language.name": true} // read through Name
	for k := range trackerKeys(t) {                // the tracker's texts (tracker_keys_test.go)
		used[k] = true
	}
	for k := range rulesKeys(t) { // the refusals of rules/ and scan/ (rules_keys_test.go)
		used[k] = true
	}
	for _, k := range shareKeys(t) { // the host's refusals (share_keys_test.go)
		used[k] = true
	}
	for _, u := range uses {
		used[u.key] = true
		if assert.Contains(t, en, u.key, "%s: key %q is not in en.json", u.pos, u.key) {
			assert.Equal(t, u.fallback, en[u.key], "%s: the code's English text for %q differs from en.json", u.pos, u.key)
		}
	}
	for k := range en {
		assert.True(t, used[k], "en.json: key %q is used nowhere in the code", k)
	}
	langs := Languages()
	require.Contains(t, langs, "it")
	for _, code := range langs {
		m, err := Messages(code)
		require.NoError(t, err, code)
		for k, v := range en {
			tr, ok := m[k]
			if !assert.True(t, ok, "%s.json misses key %q", code, k) {
				continue
			}
			assert.NotEmpty(t, strings.TrimSpace(tr), "%s.json: %q is empty", code, k)
			assert.Equal(t, fields(v), fields(tr), "%s.json: %q must use the same template fields as English", code, k)
		}
		for k := range m {
			assert.Contains(t, en, k, "%s.json has key %q that en.json does not", code, k)
		}
		assert.NotEmpty(t, m["language.name"], "%s.json names its language", code)
	}
}

func TestSetupChoosesLanguage(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANGUAGE", "")
	t.Setenv("LANG", "C")
	use, err := Setup("")
	require.NoError(t, err)
	assert.Equal(t, English, use, "no locale: English")
	assert.Equal(t, "See also:", lang.X("cli.rules.see_also", "See also:"))

	use, err = Setup("it")
	require.NoError(t, err)
	assert.Equal(t, "it", use)
	assert.Equal(t, "Vedi anche:", lang.X("cli.rules.see_also", "See also:"))
	assert.Equal(t, "Fonte: 002", lang.X("cli.rules.source", "Source: {{.Source}}", map[string]any{"Source": "002"}))

	// The system's language when nothing is chosen.
	t.Setenv("LANG", "it_IT.UTF-8")
	use, err = Setup("")
	require.NoError(t, err)
	assert.Equal(t, "it", use)
	assert.Equal(t, "Vedi anche:", lang.X("cli.rules.see_also", "See also:"))
	// A choice beats the system.
	use, err = Setup("en")
	require.NoError(t, err)
	assert.Equal(t, English, use)
	assert.Equal(t, "See also:", lang.X("cli.rules.see_also", "See also:"))

	// Back to the system's language after a choice: the choice is undone.
	t.Setenv("LANG", "en_US.UTF-8")
	_, err = Setup("it")
	require.NoError(t, err)
	assert.Equal(t, "Vedi anche:", lang.X("cli.rules.see_also", "See also:"))
	use, err = Setup("")
	require.NoError(t, err)
	assert.Equal(t, English, use)
	assert.Equal(t, "See also:", lang.X("cli.rules.see_also", "See also:"))

	_, err = Setup("klingon")
	assert.ErrorContains(t, err, "klingon")
}

func TestParseAndMatch(t *testing.T) {
	for in, want := range map[string]string{"it": "it", "it_IT.UTF-8": "it", "IT-it": "it", "en": "en", "en_GB": "en"} {
		got, err := Parse(in)
		assert.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "xx", "klingon"} {
		_, err := Parse(in)
		assert.Error(t, err, in)
	}
	assert.Equal(t, "it", Match("it-IT"))
	assert.Equal(t, "it", Match("de_DE", "it_IT.UTF-8"))
	assert.Equal(t, English, Match("de-DE"))
	assert.Equal(t, English, Match("C"))
	assert.Equal(t, English, Match())
	assert.Equal(t, "Italiano", Name("it"))
	assert.Equal(t, "xx", Name("xx"))
}

func TestWebTexts(t *testing.T) {
	get := func(al string) map[string]string {
		var m map[string]string
		require.NoError(t, json.Unmarshal(WebTexts(al), &m), al)
		return m
	}
	it := get("it-IT,it;q=0.9,en;q=0.8")
	assert.Equal(t, "in diretta", it["web.live"])
	assert.NotContains(t, it, "cli.rules.see_also", "only the page's texts")
	for _, al := range []string{"", "de-DE", "en-GB,en;q=0.5", "\xff;;q=", "*"} {
		assert.Equal(t, "live", get(al)["web.live"], "%q: English", al)
	}
	assert.Equal(t, "in diretta", get("de;q=0.9, it;q=0.8")["web.live"], "the best language there is a file for")
	assert.NotContains(t, get("en-US"), "track.undo_step", "an English page needs no texts for its log")

	// A host that speaks Italian gives every reader its Italian page, with
	// the texts the log is worded from.
	_, err := Setup("it")
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = Setup("") })
	assert.Equal(t, "it", Current())
	for _, al := range []string{"", "en-US,en;q=0.9", "de-DE"} {
		m := get(al)
		assert.Equal(t, "in diretta", m["web.live"], al)
		assert.NotEmpty(t, m["track.undo_step"], "%q: the log's texts", al)
	}
}

// TestNameReadsTheKeyAlone: a language's name comes from its file's
// "language.name" key, read without decoding the file, and only where it
// stands as a key.
func TestNameReadsTheKeyAlone(t *testing.T) {
	for _, c := range Languages() {
		m, err := Messages(c)
		require.NoError(t, err)
		assert.Equal(t, m["language.name"], Name(c), c)
	}
	for _, tc := range []struct{ file, want string }{
		{`{"language.name": "Deutsch"}`, "Deutsch"},
		{"{\n  \"a\": \"b\",\n  \"language.name\" :\t\"Fran\\u00e7ais\"\n}", "Français"},
		{`{"a": "say \"language.name\": no", "language.name": "Yes"}`, "Yes"},
		{`{"a": "language.name", "b": "c"}`, ""},
		{`{"language.name": 3}`, ""},
		{`{"language.name": "cut`, ""},
		{`{}`, ""},
	} {
		assert.Equal(t, tc.want, nameIn([]byte(tc.file)), tc.file)
	}
	assert.Equal(t, "xx", Name("xx"), "no file: the code")
}

// BenchmarkSetupEnglish is what choosing the language costs at each start
// of an English-speaking phone (main.go calls Setup before the first
// screen): its texts are the code's own, so no file is read.
func BenchmarkSetupEnglish(b *testing.B) {
	b.Setenv("LC_ALL", "")
	b.Setenv("LC_MESSAGES", "")
	b.Setenv("LANGUAGE", "")
	b.Setenv("LANG", "en_US.UTF-8")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Setup(""); err != nil {
			b.Fatal(err)
		}
	}
}
