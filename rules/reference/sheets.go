package reference

import (
	"fmt"
	"sort"
	"strings"
)

// SheetEntry is one line of a quick reference sheet and the topic it comes
// from (for a tappable link).
type SheetEntry struct {
	TopicID string
	Summary string
}

// SheetSection is one titled block of a quick reference sheet.
type SheetSection struct {
	Key     string
	Title   string
	Entries []SheetEntry
}

// sheetSections fixes the order and titles of each game's sheet sections.
var sheetSections = map[Game][][2]string{
	AwayMissions: {
		{"setup", "Mission preparation"},
		{"round", "Round sequence"},
		{"activation", "Activating a character"},
		{"actions", "Actions"},
		{"combat", "Combat (attack action)"},
		{"skill", "Skill tests"},
		{"end", "Beam up and debrief"},
	},
	Ascendancy: {
		{"round", "Game round"},
		{"building", "Building phase"},
		{"commands", "Command phase: one command each"},
		{"combat", "Space battle"},
		{"invasion", "Planetary invasion"},
		{"hegemony", "Cultural hegemony"},
		{"recharge", "Recharge stage"},
		{"victory", "Winning"},
	},
	Borg: {
		{"turn", "The Borg turn"},
		{"build", "Borg build phase (each spire)"},
		{"command", "Borg command phase (each cube)"},
		{"combat", "Fighting a cube"},
		{"end", "Winning and losing"},
	},
}

// sheetTitlesIT are the Italian section titles, in the Italian edition's
// words; Away Missions has no Italian edition and keeps its English sheet.
var sheetTitlesIT = map[Game]map[string]string{
	Ascendancy: {
		"round":    "Round di gioco",
		"building": "Fase Costruzione",
		"commands": "Fase Comando: un Comando alla volta",
		"combat":   "Battaglia spaziale",
		"invasion": "Invasione planetaria",
		"hegemony": "Egemonia culturale",
		"recharge": "Stadio Ricarica",
		"victory":  "Vincere la partita",
	},
	Borg: {
		"turn":    "Il turno dei Borg",
		"build":   "Fase Costruzione Borg (ogni Spira)",
		"command": "Fase Comando Borg (ogni Cubo)",
		"combat":  "Combattere un Cubo",
		"end":     "Vincere e perdere",
	},
}

// Sheet returns the quick reference sheet of a game as sections, built
// from the "sheet" lines of the English topics.
func (l *Library) Sheet(g Game) ([]SheetSection, error) {
	return l.SheetIn(g, English)
}

// SheetIn returns the quick reference sheet of a game in lang, built from
// the "sheet" lines of that language's topics. A game without translated
// sheet lines (Away Missions in Italian) gets its English sheet.
func (l *Library) SheetIn(g Game, lang string) ([]SheetSection, error) {
	order, ok := sheetSections[g]
	if !ok {
		return nil, fmt.Errorf("reference: no quick reference sheet for game %q", g)
	}
	if lang != English && !l.hasSheet(g, lang) {
		lang = English
	}
	type line struct {
		order int
		e     SheetEntry
	}
	bySection := map[string][]line{}
	for _, t := range l.topics {
		if t.Game != g || t.Lang != lang {
			continue
		}
		for _, s := range t.Sheet {
			bySection[s.Section] = append(bySection[s.Section], line{s.Order, SheetEntry{TopicID: t.ID, Summary: s.Summary}})
		}
	}
	var out []SheetSection
	for _, o := range order {
		ls := bySection[o[0]]
		if len(ls) == 0 {
			continue
		}
		sort.SliceStable(ls, func(i, j int) bool { return ls[i].order < ls[j].order })
		title := o[1]
		if lang == Italian && sheetTitlesIT[g][o[0]] != "" {
			title = sheetTitlesIT[g][o[0]]
		}
		sec := SheetSection{Key: o[0], Title: title}
		for _, l := range ls {
			sec.Entries = append(sec.Entries, l.e)
		}
		out = append(out, sec)
	}
	return out, nil
}

func (l *Library) hasSheet(g Game, lang string) bool {
	for _, t := range l.topics {
		if t.Game == g && t.Lang == lang && len(t.Sheet) > 0 {
			return true
		}
	}
	return false
}

// QuickReference returns a game's quick reference sheet as Markdown
// (headings and numbered lists), ready for widget.NewRichTextFromMarkdown.
func (l *Library) QuickReference(g Game) (string, error) {
	return l.QuickReferenceIn(g, English)
}

// QuickReferenceIn is QuickReference in lang (see SheetIn).
func (l *Library) QuickReferenceIn(g Game, lang string) (string, error) {
	secs, err := l.SheetIn(g, lang)
	if err != nil {
		return "", err
	}
	if !l.hasSheet(g, lang) {
		lang = English
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %s\n", g.Title(), labelsFor(lang).quickRef)
	for _, s := range secs {
		fmt.Fprintf(&b, "\n## %s\n\n", s.Title)
		for i, e := range s.Entries {
			fmt.Fprintf(&b, "%d. %s\n", i+1, e.Summary)
		}
	}
	return b.String(), nil
}
