package away

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/rules/dice"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// awayDice is the Dice panel of an Away Missions game: an attack or a skill
// test set up from the tracked characters, exact odds before the roll, dice
// entered on a keypad or rolled by the app, the result explained die by die,
// re-rolls, and one tap to apply an attack to its target.
type awayDice struct {
	v       *awayView
	content fyne.CanvasObject
	mode    *widget.RadioGroup
	attack  *attackForm
	skill   *skillForm
	body    *fyne.Container
	scroll  *container.Scroll
}

func newAwayDice(v *awayView) *awayDice {
	d := &awayDice{v: v}
	d.attack = newAttackForm(v)
	d.skill = newSkillForm(v)
	d.body = container.NewStack(d.attack.content)
	d.mode = widget.NewRadioGroup([]string{modeLabel(modeAttack), modeLabel(modeSkill)}, func(s string) {
		if s == modeLabel(modeSkill) {
			d.body.Objects = []fyne.CanvasObject{d.skill.content}
		} else {
			d.body.Objects = []fyne.CanvasObject{d.attack.content}
		}
		d.body.Refresh()
	})
	d.mode.Horizontal = true
	d.mode.Selected = modeLabel(modeAttack)
	// The mode scrolls with the form: a phone keeps its screen for the
	// dice (issue 27, Room for the game).
	scroll := container.NewVScroll(container.NewVBox(d.mode, screen.Padded(d.body)))
	d.scroll = scroll
	// Folding the setup moves the dice and the result up: show them from
	// the top of the panel.
	d.attack.setupBox.onFold = scroll.ScrollToTop
	d.skill.setupBox.onFold = scroll.ScrollToTop
	// Once every die is in, the result and its Apply come into view.
	d.attack.reveal = d.reveal
	d.skill.reveal = d.reveal
	d.content = scroll
	return d
}

// reveal scrolls the panel by as little as needed to show the child of
// in whole (its top if it is taller than the panel); child may be in
// itself, or new (not drawn yet).
func (d *awayDice) reveal(in, child fyne.CanvasObject) {
	d.scroll.Refresh()
	growContent(d.scroll)
	top, ok := offsetIn(d.scroll.Content, in)
	if !ok {
		return
	}
	if child != in {
		top += child.Position().Y
	}
	view := d.scroll.Size().Height
	off := d.scroll.Offset.Y
	switch {
	case view <= 0:
		return
	case child.Size().Height > view || top < off:
		off = top
	case top+child.Size().Height > off+view:
		off = top + child.Size().Height - view
	default:
		return
	}
	d.scroll.ScrollToOffset(fyne.NewPos(0, off))
}

// rollNow rolls the dice of the form on screen (the desktop roll shortcut).
func (d *awayDice) rollNow() {
	d.v.f.ShowPanel(awayDicePanel())
	if d.mode.Selected == modeLabel(modeSkill) {
		d.skill.rollVirtual()
		return
	}
	d.attack.rollVirtual()
}

// show refreshes the choices (characters, weapons) from the state.
func (d *awayDice) show(st *tracker.AwayState) {
	d.attack.show(st)
	d.skill.show(st)
}

// The two forms of the Dice panel.
const (
	modeAttack = "attack"
	modeSkill  = "skill"
)

// modeLabel is the name of a Dice panel form in the reader's language.
func modeLabel(mode string) string {
	if mode == modeSkill {
		return lang.X("away.skill_test", "Skill test")
	}
	return lang.X("away.attack", "Attack")
}

// charChoice is a character offered in a select: "Worf (Dana)".
type charChoice struct {
	labels []string
	ids    map[string]string
}

// newStepCounter is a counter from lo to hi starting at v whose buttons
// step the value and then call changed.
func newStepCounter(label string, v, lo, hi int, changed func()) *widgets.Counter {
	c := widgets.NewCounter(label, v)
	c.SetMin(lo)
	c.SetMax(hi)
	c.OnChange = func(d int) { c.SetValue(c.Value() + d); changed() }
	return c
}

// preset opens the Dice panel on the attack or the skill test with the
// character chosen as attacker or tester.
func (d *awayDice) preset(mode, id string) {
	// The panel shows the current state first (it may have been out of
	// sight since the last change).
	d.v.lazy.Shown(awayDicePanel())
	d.mode.SetSelected(modeLabel(mode))
	// The form starts from this action: nothing of the last one (its
	// target, card dice, dice typed, challenge) carries over.
	if mode == modeSkill {
		d.skill.reset()
		d.skill.tester.pick(id)
	} else {
		d.attack.reset()
		d.attack.attacker.pick(id)
	}
	d.v.f.ShowPanel(awayDicePanel())
	d.scroll.ScrollToTop()
}

// inPlayChoices lists characters in play, optionally only one side's.
func inPlayChoices(v *awayView, keep func(tracker.Character) bool) charChoice {
	c := charChoice{ids: map[string]string{}}
	for _, ch := range v.st.Characters {
		if ch.Status != tracker.StatusInPlay || (keep != nil && !keep(ch)) {
			continue
		}
		l := fmt.Sprintf("%s (%s)", ch.Name, v.playerName(ch.Controller))
		c.labels = append(c.labels, l)
		c.ids[l] = ch.ID
	}
	return c
}

// character finds a character by id in the current state.
func (v *awayView) character(id string) *tracker.Character {
	for i := range v.st.Characters {
		if v.st.Characters[i].ID == id {
			return &v.st.Characters[i]
		}
	}
	return nil
}

// rolledPool is a pool shown on screen: typed in, or rolled by the app from
// a seed (kept while no die was re-rolled, so the log can replay it).
type rolledPool struct {
	faces dice.Pool
	seed  *uint64
}

// roll returns the tracker form of the pool.
func (r rolledPool) roll() tracker.Roll {
	if r.seed != nil {
		// The screen shows the faces sorted; the log records them in the
		// order the seed rolls them, so a replay checks them.
		s := *r.seed
		return tracker.Roll{Faces: dice.Roll(len(r.faces), s), Seed: &s}
	}
	return tracker.Roll{Faces: r.faces}
}

// rollVirtual rolls n dice from a fresh seed of the game.
func (v *awayView) rollVirtual(n int) (rolledPool, error) {
	seed, ok := v.f.Game().NewSeed()
	if !ok {
		return rolledPool{}, errors.New(lang.X("away.dice.no_virtual", "This game cannot roll virtual dice; enter the faces instead."))
	}
	return rolledPool{faces: dice.Roll(n, seed), seed: &seed}, nil
}

// rollInto rolls counts[i] dice virtually into blocks[i], shows them
// tumbling, starts a new re-roll sequence and calls done to explain the
// roll. Nothing changes if the game cannot roll virtual dice.
func (v *awayView) rollInto(rp *rerollPanel, done func(), blocks []*diceBlock, counts []int) {
	pools := make([]rolledPool, len(blocks))
	for i, n := range counts {
		if n == 0 {
			continue
		}
		p, err := v.rollVirtual(n)
		if err != nil {
			v.f.Say(screen.ErrText(err), true)
			return
		}
		pools[i] = p
	}
	rp.reset()
	for i, b := range blocks {
		b.set(pools[i])
		if len(b.pool.faces) > 0 {
			b.row.Animate(b.pool.faces, done)
		}
	}
	done()
}

// pairStates turns the rules' pair outcomes into die states for each side.
func pairStates(pairs []awayrules.Pair, nAtt, nDef int) (att, def []widgets.DieState) {
	att = make([]widgets.DieState, nAtt)
	def = make([]widgets.DieState, nDef)
	ai, di := 0, 0
	for _, p := range pairs {
		switch p.Outcome {
		case awayrules.PairThrough:
			setState(att, ai, widgets.DieHit)
			setState(def, di, widgets.DieCanceled)
			ai++
			di++
		case awayrules.PairCanceled:
			setState(att, ai, widgets.DieCanceled)
			setState(def, di, widgets.DieHit)
			ai++
			di++
		case awayrules.PairUncontestedThrough:
			setState(att, ai, widgets.DieUncontestedHit)
			ai++
		case awayrules.PairUncontestedMiss:
			setState(att, ai, widgets.DieUncontestedMiss)
			ai++
		case awayrules.PairIgnored:
			setState(def, di, widgets.DieIgnored)
			di++
		}
	}
	return att, def
}

// The captions under the dice, in the book's words (seed 001 "Combat",
// step 5, and "Skill Test"): an attack die that gets through causes
// damage, a tester's is a success, either is canceled by a defense or
// challenger die equal or higher (or, uncontested, by a 1, 2 or 3); the
// defense or challenger die that does it blocks, a beaten one lets the
// die against it through.

// attackWords words an attack die's caption.
func attackWords(s widgets.DieState) string {
	switch s {
	case widgets.DieHit, widgets.DieUncontestedHit:
		return lang.X("away.die.damage", "damage")
	case widgets.DieCanceled, widgets.DieUncontestedMiss:
		return lang.X("away.die.canceled", "canceled")
	}
	return s.String()
}

// testerWords words a tester's die's caption.
func testerWords(s widgets.DieState) string {
	switch s {
	case widgets.DieHit, widgets.DieUncontestedHit:
		return lang.X("away.die.success", "success")
	case widgets.DieCanceled, widgets.DieUncontestedMiss:
		return lang.X("away.die.canceled", "canceled")
	}
	return s.String()
}

// blockerWords words a defense or challenger die's caption: it blocks
// the die against it, or that die gets through.
func blockerWords(s widgets.DieState) string {
	switch s {
	case widgets.DieHit:
		return lang.X("away.die.blocks", "blocks")
	case widgets.DieCanceled:
		return lang.X("away.die.through", "through")
	}
	return s.String()
}

func setState(s []widgets.DieState, i int, st widgets.DieState) {
	if i >= 0 && i < len(s) {
		s[i] = st
	}
}

// diceBlock is one side's dice: a keypad to type a physical roll while dice
// are missing; once all are in, the row of dice as resolved (tap dice to
// pick them for a re-roll) with a button to change them.
type diceBlock struct {
	title    *widget.Label
	pad      *widgets.DicePad
	row      *widgets.DiceRow
	change   *widget.Button
	pool     rolledPool
	want     int
	selected map[int]bool
	box      *fyne.Container
}

func newDiceBlock(onChange func()) *diceBlock {
	b := &diceBlock{selected: map[int]bool{}}
	b.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// A small title: two blocks and their keypads fit a phone screen.
	b.title.SizeName = theme.SizeNameCaptionText
	b.pad = widgets.NewCompactDicePad(dice.AwayMissionsCap)
	b.pad.OnChanged = func(p dice.Pool) {
		b.pool = rolledPool{faces: p}
		b.selected = map[int]bool{}
		b.sync()
		onChange()
	}
	b.row = widgets.NewDiceRow(nil)
	b.row.OnTapped = func(i int) {
		b.selected[i] = !b.selected[i]
		b.row.SetSelected(b.selectedIndexes())
	}
	b.change = widget.NewButtonWithIcon(lang.X("away.dice.change_dice", "Change these dice"), theme.DocumentCreateIcon(), func() {
		b.pad.Show()
		b.change.Hide()
	})
	b.box = container.NewVBox(b.title, b.pad, b.row, b.change)
	b.sync()
	return b
}

// setWant sets how many dice the roll takes.
func (b *diceBlock) setWant(n int) {
	b.want = n
	b.pad.SetMax(n)
	b.sync()
}

// sync shows the keypad while dice are missing, and the rolled dice with a
// button to change them once all are in.
func (b *diceBlock) sync() {
	complete := b.want > 0 && len(b.pool.faces) == b.want
	if complete {
		b.pad.Hide()
		b.change.Show()
	} else {
		b.pad.Show()
		b.change.Hide()
	}
	// While the keypad shows, it shows the dice entered; the row shows
	// them once all are in (or while the app's roll tumbles).
	if (complete && len(b.pool.faces) > 0) || b.row.Animating() {
		b.row.Show()
	} else {
		b.row.Hide()
	}
}

func (b *diceBlock) selectedIndexes() []int {
	var out []int
	for i := range b.pool.faces {
		if b.selected[i] {
			out = append(out, i)
		}
	}
	return out
}

// set shows a pool (sorted high to low) in the block.
func (b *diceBlock) set(p rolledPool) {
	p.faces = p.faces.Sorted()
	b.pool = p
	b.selected = map[int]bool{}
	b.pad.SetPool(p.faces)
	b.row.SetSelected(nil)
	b.row.SetPool(p.faces)
	b.sync()
}

// explanation renders the rules' explanation lines.
func explanation(lines []string) fyne.CanvasObject {
	box := container.NewVBox()
	for _, l := range lines {
		box.Add(screen.WrapLabel("• " + l))
	}
	return box
}

// setLine shows text in a label, hiding the label when there is none so it
// leaves no gap.
func setLine(l *widget.Label, text string) {
	l.SetText(text)
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
}

// backupSelect offers the friendly characters who may give a character
// Backup (in play, not Incapacitated, on the same side); the choice is
// checked against the state again on every update.
type backupSelect struct {
	sel  *widget.Select
	ids  map[string]string
	none string
}

// newBackupSelect offers Backup; none is the choice without it ("No
// backup for the target").
func newBackupSelect(none string, changed func()) *backupSelect {
	b := &backupSelect{ids: map[string]string{}, none: none}
	b.sel = widget.NewSelect([]string{none}, func(string) { changed() })
	b.sel.Selected = none
	return b
}

// fill offers the characters who may back up ch (none while ch is nil)
// and drops a choice that is no longer possible.
func (b *backupSelect) fill(v *awayView, ch *tracker.Character) {
	opts := []string{b.none}
	b.ids = map[string]string{}
	if ch != nil {
		for _, o := range v.st.Characters {
			if o.ID == ch.ID || o.Status != tracker.StatusInPlay || !v.st.SameSide(o.Controller, ch.Controller) ||
				!awayrules.CanGiveBackup(o.Character) {
				continue
			}
			l := lang.X("away.dice.backup_from", "Backup from {{.Name}}", map[string]any{"Name": o.Name})
			opts = append(opts, l)
			b.ids[l] = o.ID
		}
	}
	b.sel.SetOptions(opts)
	if _, ok := b.ids[b.sel.Selected]; !ok && b.sel.Selected != b.none {
		b.sel.Selected = b.none
		b.sel.Refresh()
	}
	// Shown only when someone may give Backup.
	if len(opts) > 1 {
		b.sel.Show()
	} else {
		b.sel.Hide()
	}
}

// by returns the character giving Backup ("" and false for none).
func (b *backupSelect) by() (string, bool) {
	id, ok := b.ids[b.sel.Selected]
	return id, ok
}

// foldedSetup is the setup part of a dice form (who rolls, with what, the
// odds): open while it is being chosen, folded to a summary line with a
// Change button once the characters are chosen (and again once every die is
// in), so the keypads, then the result and Apply, sit at the top of the
// panel without a swipe. Change setup opens it until the next choice.
type foldedSetup struct {
	open    *fyne.Container
	summary *widget.Label
	detail  *widget.Label
	line    *fyne.Container
	box     *fyne.Container
	folded  bool
	// want is the player's wish: fold while the setup is complete; set by
	// a choice that completes it and by the last die entered, cleared by
	// Change setup.
	want bool
	// onFold is called after the setup folds (nil: nothing).
	onFold func()
	// onOpen is called after Change setup (nil: nothing).
	onOpen func()
}

func newFoldedSetup(objs ...fyne.CanvasObject) *foldedSetup {
	f := &foldedSetup{open: container.NewVBox(objs...), summary: screen.BoldLabel(""), detail: screen.WrapLabel("")}
	f.summary.Wrapping = fyne.TextWrapWord
	f.detail.SizeName = theme.SizeNameCaptionText
	change := widget.NewButtonWithIcon(lang.X("away.dice.change_setup", "Change setup"), theme.MenuExpandIcon(), func() {
		f.want = false
		f.show(false, "", "")
		if f.onOpen != nil {
			f.onOpen()
		}
	})
	f.line = container.NewVBox(f.summary, container.NewBorder(nil, nil, nil, container.NewCenter(change), f.detail))
	f.line.Hide()
	f.box = container.NewVBox(f.open, f.line)
	return f
}

// show folds the setup to summary and detail (one line of odds) when it
// is complete and the player wants it folded, or opens it.
func (f *foldedSetup) show(complete bool, summary, detail string) {
	folded := complete && f.want
	if folded == f.folded && (!folded || (summary == f.summary.Text && detail == f.detail.Text)) {
		return
	}
	was := f.folded
	f.folded = folded
	f.summary.SetText(summary)
	f.detail.SetText(detail)
	if folded {
		f.open.Hide()
		f.line.Show()
		if !was && f.onFold != nil {
			defer f.onFold()
		}
	} else {
		f.line.Hide()
		f.open.Show()
	}
	f.box.Refresh()
}

// oddsSummary is a distribution in one line: the expected value and the
// chance of at least 1, 2 and 3 ("" for none), e.g. "Expected damage 1.9
// · 1+ 80% · 2+ 51% · 3+ 20%".
func oddsSummary(dist []float64, what string) string {
	if len(dist) == 0 {
		return ""
	}
	exp := 0.0
	for i, p := range dist {
		exp += float64(i) * p
	}
	parts := []string{lang.X("away.dice.expected", "Expected {{.What}} {{.N}}", map[string]any{"What": what, "N": fmt.Sprintf("%.1f", exp)})}
	for k := 1; k <= 3 && k < len(dist); k++ {
		at := 0.0
		for _, p := range dist[k:] {
			at += p
		}
		parts = append(parts, fmt.Sprintf("%d+ %.0f%%", k, 100*at))
	}
	return strings.Join(parts, " · ")
}
