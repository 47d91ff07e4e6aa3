package screentest

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"tableops/i18n"
	"tableops/rules/reference"
)

// EnglishOnScreen collects the English texts left on an Italian screen:
// every text drawn (labels, buttons, tabs, placeholders, selects, checks,
// dialog titles) that is an English text of en.json whose Italian differs,
// or that reads as English (two or more common English words) and is not
// a name or game term that stays English.
type EnglishOnScreen struct {
	english map[string]string // English text -> its key, where it.json differs
	found   map[string][]string
	seen    []string // every text looked at, with ITALIAN_DUMP set
	// cards is the built-in catalog as JSON (the cards' own texts are
	// the players' data, printed in English) and the Away Missions sheet.
	cards string
}

// NewEnglishOnScreen reads the English and Italian texts of the app and
// the cards' own texts, which stay English.
func NewEnglishOnScreen(t *testing.T) *EnglishOnScreen {
	en, err := i18n.Messages("en")
	require.NoError(t, err)
	it, err := i18n.Messages("it")
	require.NoError(t, err)
	e := &EnglishOnScreen{english: map[string]string{}, found: map[string][]string{}}
	for k, v := range en {
		if it[k] != v && !strings.Contains(v, "{{") && len(v) > 3 {
			e.english[v] = k
		}
	}
	for _, code := range i18n.Languages() { // each language's own name
		delete(e.english, i18n.Name(code))
	}
	cat, err := reference.Builtin()
	require.NoError(t, err)
	var raw strings.Builder
	require.NoError(t, cat.Export(&raw))
	var b strings.Builder
	var values func(v any)
	values = func(v any) {
		switch x := v.(type) {
		case string:
			b.WriteString("\n" + x + "\n")
		case []any:
			for _, y := range x {
				values(y)
			}
		case map[string]any:
			for _, y := range x {
				values(y)
			}
		}
	}
	var doc any
	require.NoError(t, json.Unmarshal([]byte(raw.String()), &doc))
	values(doc)
	// The Away Missions sheet stays English (no Italian edition names its
	// terms); the rules' own tests check the other sheets and topics.
	lib, err := reference.Load()
	require.NoError(t, err)
	sheet, err := lib.SheetIn(reference.AwayMissions, "it")
	require.NoError(t, err)
	for _, sec := range sheet {
		b.WriteString("\n" + sec.Title + "\n")
		for _, en := range sec.Entries {
			b.WriteString("\n" + en.Summary + "\n")
		}
	}
	for _, tp := range lib.TopicsIn("it") {
		if tp.Game == reference.AwayMissions {
			b.WriteString("\n" + tp.Title + "\n")
		}
	}
	e.cards = b.String()
	return e
}

// dumpTexts names a file to write every text looked at to, for a reader.
var dumpTexts = os.Getenv("ITALIAN_DUMP")

// englishWords are words an Italian text never holds (as whole words).
var englishWords = regexp.MustCompile(`(?i)\b(the|and|with|your|you|this|that|these|those|is|are|was|not|of|to|for|from|has|have|no longer|cannot|can't|don't|which|when|there|here|card|cards|game|games|player|players|search|new|open|close|save|cancel|turn|none|yet|shown|only|every|each|add|remove|keyword|keywords|type|tap|choose|pick)\b`)

// staysEnglish are the texts that rightly stay English on an Italian
// screen: names of games, factions and cards, and Away Missions terms
// (no Italian edition names them).
var staysEnglish = regexp.MustCompile(`^(Table Ops.*|Star Trek.*|Away Missions.*|Borg Drone \(assimilation overlay\)|.*Ascendancy.*)$`)

// Look records the English texts on w now, at where. With articles
// false, the text of rich-text articles (the rules' topics and sheets,
// whose Away Missions ones are English by design and checked by the
// rules' own tests) is left out; their headings, buttons and tabs are not.
func (e *EnglishOnScreen) Look(w fyne.Window, where string, articles ...bool) {
	skipArticles := len(articles) > 0 && !articles[0]
	var texts []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *canvas.Text:
			texts = append(texts, x.Text)
		case *widget.Label:
			texts = append(texts, x.Text)
		case *widget.Select:
			texts = append(texts, x.Options...)
		case *widget.RichText:
			if skipArticles {
				return
			}
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *widget.Label: // its rich text is the label's text
			for _, c := range test.WidgetRenderer(x).Objects() {
				if _, ok := c.(*widget.RichText); !ok {
					walk(c)
				}
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	for _, r := range Roots(w) {
		walk(r)
	}
	for _, s := range texts {
		s = strings.TrimSpace(s)
		if dumpTexts != "" {
			e.seen = append(e.seen, where+" | "+s)
		}
		if s == "" || staysEnglish.MatchString(s) || e.isData(s) {
			continue
		}
		why := ""
		if k, ok := e.english[s]; ok {
			why = "the English of " + k
		} else if m := englishWords.FindAllString(s, -1); len(m) >= 2 {
			why = "English words " + strings.Join(m, ", ")
		}
		if why != "" {
			e.found[s] = append(e.found[s], where+" ("+why+")")
		}
	}
}

// isData reports whether s is one of the cards' or the Away Missions
// sheet's own texts: a whole line of them, or a long piece of one (a
// wrapped line).
func (e *EnglishOnScreen) isData(s string) bool {
	return strings.Contains(e.cards, "\n"+s+"\n") || len(s) >= 24 && strings.Contains(e.cards, s)
}

// Report fails the test with every English text found, one a line.
func (e *EnglishOnScreen) Report(t *testing.T) {
	t.Helper()
	var lines []string
	for s, where := range e.found {
		lines = append(lines, "  "+s+"   — at "+where[0])
	}
	sort.Strings(lines)
	if dumpTexts != "" {
		require.NoError(t, os.WriteFile(dumpTexts, []byte(strings.Join(e.seen, "\n")), 0o644))
	}
	if len(lines) > 0 {
		t.Errorf("%d English texts on Italian screens:\n%s", len(lines), strings.Join(lines, "\n"))
	}
}

// TapShown taps the first button on screen whose text starts with prefix.
func TapShown(t *testing.T, w fyne.Window, prefix string) {
	t.Helper()
	for _, b := range Objects[*widget.Button](w) {
		if b.Visible() && !b.Disabled() && strings.HasPrefix(b.Text, prefix) {
			test.Tap(b)
			return
		}
	}
	require.Failf(t, "no button", "no button %q… on screen:\n%s", prefix, ScreenText(w))
}
