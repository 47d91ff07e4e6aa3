package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// textCalls are the functions and methods whose string arguments end up on
// the screen: Fyne's widgets, dialogs and menus, and the app's own helpers
// that put a text on a label, a line or a form.
var textCalls = map[string]bool{
	// widget
	"NewLabel": true, "NewLabelWithStyle": true, "NewButton": true, "NewButtonWithIcon": true,
	"NewCheck": true, "NewHyperlink": true, "NewRichTextFromMarkdown": true, "NewRichTextWithText": true,
	"NewCard": true, "NewFormItem": true, "NewAccordionItem": true, "NewSelect": true,
	"NewRadioGroup": true, "NewSelectEntry": true, "NewToolbarAction": false,
	"SetText": true, "SetPlaceHolder": true, "SetTitle": true, "SetSubTitle": true,
	"ParseMarkdown": true, "AppendMarkdown": true, "SetConfirmText": true, "SetDismissText": true,
	"SetOptions": true, "Append": true,
	// container
	"NewTabItem": true, "NewTabItemWithIcon": true,
	// dialog
	"NewInformation": true, "ShowInformation": true, "NewConfirm": true, "ShowConfirm": true,
	"NewCustom": true, "ShowCustom": true, "NewCustomConfirm": true, "ShowCustomConfirm": true,
	"NewCustomWithoutButtons": true, "ShowCustomWithoutButtons": true, "NewForm": true, "ShowForm": true,
	"NewEntryDialog": true, "ShowEntryDialog": true,
	// fyne
	"NewMenuItem": true, "NewMenu": true, "NewWindow": true, "SendNotification": true, "NewNotification": true,
	// the app's own helpers (ui, ui/screen)
	"wrapLabel": true, "heading": true, "say": true, "newFormDialog": true, "onField": true,
	"WrapLabel": true, "Heading": true, "Say": true, "NewFormDialog": true, "OnField": true, "BoldLabel": true, "CaptionLabel": true, "BigResult": true, "Step": true, "AddApplyButton": true,
	"showError": true, "show": true, "setAction": true, "addFact": true, "field": true, "labelled": true, "newEntry": true, "newMultiEntry": true, "setHint": true, "readOptInt": true, "set": false,
}

// textFields are struct fields that hold a text shown on the screen.
var textFields = map[string]bool{"title": true, "Text": true, "PlaceHolder": true, "Title": true, "HintText": true, "Subtitle": true}

// untranslatedAllowed lists the files whose texts are not yet swept into
// the translation files, each with the developer who owns them. Remove a
// file from here once its texts go through lang.X: the test fails when a
// listed file has nothing left to sweep, so the list only shrinks.
var untranslatedAllowed = map[string]string{}

// finding is a text that reaches the screen without a translation.
type finding struct{ pos, text string }

// hasWords tells whether a literal holds words (symbols, numbers and
// format verbs alone need no translation).
func hasWords(s string) bool {
	s = strings.NewReplacer("%s", "", "%d", "", "%v", "", "%q", "", "%w", "").Replace(s)
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	if strings.Contains(s, "://") && !strings.Contains(s, " ") {
		return false // an address
	}
	return n >= 2
}

// shownLiterals returns the string literals in e that would reach the
// screen as they are: the literal itself, a fmt.Sprintf format, or a part
// of a concatenation. lang.X's own arguments are translated and skipped.
func shownLiterals(e ast.Expr) []*ast.BasicLit {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			return []*ast.BasicLit{x}
		}
	case *ast.ParenExpr:
		return shownLiterals(x.X)
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return append(shownLiterals(x.X), shownLiterals(x.Y)...)
		}
	case *ast.CompositeLit: // []string{"a", "b"} options
		var out []*ast.BasicLit
		for _, el := range x.Elts {
			out = append(out, shownLiterals(el)...)
		}
		return out
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fmt" && (sel.Sel.Name == "Sprintf" || sel.Sel.Name == "Sprint" || sel.Sel.Name == "Errorf") {
				var out []*ast.BasicLit
				for _, a := range x.Args {
					out = append(out, shownLiterals(a)...)
				}
				return out
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "errors" && sel.Sel.Name == "New" && len(x.Args) == 1 {
				return shownLiterals(x.Args[0])
			}
		}
	}
	return nil
}

// untranslated parses one Go file and returns the texts it puts on the
// screen without lang.X.
func untranslated(t *testing.T, fset *token.FileSet, path string) []finding {
	t.Helper()
	f, err := parser.ParseFile(fset, path, nil, 0)
	require.NoError(t, err)
	var out []finding
	add := func(lits []*ast.BasicLit) {
		for _, bl := range lits {
			s, err := strconv.Unquote(bl.Value)
			if err == nil && hasWords(s) {
				out = append(out, finding{pos: fset.Position(bl.Pos()).String(), text: s})
			}
		}
	}
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
			if textCalls[name] {
				for _, a := range x.Args {
					add(shownLiterals(a))
				}
			}
		case *ast.KeyValueExpr:
			if k, ok := x.Key.(*ast.Ident); ok && textFields[k.Name] {
				add(shownLiterals(x.Value))
			}
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && textFields[sel.Sel.Name] && i < len(x.Rhs) {
					add(shownLiterals(x.Rhs[i]))
				}
			}
		}
		return true
	})
	return out
}

// TestNoUntranslatedTextOnScreen fails when a file of the app passes a text
// straight to a widget, a dialog, a menu or the app's own text helpers
// instead of through lang.X (so it would stay English in every language).
func TestNoUntranslatedTextOnScreen(t *testing.T) {
	root, err := filepath.Abs(filepath.Join(".."))
	require.NoError(t, err)
	fset := token.NewFileSet()
	byFile := map[string][]finding{}
	err = filepath.WalkDir(filepath.Join(root, "ui"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || strings.HasPrefix(n, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		byFile[filepath.ToSlash(rel)] = untranslated(t, fset, p)
		return nil
	})
	require.NoError(t, err)
	var files []string
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		found := byFile[f]
		if owner, ok := untranslatedAllowed[f]; ok {
			assert.NotEmpty(t, found, "%s is swept (every text goes through lang.X): remove it from untranslatedAllowed (%s)", f, owner)
			continue
		}
		for _, fd := range found {
			t.Errorf("%s: %q is shown without lang.X (add a key to translations/en.json and it.json)", fd.pos, fd.text)
		}
	}
	for f := range untranslatedAllowed {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Errorf("untranslatedAllowed names %s, which does not exist", f)
		}
	}
}

// TestUntranslatedFinder checks the finder on a small file: the texts a
// user would see are found, translated ones and symbols are not.
func TestUntranslatedFinder(t *testing.T) {
	src := `package x
func f() {
	widget.NewLabel("Hello there")
	widget.NewLabel(lang.X("a.b", "Translated"))
	b := widget.NewButton("+", nil)
	b.SetText(fmt.Sprintf("%d ships left", 3))
	e.PlaceHolder = "Name of the game"
	_ = &widget.Label{Text: "In a struct"}
	widget.NewSelect([]string{"Federation", lang.X("c.d", "Borg")}, nil)
	dialog.ShowInformation(lang.X("e.f", "Title"), "Body " + name, w)
	gs.say(fmt.Sprintf("%s: %v", who, err), true)
	log.Printf("not on screen")
}
`
	dir := t.TempDir()
	p := filepath.Join(dir, "x.go")
	require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
	var texts []string
	for _, fd := range untranslated(t, token.NewFileSet(), p) {
		texts = append(texts, fd.text)
	}
	assert.Equal(t, []string{"Hello there", "%d ships left", "Name of the game", "In a struct", "Federation", "Body "}, texts)
}
