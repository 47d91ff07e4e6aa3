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

//go:embed data/topics/*.md data/synonyms.txt
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
	file     string
	line     int
}

// Markdown renders the topic as a Markdown document: title, body and a list
// of related topic titles (the UI turns those into tappable links using
// Related).
func (t *Topic) Markdown(lib *Library) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", t.Title)
	b.WriteString(strings.TrimSpace(t.Body))
	b.WriteString("\n")
	if len(t.Related) > 0 && lib != nil {
		b.WriteString("\n**See also:** ")
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
	fmt.Fprintf(&b, "\n*Source: %s*\n", t.Source)
	return b.String()
}

// Library is the loaded rules reference with its search index. It is
// immutable after Load and safe for concurrent use.
type Library struct {
	topics []*Topic
	byID   map[string]*Topic
	idx    *index
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
	lib := &Library{byID: map[string]*Topic{}}
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
	syn, err := fs.ReadFile(fsys, "data/synonyms.txt")
	if err != nil {
		return nil, fmt.Errorf("reference: reading synonyms: %w", err)
	}
	groups, err := parseSynonyms(string(syn))
	if err != nil {
		return nil, fmt.Errorf("reference: synonyms.txt: %w", err)
	}
	lib.idx = buildIndex(lib.topics, groups)
	return lib, nil
}

// Topics returns every topic in load order (file name, then position).
func (l *Library) Topics() []*Topic {
	out := make([]*Topic, len(l.topics))
	copy(out, l.topics)
	return out
}

// Topic returns the topic with the given id, or nil.
func (l *Library) Topic(id string) *Topic {
	return l.byID[strings.ToLower(strings.TrimSpace(id))]
}

// TopicsFor returns the topics of one game (and kind, if kind is not
// empty), sorted by title.
func (l *Library) TopicsFor(g Game, kind Kind) []*Topic {
	var out []*Topic
	for _, t := range l.topics {
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
		t := &Topic{file: file, line: start, Kind: KindRule}
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
	}
	return nil
}
