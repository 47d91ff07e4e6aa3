package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/tracker"
)

// whoMayActivate lists, as buttons, the characters of the player whose
// turn it is that have not activated yet; one tap opens the character's
// card with its actions.
func (v *awayView) whoMayActivate(player string) fyne.CanvasObject {
	box := fitGrid(2)
	for _, ch := range v.st.Characters {
		if ch.Controller != player || ch.Status != tracker.StatusInPlay || ch.Activated {
			continue
		}
		id := ch.ID
		label := ch.Name
		if why := awayrules.WhyNotAct(ch.Stun); why != "" {
			label += " (" + why + ")"
		}
		b := widget.NewButtonWithIcon(label, theme.MediaPlayIcon(), func() { v.activationCard(id) })
		if ch.Stun == 0 {
			b.Importance = widget.HighImportance
		}
		box.Add(b)
	}
	return box
}

// ratingsLine is a character's four current ratings as numbers with its
// tokens: "A 3 · D 2 · S 4 · M 3 · Stun 1".
func ratingsLine(ch *tracker.Character) string {
	parts := make([]string, 0, 6)
	for _, r := range []awayrules.Rating{awayrules.Attack, awayrules.Defense, awayrules.Skill, awayrules.Move} {
		parts = append(parts, fmt.Sprintf("%s %d", strings.ToUpper(r.String()[:1]), ch.Rating(r)))
	}
	if ch.Stun > 0 {
		parts = append(parts, fmt.Sprintf("Stun %d", ch.Stun))
	}
	if ch.Honor > 0 {
		parts = append(parts, fmt.Sprintf("Honor %d", ch.Honor))
	}
	if ch.TakeCover {
		parts = append(parts, "taking cover")
	}
	return strings.Join(parts, " · ")
}

// activationCard is a character's compact card with the actions of its
// activation: attack or skill test (the Dice panel opens set up for it),
// Recover when stunned, and the Activated token when done. Actions the
// character may not take are greyed out with the reason on the card.
func (v *awayView) activationCard(id string) {
	ch := v.character(id)
	if ch == nil {
		return
	}
	var d dialog.Dialog
	attack := widget.NewButtonWithIcon("Attack", theme.MediaPlayIcon(), func() {
		d.Hide()
		v.dice.preset("Attack", id)
	})
	test := widget.NewButtonWithIcon("Skill test", theme.SearchIcon(), func() {
		d.Hide()
		v.dice.preset("Skill test", id)
	})
	recov := widget.NewButtonWithIcon("Recover (remove a Stun token)", theme.ContentRemoveIcon(), func() {
		d.Hide()
		v.exec(tracker.AdjustStun{Character: id, Delta: -1})
	})
	done := widget.NewButtonWithIcon("Done (Activated token)", theme.ConfirmIcon(), func() {
		d.Hide()
		v.exec(tracker.Activate{Character: id})
	})
	done.Importance = widget.HighImportance
	if !awayrules.MayAttack(ch.Stun) || len(ch.Weapons) == 0 {
		attack.Disable()
	}
	if !awayrules.MayTestSkill(ch.Stun) {
		test.Disable()
	}
	if !awayrules.MayRecover(ch.Stun) {
		recov.Hide()
	}
	box := container.NewVBox(boldLabel(ratingsLine(ch)))
	if why := awayrules.WhyNotAct(ch.Stun); why != "" {
		l := wrapLabel(ch.Name + " is " + why + ".")
		l.Importance = widget.WarningImportance
		box.Add(l)
	}
	if len(ch.Weapons) == 0 {
		box.Add(wrapLabel("No attack action on file for " + ch.Name + "."))
	}
	box.Add(fitGrid(2, attack, test))
	box.Add(recov)
	box.Add(done)
	d = dialog.NewCustom(ch.Name, "Close", box, v.gs.sh.win)
	d.Resize(fyne.NewSize(min(400, v.gs.sh.win.Canvas().Size().Width-16), d.MinSize().Height))
	d.Show()
}
