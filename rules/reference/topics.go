// Package reference holds the rules reference of Table Ops: rules topics and
// a glossary for Star Trek: Away Missions, Star Trek: Ascendancy and its Borg
// Assimilation expansion, written in our own words from the rulebooks; a
// forgiving full-text search over them; quick reference sheets generated from
// the same data; and the card catalog (characters and reference cards) with
// its JSON import and export.
//
// The topics live in embedded Markdown files under data/topics. Each file
// holds one or more topics; each topic starts with a front-matter block
// between two lines of three dashes:
//
//	---
//	id: am-stun
//	title: Stun and Incapacitated
//	game: away-missions
//	kind: rule
//	source: 001 Special Rules / Stun
//	keywords: stun token, recover
//	synonyms: stunned, knocked out
//	related: am-combat, am-recover
//	sheet: combat 7 | Stun weapons give one stun token instead of damage.
//	---
//	Markdown body (headings, paragraphs, lists, bold).
//
// Topics are written in English. A translation lives in its own file
// (asc-1-round.it.md beside asc-1-round.md) and adds two header fields:
// "lang: it" and "translates: <id of the English topic>"; its own id is the
// language followed by the English id (it-asc-hegemony). Its related ids may
// name English topics: the loader points them at the translation in the
// same language where one exists. Topics without a translation (Away
// Missions has no Italian edition) stay in English in every language.
//
// The package never imports Fyne and does no I/O beyond reading its own
// embedded files and the readers and writers it is given.
package reference

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed data/topics/*.md data/synonyms*.txt
var dataFS embed.FS

// Game names the game a topic belongs to.
type Game string

// The games (and the expansion) the reference covers.
const (
	AwayMissions Game = "away-missions"
	Ascendancy   Game = "ascendancy"
	Borg         Game = "borg"
)

// Games lists every game in display order.
func Games() []Game { return []Game{AwayMissions, Ascendancy, Borg} }

// Title is the display name of the game.
func (g Game) Title() string {
	switch g {
	case AwayMissions:
		return "Star Trek: Away Missions"
	case Ascendancy:
		return "Star Trek: Ascendancy"
	case Borg:
		return "Ascendancy: Borg Assimilation"
	}
	return string(g)
}

// ParseGame accepts a game id or a common short name ("am", "away",
// "asc", "borg") and returns the game.
func ParseGame(s string) (Game, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "away-missions", "am", "away", "awaymissions", "away missions":
		return AwayMissions, nil
	case "ascendancy", "asc", "sta":
		return Ascendancy, nil
	case "borg", "borg-assimilation":
		return Borg, nil
	}
	return "", fmt.Errorf("unknown game %q (want away-missions, ascendancy or borg)", s)
}

// English is the language the topics are first written in; every other
// language translates them.
const English = "en"

// Italian is the language of the Italian edition of Ascendancy.
const Italian = "it"

// Languages lists the languages the reference is written in, English first.
func Languages() []string { return []string{English, Italian} }

// ParseLanguage accepts a language code or locale ("it", "it_IT.UTF-8",
// "it-IT", "italiano", "en_GB") and returns the supported language it names.
func ParseLanguage(s string) (string, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(v, "_-.@"); i >= 0 {
		v = v[:i]
	}
	switch v {
	case "en", "english", "inglese":
		return English, nil
	case "it", "italian", "italiano":
		return Italian, nil
	}
	return "", fmt.Errorf("unknown language %q (want en or it)", s)
}

// Kind tells a rules topic from a glossary entry.
type Kind string

// Topic kinds.
const (
	KindRule     Kind = "rule"
	KindGlossary Kind = "glossary"
)

// SheetLine places a topic on a game's quick reference sheet: the section
// it belongs to ("round", "actions", "combat", ...), its order within the
// section, and the one-line summary printed there.
type SheetLine struct {
	Section string
	Order   int
	Summary string
}

// Topic is one rules topic or glossary entry.
type Topic struct {
	ID       string
	Title    string
	Game     Game
	Kind     Kind
	Body     string // Markdown
	Source   string // seed file and section name
	Keywords []string
	Synonyms []string
	Related  []string // ids of related topics
	Sheet    []SheetLine
	// Lang is the language of the topic ("en" unless the header says).
	Lang string
	// Translates is the id of the English topic this one translates
	// (empty for English topics).
	Translates string
	file       string
	line       int
}

// Original is the id of the English topic this topic is (itself, for an
// English topic): the id shared by a topic and all its translations.
func (t *Topic) Original() string {
	if t.Translates != "" {
		return t.Translates
	}
	return t.ID
}

// labels are the few words the reference itself adds around topics and
// sheets, per language.
type labels struct {
	seeAlso, source, quickRef, glossary string
	// untranslated introduces a topic shown in English to a reader of
	// this language; %s is the game's name.
	untranslated string
}

var langLabels = map[string]labels{
	English: {seeAlso: "See also", source: "Source", quickRef: "quick reference", glossary: "glossary",
		untranslated: "This topic is in English only: %s has no edition in this language."},
	Italian: {seeAlso: "Vedi anche", source: "Fonte", quickRef: "riepilogo rapido", glossary: "glossario",
		untranslated: "Questo argomento resta in inglese: %s non ha un'edizione italiana, quindi si usano i termini del regolamento inglese."},
}

func labelsFor(lang string) labels {
	if l, ok := langLabels[lang]; ok {
		return l
	}
	return langLabels[English]
}

// Markdown renders the topic as a Markdown document: title, body and a list
// of related topic titles (the UI turns those into tappable links using
// Related). The words around them are in the topic's language.
func (t *Topic) Markdown(lib *Library) string {
	return t.markdown(lib, "")
}

// MarkdownIn renders the topic for a reader of lang: like Markdown, and a
// topic that has no version in lang (Away Missions in Italian) says first,
// in lang, that it stays in English.
func (t *Topic) MarkdownIn(lib *Library, lang string) string {
	if lib == nil {
		return t.markdown(nil, "")
	}
	return t.markdown(lib, lib.UntranslatedNote(t, lang))
}

// UntranslatedNote is the sentence, in lang, that tells a reader of lang
// that the topic stays in English because its game has no edition in lang
// (Away Missions in Italian); "" when the topic is in lang or translated.
func (l *Library) UntranslatedNote(t *Topic, lang string) string {
	if t == nil || lang == t.Lang || l.Version(t.ID, lang) != nil {
		return ""
	}
	if _, ok := langLabels[lang]; !ok {
		return ""
	}
	return fmt.Sprintf(labelsFor(lang).untranslated, t.Game.Title())
}

func (t *Topic) markdown(lib *Library, note string) string {
	lb := labelsFor(t.Lang)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", t.Title)
	if note != "" {
		fmt.Fprintf(&b, "*%s*\n\n", note)
	}
	b.WriteString(strings.TrimSpace(t.Body))
	b.WriteString("\n")
	if len(t.Related) > 0 && lib != nil {
		fmt.Fprintf(&b, "\n**%s:** ", lb.seeAlso)
		for i, id := range t.Related {
			if i > 0 {
				b.WriteString(", ")
			}
			if r := lib.Topic(id); r != nil {
				b.WriteString(r.Title)
			} else {
				b.WriteString(id)
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n*%s: %s*\n", lb.source, t.Source)
	return b.String()
}

// Library is the loaded rules reference with its search index. It is
// immutable after Load and safe for concurrent use.
type Library struct {
	topics []*Topic // every topic in every language
	byID   map[string]*Topic
	// trans maps an English id to its versions by language.
	trans map[string]map[string]*Topic
	idx   map[string]*index // one search index per language
}

// Load parses the embedded topic files and builds the search index. It
// fails only if the embedded data is malformed (which the package tests
// rule out).
func Load() (*Library, error) {
	return loadFS(dataFS)
}

func loadFS(fsys fs.FS) (*Library, error) {
	files, err := fs.Glob(fsys, "data/topics/*.md")
	if err != nil {
		return nil, fmt.Errorf("reference: listing topics: %w", err)
	}
	sort.Strings(files)
	lib := &Library{byID: map[string]*Topic{}, trans: map[string]map[string]*Topic{}, idx: map[string]*index{}}
	for _, f := range files {
		raw, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, fmt.Errorf("reference: reading %s: %w", f, err)
		}
		ts, err := parseTopics(path.Base(f), string(raw))
		if err != nil {
			return nil, fmt.Errorf("reference: %w", err)
		}
		for _, t := range ts {
			if prev, dup := lib.byID[t.ID]; dup {
				return nil, fmt.Errorf("reference: %s:%d: duplicate topic id %q (first at %s:%d)", t.file, t.line, t.ID, prev.file, prev.line)
			}
			lib.byID[t.ID] = t
			lib.topics = append(lib.topics, t)
		}
	}
	if err := lib.linkTranslations(); err != nil {
		return nil, fmt.Errorf("reference: %w", err)
	}
	for _, lang := range Languages() {
		name := "data/synonyms.txt"
		if lang != English {
			name = "data/synonyms." + lang + ".txt"
		}
		var groups [][]string
		syn, err := fs.ReadFile(fsys, name)
		switch {
		case err == nil:
			if groups, err = parseSynonyms(string(syn)); err != nil {
				return nil, fmt.Errorf("reference: %s: %w", path.Base(name), err)
			}
		case lang == English:
			return nil, fmt.Errorf("reference: reading synonyms: %w", err)
		}
		var ts []*Topic
		for _, t := range lib.topics {
			if t.Lang == lang {
				ts = append(ts, t)
			}
		}
		lib.idx[lang] = buildIndex(lang, ts, groups)
	}
	return lib, nil
}

// linkTranslations checks each translation against its English topic and
// points its related ids at topics in its own language.
func (l *Library) linkTranslations() error {
	for _, t := range l.topics {
		if t.Lang == English {
			l.addVersion(t.ID, t)
		}
	}
	for _, t := range l.topics {
		if t.Lang == English {
			continue
		}
		orig := l.byID[t.Translates]
		switch {
		case orig == nil || orig.Lang != English:
			return fmt.Errorf("%s:%d: topic %q translates unknown English topic %q", t.file, t.line, t.ID, t.Translates)
		case orig.Game != t.Game || orig.Kind != t.Kind:
			return fmt.Errorf("%s:%d: topic %q is not the same game and kind as %q", t.file, t.line, t.ID, t.Translates)
		case l.trans[orig.ID][t.Lang] != nil:
			return fmt.Errorf("%s:%d: topic %q translates %q again", t.file, t.line, t.ID, t.Translates)
		}
		l.addVersion(orig.ID, t)
	}
	for _, t := range l.topics {
		if t.Lang == English {
			continue
		}
		for i, id := range t.Related {
			r := l.byID[id]
			if r == nil {
				continue // reported by the package tests
			}
			if v := l.trans[r.Original()][t.Lang]; v != nil {
				t.Related[i] = v.ID
			}
		}
	}
	return nil
}

func (l *Library) addVersion(orig string, t *Topic) {
	if l.trans[orig] == nil {
		l.trans[orig] = map[string]*Topic{}
	}
	l.trans[orig][t.Lang] = t
}

// Topics returns every English topic in load order (file name, then
// position). TopicsIn gives another language's.
func (l *Library) Topics() []*Topic {
	return l.TopicsIn(English)
}

// TopicsIn returns the topics as a reader of lang sees them, in load order
// of the English topics: each topic's version in lang, or the English one
// where there is no translation.
func (l *Library) TopicsIn(lang string) []*Topic {
	var out []*Topic
	for _, t := range l.topics {
		if t.Lang != English {
			continue
		}
		if v := l.trans[t.ID][lang]; v != nil {
			t = v
		}
		out = append(out, t)
	}
	return out
}

// Translations returns every topic written in a language other than
// English.
func (l *Library) Translations() []*Topic {
	var out []*Topic
	for _, t := range l.topics {
		if t.Lang != English {
			out = append(out, t)
		}
	}
	return out
}

// Version returns the topic with the given id (in any language) as written
// in lang, or nil when it has no version in lang.
func (l *Library) Version(id, lang string) *Topic {
	t := l.Topic(id)
	if t == nil {
		return nil
	}
	return l.trans[t.Original()][lang]
}

// Localized returns the topic with the given id in lang where it is
// translated, and otherwise the topic itself; nil for an unknown id.
func (l *Library) Localized(id, lang string) *Topic {
	if v := l.Version(id, lang); v != nil {
		return v
	}
	return l.Topic(id)
}

// Topic returns the topic with the given id, or nil.
func (l *Library) Topic(id string) *Topic {
	return l.byID[strings.ToLower(strings.TrimSpace(id))]
}

// TopicsFor returns the English topics of one game (and kind, if kind is
// not empty), sorted by title.
func (l *Library) TopicsFor(g Game, kind Kind) []*Topic {
	return l.TopicsForIn(g, kind, English)
}

// TopicsForIn is TopicsFor as a reader of lang sees it (see TopicsIn).
func (l *Library) TopicsForIn(g Game, kind Kind, lang string) []*Topic {
	var out []*Topic
	for _, t := range l.TopicsIn(lang) {
		if t.Game == g && (kind == "" || t.Kind == kind) {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Title < out[j].Title })
	return out
}

// parseTopics reads the topics of one file. Errors name the file and line.
func parseTopics(file, text string) ([]*Topic, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out []*Topic
	i := 0
	// Skip leading blank lines.
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	for i < len(lines) {
		if strings.TrimSpace(lines[i]) != "---" {
			return nil, fmt.Errorf("%s:%d: expected '---' to open a topic header", file, i+1)
		}
		start := i + 1
		t := &Topic{file: file, line: start, Kind: KindRule, Lang: English}
		i++
		closed := false
		for ; i < len(lines); i++ {
			ln := lines[i]
			if strings.TrimSpace(ln) == "---" {
				closed = true
				i++
				break
			}
			if strings.TrimSpace(ln) == "" {
				continue
			}
			key, val, ok := strings.Cut(ln, ":")
			if !ok {
				return nil, fmt.Errorf("%s:%d: header line without 'key:'", file, i+1)
			}
			if err := t.setField(strings.TrimSpace(key), strings.TrimSpace(val)); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", file, i+1, err)
			}
		}
		if !closed {
			return nil, fmt.Errorf("%s:%d: topic header not closed with '---'", file, start)
		}
		var body []string
		for ; i < len(lines) && strings.TrimSpace(lines[i]) != "---"; i++ {
			body = append(body, lines[i])
		}
		t.Body = strings.TrimSpace(strings.Join(body, "\n"))
		if err := t.check(); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, start, err)
		}
		out = append(out, t)
	}
	return out, nil
}

func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (t *Topic) setField(key, val string) error {
	switch key {
	case "id":
		t.ID = val
	case "title":
		t.Title = val
	case "game":
		g, err := ParseGame(val)
		if err != nil {
			return err
		}
		t.Game = g
	case "kind":
		switch Kind(val) {
		case KindRule, KindGlossary:
			t.Kind = Kind(val)
		default:
			return fmt.Errorf("unknown kind %q", val)
		}
	case "source":
		t.Source = val
	case "lang":
		lang, err := ParseLanguage(val)
		if err != nil {
			return err
		}
		t.Lang = lang
	case "translates":
		t.Translates = strings.ToLower(val)
	case "keywords":
		t.Keywords = append(t.Keywords, splitList(val)...)
	case "synonyms":
		t.Synonyms = append(t.Synonyms, splitList(val)...)
	case "related":
		t.Related = append(t.Related, splitList(val)...)
	case "sheet":
		// "section order | summary"
		head, summary, ok := strings.Cut(val, "|")
		f := strings.Fields(head)
		if !ok || len(f) != 2 {
			return fmt.Errorf("sheet wants 'section order | summary', got %q", val)
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return fmt.Errorf("sheet order %q: %w", f[1], err)
		}
		t.Sheet = append(t.Sheet, SheetLine{Section: f[0], Order: n, Summary: strings.TrimSpace(summary)})
	default:
		return fmt.Errorf("unknown header field %q", key)
	}
	return nil
}

func (t *Topic) check() error {
	switch {
	case t.ID == "":
		return fmt.Errorf("topic without id")
	case t.ID != strings.ToLower(t.ID) || strings.ContainsAny(t.ID, " \t"):
		return fmt.Errorf("topic id %q must be lower case without spaces", t.ID)
	case t.Title == "":
		return fmt.Errorf("topic %q without title", t.ID)
	case t.Game == "":
		return fmt.Errorf("topic %q without game", t.ID)
	case t.Source == "":
		return fmt.Errorf("topic %q without source", t.ID)
	case t.Body == "":
		return fmt.Errorf("topic %q without body", t.ID)
	case t.Lang != English && t.Translates == "":
		return fmt.Errorf("topic %q in %q without 'translates:'", t.ID, t.Lang)
	case t.Lang == English && t.Translates != "":
		return fmt.Errorf("topic %q is English and cannot translate another", t.ID)
	case t.Lang != English && t.ID != t.Lang+"-"+t.Translates:
		return fmt.Errorf("topic %q must have the id %q", t.ID, t.Lang+"-"+t.Translates)
	}
	return nil
}
