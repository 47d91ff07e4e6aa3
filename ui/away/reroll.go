package away

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/rules/dice"
	"tableops/ui/screen"
)

// rerollPanel walks the "Discard to Re-roll" sequence of one roll with the
// rules' Reroll state: starting with the active player, each side in turn
// discards a card to re-roll the dice they picked, or passes; once both pass
// in succession the roll stands.
type rerollPanel struct {
	v      *awayView
	blocks [2]*diceBlock
	names  [2]string
	rr     *awayrules.Reroll
	box    *fyne.Container
	// changed re-explains the roll after a re-roll.
	changed func()
}

// newOpposedDice makes the two dice blocks of a roll (the active side's and
// the other's) and their re-roll panel: typing faces on either keypad drops
// the re-rolls made so far and resolves again.
func newOpposedDice(v *awayView, resolve func()) (active, other *diceBlock, rp *rerollPanel) {
	typed := func() { rp.reset(); resolve() }
	active, other = newDiceBlock(typed), newDiceBlock(typed)
	rp = newRerollPanel(v, active, other, resolve)
	return active, other, rp
}

func newRerollPanel(v *awayView, active, other *diceBlock, changed func()) *rerollPanel {
	return &rerollPanel{v: v, blocks: [2]*diceBlock{active, other}, box: container.NewVBox(), changed: changed}
}

// reset forgets the sequence: the dice were typed or rolled anew.
func (p *rerollPanel) reset() { p.rr = nil }

// render starts the sequence for the dice on screen if needed and shows
// whose decision it is. other may be empty for an unopposed roll.
func (p *rerollPanel) render(active, other dice.Pool, activeName, otherName string) fyne.CanvasObject {
	p.names = [2]string{activeName, otherName}
	p.box.RemoveAll()
	if p.rr == nil {
		rr, err := awayrules.NewReroll(active, other)
		if err != nil {
			p.box.Add(screen.WrapLabel(screen.ErrText(err)))
			return p.box
		}
		p.rr = &rr
	}
	if p.rr.Final {
		l := screen.WrapLabel(lang.X("away.reroll.both_passed", "Both sides passed: the roll stands."))
		if p.rr.Sides == 1 {
			l.SetText(lang.X("away.reroll.stands", "The roll stands."))
		}
		l.Importance = widget.SuccessImportance
		p.box.Add(l)
		return p.box
	}
	side := p.rr.Turn
	p.box.Add(widget.NewLabelWithStyle(lang.X("away.reroll.decides", "Discard to re-roll: {{.Name}} decides", map[string]any{"Name": p.names[side]}), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	p.box.Add(screen.WrapLabel(lang.X("away.reroll.how", "Tap {{.Name}}'s dice to pick them, then discard a card and re-roll them, or pass. New faces stand even when worse.", map[string]any{"Name": p.names[side]})))
	virtual := widget.NewButtonWithIcon(lang.X("away.reroll.picked", "Re-roll picked"), theme.ViewRefreshIcon(), func() { p.discard(side, true) })
	typed := widget.NewButtonWithIcon(lang.X("away.reroll.type_faces", "Type new faces"), theme.DocumentCreateIcon(), func() { p.discard(side, false) })
	pass := widget.NewButtonWithIcon(lang.X("away.reroll.pass", "Pass"), theme.MediaSkipNextIcon(), func() {
		rr, err := p.rr.Pass(side)
		if err != nil {
			p.v.f.Say(screen.ErrText(err), true)
			return
		}
		p.rr = &rr
		p.changed()
	})
	p.box.Add(screen.FitGrid(2, virtual, typed))
	p.box.Add(pass)
	return p.box
}

// discard re-rolls the picked dice of side: by the app from a fresh seed,
// or with faces the player rolled and types in.
func (p *rerollPanel) discard(side int, virtual bool) {
	b := p.blocks[side]
	idx := b.selectedIndexes()
	if len(idx) == 0 {
		p.v.f.Say(lang.X("away.reroll.pick_first", "Tap the dice to re-roll first."), true)
		return
	}
	apply := func(rr awayrules.Reroll, err error) {
		if err != nil {
			p.v.f.Say(screen.ErrText(err), true)
			return
		}
		p.rr = &rr
		b.set(rolledPool{faces: rr.Pools[side]})
		p.v.f.Say("", false)
		p.changed()
	}
	if virtual {
		seed, ok := p.v.f.Game().NewSeed()
		if !ok {
			p.v.f.Say(lang.X("away.reroll.no_virtual", "This game cannot roll virtual dice; type the new faces instead."), true)
			return
		}
		apply(p.rr.DiscardVirtual(side, idx, seed))
		return
	}
	e := screen.NewTextEntry()
	e.SetPlaceHolder(lang.X("away.reroll.faces_hint", "{{.N}} new faces, e.g. 6 3", map[string]any{"N": len(idx)}))
	p.v.f.ShowDialog(dialog.NewForm(lang.X("away.reroll.new_faces_for", "New faces for {{.Name}}", map[string]any{"Name": p.names[side]}), lang.X("away.reroll.reroll", "Re-roll"), lang.X("away.cancel", "Cancel"),
		[]*widget.FormItem{widget.NewFormItem(lang.X("away.reroll.faces", "Faces"), e)}, func(ok bool) {
			if !ok {
				return
			}
			faces, err := dice.Parse(e.Text, len(idx))
			if err != nil {
				p.v.f.Say(screen.ErrText(err), true)
				return
			}
			apply(p.rr.Discard(side, idx, faces))
		}, p.v.f.Window()))

}
