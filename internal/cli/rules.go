package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"tableops/rules/reference"
)

// rulesCommand searches the rules reference: "tableops rules QUERY...",
// "tableops rules --show ID", "tableops rules --sheet GAME".
func rulesCommand() command {
	return command{
		summary: lang.X("cli.cmd.rules", "QUERY... | --show ID | --sheet GAME [--lang it]   search the rules reference"),
		run:     runRules,
	}
}

// rulesHit is one search result in --json output.
type rulesHit struct {
	ID    string  `json:"id"`
	Title string  `json:"title"`
	Game  string  `json:"game"`
	Lang  string  `json:"lang"`
	Score float64 `json:"score"`
}

// rulesTopic is one topic in --show --json output.
type rulesTopic struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Game     string   `json:"game"`
	Kind     string   `json:"kind"`
	Lang     string   `json:"lang"`
	Source   string   `json:"source"`
	Keywords []string `json:"keywords"`
	Related  []string `json:"related"`
	Markdown string   `json:"markdown"`
}

func runRules(args []string, out io.Writer) error {
	fs := newFlagSet("rules")
	show := fs.String("show", "", lang.X("cli.flag.show", "print the topic with this id"))
	sheet := fs.String("sheet", "", lang.X("cli.flag.sheet", "print the quick reference sheet of a game (away-missions, ascendancy, borg)"))
	gameName := fs.String("game", "", lang.X("cli.flag.game_2", "only search this game (away-missions, ascendancy, borg)"))
	limit := fs.Int("limit", 5, lang.X("cli.flag.limit", "how many topics to print"))
	words, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *limit < 1 || *limit > 100 {
		return badInput("%s", lang.X("cli.rules.bad_limit", "--limit {{.N}}: want 1 to 100", map[string]any{"N": *limit}))
	}
	var game reference.Game
	if *gameName != "" {
		if game, err = reference.ParseGame(*gameName); err != nil {
			return badInput("--game: %s", lang.X("cli.rules.bad_game", "unknown game \"{{.Game}}\" (want away-missions, ascendancy or borg)", map[string]any{"Game": *gameName}))
		}
	}
	// The reference speaks the languages it has topics in; English for
	// any other.
	rl, err := reference.ParseLanguage(fs.language())
	if err != nil {
		rl = reference.English
	}
	lib, err := reference.Load()
	if err != nil {
		return fmt.Errorf("loading the rules reference: %w", err)
	}
	switch {
	case *show != "" && (*sheet != "" || len(words) > 0):
		return badInput("%s", lang.X("cli.rules.show_alone", "--show takes a topic id and no search words"))
	case *show != "":
		return showTopic(lib, *show, rl, fs.json, out)
	case *sheet != "":
		if len(words) > 0 {
			return badInput("%s", lang.X("cli.rules.sheet_alone", "--sheet takes a game and no search words"))
		}
		g, err := reference.ParseGame(*sheet)
		if err != nil {
			return badInput("--sheet: %s", lang.X("cli.rules.bad_game", "unknown game \"{{.Game}}\" (want away-missions, ascendancy or borg)", map[string]any{"Game": *sheet}))
		}
		md, err := lib.QuickReferenceIn(g, rl)
		if err != nil {
			return badInput("--sheet: %v", err)
		}
		if fs.json {
			secs, err := lib.SheetIn(g, rl)
			if err != nil {
				return err
			}
			return writeJSON(out, secs)
		}
		_, err = io.WriteString(out, md)
		return err
	case len(words) == 0:
		return badInput("%s", lang.X("cli.rules.no_query", "give a question, e.g. tableops rules what does stun do (or --show ID, --sheet GAME)"))
	}
	query := strings.Join(words, " ")
	var res []reference.Result
	if game != "" {
		res = lib.SearchGameIn(game, query, rl, *limit)
	} else {
		res = lib.SearchIn(query, rl, *limit)
	}
	if fs.json {
		hits := make([]rulesHit, 0, len(res))
		for _, r := range res {
			hits = append(hits, rulesHit{ID: r.Topic.ID, Title: r.Topic.Title, Game: string(r.Topic.Game), Lang: r.Topic.Lang, Score: r.Score})
		}
		return writeJSON(out, hits)
	}
	if len(res) == 0 {
		_, err := fmt.Fprintln(out, lang.X("cli.rules.no_match", "No rules topic matches \"{{.Query}}\".", map[string]any{"Query": query}))
		return err
	}
	for i, r := range res {
		if _, err := fmt.Fprintf(out, "%d. %s  [%s]  (%s)\n   %s\n", i+1, r.Topic.Title, r.Topic.Game, r.Topic.ID, r.Snippet); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintln(out, lang.X("cli.rules.show_one", "Show one: tableops rules --show ID"))
	return err
}

// parseInterleaved parses flags that may come before, between or after the
// words of a query ("tableops rules stun --json"); "--" ends the flags.
func parseInterleaved(fs *flagSet, args []string) ([]string, error) {
	var words []string
	for len(args) > 0 {
		if args[0] == "--" {
			return append(words, args[1:]...), nil
		}
		if strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
			if _, err := strconv.Atoi(args[0]); err != nil { // "-1" is a word
				if err := fs.Parse(args); err != nil {
					return nil, fs.parseError(err)
				}
				if len(fs.Args()) == len(args) {
					return nil, badInput("%s", lang.X("cli.rules.cannot_parse", "cannot parse \"{{.Arg}}\"", map[string]any{"Arg": args[0]}))
				}
				args = fs.Args()
				continue
			}
		}
		words = append(words, args[0])
		args = args[1:]
	}
	return words, nil
}

// showTopic prints one topic for a reader of rl: an English id shows its
// translation in rl where there is one; an id in another language shows
// that topic as asked.
func showTopic(lib *reference.Library, id, rl string, asJSON bool, out io.Writer) error {
	t := lib.Topic(id)
	if t == nil {
		return badInput("%s", lang.X("cli.rules.no_topic", "no rules topic \"{{.ID}}\" (search first: tableops rules {{.Words}})",
			map[string]any{"ID": id, "Words": strings.ReplaceAll(id, "-", " ")}))
	}
	if t.Lang == reference.English {
		t = lib.Localized(t.ID, rl)
	}
	if asJSON {
		return writeJSON(out, rulesTopic{
			ID: t.ID, Title: t.Title, Game: string(t.Game), Kind: string(t.Kind), Lang: t.Lang, Source: t.Source,
			Keywords: t.Keywords, Related: t.Related, Markdown: t.MarkdownIn(lib, rl),
		})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n%s", t.Title, strings.Repeat("=", len([]rune(t.Title))), t.Game.Title())
	if t.Kind == reference.KindGlossary {
		b.WriteString(" " + lang.X("cli.rules.glossary", "(glossary)"))
	}
	if t.Lang != rl && lib.Version(t.ID, rl) == nil {
		b.WriteString("\n" + lang.X("cli.rules.english_only", "This topic is in English only: {{.Game}} has no edition in your language.", map[string]any{"Game": t.Game.Title()}))
	}
	fmt.Fprintf(&b, "\n\n%s\n", strings.TrimSpace(t.Body))
	if len(t.Related) > 0 {
		b.WriteString("\n" + lang.X("cli.rules.see_also", "See also:") + "\n")
		for _, r := range t.Related {
			if rt := lib.Topic(r); rt != nil {
				fmt.Fprintf(&b, "  %-28s %s\n", r, rt.Title)
			}
		}
	}
	b.WriteString("\n" + lang.X("cli.rules.source", "Source: {{.Source}}", map[string]any{"Source": t.Source}) + "\n")
	_, err := io.WriteString(out, b.String())
	return err
}
