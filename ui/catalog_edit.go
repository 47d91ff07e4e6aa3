package ui

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// bonusChoices are the choices for an attack action's extra dice and damage.
func bonusChoices() []string {
	return []string{notGiven(), "+0", "+1", "+2", "+3", "+4", "+5", "+6"}
}

// notGiven is a value the card does not give.
func notGiven() string { return lang.X("catalog.not_given", "not given") }

// newPegPreview shows printed track values as a full peg track that cannot
// be tapped.
func newPegPreview(label string, vals []int) *widgets.PegTrack {
	p := widgets.NewPegTrack(label, vals, len(vals))
	p.SetDisabled(true)
	return p
}

// readTrack reads an optional printed track: empty means "not entered".
func readTrack(what, s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	return screen.ParseTrack(what, s)
}

var specPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)^(.*?)\s*(?:[x×*]\s*(\d+))?$`) })

// readSpecs reads "Command x2, Science" into specializations with counts;
// a name given twice adds up.
func readSpecs(s string) ([]reference.Specialization, error) {
	var out []reference.Specialization
	for _, item := range screen.SplitList(s) {
		m := specPattern().FindStringSubmatch(item)
		if m == nil {
			return nil, errors.New(lang.X("catalog.err.spec_form", "Specialization “{{.Item}}”: write it as a name, then x2 or x3 when printed more than once.", map[string]any{"Item": item}))
		}
		name, count := strings.TrimSpace(m[1]), 1
		if m[2] != "" {
			n, err := strconv.Atoi(m[2])
			if err != nil || n < 1 || n > 3 {
				return nil, errors.New(lang.X("catalog.err.spec_count", "Specialization “{{.Item}}”: the count after x is 1, 2 or 3.", map[string]any{"Item": item}))
			}
			count = n
		}
		if name == "" {
			return nil, errors.New(lang.X("catalog.err.spec_name", "Specialization “{{.Item}}” has no name.", map[string]any{"Item": item}))
		}
		merged := false
		for i := range out {
			if strings.EqualFold(out[i].Name, name) {
				out[i].Count += count
				merged = true
			}
		}
		if !merged {
			out = append(out, reference.Specialization{Name: name, Count: count})
		}
	}
	return out, nil
}

// bonusValue reads a bonus choice (nil for "not given").
func bonusValue(s string) *int {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil {
		return nil
	}
	return &n
}

// bonusChoice is the choice showing a bonus.
func bonusChoice(p *int) string {
	if p == nil || *p < 0 || *p > 6 {
		return notGiven()
	}
	return bonusChoices()[*p+1]
}

// cardError is a reason a card was not saved that belongs to one of the
// editor's fields ("name", "tracks.attack", "attacks[0]", as the card's
// JSON names them).
type cardError struct {
	field, msg string
}

func (e *cardError) Error() string { return e.msg }

// onCardField ties a reason to a field of the card being edited.
func onCardField(field string, err error) error {
	if err == nil {
		return nil
	}
	return &cardError{field: field, msg: err.Error()}
}

// Validation messages of the card checks, read back into the player's
// language.
var (
	cardFieldPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^([a-z]+(?:\.[a-z]+)*(?:\[\d+\])?(?:\.[a-z]+)*(?:\[\d+\])?): (.*)$`)
	})
	rangePattern   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^must be (-?\d+) to (-?\d+), got (-?\d+)$`) })
	tooLongPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`is longer than (\d+) (?:bytes|characters)$`) })
	tooManyPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^has more than (\d+) (?:entries|holes)$`) })
	fullPattern    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`catalog is full \((\d+) cards\)`) })
)

// cardProblem says why a card was not saved, in the player's language, and
// which field of the editor it is about ("" when none): a reason the
// editor gave, a check of the card (its field and its rule), a full
// catalog, or a trouble of the saved games file.
func cardProblem(err error) (field, msg string) {
	var ce *cardError
	if errors.As(err, &ce) {
		return ce.field, ce.msg
	}
	text := err.Error()
	if m := fullPattern().FindStringSubmatch(text); m != nil {
		return "", lang.X("catalog.err.full", "The catalog is full ({{.N}} cards): delete a card first.", map[string]any{"N": m[1]})
	}
	m := cardFieldPattern().FindStringSubmatch(text)
	if m == nil {
		return "", plainError(err)
	}
	field, rule := m[1], m[2]
	switch {
	case rule == "is required" || strings.HasSuffix(rule, "is empty"):
		msg = lang.X("catalog.err.required", "This cannot be empty.")
	case rangePattern().MatchString(rule):
		r := rangePattern().FindStringSubmatch(rule)
		msg = lang.X("catalog.err.range", "{{.Got}} is not allowed here: {{.Min}} to {{.Max}}.", map[string]any{"Min": r[1], "Max": r[2], "Got": r[3]})
	case tooLongPattern().MatchString(rule):
		msg = lang.X("catalog.err.too_long", "Too long: at most {{.N}} letters.", map[string]any{"N": tooLongPattern().FindStringSubmatch(rule)[1]})
	case tooManyPattern().MatchString(rule):
		msg = lang.X("catalog.err.too_many", "Too many: at most {{.N}}.", map[string]any{"N": tooManyPattern().FindStringSubmatch(rule)[1]})
	case strings.Contains(rule, "may only use"):
		msg = lang.X("catalog.err.id_chars", "Use only 0-9, A-Z and $ % * + - . / : (no spaces).")
	case strings.Contains(rule, "control or invalid character"):
		msg = lang.X("catalog.err.bad_char", "Contains a character that cannot be saved.")
	default:
		msg = rule
	}
	return editorField(field), fieldName(field) + ": " + msg
}

// editorField is the editor field a checked field belongs to:
// "tracks.attack[2]" is on "tracks.attack", "attacks[1].rules[0]" on
// "attacks[1]", "keywords[3]" on "keywords".
func editorField(field string) string {
	switch {
	case strings.HasPrefix(field, "tracks."):
		f, _, _ := strings.Cut(field, "[")
		return f
	case strings.HasPrefix(field, "attacks[") || strings.HasPrefix(field, "abilities["):
		f, _, _ := strings.Cut(field, "]")
		return f + "]"
	}
	return field[:len(field)-len(strings.TrimLeft(field, "abcdefghijklmnopqrstuvwxyz"))]
}

var fieldIndex = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([a-z.]+)\[(\d+)\](?:\.([a-z]+))?`) })

// fieldName names a checked field as the editor labels it: "Attack track,
// value 3", "Attack action 2", "Keywords".
func fieldName(field string) string {
	base, n, sub := field, 0, ""
	if m := fieldIndex().FindStringSubmatch(field); m != nil {
		base, sub = m[1], m[3]
		n, _ = strconv.Atoi(m[2])
		n++
	}
	var name string
	switch base {
	case "tracks.attack", "tracks.defense", "tracks.skill", "tracks.move":
		i := map[string]int{"tracks.attack": 0, "tracks.defense": 1, "tracks.skill": 2, "tracks.move": 3}[base]
		name = trackLabel(i)
		if n > 0 {
			name = lang.X("catalog.field.value_n", "{{.Field}}, value {{.N}}", map[string]any{"Field": name, "N": n})
		}
		return name
	case "attacks":
		name = lang.X("catalog.field.attack_n", "Attack action {{.N}}", map[string]any{"N": n})
	case "abilities":
		name = lang.X("catalog.field.ability_n", "Special ability {{.N}}", map[string]any{"N": n})
	case "specializations":
		name = lang.X("catalog.specializations", "Specializations")
	case "keywords":
		name = lang.X("catalog.keywords", "Keywords")
	case "id":
		name = lang.X("catalog.card_id", "Card id")
	case "name":
		name = lang.X("common.name", "Name")
	case "role":
		name = lang.X("catalog.role", "Role")
	case "ship":
		name = lang.X("catalog.ship", "Ship")
	case "affiliation":
		name = lang.X("catalog.affiliation", "Affiliation")
	case "notes":
		name = lang.X("catalog.notes", "Notes")
	case "summary":
		name = lang.X("catalog.what_it_does", "What it does")
	case "points":
		name = lang.X("catalog.points", "Points")
	case "supply":
		name = lang.X("catalog.copies", "Copies")
	case "escalation":
		name = lang.X("catalog.escalation", "Escalation")
	default:
		name = base
	}
	if sub == "name" {
		name = lang.X("catalog.field.name_of", "{{.Field}}, name", map[string]any{"Field": name})
	}
	return name
}

// trackLabel names one of a character's four tracks (Away Missions words,
// kept in English).
func trackLabel(i int) string {
	return lang.X("catalog.track_name", "{{.Name}} track", map[string]any{"Name": trackNames[i]})
}

// fieldNote is the line under an editor field that says why the card was
// not saved because of it.
func fieldNote() *widget.Label {
	l := screen.WrapLabel("")
	l.Importance = widget.DangerImportance
	l.Hide()
	return l
}

// withNote puts a field's note under it.
func withNote(o fyne.CanvasObject, note *widget.Label) fyne.CanvasObject {
	return container.NewVBox(o, note)
}

// showNote shows why the card was not saved: under the field at fault
// (when the editor has it) and on the line above Save, without changing
// anything typed.
func showNote(notes map[string]*widget.Label, errLabel *widget.Label, err error) {
	for _, n := range notes {
		n.Hide()
	}
	field, msg := cardProblem(err)
	if n := notes[field]; n != nil {
		_, local, ok := strings.Cut(msg, ": ")
		if !ok || field == "" {
			local = msg
		}
		n.SetText(local)
		n.Show()
	}
	errLabel.SetText(lang.X("catalog.not_saved_a", "Not saved: {{.A}}", map[string]any{"A": msg}))
	errLabel.Show()
}

// newCardID makes an unused card id from a name: "MY-" and the name in
// upper case with anything outside the id alphabet turned into dashes.
func newCardID(cat *reference.Catalog, name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToUpper(name) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	base := strings.Trim(b.String(), "-")
	if base == "" {
		base = "CARD"
	}
	base = "MY-" + base
	if len(base) > reference.MaxIDLen-3 {
		base = strings.TrimRight(base[:reference.MaxIDLen-3], "-")
	}
	id := base
	for n := 2; cat.Has(id); n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	return id
}

// labelled is a bold caption over an object, for the editors.
func labelled(label string, o fyne.CanvasObject) fyne.CanvasObject {
	l := widget.NewLabelWithStyle(label, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	return container.NewVBox(l, o)
}

func newEntry(placeholder, text string) *screen.TextEntry {
	e := screen.NewTextEntry()
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
	return e
}

func newMultiEntry(placeholder, text string) *screen.TextEntry {
	e := screen.NewTextArea()
	e.SetMinRowsVisible(3)
	e.SetPlaceHolder(placeholder)
	e.SetText(text)
	return e
}

// attackRow is one attack action in the character editor.
type attackRow struct {
	name, rules  *screen.TextEntry
	dice, damage *widget.Select
	note         *widget.Label
	box          *fyne.Container
}

// abilityRow is one special ability in the character editor.
type abilityRow struct {
	name, text *screen.TextEntry
	note       *widget.Label
	box        *fyne.Container
}

// charEditor creates or edits a character card.
type charEditor struct {
	v    *catalogView
	orig *reference.Character

	id, name, role, ship, affiliation, keywords, specs *screen.TextEntry
	tracks                                             [4]*screen.TextEntry
	previews                                           [4]*widgets.PegTrack
	attacks                                            []*attackRow
	attackBox                                          *fyne.Container
	abilities                                          []*abilityRow
	abilityBox                                         *fyne.Container
	esc                                                *widget.Select
	notes                                              *screen.TextEntry
	errLabel                                           *widget.Label
	body                                               fyne.CanvasObject
	// fieldNotes are the notes under the fields, by the card's field
	// names (attack and ability rows have their own).
	fieldNotes map[string]*widget.Label
}

var trackNames = [4]string{"Attack", "Defense", "Skill", "Move"}

// escalationChoices are the escalation choices and their values.
func escalationChoices() []struct {
	label string
	round int
} {
	return []struct {
		label string
		round int
	}{{lang.X("catalog.from_the_start", "From the start"), 0},
		{lang.X("home.stage.round", "Round {{.N}}", map[string]any{"N": 2}), 2},
		{lang.X("home.stage.round", "Round {{.N}}", map[string]any{"N": 3}), 3}}
}

// editCharacter opens the character editor in the Card panel: for a new
// card when orig is nil.
func (v *catalogView) editCharacter(orig *reference.Character) {
	e := &charEditor{v: v, orig: orig}
	var ch reference.Character
	if orig != nil {
		ch = *orig
	}
	e.id = newEntry(lang.X("catalog.made_from_the_name", "made from the name"), "")
	e.name = newEntry(lang.X("catalog.character_name", "Character name"), ch.Name)
	e.role = newEntry(lang.X("catalog.e_g_science_officer", "e.g. Science Officer"), ch.Role)
	e.ship = newEntry(lang.X("catalog.e_g_enterprise_d", "e.g. Enterprise-D"), ch.Ship)
	e.affiliation = newEntry(lang.X("catalog.e_g_federation", "e.g. Federation"), ch.Affiliation)
	e.keywords = newEntry(lang.X("catalog.e_g_human_officer", "e.g. Human, Officer"), strings.Join(ch.Keywords, ", "))
	e.specs = newEntry(lang.X("catalog.e_g_command_x2", "e.g. Command x2"), specsText(ch.Specializations))
	e.fieldNotes = map[string]*widget.Label{}
	noted := func(field string, o fyne.CanvasObject) fyne.CanvasObject {
		n := fieldNote()
		e.fieldNotes[field] = n
		return withNote(o, n)
	}

	vals := [4][]int{ch.Tracks.Attack, ch.Tracks.Defense, ch.Tracks.Skill, ch.Tracks.Move}
	tracksBox := container.NewVBox()
	for i := range e.tracks {
		i := i
		t := newEntry(lang.X("catalog.track_hint", "lowest first, e.g. 1 2 3 3"), strings.Trim(fmt.Sprint(vals[i]), "[]"))
		field := "tracks." + strings.ToLower(trackNames[i])
		p := newPegPreview(strings.ToUpper(trackNames[i]), vals[i])
		if len(vals[i]) == 0 {
			p.Hide()
		}
		t.Validator = func(s string) error {
			_, err := readTrack(trackLabel(i), s)
			return err
		}
		t.OnChanged = func(s string) {
			got, err := readTrack(trackLabel(i), s)
			if err != nil || len(got) == 0 {
				p.Hide()
				return
			}
			p.SetTrack(got, len(got))
			p.Show()
		}
		e.tracks[i], e.previews[i] = t, p
		tracksBox.Add(labelled(trackNames[i], noted(field, container.NewVBox(t, p))))
	}

	e.attackBox = container.NewVBox()
	for _, a := range ch.Attacks {
		e.addAttack(a)
	}
	addAttack := widget.NewButtonWithIcon(lang.X("catalog.add_attack_action", "Add attack action"), theme.ContentAddIcon(), func() {
		e.addAttack(reference.AttackAction{})
	})
	e.abilityBox = container.NewVBox()
	for _, a := range ch.Abilities {
		e.addAbility(a)
	}
	addAbility := widget.NewButtonWithIcon(lang.X("catalog.add_special_ability", "Add special ability"), theme.ContentAddIcon(), func() {
		e.addAbility(reference.Ability{})
	})
	escalationChoices := escalationChoices()
	escLabels := make([]string, len(escalationChoices))
	for i, c := range escalationChoices {
		escLabels[i] = c.label
	}
	e.esc = widget.NewSelect(escLabels, nil)
	e.esc.SetSelectedIndex(0)
	for i, c := range escalationChoices {
		if c.round == ch.Escalation || (c.round == 0 && ch.Escalation == 1) {
			e.esc.SetSelectedIndex(i)
		}
	}
	e.notes = newMultiEntry(lang.X("catalog.your_notes", "Your notes"), ch.Notes)

	box := container.NewVBox(screen.Heading(lang.X("catalog.new_character", "New character")))
	form := widget.NewForm()
	if v.sh.phoneSized() { // labels over the fields: the fields get the phone's width
		form.Orientation = widget.Vertical
	}
	if orig != nil {
		box.Objects[0].(*widget.Label).SetText(lang.X("catalog.edit_a", "Edit {{.A}}", map[string]any{"A": orig.Name}))
		box.Add(screen.WrapLabel(lang.X("catalog.card_id_a", "Card id {{.A}}", map[string]any{"A": orig.ID})))
	} else {
		form.AppendItem(&widget.FormItem{Text: lang.X("catalog.card_id", "Card id"), Widget: noted("id", e.id), HintText: lang.X("catalog.0_9_a_z", "0-9 A-Z - . / : (optional)")})
	}
	form.Append(lang.X("common.name", "Name"), noted("name", e.name))
	form.Append(lang.X("catalog.role", "Role"), noted("role", e.role))
	form.Append(lang.X("catalog.ship", "Ship"), noted("ship", e.ship))
	form.Append(lang.X("catalog.affiliation", "Affiliation"), noted("affiliation", e.affiliation))
	form.Append(lang.X("catalog.keywords", "Keywords"), noted("keywords", e.keywords))
	form.AppendItem(&widget.FormItem{Text: lang.X("catalog.specializations", "Specializations"), Widget: noted("specializations", e.specs), HintText: lang.X("catalog.x2_when_printed_twice", "x2 when printed twice")})
	box.Add(form)
	box.Add(widget.NewSeparator())
	box.Add(screen.Heading(lang.X("catalog.tracks", "Tracks")))
	box.Add(screen.WrapLabel(lang.X("catalog.the_printed_value_of", "The printed value of every peg hole, lowest first. Leave a track empty until you have the card.")))
	box.Add(tracksBox)
	box.Add(widget.NewSeparator())
	box.Add(screen.Heading(lang.X("catalog.attack_actions", "Attack actions")))
	box.Add(e.attackBox)
	box.Add(addAttack)
	box.Add(widget.NewSeparator())
	box.Add(screen.Heading(lang.X("catalog.special_abilities", "Special abilities")))
	box.Add(e.abilityBox)
	box.Add(addAbility)
	box.Add(widget.NewSeparator())
	more := widget.NewForm(widget.NewFormItem(lang.X("catalog.escalation", "Escalation"), noted("escalation", e.esc)), widget.NewFormItem(lang.X("catalog.notes", "Notes"), noted("notes", e.notes)))
	more.Orientation = form.Orientation
	box.Add(more)
	e.body = e.frame(container.NewVScroll(box), func() { v.saveCharacter(e) })
	v.showEditor(e, e.name)
}

// frame puts an editor's fields above its error line and Save and Cancel.
func (e *charEditor) frame(fields fyne.CanvasObject, save func()) fyne.CanvasObject {
	e.errLabel = screen.WrapLabel("")
	e.errLabel.Importance = widget.DangerImportance
	e.errLabel.Hide()
	return editorFrame(fields, e.errLabel, save, e.v.cancelEdit())
}

func (e *charEditor) content() fyne.CanvasObject { return e.body }

// editorFrame is the frame every editor shares.
func editorFrame(fields fyne.CanvasObject, errLabel *widget.Label, save, cancel func()) fyne.CanvasObject {
	saveBtn := widget.NewButtonWithIcon(lang.X("catalog.save_card", "Save card"), theme.DocumentSaveIcon(), save)
	saveBtn.Importance = widget.HighImportance
	cancelBtn := widget.NewButtonWithIcon(lang.X("common.cancel", "Cancel"), theme.CancelIcon(), cancel)
	return container.NewBorder(nil, container.NewVBox(errLabel, screen.FitGrid(2, saveBtn, cancelBtn)), nil, nil, fields)
}

// cancelEdit returns to the card being edited, or to no card.
func (v *catalogView) cancelEdit() func() {
	return func() {
		if v.selected != "" {
			v.open(v.selected)
			return
		}
		v.showNothing()
	}
}

// showEditor shows an editor in the Card panel and focuses its first entry.
func (v *catalogView) showEditor(e cardEditor, first *screen.TextEntry) {
	v.editing = e
	v.setDetail(e.content())
	v.layout.ShowPanel(lang.X("catalog.card", "Card"))
	if v.win != nil {
		v.win.Canvas().Focus(first)
	}
}

func (e *charEditor) addAttack(a reference.AttackAction) {
	r := &attackRow{
		name:   newEntry(lang.X("catalog.attack_name_e_g", "Attack name, e.g. Phaser"), a.Name),
		rules:  newEntry(lang.X("catalog.rules_e_g_stun", "Rules, e.g. Stun, Melee"), strings.Join(a.Rules, ", ")),
		dice:   widget.NewSelect(bonusChoices(), nil),
		damage: widget.NewSelect(bonusChoices(), nil),
		note:   fieldNote(),
	}
	r.dice.SetSelected(bonusChoice(a.Dice))
	r.damage.SetSelected(bonusChoice(a.Damage))
	remove := widget.NewButtonWithIcon(lang.X("catalog.remove_attack", "Remove attack"), theme.DeleteIcon(), func() {
		for i, x := range e.attacks {
			if x == r {
				e.attacks = append(e.attacks[:i], e.attacks[i+1:]...)
			}
		}
		e.attackBox.Remove(r.box)
	})
	r.box = container.NewVBox(r.name, r.note,
		screen.FitGrid(2, labelled(lang.X("catalog.extra_dice", "Extra dice"), r.dice), labelled(lang.X("catalog.extra_damage", "Extra damage"), r.damage)),
		r.rules, remove, widget.NewSeparator())
	e.attacks = append(e.attacks, r)
	e.attackBox.Add(r.box)
}

func (e *charEditor) addAbility(a reference.Ability) {
	r := &abilityRow{name: newEntry(lang.X("catalog.ability_name", "Ability name"), a.Name), text: newMultiEntry(lang.X("catalog.what_it_does_in", "What it does, in your words"), a.Text), note: fieldNote()}
	remove := widget.NewButtonWithIcon(lang.X("catalog.remove_ability", "Remove ability"), theme.DeleteIcon(), func() {
		for i, x := range e.abilities {
			if x == r {
				e.abilities = append(e.abilities[:i], e.abilities[i+1:]...)
			}
		}
		e.abilityBox.Remove(r.box)
	})
	r.box = container.NewVBox(r.name, r.text, r.note, remove, widget.NewSeparator())
	e.abilities = append(e.abilities, r)
	e.abilityBox.Add(r.box)
}

// card reads the editor into a character card (the id unique for a new
// card); it does not check what Validate checks.
func (e *charEditor) card() (reference.Character, error) {
	var ch reference.Character
	if e.orig != nil {
		ch = *e.orig
	} else {
		ch.ID = reference.NormalizeID(e.id.Text)
		if ch.ID == "" {
			ch.ID = newCardID(e.v.cat, e.name.Text)
		} else if e.v.cat.Has(ch.ID) {
			return ch, onCardField("id", errors.New(lang.X("catalog.err.id_taken", "Card id {{.ID}} is taken by another card; choose another or leave it empty.", map[string]any{"ID": ch.ID})))
		}
	}
	ch.Name = strings.TrimSpace(e.name.Text)
	ch.Role = strings.TrimSpace(e.role.Text)
	ch.Ship = strings.TrimSpace(e.ship.Text)
	ch.Affiliation = strings.TrimSpace(e.affiliation.Text)
	ch.Keywords = screen.SplitList(e.keywords.Text)
	specs, err := readSpecs(e.specs.Text)
	if err != nil {
		return ch, onCardField("specializations", err)
	}
	ch.Specializations = specs
	var vals [4][]int
	for i, t := range e.tracks {
		if vals[i], err = readTrack(trackLabel(i), t.Text); err != nil {
			return ch, onCardField("tracks."+strings.ToLower(trackNames[i]), err)
		}
	}
	ch.Tracks = reference.Tracks{Attack: vals[0], Defense: vals[1], Skill: vals[2], Move: vals[3]}
	ch.Attacks = nil
	for i, r := range e.attacks {
		name := strings.TrimSpace(r.name.Text)
		if name == "" {
			return ch, onCardField(fmt.Sprintf("attacks[%d]", i), errors.New(lang.X("catalog.err.attack_name", "Attack action {{.N}} needs a name (or remove it).", map[string]any{"N": i + 1})))
		}
		ch.Attacks = append(ch.Attacks, reference.AttackAction{Name: name, Dice: bonusValue(r.dice.Selected),
			Damage: bonusValue(r.damage.Selected), Rules: screen.SplitList(r.rules.Text)})
	}
	ch.Abilities = nil
	for i, r := range e.abilities {
		name := strings.TrimSpace(r.name.Text)
		if name == "" {
			return ch, onCardField(fmt.Sprintf("abilities[%d]", i), errors.New(lang.X("catalog.err.ability_name", "Special ability {{.N}} needs a name (or remove it).", map[string]any{"N": i + 1})))
		}
		ch.Abilities = append(ch.Abilities, reference.Ability{Name: name, Text: strings.TrimSpace(r.text.Text)})
	}
	ch.Escalation = escalationChoices()[max(0, e.esc.SelectedIndex())].round
	ch.Notes = strings.TrimSpace(e.notes.Text)
	return ch, nil
}

// fail shows why the card was not saved, under the field at fault and
// above Save; everything typed stays.
func (e *charEditor) fail(err error) {
	notes := maps.Clone(e.fieldNotes)
	for i, r := range e.attacks {
		notes[fmt.Sprintf("attacks[%d]", i)] = r.note
	}
	for i, r := range e.abilities {
		notes[fmt.Sprintf("abilities[%d]", i)] = r.note
	}
	showNote(notes, e.errLabel, err)
}

// saveCharacter saves the edited character; a card that is not valid or
// cannot be saved stays in the editor with the reason.
func (v *catalogView) saveCharacter(e *charEditor) {
	ch, err := e.card()
	var next *reference.Catalog
	if err == nil {
		next, err = v.cat.WithCharacter(ch)
	}
	if err == nil {
		err = v.commit(next)
	}
	if err != nil {
		e.fail(err)
		return
	}
	v.say(lang.X("catalog.saved_a", "Saved {{.A}}.", map[string]any{"A": ch.Name}), false)
	v.open(ch.ID)
}

// refEditor creates or edits a reference card.
type refEditor struct {
	v    *catalogView
	orig *reference.ReferenceCard

	id, name, affiliation, keywords, points, supply *screen.TextEntry
	kind, game                                      *widget.Select
	summary, notes                                  *screen.TextEntry
	errLabel                                        *widget.Label
	body                                            fyne.CanvasObject
	// fieldNotes are the notes under the fields, by the card's field names.
	fieldNotes map[string]*widget.Label
}

func anyGame() string { return lang.X("catalog.any_game", "Any game") }

// editReference opens the reference card editor: for a new card when orig
// is nil.
func (v *catalogView) editReference(orig *reference.ReferenceCard) {
	e := &refEditor{v: v, orig: orig}
	r := reference.ReferenceCard{Kind: reference.KindMission}
	if orig != nil {
		r = *orig
	}
	var kinds []string
	for _, k := range reference.ReferenceKinds() {
		kinds = append(kinds, kindName(k))
	}
	e.kind = widget.NewSelect(kinds, nil)
	e.kind.SetSelected(kindName(r.Kind))
	games := []string{anyGame()}
	for _, g := range reference.Games() {
		games = append(games, g.Title())
	}
	e.game = widget.NewSelect(games, nil)
	e.game.SetSelectedIndex(0)
	if r.Game != "" {
		e.game.SetSelected(r.Game.Title())
	}
	e.id = newEntry(lang.X("catalog.made_from_the_name", "made from the name"), "")
	e.name = newEntry(lang.X("catalog.card_name_2", "Card name"), r.Name)
	e.affiliation = newEntry(lang.X("catalog.e_g_federation", "e.g. Federation"), r.Affiliation)
	e.keywords = newEntry(lang.X("catalog.e_g_phaser_ranged", "e.g. Phaser, Ranged"), strings.Join(r.Keywords, ", "))
	e.points = newEntry(lang.X("catalog.as_printed", "as printed"), optInt(r.Points))
	e.supply = newEntry(lang.X("catalog.how_many", "how many"), optInt(r.Supply))
	e.summary = newMultiEntry(lang.X("catalog.what_the_card_does", "What the card does, in your words"), r.Summary)
	e.notes = newMultiEntry(lang.X("catalog.your_notes", "Your notes"), r.Notes)

	e.fieldNotes = map[string]*widget.Label{}
	noted := func(field string, o fyne.CanvasObject) fyne.CanvasObject {
		n := fieldNote()
		e.fieldNotes[field] = n
		return withNote(o, n)
	}
	box := container.NewVBox(screen.Heading(lang.X("catalog.new_card", "New card")))
	form := widget.NewForm()
	if v.sh.phoneSized() { // labels over the fields: the fields get the phone's width
		form.Orientation = widget.Vertical
	}
	if orig != nil {
		box.Objects[0].(*widget.Label).SetText(lang.X("catalog.edit_a", "Edit {{.A}}", map[string]any{"A": orig.Name}))
		box.Add(screen.WrapLabel(lang.X("catalog.a_card_id_b", "{{.A}} · card id {{.B}}", map[string]any{"A": kindName(orig.Kind), "B": orig.ID})))
	} else {
		form.AppendItem(&widget.FormItem{Text: lang.X("catalog.card_id", "Card id"), Widget: noted("id", e.id), HintText: lang.X("catalog.0_9_a_z", "0-9 A-Z - . / : (optional)")})
	}
	form.Append(lang.X("catalog.kind", "Kind"), e.kind)
	form.Append(lang.X("common.name", "Name"), noted("name", e.name))
	form.Append(lang.X("catalog.game", "Game"), e.game)
	form.Append(lang.X("catalog.affiliation", "Affiliation"), noted("affiliation", e.affiliation))
	form.Append(lang.X("catalog.keywords", "Keywords"), noted("keywords", e.keywords))
	form.Append(lang.X("catalog.points", "Points"), noted("points", e.points))
	form.Append(lang.X("catalog.copies", "Copies"), noted("supply", e.supply))
	box.Add(form)
	box.Add(labelled(lang.X("catalog.what_it_does", "What it does"), noted("summary", e.summary)))
	box.Add(labelled(lang.X("catalog.notes", "Notes"), noted("notes", e.notes)))
	e.errLabel = screen.WrapLabel("")
	e.errLabel.Importance = widget.DangerImportance
	e.errLabel.Hide()
	e.body = editorFrame(container.NewVScroll(box), e.errLabel, func() { v.saveReference(e) }, v.cancelEdit())
	v.showEditor(e, e.name)
}

func (e *refEditor) content() fyne.CanvasObject { return e.body }

func optInt(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}

func readOptInt(what, s string) (*int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return nil, errors.New(lang.X("catalog.err.not_number", "{{.What}}: “{{.Text}}” is not a whole number.", map[string]any{"What": what, "Text": s}))
	}
	return &n, nil
}

func (e *refEditor) card() (reference.ReferenceCard, error) {
	var r reference.ReferenceCard
	if e.orig != nil {
		r = *e.orig
	} else {
		r.ID = reference.NormalizeID(e.id.Text)
		if r.ID == "" {
			r.ID = newCardID(e.v.cat, e.name.Text)
		} else if e.v.cat.Has(r.ID) {
			return r, onCardField("id", errors.New(lang.X("catalog.err.id_taken", "Card id {{.ID}} is taken by another card; choose another or leave it empty.", map[string]any{"ID": r.ID})))
		}
	}
	for _, k := range reference.ReferenceKinds() {
		if kindName(k) == e.kind.Selected {
			r.Kind = k
		}
	}
	r.Game = ""
	for _, g := range reference.Games() {
		if g.Title() == e.game.Selected {
			r.Game = g
		}
	}
	r.Name = strings.TrimSpace(e.name.Text)
	r.Affiliation = strings.TrimSpace(e.affiliation.Text)
	r.Keywords = screen.SplitList(e.keywords.Text)
	var err error
	if r.Points, err = readOptInt(lang.X("catalog.points", "Points"), e.points.Text); err != nil {
		return r, onCardField("points", err)
	}
	if r.Supply, err = readOptInt(lang.X("catalog.copies", "Copies"), e.supply.Text); err != nil {
		return r, onCardField("supply", err)
	}
	r.Summary = strings.TrimSpace(e.summary.Text)
	r.Notes = strings.TrimSpace(e.notes.Text)
	return r, nil
}

// saveReference saves the edited reference card, or keeps the editor open
// with the reason it was not saved.
func (v *catalogView) saveReference(e *refEditor) {
	r, err := e.card()
	var next *reference.Catalog
	if err == nil {
		next, err = v.cat.WithReference(r)
	}
	if err == nil {
		err = v.commit(next)
	}
	if err != nil {
		showNote(e.fieldNotes, e.errLabel, err)
		return
	}
	v.say(lang.X("catalog.saved_a", "Saved {{.A}}.", map[string]any{"A": r.Name}), false)
	v.open(r.ID)
}
