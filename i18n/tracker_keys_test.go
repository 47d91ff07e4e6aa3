package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// codeText is one text the tracker words for the screens: its key and
// its English template (what en.json must hold).
type codeText struct {
	key, english, pos string
}

// trackerTexts parses the tracker package and returns every text it gives
// the screens as data: refusals (reject, breaks, check), log labels (say,
// add, msgf), pieces (Msg{Key, Text}), the rules (Rule{key, text, source})
// and the setup choices (AscChoice, Reading). A key or text that is not a
// literal (or a string constant) is a problem: the check could not see it.
func trackerTexts(t *testing.T) ([]codeText, []string) {
	t.Helper()
	dir := filepath.Join("..", "tracker")
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		require.NoError(t, err)
		files = append(files, f)
	}
	require.NotEmpty(t, files)

	// The package's string constants ("Ascendancy rulebook (July 2020)").
	consts := map[string]ast.Expr{}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						consts[n.Name] = vs.Values[i]
					}
				}
			}
		}
	}
	var str func(e ast.Expr) (string, bool)
	str = func(e ast.Expr) (string, bool) {
		switch x := e.(type) {
		case *ast.BasicLit:
			if x.Kind != token.STRING {
				return "", false
			}
			s, err := strconv.Unquote(x.Value)
			return s, err == nil
		case *ast.Ident:
			if v, ok := consts[x.Name]; ok {
				return str(v)
			}
		case *ast.BinaryExpr:
			if x.Op == token.ADD {
				a, ok1 := str(x.X)
				b, ok2 := str(x.Y)
				return a + b, ok1 && ok2
			}
		case *ast.ParenExpr:
			return str(x.X)
		}
		return "", false
	}

	var out []codeText
	var problems []string
	add := func(n ast.Node, key, english string) {
		if key == "" {
			return
		}
		out = append(out, codeText{key: key, english: english, pos: fset.Position(n.Pos()).String()})
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				name := ""
				switch fn := x.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				at := map[string]int{"reject": 1, "breaks": 1, "check": 2, "say": 0, "add": 0, "msgf": 0}
				i, ok := at[name]
				if !ok || len(x.Args) < i+2 {
					return true
				}
				k, ok1 := str(x.Args[i])
				format, ok2 := str(x.Args[i+1])
				if !ok1 || !ok2 {
					if name == "msgf" || name == "breaks" && i+1 < len(x.Args) {
						if _, isIdent := x.Args[i].(*ast.Ident); isIdent {
							return true // the helpers themselves pass their parameters on
						}
					}
					problems = append(problems, fset.Position(x.Pos()).String()+": "+name+" needs a literal key and English format")
					return true
				}
				add(x, k, tracker.Template(format))
			case *ast.CompositeLit:
				typ := ""
				switch tt := x.Type.(type) {
				case *ast.Ident:
					typ = tt.Name
				case nil:
				}
				fields := map[string]ast.Expr{}
				var pos []ast.Expr
				for _, el := range x.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							fields[id.Name] = kv.Value
						} else if lit, ok := kv.Key.(*ast.Ident); ok {
							fields[lit.Name] = kv.Value
						}
					} else {
						pos = append(pos, el)
					}
				}
				if typ == "" && fields["Question"] != nil && fields["Readings"] != nil {
					typ = "AscChoice" // an element of []AscChoice{...}
				}
				switch typ {
				case "Rule":
					if len(pos) == 3 {
						k, ok1 := str(pos[0])
						text, ok2 := str(pos[1])
						src, ok3 := str(pos[2])
						if !ok1 || !ok2 || !ok3 {
							problems = append(problems, fset.Position(x.Pos()).String()+": a rule needs a literal key, text and source")
							return true
						}
						add(x, k, text)
						add(x, k+".source", src)
					}
				case "AscChoice":
					field, ok1 := str(fields["Field"])
					q, ok2 := str(fields["Question"])
					if !ok1 || !ok2 {
						problems = append(problems, fset.Position(x.Pos()).String()+": a choice needs a literal field and question")
						return true
					}
					add(x, "choice."+field, q)
					if rl, ok := fields["Readings"].(*ast.CompositeLit); ok {
						for _, el := range rl.Elts {
							r, ok := el.(*ast.CompositeLit)
							if !ok {
								continue
							}
							rf := map[string]ast.Expr{}
							for _, e := range r.Elts {
								if kv, ok := e.(*ast.KeyValueExpr); ok {
									rf[kv.Key.(*ast.Ident).Name] = kv.Value
								}
							}
							v, ok1 := str(rf["Value"])
							text, ok2 := str(rf["Text"])
							src, ok3 := str(rf["Source"])
							if !ok1 || !ok2 || !ok3 {
								problems = append(problems, fset.Position(r.Pos()).String()+": a reading needs a literal value, text and source")
								continue
							}
							add(r, "choice."+field+"."+v, text)
							add(r, "choice."+field+"."+v+".source", src)
						}
					}
				default:
					// Msg{Key: "...", Text: "..."} pieces.
					ke, hasKey := fields["Key"]
					te, hasText := fields["Text"]
					if !hasKey || !hasText {
						return true
					}
					k, ok1 := str(ke)
					text, ok2 := str(te)
					if !ok1 || !ok2 {
						return true // a piece built from data (a rule's, a reading's)
					}
					add(x, k, text)
				}
			}
			return true
		})
	}
	return out, problems
}

// TestTrackerTextsTranslated fails when a text the tracker gives the
// screens (a refusal, a rule and its source, a log label, a stage, a setup
// choice) has no English or no Italian text, when en.json's English
// differs from the tracker's, or when one key names two different texts.
func TestTrackerTextsTranslated(t *testing.T) {
	texts, problems := trackerTexts(t)
	for _, p := range problems {
		t.Error(p)
	}
	require.Greater(t, len(texts), 300, "the tracker's texts are found")
	prefixes := []string{"track.", "rule.", "choice."}
	seen := checkCodeTexts(t, "tracker texts", texts, prefixes, "TRACKER_TEXTS_OUT")
	en, err := Messages(English)
	require.NoError(t, err)
	// Keys of the tracker's prefixes that the tracker no longer uses.
	for k := range en {
		if hasAnyPrefix(k, prefixes) {
			_, ok := seen[k]
			assert.True(t, ok, "en.json: tracker key %q is used nowhere in the tracker", k)
		}
	}
}

// checkCodeTexts checks the texts the code words by key (what names
// them in messages) against the translation files: one key names one
// English text and starts with one of prefixes, en.json has the code's
// English and it.json an Italian text. The keys en.json misses are
// listed, and written as JSON lines to the file the environment variable
// outEnv names, if set. It returns the texts by key.
func checkCodeTexts(t *testing.T, what string, texts []codeText, prefixes []string, outEnv string) map[string]codeText {
	t.Helper()
	en, err := Messages(English)
	require.NoError(t, err)
	it, err := Messages("it")
	require.NoError(t, err)
	seen := map[string]codeText{}
	var missing []string
	for _, x := range texts {
		if prev, ok := seen[x.key]; ok {
			assert.Equal(t, prev.english, x.english, "%s: key %q already names another text at %s", x.pos, x.key, prev.pos)
			continue
		}
		seen[x.key] = x
		assert.True(t, hasAnyPrefix(x.key, prefixes), "%s: keys of %s start with %s: %q", x.pos, what, strings.Join(prefixes, " or "), x.key)
		got, ok := en[x.key]
		if !ok {
			missing = append(missing, strconv.Quote(x.key)+": "+strconv.Quote(x.english)+",")
			continue
		}
		assert.Equal(t, x.english, got, "%s: en.json's text for %q differs from the code's", x.pos, x.key)
		assert.NotEmpty(t, strings.TrimSpace(it[x.key]), "%s: it.json has no text for %q", x.pos, x.key)
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Errorf("en.json misses %d %s:\n%s", len(missing), what, strings.Join(missing, "\n"))
		if p := os.Getenv(outEnv); p != "" {
			require.NoError(t, os.WriteFile(p, []byte(strings.Join(missing, "\n")+"\n"), 0o644))
		}
	}
	return seen
}

// hasAnyPrefix tells whether s starts with one of prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// trackerKeys is the set of keys the tracker uses (for the check that
// every en.json key is used somewhere).
func trackerKeys(t *testing.T) map[string]bool {
	texts, _ := trackerTexts(t)
	out := make(map[string]bool, len(texts))
	for _, x := range texts {
		out[x.key] = true
	}
	return out
}
