package webapp_test

import (
	"encoding/json"
	"fmt"
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

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/sfnt"
)

// TestPhoneFontsDrawTheAppsText checks that every sign of the app's own
// text (the translations, the rules reference and card catalog, and the
// strings in the screens' code) is in a font the web app has. The web app
// is built without Fyne's colour emoji font (-tags no_emoji, webapp/gen),
// and a browser page has no system fonts for Fyne to fall back on: it
// draws text with Noto Sans, Fyne's small symbol font, and the monospaced
// DejaVu Sans Mono, which the page takes as the fallback in place of the
// emoji font (ui/widgets/fallbackfont_js.go). A sign none of them has is an
// empty box on a phone (as "▶" would be without that fallback, and "●",
// "○" and "−" were with the emoji font).
func TestPhoneFontsDrawTheAppsText(t *testing.T) {
	var fonts []*sfnt.Font
	for _, r := range []fyne.Resource{theme.DefaultTextFont(), theme.DefaultTextBoldFont(),
		theme.DefaultTextItalicFont(), theme.DefaultTextBoldItalicFont(),
		theme.DefaultSymbolFont(), theme.DefaultTextMonospaceFont()} {
		f, err := sfnt.Parse(r.Content())
		require.NoError(t, err, r.Name())
		fonts = append(fonts, f)
	}
	var buf sfnt.Buffer
	drawn := func(r rune) bool {
		for _, f := range fonts {
			if i, err := f.GlyphIndex(&buf, r); err == nil && i != 0 {
				return true
			}
		}
		return false
	}

	where := map[rune]string{}
	add := func(s, src string) {
		for _, r := range s {
			// Letters of plain ASCII, spaces and controls, and
			// invisible format signs (joiners, variation selectors)
			// draw nothing of their own.
			if r < 0x80 || unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Mn, r) || unicode.IsControl(r) {
				continue
			}
			if _, ok := where[r]; !ok {
				where[r] = src
			}
		}
	}
	root := filepath.Join("..")
	for _, dir := range []string{"i18n/translations", "rules/reference/data"} {
		require.NoError(t, filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if strings.HasSuffix(p, ".json") {
				var v any
				if err := json.Unmarshal(b, &v); err != nil {
					return fmt.Errorf("%s: %w", p, err)
				}
			}
			add(string(b), p)
			return nil
		}))
	}
	for _, dir := range []string{"ui", "rules", "tracker", "scan", "i18n"} {
		require.NoError(t, filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasSuffix(d.Name(), "test")) {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if l, ok := n.(*ast.BasicLit); ok && (l.Kind == token.STRING || l.Kind == token.CHAR) {
					s, err := strconv.Unquote(l.Value)
					if err == nil {
						add(s, p)
					}
				}
				return true
			})
			return nil
		}))
	}
	require.Contains(t, where, 'é', "the scan found the Italian translation's letters")
	var missing []string
	for r, src := range where {
		if !drawn(r) {
			missing = append(missing, fmt.Sprintf("%q (U+%04X, in %s)", r, r, src))
		}
	}
	sort.Strings(missing)
	require.Empty(t, missing, "signs of the app's text that none of the web app's fonts has (a phone draws each as a box)")
}
