package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"tableops/i18n"
)

// languageSetting is the settings' language choice: the system's language
// or one with a translation. A change applies at once to the texts shown
// from then on (the rules reference reopens in it) and fully at the next
// start.
func (sh *Shell) languageSetting() fyne.CanvasObject {
	p := sh.app.Preferences()
	system := lang.X("settings.language.system", "Same as the system")
	labels := []string{system}
	codes := []string{""}
	for _, c := range i18n.Languages() {
		labels = append(labels, i18n.Name(c))
		codes = append(codes, c)
	}
	note := widget.NewLabel(lang.X("settings.language.restart", "Screens already open keep their language until Table Ops starts again."))
	note.Wrapping = fyne.TextWrapWord
	note.Hide()
	sel := widget.NewRadioGroup(labels, nil)
	cur := p.String(i18n.PreferenceKey)
	if _, err := i18n.Parse(cur); err != nil {
		cur = ""
	}
	for i, c := range codes {
		if c == cur {
			sel.Selected = labels[i]
		}
	}
	sel.Required = true
	sel.OnChanged = func(label string) {
		for i, l := range labels {
			if l != label || codes[i] == p.String(i18n.PreferenceKey) {
				continue
			}
			p.SetString(i18n.PreferenceKey, codes[i])
			if _, err := i18n.Setup(codes[i]); err != nil {
				fyne.LogError("choosing the language", err)
			}
			sh.closeRules()     // reopens in the new language
			if sh.game == nil { // the home screen behind the settings speaks it at once
				sh.home = newHome(sh)
				sh.showHome()
			}
			note.SetText(lang.X("settings.language.restart", "Screens already open keep their language until Table Ops starts again."))
			note.Show()
		}
	}
	return container.NewVBox(
		widget.NewLabelWithStyle(lang.X("settings.language", "Language"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		sel, note)
}
