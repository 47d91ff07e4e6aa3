package tracker

import (
	"fmt"
	"strconv"
	"strings"

	"tableops/rules/rulerr"
)

// Msg is one piece of a text the screens show, as data: Key names it for
// translation ("track.not_in_play"), Args are the values it was worded from
// (already formatted, named a1, a2, ... in the order of the English format),
// and Text is the English. A piece without a Key is shown as it is
// (punctuation, or a name the players typed).
//
// The translations are templates over the args: the English one of
// "track.not_in_play" is "{{.a1}} is not in play"; a screen that shows Text
// as it is shows the English.
//
// An arg that is itself a text (a stage, an action's name) is kept in
// Parts too, under the arg's name, so that it is worded in the reader's
// language before it goes into the template; Args holds its English.
// Lower shows the piece in lower case (a stage inside a sentence).
type Msg struct {
	Key   string            `json:"key,omitempty"`
	Args  map[string]string `json:"args,omitempty"`
	Parts map[string]Texts  `json:"parts,omitempty"`
	Lower bool              `json:"lower,omitempty"`
	Text  string            `json:"text"`
}

// Texts is a text made of pieces, shown one after the other.
type Texts []Msg

// String is the English text: the pieces' Text joined.
func (t Texts) String() string {
	var b strings.Builder
	for _, m := range t {
		b.WriteString(m.Text)
	}
	return b.String()
}

// In words the text with tr, piece by piece (pieces without a key as they
// are). A nil tr gives the English.
func (t Texts) In(tr rulerr.Translator) string {
	if tr == nil {
		return t.String()
	}
	var b strings.Builder
	for _, m := range t {
		b.WriteString(m.In(tr))
	}
	return b.String()
}

// In words one piece with tr (see Texts.In).
func (m Msg) In(tr rulerr.Translator) string {
	if tr == nil || m.Key == "" {
		return m.Text
	}
	args := m.Args
	if len(m.Parts) > 0 {
		args = make(map[string]string, len(m.Args))
		for k, v := range m.Args {
			args[k] = v
		}
		for k, p := range m.Parts {
			args[k] = p.In(tr)
		}
	}
	s := tr(m.Key, m.Text, args)
	if m.Lower {
		s = strings.ToLower(s)
	}
	return s
}

// lower is t shown in lower case, in every language (see Msg.Lower).
func lower(t Texts) Texts {
	out := make(Texts, len(t))
	for i, m := range t {
		m.Text = strings.ToLower(m.Text)
		m.Lower = true
		out[i] = m
	}
	return out
}

// msgf words a piece from an English format and its args, keeping the key
// and each arg formatted by its own verb: msgf("track.x", "%s has %d", "Kim",
// 2) has Args a1 "Kim", a2 "2" and Text "Kim has 2". An arg that is a Texts
// or a Msg is worded in English in Text and Args, and kept in Parts.
//
// An arg that is a refusal of the rules engines (a *rulerr.Error, see
// rulesMsg) is kept in Parts the same way; a piece without a key that is
// only such a refusal ("%v", err) is the refusal's own keyed piece.
func msgf(key, format string, args ...any) Msg {
	if key == "" && len(args) == 1 && (format == "%v" || format == "%s") {
		if m, ok := rulesMsg(args[0]); ok {
			return m
		}
	}
	var parts map[string]Texts
	args = append([]any(nil), args...)
	for i, a := range args {
		var t Texts
		switch x := a.(type) {
		case Texts:
			t = x
		case Msg:
			t = Texts{x}
		default:
			m, ok := rulesMsg(a)
			if !ok {
				continue
			}
			t = Texts{m}
		}
		args[i] = t.String()
		if key != "" {
			if parts == nil {
				parts = map[string]Texts{}
			}
			parts[argName(i)] = t
		}
	}
	m := Msg{Key: key, Parts: parts, Text: plainReason(fmt.Sprintf(format, args...))}
	if key == "" {
		return m
	}
	verbs := formatVerbs(format)
	for i, a := range args {
		v := "%v"
		if i < len(verbs) {
			v = verbs[i]
		}
		if m.Args == nil {
			m.Args = make(map[string]string, len(args))
		}
		m.Args[argName(i)] = plainReason(fmt.Sprintf(v, a))
	}
	return m
}

// rulesMsg is the piece of a refusal of the rules engines: a
// *rulerr.Error (or an error whose text is exactly one's) keeps its key,
// args and parts, so the screens word it in the reader's language. Its
// English drops the engines' technical tail (plainReason).
func rulesMsg(a any) (Msg, bool) {
	err, ok := a.(error)
	if !ok || err == nil {
		return Msg{}, false
	}
	e := rulerr.Find(err)
	if e == nil || e.Key == "" || err.Error() != e.Error() {
		return Msg{}, false
	}
	return ruleErrMsg(e), true
}

// ruleErrMsg is the piece of one rulerr.Error (see rulesMsg).
func ruleErrMsg(e *rulerr.Error) Msg {
	m := Msg{Key: e.Key, Text: plainReason(e.Text())}
	if len(e.Args) > 0 {
		m.Args = make(map[string]string, len(e.Args))
		for k, v := range e.Args {
			m.Args[k] = plainReason(v)
		}
	}
	for k, p := range e.Parts {
		if m.Parts == nil {
			m.Parts = map[string]Texts{}
		}
		m.Parts[k] = Texts{ruleErrMsg(p)}
	}
	return m
}

// raw is a piece shown as it is, in every language.
func raw(s string) Msg { return Msg{Text: s} }

// argName is the template name of a msgf arg: a1, a2, ...
func argName(i int) string { return "a" + strconv.Itoa(i+1) }

// formatVerbs lists the verbs of a fmt format, one per arg ("%-3d", "%s",
// "%.1f"); "%%" is not a verb.
func formatVerbs(format string) []string { return rulerr.Verbs(format) }

// Template is the translation template of an English format, with each
// verb replaced by its arg: "%s is not in play" gives "{{.a1}} is not in
// play". The English translation file holds these templates.
func Template(format string) string { return rulerr.Template(format) }

// words is a text being put together piece by piece (a log label, a
// reason).
type words struct{ t Texts }

// say starts a text with one piece.
func say(key, format string, args ...any) *words {
	return &words{t: Texts{msgf(key, format, args...)}}
}

// add appends a piece.
func (w *words) add(key, format string, args ...any) *words {
	w.t = append(w.t, msgf(key, format, args...))
	return w
}

// addRaw appends a piece shown as it is.
func (w *words) addRaw(s string) *words {
	w.t = append(w.t, raw(s))
	return w
}

// addTexts appends pieces.
func (w *words) addTexts(t Texts) *words {
	w.t = append(w.t, t...)
	return w
}

// joinAnd joins words with commas and a final "and".
func joinAnd(parts []Texts) Texts {
	var out Texts
	for i, p := range parts {
		switch {
		case i == 0:
		case i == len(parts)-1:
			out = append(out, Msg{Key: "track.list_and", Text: " and "})
		default:
			out = append(out, raw(", "))
		}
		out = append(out, p...)
	}
	return out
}

// rawList is names shown as they are, as pieces for joinAnd.
func rawList(names []string) []Texts {
	out := make([]Texts, len(names))
	for i, n := range names {
		out[i] = Texts{raw(n)}
	}
	return out
}
