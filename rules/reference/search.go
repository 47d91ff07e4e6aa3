package reference

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"
)

// Result is one search hit: the topic, its relevance score (higher is
// better; only comparable within one search) and a short plain-text snippet
// of the body around the first matched word.
type Result struct {
	Topic   *Topic
	Score   float64
	Snippet string
}

// field indexes: where in a topic a word was found.
const (
	fTitle = iota
	fKeywords
	fSynonyms
	fGame
	fBody
	nFields
)

// fieldWeight is how much a match in each field counts; a word in the
// title or keywords says far more about what a topic defines than a word in
// its body.
var fieldWeight = [nFields]float64{fTitle: 7, fKeywords: 3.5, fSynonyms: 3.5, fGame: 0.6, fBody: 1}

// fieldB is the BM25 length normalisation per field.
var fieldB = [nFields]float64{fTitle: 0.3, fKeywords: 0.2, fSynonyms: 0.2, fGame: 0, fBody: 0.75}

const bm25K1 = 1.2

type posting struct {
	doc int32
	tf  [nFields]float32
}

type index struct {
	lang     string
	topics   []*Topic
	postings map[string][]posting
	vocab    []string // sorted terms, for prefix and typo lookup
	fieldLen [][nFields]float32
	avgLen   [nFields]float64
	titleSet []map[string]bool // stems of each title (without stop words)
	bigrams  []map[string]bool // adjacent term pairs of each topic
	sents    [][]sentence      // plain-text sentences of each body, for snippets
	synonyms map[string][][]string
	maxNgram int
}

// parseSynonyms reads synonyms.txt: one group of equivalent words or
// phrases per line, separated by commas; '#' starts a comment.
func parseSynonyms(text string) ([][]string, error) {
	var groups [][]string
	for _, ln := range strings.Split(text, "\n") {
		if i := strings.Index(ln, "#"); i >= 0 {
			ln = ln[:i]
		}
		g := splitList(ln)
		if len(g) == 0 {
			continue
		}
		if len(g) < 2 {
			return nil, fmt.Errorf("synonym group %q has a single entry", ln)
		}
		groups = append(groups, g)
	}
	return groups, nil
}

func buildIndex(lang string, topics []*Topic, groups [][]string) *index {
	ix := &index{
		lang:     lang,
		topics:   topics,
		postings: map[string][]posting{},
		fieldLen: make([][nFields]float32, len(topics)),
		titleSet: make([]map[string]bool, len(topics)),
		bigrams:  make([]map[string]bool, len(topics)),
		sents:    make([][]sentence, len(topics)),
		synonyms: map[string][][]string{},
	}
	for d, t := range topics {
		tf := map[string]*[nFields]float32{}
		ix.bigrams[d] = map[string]bool{}
		add := func(f int, text string) {
			ws := ix.terms(text)
			for i := 1; i < len(ws); i++ {
				ix.bigrams[d][ws[i-1]+" "+ws[i]] = true
			}
			for _, w := range ws {
				p := tf[w]
				if p == nil {
					p = new([nFields]float32)
					tf[w] = p
				}
				p[f]++
				ix.fieldLen[d][f]++
			}
		}
		add(fTitle, t.Title)
		for _, k := range t.Keywords {
			add(fKeywords, k)
		}
		for _, k := range t.Synonyms {
			add(fSynonyms, k)
		}
		add(fGame, strings.ReplaceAll(string(t.Game), "-", " "))
		add(fBody, t.Body)
		for _, st := range splitSentences(plainText(t.Body)) {
			ix.sents[d] = append(ix.sents[d], sentence{text: st, terms: ix.terms(st)})
		}
		ix.titleSet[d] = map[string]bool{}
		for _, w := range ix.terms(t.Title) {
			ix.titleSet[d][w] = true
		}
		for w, p := range tf {
			ix.postings[w] = append(ix.postings[w], posting{doc: int32(d), tf: *p})
		}
	}
	for f := 0; f < nFields; f++ {
		sum := 0.0
		for d := range topics {
			sum += float64(ix.fieldLen[d][f])
		}
		ix.avgLen[f] = math.Max(1, sum/math.Max(1, float64(len(topics))))
	}
	for w := range ix.postings {
		ix.vocab = append(ix.vocab, w)
	}
	sort.Strings(ix.vocab)
	for _, g := range groups {
		var phrases [][]string
		for _, p := range g {
			if ts := ix.terms(p); len(ts) > 0 {
				phrases = append(phrases, ts)
			}
		}
		for i, p := range phrases {
			key := strings.Join(p, " ")
			if len(p) > ix.maxNgram {
				ix.maxNgram = len(p)
			}
			for j, q := range phrases {
				if i != j {
					ix.synonyms[key] = append(ix.synonyms[key], q)
				}
			}
		}
	}
	return ix
}

// Search returns up to limit topics that best answer the query, best first,
// for a reader of English: SearchIn(query, English, limit).
func (l *Library) Search(query string, limit int) []Result {
	return l.SearchIn(query, English, limit)
}

// SearchGame is Search restricted to one game.
func (l *Library) SearchGame(g Game, query string, limit int) []Result {
	return l.SearchGameIn(g, query, English, limit)
}

// SearchIn returns up to limit topics that best answer the query, best
// first. It forgives: word endings (stunned, stuns -> stun; scudi, scudo),
// accents and elisions (l'egemonia), typos (assimlate), unfinished last
// words (assim), and the players' own words (HP -> health pegs, initiative
// -> turn order). An empty or stop-word-only query gives no results.
//
// The query is answered first in the language it is written in (the one
// whose topics know more of its words; lang, the reader's language, when
// both know as many), then, if fewer than limit topics match there, by the
// topics of the other languages that are not versions of a topic already
// listed. So an Italian question finds the Italian topics, and an English
// word typed by an Italian reader still finds its topic.
func (l *Library) SearchIn(query, lang string, limit int) []Result {
	return l.search(query, "", lang, limit)
}

// SearchGameIn is SearchIn restricted to one game.
func (l *Library) SearchGameIn(g Game, query, lang string, limit int) []Result {
	return l.search(query, g, lang, limit)
}

func (l *Library) search(query string, g Game, lang string, limit int) []Result {
	if limit <= 0 || len(l.idx) == 0 {
		return nil
	}
	type run struct {
		lang  string
		known float64
		res   []Result
	}
	var runs []run
	for _, lg := range Languages() {
		if ix := l.idx[lg]; ix != nil {
			runs = append(runs, run{lang: lg, known: ix.known(query)})
		}
	}
	rank := func(r run) int { // the reader's language first among equals, then English
		switch r.lang {
		case lang:
			return 0
		case English:
			return 1
		}
		return 2
	}
	sort.SliceStable(runs, func(i, j int) bool {
		if runs[i].known != runs[j].known {
			return runs[i].known > runs[j].known
		}
		return rank(runs[i]) < rank(runs[j])
	})
	// The other languages search only the words that are not stop words of
	// the query's language ("the" is not a word of an Italian question).
	rest := withoutStopWords(query, runs[0].lang)
	for i := range runs {
		q := query
		if i > 0 {
			q = rest
		}
		runs[i].res = l.idx[runs[i].lang].search(q, g, limit)
	}
	var out []Result
	seen := map[string]bool{}
	for _, r := range runs {
		for _, res := range r.res {
			if len(out) == limit {
				return out
			}
			if o := res.Topic.Original(); !seen[o] {
				seen[o] = true
				out = append(out, res)
			}
		}
	}
	return out
}

// known is the share of the query's words that are stop words of this
// index's language or that its topics contain exactly: how much the query
// speaks this language.
func (ix *index) known(query string) float64 {
	words := rawWords(query)
	if len(words) == 0 {
		return 0
	}
	n := 0
	for _, w := range words {
		if isStopWord(ix.lang, w) {
			n++
			continue
		}
		for _, t := range ix.terms(w) {
			if _, ok := ix.postings[t]; ok {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(words))
}

// rawWords splits a query into lower-case, accent-folded words, splitting
// at apostrophes too.
func rawWords(query string) []string {
	return strings.FieldsFunc(strings.Map(func(r rune) rune {
		return foldAccent(unicode.ToLower(r))
	}, query), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func isStopWord(lang, w string) bool {
	if lang == Italian {
		return stopWordsIT[w]
	}
	return stopWords[w]
}

// withoutStopWords drops the stop words of lang from the query.
func withoutStopWords(query, lang string) string {
	var keep []string
	for _, w := range rawWords(query) {
		if !isStopWord(lang, w) {
			keep = append(keep, w)
		}
	}
	return strings.Join(keep, " ")
}

// terms splits text into this index's search terms.
func (ix *index) terms(text string) []string {
	if ix.lang == Italian {
		return termsIT(text)
	}
	return terms(text)
}

type qterm struct {
	term   string
	weight float64
	alt    int // the alternative (spelling, completion, synonym) it belongs to
}

// search scores every topic of the index. Each query word may stand for several
// alternatives (itself, typo corrections, completions, synonyms); a word
// counts once, through its best-scoring alternative, so that a rare synonym
// cannot outweigh the word the player typed.
func (ix *index) search(query string, g Game, limit int) []Result {
	if limit <= 0 {
		return nil
	}
	words := ix.terms(query)
	if len(words) == 0 {
		return nil
	}
	var qs []qterm
	var altGroup []int // alternative -> query word
	newAlt := func(grp int) int {
		altGroup = append(altGroup, grp)
		return len(altGroup) - 1
	}
	groups := len(words)
	for i, w := range words {
		if _, ok := ix.postings[w]; ok {
			qs = append(qs, qterm{term: w, weight: 1, alt: newAlt(i)})
			continue
		}
		found := false
		// An unfinished last word: complete it from the vocabulary.
		if i == len(words)-1 && len(w) >= 3 {
			for _, v := range ix.prefixed(w, 12) {
				qs = append(qs, qterm{term: v, weight: 0.8, alt: newAlt(i)})
				found = true
			}
		}
		for _, v := range ix.near(w) {
			qs = append(qs, qterm{term: v, weight: 0.75, alt: newAlt(i)})
			found = true
		}
		if !found {
			newAlt(i) // an unknown word still lowers coverage
		}
	}
	// Synonym expansion over n-grams of the query words.
	for n := 1; n <= ix.maxNgram && n <= len(words); n++ {
		for i := 0; i+n <= len(words); i++ {
			key := strings.Join(words[i:i+n], " ")
			for _, alt := range ix.synonyms[key] {
				a := newAlt(i)
				for _, t := range alt {
					if _, ok := ix.postings[t]; ok {
						qs = append(qs, qterm{term: t, weight: 0.8 / float64(len(alt)), alt: a})
					}
				}
			}
		}
	}

	n := float64(len(ix.topics))
	nAlt := len(altGroup)
	altScore := make([]float64, len(ix.topics)*nAlt)
	touched := make([]bool, len(ix.topics))
	for _, q := range qs {
		ps := ix.postings[q.term]
		idf := math.Log(1 + (n-float64(len(ps))+0.5)/(float64(len(ps))+0.5))
		for _, p := range ps {
			d := int(p.doc)
			if g != "" && ix.topics[d].Game != g {
				continue
			}
			tfw := 0.0
			for f := 0; f < nFields; f++ {
				if p.tf[f] == 0 {
					continue
				}
				norm := 1 - fieldB[f] + fieldB[f]*float64(ix.fieldLen[d][f])/ix.avgLen[f]
				tfw += fieldWeight[f] * float64(p.tf[f]) / norm
			}
			altScore[d*nAlt+q.alt] += q.weight * idf * tfw / (bm25K1 + tfw)
			touched[d] = true
		}
	}
	scores := make([]float64, len(ix.topics))
	matched := make([][]bool, len(ix.topics))
	best := make([]float64, groups)
	for d := range ix.topics {
		if !touched[d] {
			continue
		}
		clear(best)
		for a, grp := range altGroup {
			best[grp] = max(best[grp], altScore[d*nAlt+a])
		}
		matched[d] = make([]bool, groups)
		for grp, v := range best {
			scores[d] += v
			matched[d][grp] = v > 0
		}
	}
	qset := map[string]bool{}
	for _, q := range qs {
		qset[q.term] = true
	}
	var res []Result
	for d, s := range scores {
		if s <= 0 {
			continue
		}
		cov := 0
		for _, m := range matched[d] {
			if m {
				cov++
			}
		}
		frac := float64(cov) / float64(groups)
		s *= 0.25 + 0.75*frac*frac
		// The defining topic: the title and the question share their words.
		if ts := ix.titleSet[d]; len(ts) > 0 {
			hit := 0
			for w := range ts {
				if qset[w] {
					hit++
				}
			}
			s *= 1 + 0.8*float64(hit)/float64(max(len(ts), groups))
		}
		// Words asked for side by side that also stand side by side.
		pairs := 0
		for i := 1; i < len(words); i++ {
			if ix.bigrams[d][words[i-1]+" "+words[i]] {
				pairs++
			}
		}
		s *= 1 + 0.3*float64(min(pairs, 3))
		res = append(res, Result{Topic: ix.topics[d], Score: math.Round(s*1000) / 1000})
	}
	docOf := map[*Topic]int{}
	for d, t := range ix.topics {
		docOf[t] = d
	}
	sort.SliceStable(res, func(i, j int) bool {
		if res[i].Score != res[j].Score {
			return res[i].Score > res[j].Score
		}
		return res[i].Topic.ID < res[j].Topic.ID
	})
	if len(res) > limit {
		res = res[:limit]
	}
	for i := range res {
		res[i].Snippet = snippet(ix.sents[docOf[res[i].Topic]], qset, 160)
	}
	return res
}

// prefixed returns up to max vocabulary terms starting with p.
func (ix *index) prefixed(p string, max int) []string {
	i := sort.SearchStrings(ix.vocab, p)
	var out []string
	for ; i < len(ix.vocab) && strings.HasPrefix(ix.vocab[i], p) && len(out) < max; i++ {
		if ix.vocab[i] != p {
			out = append(out, ix.vocab[i])
		}
	}
	return out
}

// near returns the vocabulary terms within a small edit distance of w: one
// edit for words of 4-6 letters, two for longer ones. Transposed letters
// count as one edit.
func (ix *index) near(w string) []string {
	max := 0
	switch {
	case len(w) >= 7:
		max = 2
	case len(w) >= 4:
		max = 1
	default:
		return nil
	}
	best := max + 1
	var out []string
	scratch := make([]int, 3*(len(w)+max+2))
	for _, v := range ix.vocab {
		if d := len(v) - len(w); d > max || -d > max {
			continue
		}
		if v[0] != w[0] && (len(v) < 2 || len(w) < 2 || v[1] != w[1]) {
			continue // typos rarely hit both of the first two letters
		}
		d := editDistanceBuf(w, v, max, scratch)
		if d > max {
			continue
		}
		if d < best {
			best, out = d, out[:0]
		}
		if d == best {
			out = append(out, v)
		}
	}
	return out
}

// editDistanceBuf is the optimal string alignment distance between a and b,
// giving up (returning max+1) once it exceeds max, using buf (at least
// 3*(len(b)+1) ints) as scratch space.
func editDistanceBuf(a, b string, max int, buf []int) int {
	la, lb := len(a), len(b)
	if len(buf) < 3*(lb+1) {
		buf = make([]int, 3*(lb+1))
	}
	prev2, prev, cur := buf[:lb+1], buf[lb+1:2*(lb+1)], buf[2*(lb+1):3*(lb+1)]
	for j := 0; j <= lb; j++ {
		prev[j] = j
	}
	for i := 1; i <= la; i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= lb; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[lb]
}

// terms splits text into lower-case, stemmed search terms without stop
// words. Apostrophes inside words are dropped (bat'leth -> batleth).
func terms(text string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) == 0 {
			return
		}
		w := string(cur)
		cur = cur[:0]
		if stopWords[w] {
			return
		}
		out = append(out, stem(w))
	}
	rs := []rune(text)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur = append(cur, unicode.ToLower(foldAccent(r)))
		case (r == '\'' || r == '’') && len(cur) > 0 && i+1 < len(rs) && unicode.IsLetter(rs[i+1]):
			// keep the word together
		default:
			flush()
		}
	}
	flush()
	return out
}

func foldAccent(r rune) rune {
	switch r {
	case 'à', 'á', 'â', 'ä':
		return 'a'
	case 'è', 'é', 'ê', 'ë':
		return 'e'
	case 'ì', 'í', 'î', 'ï':
		return 'i'
	case 'ò', 'ó', 'ô', 'ö':
		return 'o'
	case 'ù', 'ú', 'û', 'ü':
		return 'u'
	}
	return r
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the is are was were be been being am do does did doing done
		how what when where which who whom why whose can could should would will shall may might must
		i me my we our you your he she it its they them their his her this that these those there here
		of to in on at by for from with without into onto about as and or but if then than so not no
		any some all each every both either neither just only also very too more most much many
		happen happens happened work works working mean means meaning rule rules explain tell
		get gets got have has had make makes let lets use used using`) {
		m[w] = true
	}
	return m
}()

// stem strips common English endings so that related word forms meet:
// stunned/stuns/stun, assimilated/assimilation/assimilate, moving/move.
// It is deliberately light; what matters is that the index and the query
// use the same function.
func stem(w string) string {
	if len(w) <= 3 || !isASCII(w) {
		return w
	}
	switch {
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:len(w)-1]
	}
	cut := false
	for _, suf := range []string{"ing", "ed"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 && hasVowel(w[:len(w)-len(suf)]) {
			w = w[:len(w)-len(suf)]
			cut = true
			n := len(w)
			if n >= 2 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouylsz", rune(w[n-1])) {
				w = w[:n-1]
			}
			break
		}
	}
	for _, s := range []string{"ational", "ation", "ator", "ment", "ness", "ful", "ly", "er"} {
		if strings.HasSuffix(w, s) && len(w)-len(s) >= 4 {
			w = w[:len(w)-len(s)]
			break
		}
	}
	if strings.HasSuffix(w, "ate") && len(w)-3 >= 4 {
		w = w[:len(w)-3]
	} else if cut && strings.HasSuffix(w, "at") && len(w)-2 >= 4 {
		w = w[:len(w)-2]
	}
	if len(w) >= 4 && strings.HasSuffix(w, "e") {
		w = w[:len(w)-1]
	}
	return w
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func hasVowel(s string) bool { return strings.ContainsAny(s, "aeiouy") }

type sentence struct {
	text  string
	terms []string
}

// snippet returns about max characters of plain text from the body,
// starting at the sentence holding the first matched term.
func snippet(sents []sentence, want map[string]bool, max int) string {
	start := 0
find:
	for i, s := range sents {
		for _, w := range s.terms {
			if want[w] {
				start = i
				break find
			}
		}
	}
	var b strings.Builder
	for _, s := range sents[start:] {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.text)
		if b.Len() > max {
			break
		}
	}
	out := b.String()
	if len(out) <= max {
		return out
	}
	cut := strings.LastIndex(out[:max], " ")
	if cut < max/2 {
		cut = max
	}
	return strings.ToValidUTF8(strings.TrimRight(out[:cut], " ,;:"), "") + "…"
}

// plainText removes the Markdown markup the topics use.
func plainText(md string) string {
	var b strings.Builder
	for _, ln := range strings.Split(md, "\n") {
		ln = strings.TrimSpace(ln)
		ln = strings.TrimLeft(ln, "#")
		ln = strings.TrimSpace(ln)
		for _, p := range []string{"- ", "* "} {
			ln = strings.TrimPrefix(ln, p)
		}
		if i := strings.Index(ln, ". "); i > 0 && i <= 3 && isDigits(ln[:i]) {
			ln = ln[i+2:]
		}
		ln = strings.NewReplacer("**", "", "__", "", "`", "", "*", "").Replace(ln)
		if ln == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(ln)
	}
	return b.String()
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func splitSentences(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s)-1; i++ {
		if (s[i] == '.' || s[i] == ':' || s[i] == '!' || s[i] == '?') && s[i+1] == ' ' {
			out = append(out, strings.TrimSpace(s[start:i+1]))
			start = i + 2
		}
	}
	if start < len(s) {
		out = append(out, strings.TrimSpace(s[start:]))
	}
	if len(out) == 0 {
		out = []string{""}
	}
	return out
}
