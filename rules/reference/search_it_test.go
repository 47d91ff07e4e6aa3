package reference

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearchAccuracyIT measures the Italian player questions the way
// TestSearchAccuracy measures the English ones: for a reader of Italian the
// expected topic must rank in the top three; top-3 accuracy must reach 95%
// and top-1 80%.
func TestSearchAccuracyIT(t *testing.T) {
	lib := loadLib(t)
	require.GreaterOrEqual(t, len(playerQuestionsIT), 60)
	top1, top3 := 0, 0
	for _, pq := range playerQuestionsIT {
		want := lib.Topic(pq.want)
		require.NotNil(t, want, "question %q expects unknown topic %q", pq.q, pq.want)
		require.Equal(t, Italian, want.Lang, "question %q expects an Italian topic", pq.q)
		res := lib.SearchIn(pq.q, Italian, 3)
		rank := -1
		for i, r := range res {
			if r.Topic.ID == pq.want {
				rank = i
				break
			}
		}
		switch {
		case rank == 0:
			top1++
			top3++
		case rank > 0:
			top3++
			t.Logf("not first: %q -> %s (want %s at %d)", pq.q, ids(res), pq.want, rank+1)
		default:
			t.Logf("MISSED: %q -> %s (want %s)", pq.q, ids(res), pq.want)
		}
	}
	n := float64(len(playerQuestionsIT))
	a1, a3 := float64(top1)/n, float64(top3)/n
	t.Logf("Italian questions: %d, top-1 accuracy %.1f%%, top-3 accuracy %.1f%%", len(playerQuestionsIT), 100*a1, 100*a3)
	assert.GreaterOrEqual(t, a3, 0.95, "top-3 accuracy")
	assert.GreaterOrEqual(t, a1, 0.80, "top-1 accuracy")
}

func TestItalianTranslationsComplete(t *testing.T) {
	lib := loadLib(t)
	for _, en := range lib.Topics() {
		it := lib.Version(en.ID, Italian)
		if en.Game == AwayMissions {
			assert.Nil(t, it, "%s: Away Missions has no Italian edition", en.ID)
			md := en.MarkdownIn(lib, Italian)
			assert.Contains(t, md, "resta in inglese", "%s: says it stays in English", en.ID)
			continue
		}
		if !assert.NotNil(t, it, "%s has no Italian version", en.ID) {
			continue
		}
		assert.Equal(t, "it-"+en.ID, it.ID)
		assert.Same(t, en, lib.Version(it.ID, English), "the Italian topic leads back to the English one")
		assert.Same(t, it, lib.Localized(en.ID, Italian))
		assert.NotEqual(t, en.Title, it.Title, "%s: title translated", en.ID)
		assert.NotEqual(t, en.Body, it.Body, "%s: body translated", en.ID)
		assert.NotEmpty(t, it.Keywords, "%s: Italian keywords", it.ID)
		assert.NotEmpty(t, it.Synonyms, "%s: Italian synonyms", it.ID)
		assert.Len(t, it.Sheet, len(en.Sheet), "%s: the same quick reference lines", it.ID)
		for i := range min(len(it.Sheet), len(en.Sheet)) {
			assert.Equal(t, en.Sheet[i].Section, it.Sheet[i].Section, "%s sheet line %d", it.ID, i)
			assert.Equal(t, en.Sheet[i].Order, it.Sheet[i].Order, "%s sheet line %d", it.ID, i)
		}
		assert.Len(t, it.Related, len(en.Related), "%s: the same cross-links", it.ID)
		for _, id := range it.Related {
			r := lib.Topic(id)
			if assert.NotNil(t, r, "%s links to unknown topic %q", it.ID, id) && lib.Version(id, Italian) != nil {
				assert.Equal(t, Italian, r.Lang, "%s links to the English %s although it is translated", it.ID, id)
			}
		}
		for _, ln := range strings.Split(it.Body, "\n") {
			assert.NotContains(t, ln, "<", "%s: no HTML", it.ID)
			assert.NotRegexp(t, `^####`, ln, "%s: headings up to level 3", it.ID)
			assert.NotContains(t, ln, "|", "%s: no tables", it.ID)
		}
		md := it.MarkdownIn(lib, Italian)
		assert.Contains(t, md, "**Vedi anche:** ")
		assert.Contains(t, md, "*Fonte: ")
		assert.NotContains(t, md, "resta in inglese")
	}
	// Topics as an Italian reader sees them: every topic once.
	assert.Len(t, lib.TopicsIn(Italian), len(lib.Topics()))
	assert.NotEmpty(t, lib.TopicsForIn(Borg, KindGlossary, Italian))
	for _, tp := range lib.TopicsForIn(Ascendancy, "", Italian) {
		assert.Equal(t, Italian, tp.Lang)
	}
}

func TestQuickReferenceIT(t *testing.T) {
	lib := loadLib(t)
	md, err := lib.QuickReferenceIn(Ascendancy, Italian)
	require.NoError(t, err)
	for _, p := range []string{"riepilogo rapido", "## Round di gioco", "## Fase Costruzione", "## Battaglia spaziale", "## Egemonia culturale", "## Stadio Ricarica", "Tiro per Colpire"} {
		assert.Contains(t, md, p)
	}
	md, err = lib.QuickReferenceIn(Borg, Italian)
	require.NoError(t, err)
	assert.Contains(t, md, "9 dadi d'attacco")
	secs, err := lib.SheetIn(Borg, Italian)
	require.NoError(t, err)
	for _, s := range secs {
		for _, e := range s.Entries {
			assert.Equal(t, Italian, lib.Topic(e.TopicID).Lang)
		}
	}
	// Away Missions has no Italian edition: its sheet stays English.
	md, err = lib.QuickReferenceIn(AwayMissions, Italian)
	require.NoError(t, err)
	assert.Contains(t, md, "## Round sequence")
}

func TestSearchAcrossLanguages(t *testing.T) {
	lib := loadLib(t)
	first := func(q, lang string) string {
		res := lib.SearchIn(q, lang, 3)
		if len(res) == 0 {
			return ""
		}
		return res[0].Topic.ID
	}
	// An Italian question finds the Italian topic whatever the reader's language.
	assert.Equal(t, "it-asc-hegemony", first("egemonia culturale", English))
	assert.Equal(t, "it-borg-adaptive-shields", first("scudi adattivi", English))
	// An English question finds the English topic, also for an Italian reader.
	assert.Equal(t, "asc-first-strike", first("first strike", Italian))
	// Away Missions has only English topics: they answer Italian readers too.
	assert.Equal(t, "am-turbolifts", first("turbolift", Italian))
	// A word both languages share goes to the reader's language.
	assert.Equal(t, Italian, lib.SearchIn("klingon", Italian, 1)[0].Topic.Lang)
	assert.Equal(t, English, lib.SearchIn("klingon", English, 1)[0].Topic.Lang)
	// A topic appears once, in one language.
	seen := map[string]bool{}
	for _, r := range lib.SearchIn("borg cubo cube", Italian, 20) {
		assert.False(t, seen[r.Topic.Original()], "%s twice", r.Topic.Original())
		seen[r.Topic.Original()] = true
	}
	// Elisions, accents and capitals.
	assert.Equal(t, first("egemonia", Italian), first("L'EGEMONIA", Italian))
	assert.Equal(t, first("autorità", Italian), first("autorita", Italian))
	assert.Empty(t, lib.SearchIn("il la di che come", Italian, 5), "Italian stop words only")
	assert.Empty(t, lib.SearchIn("the and of", Italian, 5), "English stop words only")
	for _, r := range lib.SearchGameIn(Borg, "primo colpo", Italian, 5) {
		assert.Equal(t, Borg, r.Topic.Game)
	}
}

func TestStemIT(t *testing.T) {
	same := [][]string{
		{"scudo", "scudi"},
		{"nave", "navi"},
		{"nodo", "nodi"},
		{"colonizzare", "colonizzazione", "colonizza", "colonizzato"},
		{"assimilare", "assimilazione", "assimilato", "assimilati"},
		{"attacco", "attacchi"},
		{"pericolo", "pericoli", "pericoloso"},
		{"flotta", "flotte"},
		{"egemonia", "egemonie"},
		{"colpire", "colpisce", "colpiscono", "colpisco"},
		{"costruire", "costruisce", "costruiscono"},
	}
	for _, g := range same {
		for _, w := range g[1:] {
			assert.Equal(t, stemIT(g[0]), stemIT(w), "%s vs %s", g[0], w)
		}
	}
	assert.Equal(t, []string{stemIT("egemonia"), stemIT("invasione")}, termsIT("l'Egemonia dell'invasione"))
	assert.Equal(t, []string{stemIT("autorita")}, termsIT("AUTORITÀ"))
	assert.Equal(t, []string{"5"}, termsIT("5 + è"))
}

func TestParseLanguage(t *testing.T) {
	for in, want := range map[string]string{"it": Italian, "it_IT.UTF-8": Italian, "it-IT": Italian, "Italiano": Italian, "en_GB": English, "EN": English} {
		got, err := ParseLanguage(in)
		assert.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "de", "klingon"} {
		_, err := ParseLanguage(in)
		assert.Error(t, err, in)
	}
}

func TestTranslationErrors(t *testing.T) {
	en := "---\nid: x\ntitle: X\ngame: borg\nsource: 004 x\n---\nBody.\n"
	cases := map[string]string{
		"unknown original": "---\nid: it-y\nlang: it\ntranslates: y\ntitle: Y\ngame: borg\nsource: 004 y\n---\nCorpo.\n",
		"other game":       "---\nid: it-x\nlang: it\ntranslates: x\ntitle: X\ngame: ascendancy\nsource: 004 x\n---\nCorpo.\n",
		"wrong id":         "---\nid: x-it\nlang: it\ntranslates: x\ntitle: X\ngame: borg\nsource: 004 x\n---\nCorpo.\n",
		"no original":      "---\nid: it-x\nlang: it\ntitle: X\ngame: borg\nsource: 004 x\n---\nCorpo.\n",
		"bad language":     "---\nid: de-x\nlang: de\ntranslates: x\ntitle: X\ngame: borg\nsource: 004 x\n---\nKörper.\n",
		"twice":            "---\nid: it-x\nlang: it\ntranslates: x\ntitle: X\ngame: borg\nsource: 004 x\n---\nCorpo.\n---\nid: it-x\nlang: it\ntranslates: x\ntitle: X\ngame: borg\nsource: 004 x\n---\nCorpo.\n",
	}
	for name, it := range cases {
		fsys := fstest.MapFS{
			"data/topics/a.md":    {Data: []byte(en)},
			"data/topics/a.it.md": {Data: []byte(it)},
			"data/synonyms.txt":   {Data: []byte("a, b\n")},
		}
		_, err := loadFS(fsys)
		assert.Error(t, err, name)
	}
}

// FuzzSearchIn feeds arbitrary queries to the search in both languages:
// never a panic, never more results than asked, never a topic twice.
func FuzzSearchIn(f *testing.F) {
	lib := loadLib(f)
	for _, s := range []string{"l'egemonia", "scudi adattivi", "AUTORITÀ più agevole", "’’'", "dell'", "stun", "è è è", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		for _, lang := range Languages() {
			res := lib.SearchIn(q, lang, 5)
			if len(res) > 5 {
				t.Fatalf("%d results", len(res))
			}
			seen := map[string]bool{}
			for _, r := range res {
				if seen[r.Topic.Original()] {
					t.Fatalf("%q: %s twice", q, r.Topic.Original())
				}
				seen[r.Topic.Original()] = true
			}
		}
	})
}

// BenchmarkSearchIT times one search of a typical Italian question by an
// Italian reader (both languages' indexes are searched; the goal is well
// under 2 ms).
func BenchmarkSearchIT(b *testing.B) {
	lib := loadLib(b)
	qs := []string{"come funziona l'egemonia culturale?", "scudi adattivi del cubo", "curvatrua", "quanti comandi ho", "first strike"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		lib.SearchIn(qs[i%len(qs)], Italian, 10)
	}
}
