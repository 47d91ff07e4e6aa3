package away

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/ui/screen"
)

// whoMayActivate lists, as buttons, the characters of the player whose
// turn it is that have not activated yet; one tap opens the character's
// card with its actions.
func (v *awayView) whoMayActivate(player string) fyne.CanvasObject {
	box := screen.FitGrid(2)
	for _, ch := range v.st.Characters {
		if ch.Controller != player || ch.Status != tracker.StatusInPlay || ch.Activated {
			continue
		}
		id := ch.ID
		label := ch.Name
		if why := whyNotAct(ch.Stun); why != "" {
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
		parts = append(parts, lang.X("away.act.stun_n", "Stun {{.N}}", map[string]any{"N": ch.Stun}))
	}
	if ch.Honor > 0 {
		parts = append(parts, lang.X("away.act.honor_n", "Honor {{.N}}", map[string]any{"N": ch.Honor}))
	}
	if ch.TakeCover {
		parts = append(parts, lang.X("away.act.taking_cover", "taking cover"))
	}
	return strings.Join(parts, " · ")
}

// activationCard is a character's compact card with the actions of its
// activation: Attack and Skill test (the Dice panel opens set up for it),
// Move, Take cover, Recover when stunned (Incapacitated too), and Draw
// instead or Pass, which are always open ("Draw Instead of Taking
// Actions"), so an activation always has a way on. The first action activates the
// character (the Activated token, two Actions); the card then counts the
// Actions left. Actions the character may not take are greyed out with
// the reason on the card. The card rebuilds from the game state on every
// change, so it never shows stale counts.
func (v *awayView) activationCard(id string) {
	box := container.NewVBox()
	var d dialog.Dialog
	fill := func() {
		box.RemoveAll()
		defer box.Refresh()
		a := v.f.Game().State().Away
		if a == nil {
			return
		}
		var ch *tracker.Character
		for i := range a.Characters {
			if a.Characters[i].ID == id {
				ch = &a.Characters[i]
			}
		}
		if ch == nil || ch.Status != tracker.StatusInPlay {
			box.Add(screen.WrapLabel(lang.X("away.act.gone", "This character is no longer in the mission area.")))
			return
		}
		active := a.Active == id
		box.Add(screen.BoldLabel(ratingsLine(ch)))
		left := a.ActionsLeft()
		switch {
		case active && left > 0 && a.BonusActive:
			// A bonus action: one action, and no Activated token (seed
			// 001 "Bonus Actions").
			l := screen.BoldLabel(lang.X("away.act.bonus_left", "Bonus action: 1 action with {{.Name}}, no Activated token", map[string]any{"Name": ch.Name}))
			l.Wrapping = fyne.TextWrapWord
			l.Importance = widget.SuccessImportance
			box.Add(l)
		case active && left > 0:
			l := screen.BoldLabel(lang.X("away.act.left", "Activated: {{.Left}} of {{.Of}} actions left", map[string]any{"Left": left, "Of": actionLimit(a)}))
			l.Importance = widget.SuccessImportance
			box.Add(l)
		case active:
			box.Add(screen.WrapLabel(lang.X("away.act.none_left", "No actions left: the activation is over.")))
		case ch.Activated:
			box.Add(screen.WrapLabel(lang.X("away.act.already", "{{.Name}} has already activated this round.", map[string]any{"Name": ch.Name})))
		default:
			box.Add(screen.WrapLabel(lang.X("away.act.first_activates", "The first action activates {{.Name}}: the Activated token, then two actions.", map[string]any{"Name": ch.Name})))
		}
		// start activates the character before its first action.
		start := func() bool {
			if v.f.Game().State().Away.Active == id {
				return true
			}
			return v.exec(tracker.Activate{Character: id})
		}
		take := func(kind awayrules.ActionKind) func() {
			return func() {
				if start() && v.exec(tracker.TakeAction{Character: id, Kind: kind}) {
					// The activation's last action closes the card: the
					// turn has passed, and the Round panel says whose it is.
					if a := v.f.Game().State().Away; a != nil && (a.Active != id || a.ActionsLeft() == 0) {
						d.Hide()
					}
				}
			}
		}
		attack := widget.NewButtonWithIcon(lang.X("away.attack", "Attack"), theme.MediaPlayIcon(), func() {
			if start() {
				d.Hide()
				v.dice.preset(modeAttack, id)
			}
		})
		test := widget.NewButtonWithIcon(lang.X("away.skill_test", "Skill test"), theme.SearchIcon(), func() {
			if start() {
				d.Hide()
				v.dice.preset(modeSkill, id)
			}
		})
		move := widget.NewButtonWithIcon(lang.X("away.act.move", "Move"), theme.NavigateNextIcon(), take(awayrules.ActionMove))
		cover := widget.NewButtonWithIcon(lang.X("away.act.take_cover", "Take cover"), theme.VisibilityOffIcon(), take(awayrules.ActionTakeCover))
		recov := widget.NewButtonWithIcon(lang.X("away.act.recover", "Recover (remove a Stun token)"), theme.ContentRemoveIcon(), take(awayrules.ActionRecover))
		draw := widget.NewButtonWithIcon(lang.X("away.act.draw_instead", "Draw instead"), theme.ContentAddIcon(), take(awayrules.ActionDraw))
		pass := widget.NewButtonWithIcon(lang.X("away.act.pass", "Pass"), theme.MediaSkipNextIcon(), take(awayrules.ActionPass))
		var whyNot []string
		for _, x := range []struct {
			b    *widget.Button
			kind awayrules.ActionKind
		}{{attack, awayrules.ActionAttack}, {test, awayrules.ActionSkill}, {move, awayrules.ActionMove}, {cover, awayrules.ActionTakeCover}} {
			if ok, why := awayrules.CanAct(ch.Character, x.kind); !ok {
				x.b.Disable()
				if len(whyNot) == 0 {
					whyNot = append(whyNot, why)
				}
			}
		}
		if len(ch.Weapons) == 0 {
			attack.Disable()
			whyNot = append(whyNot, lang.X("away.act.no_weapon", "No attack action on file for {{.Name}}", map[string]any{"Name": ch.Name}))
		}
		if ok, _ := awayrules.CanAct(ch.Character, awayrules.ActionRecover); !ok {
			recov.Hide()
		}
		if active && left == 0 {
			for _, b := range []*widget.Button{attack, test, move, cover, recov, draw, pass} {
				b.Disable()
			}
		}
		if ch.TakeCover {
			// Not barred, but it adds nothing (seed 001 "Take Cover Actions").
			whyNot = append(whyNot, lang.X("away.act.already_in_cover", "Already taking cover: another Take cover adds nothing"))
		}
		for _, why := range whyNot {
			l := screen.WrapLabel(why + ".")
			l.Importance = widget.WarningImportance
			box.Add(l)
		}
		box.Add(screen.FitGrid(2, attack, test, move, cover))
		box.Add(recov)
		box.Add(screen.FitGrid(2, draw, pass))
		if active && a.Activating && left > 0 {
			// Its player may pass the Actions left: the turn passes.
			box.Add(v.endActivationButton())
		}
	}
	fill()
	cancel := v.f.Game().Subscribe(func(tracker.Update) { fyne.Do(fill) })
	name := id
	if ch := v.character(id); ch != nil {
		name = ch.Name
	}
	d = dialog.NewCustom(name, lang.X("away.close", "Close"), box, v.f.Window())
	d.SetOnClosed(cancel)
	d.Resize(fyne.NewSize(min(400, v.f.Window().Canvas().Size().Width-16), d.MinSize().Height))
	v.f.ShowDialog(d)
}

// actionLimit is the Actions the current activation gives: two, or one
// for a bonus action.
func actionLimit(a *tracker.AwayState) int {
	if a.BonusActive {
		return tracker.BonusActions
	}
	return tracker.ActionsPerActivation
}
