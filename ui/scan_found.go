package ui

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/scan"
	"tableops/scan/cards"
	"tableops/share"
	"tableops/tracker"
	"tableops/ui/screen"
)

// add lists a newly found code: a tag says what it is and offers its
// actions; another code says why it cannot be used. A code seen again by
// the camera moves to the top.
func (v *scannerView) add(f scan.Found) {
	f = share.JoinFound(f) // the host's QR code is a link to the app
	for i, e := range v.entries {
		if e.text == f.Text {
			v.entries = append(v.entries[:i], v.entries[i+1:]...)
			break
		}
	}
	e := &scanEntry{text: f.Text, err: f.TagErr}
	if f.TagErr == nil {
		e.card = cards.Lookup(v.cat, f.Tag)
	}
	e.box = v.entryBox(e, len(v.entries)+1)
	v.entries = append(v.entries, e)
	// A photo lists its codes in reading order, the camera the newest
	// first; the tags the scanner was opened for come before the others.
	v.found.Objects = nil
	var others []fyne.CanvasObject
	for i := range v.entries {
		if v.run != nil {
			i = len(v.entries) - 1 - i
		}
		if len(v.uses) > 0 && (v.entries[i].err != nil || !v.usesKind(v.entries[i].card.Tag.Kind)) {
			others = append(others, v.entries[i].box)
			continue
		}
		v.found.Objects = append(v.found.Objects, v.entries[i].box)
	}
	v.found.Objects = append(v.found.Objects, others...)
	v.found.Refresh()
}

// entryBox shows one found code: its number on the picture, what it is,
// and its actions.
func (v *scannerView) entryBox(e *scanEntry, n int) *fyne.Container {
	title, detail := describeScan(e.card, e.err, e.text)
	head := widget.NewLabelWithStyle(fmt.Sprint(n)+" · "+title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	box := container.NewVBox(head)
	if detail != "" {
		d := screen.WrapLabel(detail)
		d.SizeName = theme.SizeNameCaptionText
		if e.err != nil {
			d.Importance = widget.DangerImportance
		}
		box.Add(d)
	}
	if e.err == nil {
		if acts := v.actions(e); len(acts) > 0 {
			box.Add(container.NewVBox(acts...))
		}
	}
	box.Add(widget.NewSeparator())
	return box
}

// describeScan names what a scanned code is, for people: a title and a
// line of detail.
func describeScan(c cards.Card, err error, text string) (title, detail string) {
	if err != nil {
		if errors.Is(err, scan.ErrForeign) {
			return lang.X("scan.foreign", "Not a Table Ops tag"), lang.X("scan.foreign_detail", "This QR code holds “{{.Text}}”, not a card.", map[string]any{"Text": shorten(oneLine(text), 60)})
		}
		return lang.X("scan.unreadable", "Unreadable tag"), lang.X("scan.unreadable_detail", "The tag is {{.Problem}}. Hold it steadier or closer, or print it again.", map[string]any{"Problem": cards.ProblemIn(err, screen.TrText)})
	}
	t := c.Tag
	if t.Kind == scan.KindJoin {
		return lang.X("scan.join", "Join a shared game"), lang.X("scan.join_detail", "Shared from {{.Addr}} (join code {{.Code}}).", map[string]any{"Addr": t.Join.Addr, "Code": t.Join.Code})
	}
	kind, _ := cards.CardKind(t.Kind)
	var parts []string
	parts = append(parts, kindName(kind))
	switch {
	case c.Character != nil:
		if a := c.Character.Affiliation; a != "" {
			parts = append(parts, a)
		}
		if c.Playable() {
			parts = append(parts, cardTracksLine(c.Character.Tracks))
		}
	case c.Reference != nil:
		if c.Reference.Game != "" {
			parts = append(parts, c.Reference.Game.Title())
		}
	}
	switch {
	case c.InCatalog:
		parts = append(parts, lang.X("scan.in_catalog", "in your catalog"))
	case c.Known():
		parts = append(parts, lang.X("scan.self_described", "described by its tag (not in this device's catalog)"))
	default:
		return lang.X("scan.unknown", "Unknown card {{.ID}} ({{.Kind}})", map[string]any{"ID": t.ID, "Kind": strings.ToLower(kindName(kind))}),
			lang.X("scan.unknown_detail", "This device's catalog has no card {{.ID}}. Add it in the catalog (or import the catalog of the player who printed it).", map[string]any{"ID": t.ID})
	}
	detail = strings.Join(parts, " · ")
	if c.Reference != nil && c.Reference.Summary != "" {
		detail += "\n" + shorten(c.Reference.Summary, 110)
	}
	return c.Name(), detail
}

// cardTracksLine writes a card's four tracks: "Attack 2 3 4 · Defense 3 4 · …".
func cardTracksLine(t reference.Tracks) string {
	parts := make([]string, 0, 4)
	for _, tr := range []struct {
		name string
		vals []int
	}{{"Attack", t.Attack}, {"Defense", t.Defense}, {"Skill", t.Skill}, {"Move", t.Move}} {
		s := make([]string, len(tr.vals))
		for i, x := range tr.vals {
			s[i] = fmt.Sprint(x)
		}
		parts = append(parts, tr.name+" "+strings.Join(s, " "))
	}
	return strings.Join(parts, " · ")
}

// oneLine puts QR text on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// shorten cuts text to at most n characters, with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// actions are the buttons for a tag: the scanner's purpose first, then
// what fits the tag.
func (v *scannerView) actions(e *scanEntry) []fyne.CanvasObject {
	c := e.card
	var out []fyne.CanvasObject
	var used []*widget.Button
	for i, u := range v.uses {
		if c.Tag.Kind != u.Kind {
			continue
		}
		b := widget.NewButtonWithIcon(u.Label, theme.ConfirmIcon(), func() {
			msg, closeAfter, err := u.Do(c)
			if err != nil {
				v.say(plainError(err), true)
				return
			}
			// The card is used once: one team gets it.
			for _, o := range used {
				o.Disable()
			}
			v.say(msg, false)
			if closeAfter {
				v.dismiss()
			}
		})
		if i == 0 {
			b.Importance = widget.HighImportance
		}
		used = append(used, b)
		out = append(out, b)
	}
	if c.Tag.Kind == scan.KindBorgCommand && c.Known() && v.borgGame() {
		var b *widget.Button
		b = widget.NewButtonWithIcon(lang.X("scan.record_as_drawn_in", "Record as drawn in the game log"), theme.ConfirmIcon(), func() {
			if v.recordBorgCommand(c) {
				b.Disable()
			}
		})
		b.Importance = widget.HighImportance
		out = append(out, b)
	}
	if r := c.Reference; r != nil && (r.Summary != "" || r.Notes != "") {
		var b *widget.Button
		b = widget.NewButtonWithIcon(lang.X("scan.show_its_rules", "Show its rules"), theme.InfoIcon(), func() {
			b.Disable()
			v.showRules(e, *r)
		})
		out = append(out, b)
	}
	if c.Tag.Kind == scan.KindJoin {
		j := *c.Tag.Join
		b := widget.NewButtonWithIcon(lang.X("scan.join_this_game", "Join this game"), theme.LoginIcon(), func() { v.join(j) })
		b.Importance = widget.HighImportance
		out = append(out, b)
	}
	if c.Character != nil && !c.InCatalog {
		ch := *c.Character
		var b *widget.Button
		b = widget.NewButtonWithIcon(lang.X("scan.save_to_the_catalog", "Save to the catalog"), theme.DocumentSaveIcon(), func() {
			if v.saveCharacter(ch) {
				b.Disable()
			}
		})
		out = append(out, b)
	}
	if c.InCatalog {
		id := c.Tag.ID
		out = append(out, widget.NewButtonWithIcon(lang.X("scan.open_in_the_catalog", "Open in the catalog"), theme.DocumentIcon(), func() { v.openCard(id) }))
	}
	return out
}

// showRules shows a card's whole text in its entry, above its actions:
// read where the card was scanned, without leaving the game.
func (v *scannerView) showRules(e *scanEntry, r reference.ReferenceCard) {
	if e.box == nil || len(e.box.Objects) < 2 {
		return
	}
	var parts []string
	if r.Summary != "" {
		parts = append(parts, r.Summary)
	}
	if r.Notes != "" {
		parts = append(parts, r.Notes)
	}
	if r.Source != "" {
		parts = append(parts, lang.X("scan.rules_source", "Rulebook: {{.Source}}", map[string]any{"Source": r.Source}))
	}
	text := screen.WrapLabel(strings.Join(parts, "\n"))
	// Before the actions: the entry's objects are its head, its detail,
	// its actions and a separator.
	at := len(e.box.Objects) - 2
	objs := append([]fyne.CanvasObject{}, e.box.Objects[:at]...)
	objs = append(objs, text)
	objs = append(objs, e.box.Objects[at:]...)
	e.box.Objects = objs
	e.box.Refresh()
	v.say(lang.X("scan.rules_shown", "{{.Name}}: its rules show under its name.", map[string]any{"Name": r.Name}), false)
}

// usesKind reports whether the scanner was opened for tags of kind k.
func (v *scannerView) usesKind(k scan.Kind) bool {
	for _, u := range v.uses {
		if u.Kind == k {
			return true
		}
	}
	return false
}

// borgGame reports whether the open game is an Ascendancy game with the
// Borg in it.
func (v *scannerView) borgGame() bool {
	gs := v.sh.game
	if gs == nil {
		return false
	}
	st := gs.game.State()
	return st != nil && st.Ascendancy != nil && st.Ascendancy.Borg != nil
}

// recordBorgCommand records a drawn Borg command card in the open game's
// log. The tracker has no command for Borg command cards (their effects
// are the players' to resolve), so it is a note with the card's effect.
func (v *scannerView) recordBorgCommand(c cards.Card) bool {
	if !v.borgGame() {
		v.say(lang.X("scan.open_an_ascendancy_game", "Open an Ascendancy game with the Borg first."), true)
		return false
	}
	text := lang.X("scan.borg_drawn", "Borg command card drawn: {{.Name}}", map[string]any{"Name": c.Name()})
	if c.Reference != nil && c.Reference.Summary != "" {
		text += ". " + c.Reference.Summary
	}
	text = shorten(text, 480)
	if _, err := v.sh.game.game.Execute(tracker.Note{Text: text}); err != nil {
		v.say(lang.X("scan.not_recorded_a", "Not recorded: {{.A}}", map[string]any{"A": plainError(err)}), true)
		return false
	}
	v.say(lang.X("scan.recorded_in_the_game", "Recorded in the game log: {{.A}} drawn. Resolve its effect on the Borg panel.", map[string]any{"A": c.Name()}), false)
	return true
}

// saveCharacter adds a character rebuilt from its tag to the players'
// catalog: through the catalog window when it is open (so it shows the
// card at once), else straight to the store.
func (v *scannerView) saveCharacter(ch reference.Character) bool {
	fail := func(err error) bool {
		v.say(lang.X("scan.not_saved_to_the", "Not saved to the catalog: {{.A}}", map[string]any{"A": plainError(err)}), true)
		return false
	}
	var next *reference.Catalog
	if cv := v.sh.catalog(); cv != nil {
		var err error
		if next, err = cv.cat.WithCharacter(ch); err != nil {
			return fail(err)
		}
		if err := cv.commit(next); err != nil {
			return fail(err)
		}
	} else {
		cat, err := v.sh.loadCatalog()
		if cat == nil || err != nil || v.sh.store == nil {
			if err == nil {
				err = errors.New("saved cards are not available")
			}
			return fail(err)
		}
		if next, err = cat.WithCharacter(ch); err != nil {
			return fail(err)
		}
		if err := v.sh.store.SaveCatalog(next); err != nil {
			return fail(err)
		}
	}
	v.cat = next
	v.say(lang.X("scan.saved_a_to_the", "Saved {{.A}} to the catalog. Add the rest of the card (weapons, specializations) there.", map[string]any{"A": ch.Name}), false)
	return true
}

// openCard shows a card in the catalog window.
func (v *scannerView) openCard(id string) {
	v.sh.showCatalog()
	if cv := v.sh.catalog(); cv != nil {
		cv.open(id)
		v.say(lang.X("scan.opened_in_the_catalog", "Opened in the catalog window."), false)
	}
}

// join opens the Join a game form with the scanned address and code
// filled in.
func (v *scannerView) join(j scan.Join) {
	v.dismiss()
	v.sh.showJoinWith(j.Addr, j.Code)
}
