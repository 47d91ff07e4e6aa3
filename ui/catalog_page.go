package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/ui/screen"
)

// field is a bold caption over a wrapped value, for the card pages.
func field(label, value string) fyne.CanvasObject {
	l := widget.NewLabelWithStyle(label, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameCaptionText
	return container.NewVBox(l, screen.WrapLabel(value))
}

// addFact adds a short labelled value to a card page's form (nothing when
// the value is empty).
func addFact(f *widget.Form, label, value string) {
	if value != "" {
		f.Append(label, screen.WrapLabel(value))
	}
}

// specsText writes specializations as the editor reads them: "Command x2, Science".
func specsText(specs []reference.Specialization) string {
	parts := make([]string, 0, len(specs))
	for _, s := range specs {
		if s.Count > 1 {
			parts = append(parts, fmt.Sprintf("%s x%d", s.Name, s.Count))
		} else {
			parts = append(parts, s.Name)
		}
	}
	return strings.Join(parts, ", ")
}

// bonusText is "+1" for a known bonus and "not given" for an unknown one.
func bonusText(p *int) string {
	if p == nil {
		return notGiven()
	}
	return fmt.Sprintf("+%d", *p)
}

// attackText describes an attack action of a card.
func attackText(a reference.AttackAction) string {
	s := lang.X("catalog.attack_text", "{{.Name}}: dice {{.Dice}}, damage {{.Damage}}", map[string]any{"Name": a.Name, "Dice": bonusText(a.Dice), "Damage": bonusText(a.Damage)})
	if len(a.Rules) > 0 {
		s += " (" + strings.Join(a.Rules, ", ") + ")"
	}
	return s
}

// escalationText says when a character arrives.
func escalationText(n int) string {
	if n <= 1 {
		return lang.X("catalog.from_the_start", "From the start")
	}
	return lang.X("catalog.arrives_round", "Arrives in round {{.N}}", map[string]any{"N": n})
}

// pageButtons are Edit and, by the card's origin, Delete or Restore.
func (v *catalogView) pageButtons(id string, edit func()) fyne.CanvasObject {
	editBtn := widget.NewButtonWithIcon(lang.X("common.edit", "Edit"), theme.DocumentCreateIcon(), edit)
	editBtn.Importance = widget.HighImportance
	box := screen.FitGrid(2, editBtn)
	switch v.origin(id) {
	case lang.X("catalog.origin.yours", "yours"):
		del := widget.NewButtonWithIcon(lang.X("common.delete", "Delete"), theme.DeleteIcon(), func() { v.deleteCard(id) })
		del.Importance = widget.DangerImportance
		box.Add(del)
	case lang.X("catalog.origin.edited", "built-in, edited"):
		box.Add(widget.NewButtonWithIcon(lang.X("catalog.restore_built_in", "Restore built-in"), theme.ViewRefreshIcon(), func() { v.restoreBuiltin(id) }))
	}
	return box
}

// characterPage shows a character card: its tracks as peg rows, attacks,
// abilities and notes.
func (v *catalogView) characterPage(ch reference.Character) fyne.CanvasObject {
	box := container.NewVBox(screen.Heading(ch.Name))
	sub := []string{kindName(reference.KindCharacter)}
	for _, s := range []string{ch.Role, ch.Affiliation} {
		if s != "" {
			sub = append(sub, s)
		}
	}
	sub = append(sub, v.origin(ch.ID), lang.X("catalog.id_n", "id {{.ID}}", map[string]any{"ID": ch.ID}))
	box.Add(screen.WrapLabel(strings.Join(sub, " · ")))
	facts := widget.NewForm()
	addFact(facts, lang.X("catalog.ship", "Ship"), ch.Ship)
	addFact(facts, lang.X("catalog.keywords", "Keywords"), strings.Join(ch.Keywords, ", "))
	addFact(facts, lang.X("catalog.specializations", "Specializations"), specsText(ch.Specializations))
	addFact(facts, lang.X("catalog.escalation", "Escalation"), escalationText(ch.Escalation))
	box.Add(facts)
	tracks := []struct {
		name string
		vals []int
	}{{"ATTACK", ch.Tracks.Attack}, {"DEFENSE", ch.Tracks.Defense}, {"SKILL", ch.Tracks.Skill}, {"MOVE", ch.Tracks.Move}}
	var missing []string
	for _, t := range tracks {
		if len(t.vals) == 0 {
			missing = append(missing, strings.ToLower(t.name))
			continue
		}
		p := newPegPreview(t.name, t.vals)
		box.Add(p)
	}
	if len(missing) > 0 {
		l := screen.WrapLabel(lang.X("catalog.track_values_not_entered", "Track values not entered: {{.A}}. Copy them from your card with Edit.", map[string]any{"A": strings.Join(missing, ", ")}))
		l.Importance = widget.WarningImportance
		box.Add(l)
	}
	if len(ch.Attacks) > 0 {
		lines := make([]string, len(ch.Attacks))
		for i, a := range ch.Attacks {
			lines[i] = attackText(a)
		}
		box.Add(field(lang.X("catalog.attack_actions", "Attack actions"), strings.Join(lines, "\n")))
	}
	for _, a := range ch.Abilities {
		box.Add(field(a.Name, a.Text))
	}
	if ch.Notes != "" {
		box.Add(field(lang.X("catalog.notes", "Notes"), ch.Notes))
	}
	if ch.Source != "" {
		box.Add(field(lang.X("catalog.source", "Source"), ch.Source))
	}
	id := ch.ID
	return container.NewBorder(nil, v.pageButtons(id, func() {
		if cur, ok := v.cat.Character(id); ok {
			v.editCharacter(&cur)
		}
	}), nil, nil, container.NewVScroll(box))
}

// referencePage shows a reference card.
func (v *catalogView) referencePage(r reference.ReferenceCard) fyne.CanvasObject {
	box := container.NewVBox(screen.Heading(r.Name))
	sub := []string{kindName(r.Kind)}
	if r.Game != "" {
		sub = append(sub, r.Game.Title())
	}
	if r.Affiliation != "" {
		sub = append(sub, r.Affiliation)
	}
	sub = append(sub, v.origin(r.ID), lang.X("catalog.id_n", "id {{.ID}}", map[string]any{"ID": r.ID}))
	box.Add(screen.WrapLabel(strings.Join(sub, " · ")))
	facts := widget.NewForm()
	addFact(facts, lang.X("catalog.keywords", "Keywords"), strings.Join(r.Keywords, ", "))
	addFact(facts, lang.X("catalog.points", "Points"), optInt(r.Points))
	addFact(facts, lang.X("catalog.copies", "Copies"), optInt(r.Supply))
	if len(facts.Items) > 0 {
		box.Add(facts)
	}
	if r.Summary != "" {
		box.Add(field(lang.X("catalog.what_it_does", "What it does"), r.Summary))
	}
	if r.Notes != "" {
		box.Add(field(lang.X("catalog.notes", "Notes"), r.Notes))
	}
	if r.Source != "" {
		box.Add(field(lang.X("catalog.source", "Source"), r.Source))
	}
	id := r.ID
	return container.NewBorder(nil, v.pageButtons(id, func() {
		if cur, ok := v.cat.Reference(id); ok {
			v.editReference(&cur)
		}
	}), nil, nil, container.NewVScroll(box))
}
