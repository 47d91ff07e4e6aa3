package ui

import (
	"image/color"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Preference keys.
const (
	prefTheme     = "theme"      // "system", "light" or "dark"
	prefTextScale = "text_scale" // 1, 1.15 or 1.3
	prefAwake     = "keep_awake" // keep the screen on while a game is open
)

// themeChoices are the theme choices shown in settings, with their
// preference values.
func themeChoices() []struct{ label, value string } {
	return []struct{ label, value string }{
		{lang.X("settings.theme.system", "Follow the system"), "system"},
		{lang.X("settings.theme.light", "Light"), "light"},
		{lang.X("settings.theme.dark", "Dark"), "dark"},
	}
}

// textChoices are the text size choices shown in settings.
func textChoices() []struct {
	label string
	scale float64
} {
	return []struct {
		label string
		scale float64
	}{
		{lang.X("settings.text.normal", "Normal"), 1},
		{lang.X("settings.text.large", "Large"), 1.15},
		{lang.X("settings.text.extra_large", "Extra large"), 1.3},
	}
}

// tableTheme is the app's theme: a base theme, with the light or dark
// variant forced when the player chose one, and text scaled up for reading
// at arm's length.
type tableTheme struct {
	base    fyne.Theme
	variant string
	scale   float32
}

func (t *tableTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	switch t.variant {
	case "light":
		v = theme.VariantLight
	case "dark":
		v = theme.VariantDark
	}
	return t.base.Color(n, v)
}

func (t *tableTheme) Font(s fyne.TextStyle) fyne.Resource     { return t.base.Font(s) }
func (t *tableTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base.Icon(n) }

func (t *tableTheme) Size(n fyne.ThemeSizeName) float32 {
	s := t.base.Size(n)
	switch n {
	case theme.SizeNameText, theme.SizeNameHeadingText, theme.SizeNameSubHeadingText,
		theme.SizeNameCaptionText, theme.SizeNameInlineIcon:
		return s * t.scale
	}
	return s
}

// applyTheme sets the app theme from the saved preferences.
func (sh *Shell) applyTheme() {
	p := sh.app.Preferences()
	scale := p.FloatWithFallback(prefTextScale, 1)
	if scale < 1 || scale > 1.5 {
		scale = 1
	}
	sh.app.Settings().SetTheme(&tableTheme{
		base:    newBaseTheme(),
		variant: p.StringWithFallback(prefTheme, "system"),
		scale:   float32(scale),
	})
}

// keepAwake reports whether the screen should stay on during a game.
func (sh *Shell) keepAwake() bool {
	return sh.app.Preferences().BoolWithFallback(prefAwake, true)
}

// showSettings lets the player choose theme, text size and screen wake.
func (sh *Shell) showSettings() {
	p := sh.app.Preferences()
	themeChoices, textChoices := themeChoices(), textChoices()
	themes := make([]string, len(themeChoices))
	for i, c := range themeChoices {
		themes[i] = c.label
	}
	themeSel := widget.NewRadioGroup(themes, func(label string) {
		for _, c := range themeChoices {
			if c.label == label {
				p.SetString(prefTheme, c.value)
			}
		}
		sh.applyTheme()
	})
	cur := p.StringWithFallback(prefTheme, "system")
	for _, c := range themeChoices {
		if c.value == cur {
			themeSel.Selected = c.label
		}
	}
	sizes := make([]string, len(textChoices))
	for i, c := range textChoices {
		sizes[i] = c.label
	}
	sizeSel := widget.NewRadioGroup(sizes, func(label string) {
		for _, c := range textChoices {
			if c.label == label {
				p.SetFloat(prefTextScale, c.scale)
			}
		}
		sh.applyTheme()
	})
	curScale := p.FloatWithFallback(prefTextScale, 1)
	for _, c := range textChoices {
		if c.scale == curScale {
			sizeSel.Selected = c.label
		}
	}
	awake := widget.NewCheck(lang.X("settings.keep_awake", "Keep the screen on during a game"), func(on bool) {
		p.SetBool(prefAwake, on)
	})
	awake.Checked = sh.keepAwake()
	body := container.NewVBox(
		widget.NewLabelWithStyle(lang.X("settings.theme", "Theme"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), themeSel,
		widget.NewLabelWithStyle(lang.X("settings.text_size", "Text size"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), sizeSel,
		awake,
	)
	body.Add(sh.languageSetting())
	sh.showDialog(sh.win, dialog.NewCustom(lang.X("settings.settings", "Settings"), lang.X("common.done", "Done"), body, sh.win))
}

// homeTools are the buttons at the foot of the home screen besides import
// and trash.
func (sh *Shell) homeTools() []fyne.CanvasObject {
	return []fyne.CanvasObject{
		widget.NewButtonWithIcon(lang.X("settings.rules", "Rules"), theme.HelpIcon(), sh.showRules),
		widget.NewButtonWithIcon(lang.X("settings.catalog", "Catalog"), theme.ListIcon(), sh.showCatalog),
		widget.NewButtonWithIcon(lang.X("settings.settings", "Settings"), theme.SettingsIcon(), sh.showSettings),
		widget.NewButtonWithIcon(lang.X("settings.join_a_game", "Join a game"), theme.LoginIcon(), sh.showJoin),
		widget.NewButtonWithIcon(lang.X("settings.scan_a_card", "Scan a card"), theme.MediaPhotoIcon(), func() { sh.scanCards(nil) }),
	}
}
