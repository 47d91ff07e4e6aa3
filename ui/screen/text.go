package screen

import (
	"errors"

	"fyne.io/fyne/v2/lang"

	"tableops/rules/rulerr"
	"tableops/tracker"
)

// localize is Fyne's translation lookup. The tracker's texts are data (a
// key, the English text, the args it was worded from: tracker.Msg), so
// their keys are not literals in this package's code; the i18n package's
// tests check that every key the tracker uses is in each translation file.
var localize = lang.X

// TrText words one of the tracker's texts in the player's language: key
// names it ("track.not_in_play", "rule.stunned"), english is the English
// text (shown when the key has no translation), args the values it was
// worded from. A text without a key is shown as it is.
func TrText(key, english string, args map[string]string) string {
	if key == "" {
		return english
	}
	if len(args) == 0 {
		return localize(key, english)
	}
	return localize(key, english, args)
}

// The tracker's translator for Texts.In, Rejection.In and Rule.In.
var _ rulerr.Translator = TrText

// TrTexts words a tracker text (a log label, a stage) in the player's
// language.
func TrTexts(t tracker.Texts) string { return t.In(TrText) }

// ErrText is an error's text in the player's language: a tracker refusal
// with its rule, a refusal of the rules engines or of scan (rulerr)
// translated after any context and without the engines' technical tail
// (": invalid Ascendancy input"); any other error is its own text.
func ErrText(err error) string {
	if err == nil {
		return ""
	}
	var rej *tracker.Rejection
	if errors.As(err, &rej) {
		return rej.In(TrText)
	}
	if rulerr.Find(err) != nil {
		return rulerr.Explain(err, TrText)
	}
	return err.Error()
}
