package i18n

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"text/template"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/rulerr"
)

// rulesText is one refusal the rules engines (or scan) word as data: its
// key, its English template and where it is worded.
type rulesText struct {
	codeText
	args int
}

// rulesTexts parses rules/ and scan/ and returns every keyed refusal:
// rulerr.Errorf(key, format, ...), rulerr.New(key, text), the engines'
// bad(key, format, ...) and the catalog's ferr(field, key, format, ...). A key or format that is not a literal is a
// problem: the check could not see it.
func rulesTexts(t *testing.T) ([]rulesText, []string) {
	t.Helper()
	var out []rulesText
	var problems []string
	fset := token.NewFileSet()
	for _, dir := range []string{"rules", "scan"} {
		root := filepath.Join("..", dir)
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.Contains(p, "rulerr") {
				return nil
			}
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name := ""
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && x.Name == "rulerr" {
						name = "rulerr." + fn.Sel.Name
					}
				}
				if name != "bad" && name != "rulerr.Errorf" && name != "rulerr.New" && name != "ferr" {
					return true
				}
				args := call.Args
				if name == "ferr" { // ferr(field, key, format, ...): the catalog's field errors
					if len(args) < 3 {
						return true
					}
					args = args[1:]
				}
				pos := fset.Position(call.Pos()).String()
				if len(args) < 2 {
					if name != "bad" {
						problems = append(problems, pos+": "+name+" needs a key and an English text")
					}
					return true
				}
				k, ok1 := literal(args[0])
				format, ok2 := literal(args[1])
				if !ok1 || !ok2 {
					if _, isIdent := args[0].(*ast.Ident); isIdent && (name == "rulerr.Errorf" || name == "ferr") {
						return true // a helper passing its parameters on
					}
					problems = append(problems, pos+": "+name+" needs a literal key and English format")
					return true
				}
				english := rulerr.Template(format)
				if name == "rulerr.New" {
					english = format
				}
				out = append(out, rulesText{codeText: codeText{key: k, english: english, pos: pos}, args: len(rulerr.Verbs(format))})
				return true
			})
			return nil
		})
		require.NoError(t, err)
	}
	return out, problems
}

func literal(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// rulesKeys is the set of keys the rules engines and scan use.
func rulesKeys(t *testing.T) map[string]bool {
	texts, _ := rulesTexts(t)
	out := make(map[string]bool, len(texts))
	for _, x := range texts {
		out[x.key] = true
	}
	return out
}

// TestRulesTextsTranslated fails when a refusal of the rules engines (or
// of scan) has no English or Italian text, when en.json's English differs
// from the code's, when one key names two texts, or when a translation
// filled with args still shows a placeholder.
func TestRulesTextsTranslated(t *testing.T) {
	texts, problems := rulesTexts(t)
	for _, p := range problems {
		t.Error(p)
	}
	require.Greater(t, len(texts), 150, "the rules engines' refusals are found")
	codes := make([]codeText, len(texts))
	args := map[string]int{}
	for i, x := range texts {
		codes[i] = x.codeText
		args[x.key] = x.args
	}
	seen := checkCodeTexts(t, "refusals of the rules", codes, []string{"rules.", "scan."}, "RULES_TEXTS_OUT")
	en, err := Messages(English)
	require.NoError(t, err)
	it, err := Messages("it")
	require.NoError(t, err)
	for _, x := range seen {
		n := args[x.key]
		for _, code := range []string{English, "it"} {
			m := map[string]map[string]string{English: en, "it": it}[code]
			tr, ok := m[x.key]
			if !assert.True(t, ok, "%s.json misses %q", code, x.key) {
				continue
			}
			vals := map[string]string{}
			for i := 0; i < n; i++ {
				vals[rulerr.ArgName(i)] = "ARG" + strconv.Itoa(i+1)
			}
			tmpl, err := template.New(x.key).Option("missingkey=error").Parse(tr)
			if !assert.NoError(t, err, "%s.json: %q", code, x.key) {
				continue
			}
			var b bytes.Buffer
			if !assert.NoError(t, tmpl.Execute(&b, vals), "%s.json: %q", code, x.key) {
				continue
			}
			s := b.String()
			assert.NotContains(t, s, "{", "%s.json: %q leaves a placeholder: %s", code, x.key, s)
			assert.NotContains(t, s, "<no value>", "%s.json: %q", code, x.key)
			for i := 0; i < n; i++ {
				assert.Contains(t, s, "ARG"+strconv.Itoa(i+1), "%s.json: %q loses arg a%d", code, x.key, i+1)
			}
		}
	}
}
