package reference

import (
	"strings"
	"unicode"
)

// termsIT splits Italian text into lower-case, stemmed search terms without
// stop words (Italian and English). Accents fold (autorità -> autorita) and an apostrophe splits
// an elision from its word (l'egemonia, dell'invasione -> egemonia,
// invasione), since the elided article is a stop word.
func termsIT(text string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) == 0 {
			return
		}
		w := string(cur)
		cur = cur[:0]
		// English stop words too: Italian topics quote English names
		// ("The Great Link") and a stray "the" says nothing either.
		if stopWordsIT[w] || stopWords[w] {
			return
		}
		out = append(out, stemIT(w))
	}
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			cur = append(cur, foldAccent(unicode.ToLower(r)))
			continue
		}
		flush()
	}
	flush()
	return out
}

// stopWordsIT are the Italian words that say nothing about a rule: articles
// (and their elided forms), prepositions, pronouns, question words and the
// verbs players wrap a question in ("come funziona", "cosa succede").
var stopWordsIT = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`il lo la i gli le l un uno una un d c s m t v n
		di a da in con su per tra fra e ed o od ma se non ne ci vi si mi ti
		del dello della dei degli delle dell al allo alla ai agli alle all dal dallo dalla dai dagli dalle dall
		nel nello nella nei negli nelle nell sul sullo sulla sui sugli sulle sull col coi
		che chi cosa cos come quando quanto quanta quanti quante quale quali dove perche perch
		io tu lui lei noi voi loro mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra nostri nostre
		vostro vostra questo questa questi queste quest quello quella quelli quelle quell
		e sono sei siamo siete era erano essere ho hai ha abbiamo avete hanno avere
		posso puoi puo possiamo potete possono potere devo devi deve dobbiamo dovete devono dovere
		faccio fai fa fare fanno si succede succedono funziona funzionano serve servono significa
		regola regole spiegami dimmi qual ogni tutto tutti tutte anche solo piu molto molti poi gia ancora allora
		quindi oppure cioe`) {
		m[w] = true
	}
	return m
}()

// suffixesIT are Italian derivational and verb endings, longest first; a
// suffix is cut only if at least four letters stay.
var suffixesIT = []string{
	"azioni", "azione", "amenti", "amento", "imenti", "imento",
	"abili", "abile", "ibili", "ibile", "mente",
	"zioni", "zione", "ioni", "ione",
	"arsi", "ersi", "irsi", "ando", "endo", "ante", "anti", "ente", "enti",
	"oso", "osa", "osi", "ose",
	"are", "ere", "ire", "ato", "ata", "ati", "ate", "uto", "uta", "uti", "ute", "ito", "ita", "iti", "ite",
}

// iscEndingsIT are the present-tense endings of the -ire verbs that take
// -isc- (colpisco, colpisci, colpisce, colpiscono, colpisca, colpiscano),
// longest first.
var iscEndingsIT = []string{"iscono", "iscano", "isco", "isci", "isce", "isca"}

// stemIT strips Italian endings so that related word forms meet: scudo and
// scudi, nave and navi, colonizzare, colonizzazione and colonizza,
// assimilare and assimilazione. Like stem it is deliberately light: what
// matters is that the index and the query use the same function.
func stemIT(w string) string {
	if len(w) <= 3 || !isASCII(w) || isDigits(w) {
		return w
	}
	// Verbs in -ire with the -isc- infix: colpisce, colpiscono -> colp, as
	// colpire; costruisce -> costru, as costruire.
	for _, suf := range iscEndingsIT {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 4 {
			return w[:len(w)-len(suf)]
		}
	}
	for _, suf := range suffixesIT {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 4 {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	// Gender and number: the final vowel (scudo, scudi -> scud).
	if n := len(w); n >= 4 && strings.ContainsRune("aeio", rune(w[n-1])) {
		w = w[:n-1]
	}
	// attacco, attacchi -> attacc; luogo, luoghi -> luog.
	if n := len(w); n >= 4 && w[n-1] == 'h' && (w[n-2] == 'c' || w[n-2] == 'g') {
		w = w[:n-1]
	}
	return w
}
