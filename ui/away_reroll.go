package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/rules/dice"
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
			p.box.Add(wrapLabel(err.Error()))
			return p.box
		}
		p.rr = &rr
	}
	if p.rr.Final {
		l := wrapLabel("Both sides passed: the roll stands.")
		if p.rr.Sides == 1 {
			l.SetText("The roll stands.")
		}
		l.Importance = widget.SuccessImportance
		p.box.Add(l)
		return p.box
	}
	side := p.rr.Turn
	p.box.Add(widget.NewLabelWithStyle("Discard to re-roll: "+p.names[side]+" decides", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	p.box.Add(wrapLabel(fmt.Sprintf("Tap %s's dice to pick them, then discard a card and re-roll them, or pass. New faces stand even when worse.", p.names[side])))
	virtual := widget.NewButtonWithIcon("Re-roll picked", theme.ViewRefreshIcon(), func() { p.discard(side, true) })
	typed := widget.NewButtonWithIcon("Type new faces", theme.DocumentCreateIcon(), func() { p.discard(side, false) })
	pass := widget.NewButtonWithIcon("Pass", theme.MediaSkipNextIcon(), func() {
		rr, err := p.rr.Pass(side)
		if err != nil {
			p.v.gs.say(err.Error(), true)
			return
		}
		p.rr = &rr
		p.changed()
	})
	p.box.Add(fitGrid(2, virtual, typed))
	p.box.Add(pass)
	return p.box
}

// discard re-rolls the picked dice of side: by the app from a fresh seed,
// or with faces the player rolled and types in.
func (p *rerollPanel) discard(side int, virtual bool) {
	b := p.blocks[side]
	idx := b.selectedIndexes()
	if len(idx) == 0 {
		p.v.gs.say("Tap the dice to re-roll first.", true)
		return
	}
	apply := func(rr awayrules.Reroll, err error) {
		if err != nil {
			p.v.gs.say(err.Error(), true)
			return
		}
		p.rr = &rr
		b.set(rolledPool{faces: rr.Pools[side]})
		p.v.gs.say("", false)
		p.changed()
	}
	if virtual {
		seed, ok := p.v.gs.game.NewSeed()
		if !ok {
			p.v.gs.say("This game cannot roll virtual dice; type the new faces instead.", true)
			return
		}
		apply(p.rr.DiscardVirtual(side, idx, seed))
		return
	}
	e := widget.NewEntry()
	e.SetPlaceHolder(fmt.Sprintf("%d new faces, e.g. 6 3", len(idx)))
	dialog.ShowForm("New faces for "+p.names[side], "Re-roll", "Cancel",
		[]*widget.FormItem{widget.NewFormItem("Faces", e)}, func(ok bool) {
			if !ok {
				return
			}
			faces, err := dice.Parse(e.Text, len(idx))
			if err != nil {
				p.v.gs.say(err.Error(), true)
				return
			}
			apply(p.rr.Discard(side, idx, faces))
		}, p.v.gs.sh.win)
}
