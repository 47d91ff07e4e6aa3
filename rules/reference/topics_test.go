package reference

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// editDistance is editDistanceBuf with its own scratch space.
func editDistance(a, b string, max int) int {
	return editDistanceBuf(a, b, max, make([]int, 3*(len(b)+1)))
}

func TestTopicsLoad(t *testing.T) {
	lib := loadLib(t)
	topics := lib.Topics()
	t.Logf("topics: %d", len(topics))
	require.GreaterOrEqual(t, len(topics), 100)
	perGame := map[Game]map[Kind]int{}
	srcRe := regexp.MustCompile(`\b00[1-4]\b`)
	for _, tp := range topics {
		if perGame[tp.Game] == nil {
			perGame[tp.Game] = map[Kind]int{}
		}
		perGame[tp.Game][tp.Kind]++
		assert.Regexp(t, srcRe, tp.Source, "%s: source must name a seed file", tp.ID)
		assert.NotEmpty(t, tp.Keywords, "%s: keywords", tp.ID)
		assert.NotEmpty(t, tp.Related, "%s: cross-links", tp.ID)
		assert.Same(t, tp, lib.Topic(strings.ToUpper(tp.ID)), "lookup by id is case-insensitive")
		for _, ln := range strings.Split(tp.Body, "\n") {
			// Keep to what widget.NewRichTextFromMarkdown renders well.
			assert.NotContains(t, ln, "<", "%s: no HTML", tp.ID)
			assert.NotRegexp(t, `^####`, ln, "%s: headings up to level 3", tp.ID)
			assert.NotContains(t, ln, "|", "%s: no tables", tp.ID)
		}
	}
	for _, g := range Games() {
		assert.Greater(t, perGame[g][KindRule], 25, "%s rules topics", g)
		assert.Greater(t, perGame[g][KindGlossary], 0, "%s glossary entries", g)
	}
}

// TestCrossLinksResolve checks every related id names an existing topic
// other than the topic itself.
func TestCrossLinksResolve(t *testing.T) {
	lib := loadLib(t)
	for _, tp := range lib.Topics() {
		seen := map[string]bool{}
		for _, id := range tp.Related {
			assert.NotNil(t, lib.Topic(id), "%s links to unknown topic %q", tp.ID, id)
			assert.NotEqual(t, tp.ID, id, "%s links to itself", tp.ID)
			assert.False(t, seen[id], "%s links twice to %s", tp.ID, id)
			seen[id] = true
		}
	}
}

func TestTopicMarkdown(t *testing.T) {
	lib := loadLib(t)
	md := lib.Topic("am-stun").Markdown(lib)
	assert.True(t, strings.HasPrefix(md, "# Stun weapons and stun tokens\n"))
	assert.Contains(t, md, "**See also:** Incapacitated")
	assert.Contains(t, md, "*Source: 001")
	assert.Nil(t, lib.Topic("no-such-topic"))
	assert.NotEmpty(t, lib.TopicsFor(Borg, KindGlossary))
}

func TestParseTopicsErrors(t *testing.T) {
	good := "---\nid: x\ntitle: X\ngame: borg\nsource: 004 x\n---\nBody.\n"
	ts, err := parseTopics("f.md", good+good[:0])
	require.NoError(t, err)
	require.Len(t, ts, 1)
	cases := map[string]string{
		"no header":      "Body only\n",
		"unclosed":       "---\nid: x\ntitle: X\n",
		"unknown field":  "---\nid: x\ncolour: red\n---\nB\n",
		"bad game":       "---\nid: x\ntitle: X\ngame: chess\nsource: s\n---\nB\n",
		"no body":        "---\nid: x\ntitle: X\ngame: borg\nsource: s\n---\n",
		"upper id":       "---\nid: X\ntitle: X\ngame: borg\nsource: s\n---\nB\n",
		"bad sheet":      "---\nid: x\ntitle: X\ngame: borg\nsource: s\nsheet: oops\n---\nB\n",
		"no colon":       "---\nid x\n---\nB\n",
		"missing source": "---\nid: x\ntitle: X\ngame: borg\n---\nB\n",
	}
	for name, text := range cases {
		_, err := parseTopics("f.md", text)
		assert.Error(t, err, name)
		if err != nil {
			assert.Contains(t, err.Error(), "f.md:", name)
		}
	}
	// Duplicate ids across files are refused by the loader.
	fsys := fstest.MapFS{
		"data/topics/a.md":  {Data: []byte(good)},
		"data/topics/b.md":  {Data: []byte(good)},
		"data/synonyms.txt": {Data: []byte("a, b\n")},
	}
	_, err = loadFS(fsys)
	assert.ErrorContains(t, err, "duplicate topic id")
	fsys["data/topics/b.md"] = &fstest.MapFile{Data: []byte(strings.Replace(good, "id: x", "id: y", 1))}
	fsys["data/synonyms.txt"] = &fstest.MapFile{Data: []byte("lonely\n")}
	_, err = loadFS(fsys)
	assert.ErrorContains(t, err, "single entry")
}

func TestQuickReference(t *testing.T) {
	lib := loadLib(t)
	want := map[Game][]string{
		AwayMissions: {"## Mission preparation", "## Round sequence", "## Actions", "## Combat (attack action)", "## Skill tests", "uncanceled attack die"},
		Ascendancy:   {"## Game round", "## Building phase", "## Command phase", "## Space battle", "## Planetary invasion", "## Recharge stage"},
		Borg:         {"## Borg build phase", "## Borg command phase", "9 attack dice"},
	}
	for g, parts := range want {
		md, err := lib.QuickReference(g)
		require.NoError(t, err)
		for _, p := range parts {
			assert.Contains(t, md, p, "%s sheet", g)
		}
		secs, err := lib.Sheet(g)
		require.NoError(t, err)
		for _, s := range secs {
			for _, e := range s.Entries {
				assert.NotNil(t, lib.Topic(e.TopicID))
				assert.NotEmpty(t, e.Summary)
			}
		}
	}
	// Every sheet line belongs to a section the sheet shows.
	for _, tp := range lib.Topics() {
		for _, s := range tp.Sheet {
			found := false
			for _, sec := range sheetSections[tp.Game] {
				found = found || sec[0] == s.Section
			}
			assert.True(t, found, "%s: sheet section %q is not on the %s sheet", tp.ID, s.Section, tp.Game)
		}
	}
	_, err := lib.QuickReference(Game("chess"))
	assert.Error(t, err)
}

func TestSearchBasics(t *testing.T) {
	lib := loadLib(t)
	assert.Empty(t, lib.Search("", 5))
	assert.Empty(t, lib.Search("the and of", 5), "stop words only")
	assert.Empty(t, lib.Search("stun", 0))
	assert.Empty(t, lib.Search("xyzzyq", 5))
	res := lib.Search("stun", 5)
	require.NotEmpty(t, res)
	assert.Contains(t, strings.ToLower(res[0].Snippet), "stun")
	assert.LessOrEqual(t, len(res[0].Snippet), 170)
	for i := 1; i < len(res); i++ {
		assert.GreaterOrEqual(t, res[i-1].Score, res[i].Score)
	}
	// As-you-type: an unfinished word still finds its topic.
	res = lib.Search("assim", 3)
	require.NotEmpty(t, res)
	assert.Contains(t, res[0].Topic.ID, "assimil")
	// Game filter.
	for _, r := range lib.SearchGame(Borg, "first strike", 5) {
		assert.Equal(t, Borg, r.Topic.Game)
	}
}

func TestStem(t *testing.T) {
	same := [][]string{
		{"stun", "stunned", "stuns", "stunning"},
		{"assimilate", "assimilated", "assimilation", "assimilating"},
		{"move", "moving", "moves"},
		{"explore", "exploration", "explored"},
		{"activate", "activation", "activated"},
		{"player", "players"},
	}
	for _, g := range same {
		for _, w := range g[1:] {
			assert.Equal(t, stem(g[0]), stem(w), "%s vs %s", g[0], w)
		}
	}
	assert.Equal(t, []string{"batleth", stem("melee")}, terms("Bat'leth: Melee!"))
}

func TestEditDistance(t *testing.T) {
	assert.Equal(t, 1, editDistance("assimlat", "assimilat", 2))
	assert.Equal(t, 1, editDistance("stnu", "stun", 2), "a transposition is one edit")
	assert.Equal(t, 3, editDistance("abc", "xyz", 2), "gives up past max")
}

// BenchmarkSearch times one search of a typical question (the goal is well
// under 2 ms).
func BenchmarkSearch(b *testing.B) {
	lib := loadLib(b)
	qs := []string{"how does hegemony resistance work?", "assimlate", "HP", "what does Incapacitated do?", "borg cube shields"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		lib.Search(qs[i%len(qs)], 10)
	}
}

// BenchmarkLoad times parsing the embedded topics and building the index.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}
