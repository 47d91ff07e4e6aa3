package away

import (
	"errors"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/ui/screen"
)

// entryError is a reason the character form was not accepted that
// belongs to one of its entries: the form marks it and puts the focus
// there.
type entryError struct {
	e   *screen.TextEntry
	msg string
}

func (e *entryError) Error() string { return e.msg }

// addCharacter is the form for a character card entered by hand, or
// completed by hand when the catalog lacks some of its printed values
// (prefill holds what is known). The whole card is on one screen, a
// phone's too: each field named beside it, two to a row where they fit,
// in the order the card prints them (it used to be a tall form scrolled
// field by field in a small box). It stays open until the card is taken,
// keeping what was typed, and is filled from the keyboard alone.
func (v *awayView) addCharacter(pid, pname string, prefill tracker.AddCharacter) {
	name := screen.NewTextEntry()
	name.SetPlaceHolder(lang.X("away.setup.character_name", "Character name"))
	name.SetText(prefill.Name)
	tracks := newTrackEntries()
	tracks.fill(prefill.Attack, prefill.Defense, prefill.Skill, prefill.Move)
	specs := screen.NewTextEntry()
	specs.SetPlaceHolder(lang.X("away.setup.specs_hint", "e.g. Command, Science, Science"))
	specs.SetText(strings.Join(prefill.Specializations, ", "))
	keywords := screen.NewTextEntry()
	keywords.SetPlaceHolder(lang.X("away.setup.keywords_hint", "e.g. Human, Commander"))
	keywords.SetText(strings.Join(prefill.Keywords, ", "))
	if len(prefill.Keywords) == 0 && v.playerBorg(pid) {
		// The Borg player's characters are Borg (Stun weapons do not
		// stun them); the keyword can be cleared for another card.
		keywords.SetText(awayrules.KeywordBorg)
	}
	var first *awayrules.Weapon
	if len(prefill.Weapons) > 0 {
		first = &prefill.Weapons[0]
	}
	weapon := newWeaponEntries(first)
	// A card may print several Attack Actions (seed 001 "Reading Attack
	// Actions"): each further one's fields come in a block of their own,
	// added by "Another attack action".
	var more []weaponEntries
	moreBox := container.NewVBox()
	addMore := func(w *awayrules.Weapon) {
		e := newWeaponEntries(w)
		more = append(more, e)
		moreBox.Add(widget.NewSeparator())
		moreBox.Add(e.compact())
	}
	for i := 1; i < len(prefill.Weapons); i++ {
		addMore(&prefill.Weapons[i])
	}
	another := widget.NewButtonWithIcon(lang.X("away.setup.another_attack", "Another attack action"), theme.ContentAddIcon(), nil)
	// The round the card arrives in (Escalation; round 1: from the
	// start), in short words: the name beside it keeps the room.
	var rounds []string
	for n := 1; n <= 3; n++ {
		rounds = append(rounds, lang.X("away.setup.round_n", "Round {{.N}}", map[string]any{"N": n}))
	}
	esc := widget.NewSelect(rounds, nil)
	esc.PlaceHolder = rounds[0] // as wide as its options, no wider
	esc.SetSelectedIndex(max(0, prefill.Escalation-1))
	form := container.New(layout.NewCustomPaddedVBoxLayout(formGap),
		container.NewBorder(nil, nil, nil, beside(lang.X("away.setup.escalation", "Escalation"), esc), name),
		tracks.compact(),
		beside(lang.X("away.setup.specializations", "Specializations"), specs),
		beside(lang.X("away.setup.keywords", "Keywords"), keywords),
		weapon.compact(),
		moreBox,
		another,
	)
	scroll := container.NewVScroll(form)
	errMsg := screen.WrapLabel("")
	errMsg.Importance = widget.DangerImportance
	errMsg.Hide()
	win := v.f.Window()
	d := dialog.NewCustomWithoutButtons(lang.X("away.setup.character_for", "Character for {{.Name}}", map[string]any{"Name": pname}),
		container.NewBorder(nil, errMsg, nil, nil, scroll), win)
	// fit makes the dialog as tall as the form, up to the window.
	fit := func() {
		size := win.Canvas().Size()
		h := form.MinSize().Height + 3*theme.Padding() + 2*theme.InputBorderSize() + 140
		if errMsg.Visible() {
			h += errMsg.MinSize().Height
		}
		d.Resize(fyne.NewSize(min(560, size.Width-16), min(max(h, 240), size.Height-32)))
	}
	another.OnTapped = func() {
		addMore(nil)
		moreBox.Refresh()
		fit()
	}
	submit := func() error {
		if strings.TrimSpace(name.Text) == "" {
			return &entryError{name, lang.X("away.setup.needs_name", "The character needs a name.")}
		}
		var vals [4][]int
		for i, e := range tracks.list() {
			t, err := screen.ParseTrack(ratingName(allRatings[i]), e.Text)
			if err != nil {
				return &entryError{e, screen.ErrText(err)}
			}
			vals[i] = t
		}
		cmd := prefill
		cmd.Player, cmd.Name = pid, name.Text
		cmd.Attack, cmd.Defense, cmd.Skill, cmd.Move = vals[0], vals[1], vals[2], vals[3]
		cmd.Specializations, cmd.Keywords = screen.SplitList(specs.Text), screen.SplitList(keywords.Text)
		cmd.Escalation = 0
		// Every Attack Action with a name, in the card's order; the
		// catalog's when the form's are all left without one.
		var weapons []awayrules.Weapon
		for _, e := range append([]weaponEntries{weapon}, more...) {
			w, ok, err := e.weapon()
			if err != nil {
				return err
			}
			if ok {
				weapons = append(weapons, w)
			}
		}
		if len(weapons) > 0 {
			cmd.Weapons = weapons
		}
		if i := esc.SelectedIndex(); i > 0 {
			cmd.Escalation = i + 1
		}
		return v.f.Try(cmd)
	}
	add := widget.NewButton(lang.X("away.setup.add", "Add"), func() {
		err := submit()
		if err == nil {
			d.Hide()
			return
		}
		var fe *entryError
		if errors.As(err, &fe) {
			fe.e.SetValidationError(errors.New(fe.msg))
			win.Canvas().Focus(fe.e)
		}
		errMsg.SetText(v.f.PlainError(err))
		errMsg.Show()
		fit()
	})
	add.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{widget.NewButton(lang.X("away.cancel", "Cancel"), d.Hide), add})
	fit()
	v.f.ShowDialog(d)
	win.Canvas().Focus(name)
}

// formGap is the room between the rows of the character form: small, so
// the whole card fits a phone's screen.
const formGap = 2

// smallEntryWidth is the width of an entry for a number of one or two
// digits.
const smallEntryWidth = 48

// beside is a control with its name in a caption on its left.
func beside(label string, o fyne.CanvasObject) fyne.CanvasObject {
	c := canvas.NewText(label, theme.Color(theme.ColorNameForeground))
	c.TextSize = theme.Size(theme.SizeNameCaptionText)
	return container.NewBorder(nil, nil, container.NewCenter(c), nil, o)
}

// list is the four track entries in card order.
func (t trackEntries) list() []*screen.TextEntry {
	return []*screen.TextEntry{t.attack, t.defense, t.skill, t.move}
}

// compact is the four tracks two by two, each named beside its entry.
func (t trackEntries) compact() fyne.CanvasObject {
	g := container.NewGridWithColumns(2)
	for i, e := range t.list() {
		g.Add(beside(ratingName(allRatings[i]), e))
	}
	return g
}

// compact is the Attack Action in rows: its name, the dice and damage it
// adds, then its keywords two by two.
func (e weaponEntries) compact() fyne.CanvasObject {
	checks := container.NewGridWithColumns(2)
	for _, k := range e.keywords.Options {
		c := widget.NewCheck(k, func(on bool) {
			sel := slices.DeleteFunc(slices.Clone(e.keywords.Selected), func(s string) bool { return s == k })
			if on {
				sel = append(sel, k)
			}
			e.keywords.SetSelected(sel)
		})
		c.Checked = slices.Contains(e.keywords.Selected, k)
		checks.Add(c)
	}
	// The name says what it is ("e.g. Phaser" until typed); its dice and
	// damage sit beside it, as the card prints them.
	small := func(x *screen.TextEntry) fyne.CanvasObject {
		// Room for a number or two: the name keeps the rest.
		return container.NewGridWrap(fyne.NewSize(smallEntryWidth, x.MinSize().Height), x)
	}
	numbers := container.NewHBox(
		beside(lang.X("away.setup.plus_dice", "+ dice"), small(e.dice)),
		beside(lang.X("away.setup.plus_damage", "+ damage"), small(e.damage)))
	return container.New(layout.NewCustomPaddedVBoxLayout(formGap),
		container.NewBorder(nil, nil, nil, numbers, e.name),
		checks)
}
