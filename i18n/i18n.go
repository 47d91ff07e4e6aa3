// Package i18n holds the translations of every user-visible string of
// Table Ops and sets up Fyne's lang package with them.
//
// The translations are embedded JSON files under translations/, one per
// language, named by the language code (en.json, it.json); each maps a key
// to its text in the go-i18n format Fyne reads. Adding a language means
// adding one file. The code asks for a text with lang.X("key", "English
// fallback"), with a literal key; the package test fails when a key used in
// the code is missing from a file, when the files do not have the same keys,
// or when a file's template fields ({{.N}}) differ from the English ones.
//
// English (en.json) is the reference: its texts are the fallbacks in the
// code. Setup picks the language: the one the user chose, or else the
// system's closest match, or English.
package i18n

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"golang.org/x/text/language"
)

// English is the reference language and the last fallback.
const English = "en"

// PreferenceKey is the app preference that holds the language the user
// chose; empty (or missing) means "follow the system".
const PreferenceKey = "language"

//go:embed translations/*.json
var files embed.FS

// Languages lists the language codes with a translation file, English
// first, then in code order.
func Languages() []string {
	names, _ := fs.Glob(files, "translations/*.json")
	out := []string{English}
	for _, n := range names {
		if c := strings.TrimSuffix(path.Base(n), ".json"); c != English {
			out = append(out, c)
		}
	}
	sort.Strings(out[1:])
	return out
}

// Name is the language's own name for itself, from its file's
// "language.name" key.
func Name(code string) string {
	raw, err := files.ReadFile("translations/" + code + ".json")
	if err != nil {
		return code
	}
	if n := nameIn(raw); n != "" {
		return n
	}
	// A file laid out in some other way is read whole.
	m, err := Messages(code)
	if err != nil || m["language.name"] == "" {
		return code
	}
	return m["language.name"]
}

// nameKey is the key of a language's name in its file, quoted.
const nameKey = `"language.name"`

// nameIn reads the "language.name" key of a translation file without
// decoding the rest of it (a phone reads the file's hundreds of texts
// slowly, and Setup asks for the name at every start); "" when the key is
// not found as a key.
func nameIn(raw []byte) string {
	for at := 0; ; {
		i := bytes.Index(raw[at:], []byte(nameKey))
		if i < 0 {
			return ""
		}
		i += at
		at = i + len(nameKey)
		// A key follows '{' or ',' and is followed by ':'.
		before := bytes.TrimRight(raw[:i], " \t\r\n")
		after := bytes.TrimLeft(raw[at:], " \t\r\n")
		if len(before) == 0 || (before[len(before)-1] != '{' && before[len(before)-1] != ',') || len(after) == 0 || after[0] != ':' {
			continue
		}
		var name string
		if err := json.NewDecoder(bytes.NewReader(after[1:])).Decode(&name); err != nil {
			return ""
		}
		return name
	}
}

// Messages returns the key -> text map of one language's file.
func Messages(code string) (map[string]string, error) {
	raw, err := files.ReadFile("translations/" + code + ".json")
	if err != nil {
		return nil, fmt.Errorf("no translation for language %q", code)
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("translations/%s.json: %w", code, err)
	}
	return m, nil
}

// Parse accepts a language code or locale ("it", "it_IT.UTF-8", "it-IT")
// and returns the supported language it names. An empty string is not a
// language: callers treat it as "follow the system".
func Parse(s string) (string, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(v, "_-.@"); i >= 0 {
		v = v[:i]
	}
	for _, c := range Languages() {
		if v == c {
			return c, nil
		}
	}
	return "", fmt.Errorf("no translation for language %q (have %s)", s, strings.Join(Languages(), ", "))
}

// Match returns the supported language closest to the given locales (in
// order of preference), or English when none is close.
func Match(locales ...string) string {
	var have []language.Tag
	for _, c := range Languages() {
		have = append(have, language.Make(c))
	}
	var want []language.Tag
	for _, l := range locales {
		if l = strings.TrimSpace(l); l == "" || l == "C" || l == "POSIX" {
			continue
		}
		if i := strings.IndexAny(l, ".@"); i >= 0 {
			l = l[:i]
		}
		if t, err := language.Parse(strings.ReplaceAll(l, "_", "-")); err == nil {
			want = append(want, t)
		}
	}
	if len(want) == 0 {
		return English
	}
	_, i, conf := language.NewMatcher(have).Match(want...)
	if conf == language.No {
		return English
	}
	return Languages()[i]
}

// System returns the supported language closest to the system's locale.
func System() string {
	return Match(lang.SystemLocale().String())
}

// Resolve returns the language a saved choice stands for: the choice when
// there is a translation for it, otherwise the system's language.
func Resolve(choice string) string {
	if c, err := Parse(choice); err == nil {
		return c
	}
	return System()
}

// Setup loads the translations into Fyne's lang package and makes choice
// the language of lang.X and friends; an empty choice follows the system's
// language. It returns the language in use. Call it before building any
// screen; calling it again switches the language of texts asked for later.
//
// Fyne picks the translation closest to the system's locale. To honour a
// choice that differs from the system's language, the chosen file is also
// registered under the system's locale; Fyne's own few texts (dialog
// buttons) then stay in English.
func Setup(choice string) (string, error) {
	sys := lang.SystemLocale()
	use := Match(sys.String())
	// Only the file Fyne may pick by itself is loaded (each is large and
	// slow to read on a phone: a quarter of a second of a phone's start):
	// the system's language; a chosen other language is loaded below.
	// English is not loaded to be spoken: its texts are the code's
	// fallbacks (TestTranslationsCoverCode), which lang.X gives when no
	// file is loaded; it is loaded below only to take the place of
	// another language an earlier Setup left under the system's locale.
	if use != English {
		raw, err := files.ReadFile("translations/" + use + ".json")
		if err == nil {
			err = lang.AddTranslationsForLocale(raw, fyne.Locale(use))
		}
		if err != nil {
			return English, fmt.Errorf("loading translations: %w", err)
		}
	}
	c := use
	if choice != "" {
		var err error
		if c, err = Parse(choice); err != nil {
			return use, err
		}
	}
	// The language in use names itself: nothing to do unless an earlier
	// choice left another language registered under the system's locale.
	if lang.X("language.name", "English") == Name(c) {
		return c, nil
	}
	raw, err := files.ReadFile("translations/" + c + ".json")
	if err != nil {
		return use, fmt.Errorf("loading translations: %w", err)
	}
	tags := []fyne.Locale{sys}
	if sys.LanguageString() == "und" { // a locale Fyne cannot read leaves it on English
		tags = append(tags, fyne.Locale(English))
	}
	for _, tag := range tags {
		if err := lang.AddTranslationsForLocale(raw, tag); err != nil {
			return use, fmt.Errorf("loading translations for %s: %w", tag, err)
		}
	}
	return c, nil
}

// Current returns the language lang.X speaks now (the one Setup chose).
func Current() string {
	name := lang.X("language.name", "English")
	for _, c := range Languages() {
		if Name(c) == name {
			return c
		}
	}
	return English
}

// webPrefixes are the keys the web scoreboard needs: its own texts and
// the tracker's texts its log and stages are made of (Event.Texts, whose
// pieces name these keys).
var webPrefixes = []string{"web.", "track.", "rule.", "rules.", "choice."}

// WebTexts returns the web scoreboard's texts as a JSON object of key ->
// text: its own ("web.*") and the tracker's that its log is worded from.
// The page speaks the host's language (the one the app or command speaks:
// the player's choice, --lang, or the system's); a host that speaks
// English gives each reader the language closest to the browser's
// Accept-Language header. An English page needs no texts: the page and
// the log carry their English. It fits share.Options.Texts.
func WebTexts(acceptLanguage string) []byte {
	code := Current()
	if code == English {
		if tags, _, err := language.ParseAcceptLanguage(acceptLanguage); err == nil && len(tags) > 0 {
			var want []string
			for _, t := range tags {
				want = append(want, t.String())
			}
			code = Match(want...)
		}
	}
	m, err := Messages(code)
	if err != nil {
		return []byte("{}")
	}
	out := map[string]string{}
	for k, v := range m {
		if code == English && !strings.HasPrefix(k, "web.") {
			continue
		}
		for _, p := range webPrefixes {
			if strings.HasPrefix(k, p) {
				out[k] = v
				break
			}
		}
	}
	js, err := json.Marshal(out)
	if err != nil {
		return []byte("{}")
	}
	return js
}
