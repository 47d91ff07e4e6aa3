package away

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/dice"
	"tableops/tracker"
	"tableops/ui/screen"
)

// showRound fills the Round panel for the current phase: setup, mission
// preparation, draw phase, action phase, beam up and debrief.
func (v *awayView) showRound() {
	v.round.RemoveAll()
	v.roundNext = nil
	a := v.st
	switch a.Phase {
	case tracker.AwaySetup:
		v.showSetup()
	case tracker.AwayPreparation:
		v.round.Add(screen.Heading(lang.X("away.round.prep", "Mission preparation")))
		v.round.Add(screen.Step(lang.X("away.round.scan_t", "1. Scan the mission area"),
			lang.X("away.round.scan", "Everyone rolls a die. The highest places the Main Corridor (Borg or Federation side) and the first Mission Board; then the boards are placed in turn, connecting as many doors as possible.")))
		v.round.Add(v.orderBlock(tracker.OrderBoard, a.Orders.Board, lang.X("away.round.places_board", "places the first board")))
		v.round.Add(screen.Step(lang.X("away.round.core_t", "2. Choose a core mission"),
			lang.X("away.round.core", "Each player places the Core Mission card of their affiliation beside their Mission deck.")))
		v.round.Add(screen.Step(lang.X("away.round.beam_t", "3. Beam down"),
			lang.X("away.round.beam", "Roll again. The highest picks the first Mission Board of their starting area and places the first character; no more than two characters per space.")))
		if len(a.Orders.Board) > 0 {
			v.round.Add(v.orderBlock(tracker.OrderBeamDown, a.Orders.BeamDown, lang.X("away.round.beams_first", "beams down first")))
		}
		v.round.Add(screen.Step(lang.X("away.round.shuffle_t", "4. Shuffle decks"),
			lang.X("away.round.shuffle", "Shuffle your Support and Mission decks and place them face down.")))
		if len(a.Orders.BeamDown) > 0 {
			start := widget.NewButtonWithIcon(lang.X("away.round.start1", "Start round 1"), theme.MediaPlayIcon(), func() { v.exec(tracker.StartRound{}) })
			start.Importance = widget.HighImportance
			v.round.Add(start)
		}
	case tracker.AwayDraw:
		v.round.Add(screen.Heading(lang.X("away.round.draw_phase", "Round {{.N}} of 3 · Draw phase", map[string]any{"N": a.Round})))
		if a.Round > 1 {
			v.round.Add(screen.Step(lang.X("away.round.discard_t", "1. Discard"),
				lang.X("away.round.discard", "Discard any Support and Mission cards you do not want to keep.")))
		} else {
			v.round.Add(screen.Step(lang.X("away.round.reverse_t", "Reverse polarity"),
				lang.X("away.round.reverse", "Round 1 only: unhappy with your hand? Return any cards, shuffle both decks and draw back up.")))
		}
		v.round.Add(screen.Step(lang.X("away.round.draw_t", "2. Draw"),
			lang.X("away.round.draw", "Draw up to 5 Support cards and up to 5 Mission cards. An empty deck gives no more cards.")))
		if a.Round > 1 {
			v.round.Add(screen.Step(lang.X("away.round.clear_t", "3. Clear the board"),
				lang.X("away.round.clear", "Activated tokens are off the characters (done).")))
		}
		if arriving, n := v.arriving(a.Round); n > 0 {
			text := lang.X("away.round.escalation", "{{.Names}} arrive at the start of the action phase.", map[string]any{"Names": arriving})
			if n == 1 {
				text = lang.X("away.round.escalation_one", "{{.Name}} arrives at the start of the action phase.", map[string]any{"Name": arriving})
			}
			v.round.Add(screen.Step(lang.X("away.round.escalation_t", "Escalation"), text))
		}
		v.round.Add(screen.Step(lang.X("away.round.next_t", "Next: action phase"),
			lang.X("away.round.next", "The app gives bonus action tokens to whoever has fewer characters in play, then everyone rolls for first activation.")))
		v.round.Add(v.rollOff(lang.X("away.round.roll_first", "Roll for first activation"), func(o tracker.AwayOrder) {
			o.Which = tracker.OrderActivation
			v.exec(tracker.StartActionPhase{FirstActivation: &o})
		}))
	case tracker.AwayAction:
		v.showAction()
	case tracker.AwayDebrief:
		v.round.Add(screen.Heading(lang.X("away.round.debrief", "Beam up and debrief")))
		v.round.Add(screen.Step(lang.X("away.round.eog_t", "1. End-of-game missions"),
			lang.X("away.round.eog", "Play any end-of-game missions you have achieved and add them below.")))
		// seed 001 "Beam Up and Debrief": then each player checks their
		// Core Mission card for the points it scored.
		v.round.Add(screen.Step(lang.X("away.round.core_mission_t", "2. Core Mission"),
			lang.X("away.round.core_mission", "Check your Core Mission card: add the points it gives you for what you achieved.")))
		for _, p := range a.Players {
			pid, pname := p.ID, p.Name
			v.round.Add(widget.NewButtonWithIcon(lang.X("away.round.core_for", "Core Mission points for {{.Name}}", map[string]any{"Name": pname}), theme.ContentAddIcon(), func() {
				v.scoreCore(pid, pname)
			}))
		}
		v.round.Add(v.scoring(true))
		finish := widget.NewButtonWithIcon(lang.X("away.round.finish", "Add up scores and decide the winner"), theme.ConfirmIcon(), func() {
			v.exec(tracker.FinishGame{})
		})
		finish.Importance = widget.HighImportance
		v.round.Add(finish)
	case tracker.AwayOver:
		v.round.Add(screen.Heading(lang.X("away.round.over", "Game over")))
		v.round.Add(v.standing())
		v.round.Add(v.scoring(false))
	}
	v.round.Refresh()
}

// arriving names the escalation characters due in a round and counts
// them ("" and 0 if none).
func (v *awayView) arriving(round int) (string, int) {
	var names []string
	for _, ch := range v.st.Characters {
		if ch.Status == tracker.StatusWaiting && ch.Escalation <= round {
			names = append(names, ch.Name)
		}
	}
	return strings.Join(names, ", "), len(names)
}

// showAction is the action phase: whose activation it is, who has not
// activated, bonus actions, scoring, and the end of the round.
func (v *awayView) showAction() {
	a := v.st
	v.round.Add(screen.Heading(lang.X("away.round.action_phase", "Round {{.N}} of 3 · Action phase", map[string]any{"N": a.Round})))
	if len(a.Orders.Activation) == 0 {
		v.round.Add(screen.Step(lang.X("away.round.roll_first", "Roll for first activation"), lang.X("away.round.roll_first_how", "Everyone rolls a die; the highest activates first.")))
		v.roundNext = v.rollOff(lang.X("away.round.decide_first", "Decide first activation"), func(o tracker.AwayOrder) {
			o.Which = tracker.OrderActivation
			v.exec(o)
		})
		v.round.Add(v.roundNext)
	}
	if len(a.Orders.Activation) > 0 {
		v.round.Add(v.orderBlock(tracker.OrderActivation, a.Orders.Activation, lang.X("away.round.activates_first", "activates first")))
	}
	allDone := false
	if act := v.character(a.Active); a.Activating && act != nil {
		// The activation under way holds the turn until its Actions are
		// taken or its player ends it: who acts, its card and the way to
		// end it.
		id := act.ID
		now := widget.NewLabelWithStyle(nowActing(act.Name, a.ActionsLeft(), a.BonusActive), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		now.Importance = widget.HighImportance
		now.Wrapping = fyne.TextWrapWord
		card := widget.NewButtonWithIcon(lang.X("away.round.actions_of", "{{.Name}}'s actions", map[string]any{"Name": act.Name}), theme.AccountIcon(),
			func() { v.activationCard(id) })
		card.Importance = widget.SuccessImportance
		v.addNext(now, screen.FitGrid(2, card, v.endActivationButton()))
	} else {
		if act != nil && a.ActionsLeft() > 0 {
			// Actions left without holding the turn (no activation
			// order was decided).
			id := act.ID
			b := widget.NewButtonWithIcon(lang.X("away.round.actions_left", "{{.Name}}: {{.N}} action(s) left", map[string]any{"Name": act.Name, "N": a.ActionsLeft()}), theme.AccountIcon(),
				func() { v.activationCard(id) })
			b.Importance = widget.SuccessImportance
			v.round.Add(b)
		}
		switch cur := a.CurrentPlayer(); {
		case cur != "" && !v.hasToActivate(cur):
			// Every character of the player's has activated: their turn
			// is a bonus action token, which does not keep for the next
			// round (seed 001 "Bonus Actions").
			name := v.playerName(cur)
			now := widget.NewLabelWithStyle(lang.X("away.round.now_bonus", "Now: {{.Name}} spends a bonus action token", map[string]any{"Name": name}), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			now.Importance = widget.HighImportance
			now.Wrapping = fyne.TextWrapWord
			b := v.useBonusButton(cur, name)
			b.Importance = widget.HighImportance
			v.addNext(now, screen.WrapLabel(lang.X("away.round.bonus_left", "Every character of {{.Name}}'s has activated. A bonus action token is one action with any of them (Draw instead counts); tokens do not keep for the next round.", map[string]any{"Name": name})), b)
		case cur != "":
			now := widget.NewLabelWithStyle(lang.X("away.round.now", "Now: {{.Name}} activates a character", map[string]any{"Name": v.playerName(cur)}), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			now.Importance = widget.HighImportance
			now.Wrapping = fyne.TextWrapWord
			v.addNext(now, screen.WrapLabel(lang.X("away.round.two_actions", "Two actions, then the Activated token. Or spend a bonus action token: one action with any of your characters.")), v.whoMayActivate(cur))
		case len(a.Orders.Activation) > 0:
			// The round's end is the next step: at hand, not at the
			// bottom of the panel.
			v.addNext(screen.WrapLabel(lang.X("away.round.all_done", "Everyone has activated and used their bonus actions.")), v.endRoundButton())
			allDone = true
		}
	}
	// Who still has characters to activate.
	for _, p := range a.Players {
		var left []string
		for _, ch := range a.Characters {
			if ch.Controller == p.ID && ch.Status == tracker.StatusInPlay && !ch.Activated {
				left = append(left, ch.Name)
			}
		}
		line := p.Name + ": "
		if len(left) == 0 {
			line += lang.X("away.round.all_activated", "all activated")
		} else {
			line += lang.X("away.round.to_activate", "to activate — {{.Names}}", map[string]any{"Names": strings.Join(left, ", ")})
		}
		if n := p.Tokens[tracker.TokenBonusActions]; n > 0 {
			line += " · " + lang.X("away.round.bonus_n", "{{.N}} bonus action(s)", map[string]any{"N": n})
		}
		v.round.Add(screen.WrapLabel(line))
		if p.Tokens[tracker.TokenBonusActions] > 0 && (p.ID != a.CurrentPlayer() || v.hasToActivate(p.ID) || a.Activating) {
			v.round.Add(v.useBonusButton(p.ID, p.Name))
		}
	}
	v.round.Add(widget.NewSeparator())
	v.round.Add(screen.Heading(lang.X("away.round.missions", "Missions scored")))
	v.round.Add(v.scoring(true))
	if !allDone {
		v.round.Add(v.endRoundButton())
	}
}

// addNext adds the next step of the action phase to the Round panel (who
// acts now and the controls to do it), as one block that the panel brings
// into view when the activation changes (screen.StepScroll).
func (v *awayView) addNext(objs ...fyne.CanvasObject) {
	v.roundNext = container.NewVBox(objs...)
	v.round.Add(v.roundNext)
}

// activationStep names the step of the action phase: the phase, whose
// activation is under way and whose turn it is.
func (v *awayView) activationStep() string {
	a := v.st
	return fmt.Sprintf("%v/%d/%s/%v/%s/%d", a.Phase, a.Round, a.Active, a.Activating, a.CurrentPlayer(), len(a.Orders.Activation))
}

// endRoundButton ends the round (the third: the game, to the debrief).
func (v *awayView) endRoundButton() *widget.Button {
	a := v.st
	label, cmd := lang.X("away.round.end_round", "End round {{.N}} and start the next", map[string]any{"N": a.Round}), tracker.Command(tracker.StartRound{})
	if a.Round >= 3 {
		label, cmd = lang.X("away.round.end_game", "End the game: beam up and debrief"), tracker.EndGame{}
	}
	end := widget.NewButtonWithIcon(label, theme.MediaSkipNextIcon(), func() { v.exec(cmd) })
	end.Importance = widget.HighImportance
	return end
}

// hasToActivate reports whether a player has a character in play that
// has not activated this round.
func (v *awayView) hasToActivate(player string) bool {
	for _, ch := range v.st.Characters {
		if ch.Controller == player && ch.Status == tracker.StatusInPlay && !ch.Activated {
			return true
		}
	}
	return false
}

// useBonusButton spends one of a player's bonus action tokens: it asks
// with which character, then opens that character's card with its one
// action.
func (v *awayView) useBonusButton(pid, name string) *widget.Button {
	return widget.NewButtonWithIcon(lang.X("away.round.use_bonus", "Use a bonus action ({{.Name}})", map[string]any{"Name": name}), theme.MediaFastForwardIcon(), func() {
		v.chooseCharacter(lang.X("away.round.bonus_with", "Bonus action with"), pid, func(id string) {
			if v.exec(tracker.UseBonusAction{Player: pid, Character: id}) {
				// The bonus action's card, with its one action.
				v.activationCard(id)
			}
		})
	})
}

// nowActing is the Round panel's headline while an activation holds the
// turn: "Now: Riker, 1 action left", or for a bonus action "Now: Riker, a
// bonus action".
func nowActing(name string, left int, bonus bool) string {
	if bonus && left > 0 {
		return lang.X("away.round.now_bonus_action", "Now: {{.Name}}, a bonus action", map[string]any{"Name": name})
	}
	if left == 1 {
		return lang.X("away.round.now_one_left", "Now: {{.Name}}, 1 action left", map[string]any{"Name": name})
	}
	return lang.X("away.round.now_left", "Now: {{.Name}}, {{.N}} actions left", map[string]any{"Name": name, "N": left})
}

// endActivationButton ends the activation under way before its Actions
// are all taken: the turn passes to the next player.
func (v *awayView) endActivationButton() *widget.Button {
	return widget.NewButtonWithIcon(lang.X("away.round.end_activation", "End activation"), theme.MediaSkipNextIcon(), func() {
		v.exec(tracker.EndActivation{})
	})
}

// chooseCharacter asks for one of a player's characters in play: one tap
// on its name chooses it (the dialog closes first, so then may open one
// of its own).
func (v *awayView) chooseCharacter(title, player string, then func(id string)) {
	var d dialog.Dialog
	grid := screen.FitGrid(2)
	for _, ch := range v.st.Characters {
		if ch.Controller != player || ch.Status != tracker.StatusInPlay {
			continue
		}
		id := ch.ID
		grid.Add(widget.NewButtonWithIcon(ch.Name, theme.AccountIcon(), func() {
			d.Hide()
			then(id)
		}))
	}
	box := container.NewVBox(screen.WrapLabel(lang.X("away.round.choose_who", "Choose the character who takes the action.")), grid)
	d = dialog.NewCustom(title, lang.X("away.cancel", "Cancel"), box, v.f.Window())
	v.f.ShowDialog(d)
}

// orderBlock shows a decided order, or the roll-off to decide it.
func (v *awayView) orderBlock(which string, order []string, what string) fyne.CanvasObject {
	if len(order) > 0 {
		names := make([]string, len(order))
		for i, id := range order {
			names[i] = v.playerName(id)
		}
		text := lang.X("away.round.order", "{{.Name}} {{.What}}. Order: {{.Order}}.", map[string]any{"Name": names[0], "What": what, "Order": strings.Join(names, ", ")})
		if rolls := v.rollsOf(which); rolls != "" {
			text += " " + rolls
		}
		l := screen.WrapLabel(text)
		l.Importance = widget.SuccessImportance
		return l
	}
	return v.rollOff(lang.X("away.round.roll", "Roll"), func(o tracker.AwayOrder) {
		o.Which = which
		v.exec(o)
	})
}

// rollsOf describes the dice of the roll-off that decided an order, as
// recorded in the game log (typed or rolled by the app): "Rolls: Dana 5,
// Kim 2; then Dana 6, Kim 1." ("" when the order was agreed or the step is
// no longer in the history).
func (v *awayView) rollsOf(which string) string {
	for _, st := range v.f.Game().History().Undo {
		for _, ev := range st.Events {
			var set *tracker.AwayOrderSet
			switch e := ev.Payload.(type) {
			case tracker.AwayOrderSet:
				set = &e
			case *tracker.AwayOrderSet:
				set = e
			}
			if set == nil || set.Which != which {
				continue
			}
			if set.RollOff == nil || len(set.RollOff.History) == 0 {
				return ""
			}
			rounds := make([]string, 0, len(set.RollOff.History))
			for _, r := range set.RollOff.History {
				parts := make([]string, 0, len(r.Players))
				for i, pid := range r.Players {
					if i < len(r.Rolls) {
						parts = append(parts, fmt.Sprintf("%s %d", v.playerName(pid), r.Rolls[i]))
					}
				}
				rounds = append(rounds, strings.Join(parts, ", "))
			}
			return lang.X("away.round.rolls", "Rolls: {{.Rolls}}.", map[string]any{"Rolls": strings.Join(rounds, "; "+lang.X("away.round.then", "then")+" ")})
		}
	}
	return ""
}

// rollOff asks each player's die: typed in from a physical roll, or rolled
// by the app for everyone. Ties roll off (typed: enter the tie-break dice
// after the first, e.g. "4 6").
func (v *awayView) rollOff(action string, submit func(tracker.AwayOrder)) fyne.CanvasObject {
	entries := map[string]*screen.TextEntry{}
	form := screen.FitGrid(2)
	for _, p := range v.st.Players {
		e := screen.NewTextEntry()
		e.SetPlaceHolder(lang.X("away.round.die", "die"))
		entries[p.ID] = e
		form.Add(widget.NewLabel(p.Name))
		form.Add(e)
	}
	typed := widget.NewButtonWithIcon(lang.X("away.round.dice_entered", "{{.Action}} (dice entered)", map[string]any{"Action": action}), theme.ConfirmIcon(), func() {
		rolls := map[string][]int{}
		for _, p := range v.st.Players {
			faces, err := dice.Parse(entries[p.ID].Text, 0)
			if err != nil {
				v.f.Say(p.Name+": "+screen.ErrText(err), true)
				return
			}
			if len(faces) == 0 {
				v.f.Say(lang.X("away.round.enter_die", "Enter {{.Name}}'s die.", map[string]any{"Name": p.Name}), true)
				return
			}
			rolls[p.ID] = faces
		}
		submit(tracker.AwayOrder{Rolls: rolls})
	})
	virtual := widget.NewButtonWithIcon(lang.X("away.round.roll_everyone", "Roll for everyone"), theme.ViewRefreshIcon(), func() {
		submit(tracker.AwayOrder{Virtual: true})
	})
	hint := screen.WrapLabel(lang.X("away.round.ties", "Ties roll again: type the tie-break after the first die, e.g. 5 3."))
	hint.SizeName = theme.SizeNameCaptionText
	return container.NewVBox(form, hint, typed, virtual)
}

// coreMission is the name a Core Mission is scored under (an Away
// Missions term: English in every language, as the cards are).
const coreMission = "Core Mission"

// scoring lists each player's scoring area (the Mission cards, the Core
// Mission, the Bonus Points tokens) and its total (tracker's Score), with
// a form to add a mission.
func (v *awayView) scoring(editable bool) fyne.CanvasObject {
	box := container.NewVBox()
	for _, p := range v.st.Players {
		sc := p.Score()
		var lines []string
		for _, m := range p.Missions {
			l := fmt.Sprintf("%s (%d)", m.Name, m.Points)
			if m.EndOfGame {
				l += " " + lang.X("away.round.eog_short", "end of game")
			}
			if m.Core && m.Name != coreMission {
				l += " " + coreMission
			}
			lines = append(lines, l)
		}
		if sc.BonusPoints != 0 {
			lines = append(lines, lang.X("away.round.bonus_points_n", "Bonus Points tokens ({{.N}})", map[string]any{"N": sc.BonusPoints}))
		}
		text := lang.X("away.round.points", "{{.Name}}: {{.N}} points", map[string]any{"Name": p.Name, "N": sc.Total()})
		if len(lines) > 0 {
			text += " — " + strings.Join(lines, ", ")
		}
		box.Add(screen.WrapLabel(text))
		if editable {
			pid, pname := p.ID, p.Name
			box.Add(widget.NewButtonWithIcon(lang.X("away.round.score_for", "Score a mission for {{.Name}}", map[string]any{"Name": pname}), theme.ContentAddIcon(), func() {
				v.scoreMission(pid, pname)
			}))
		}
	}
	return box
}

// scoreMission asks for a scored mission's name and points.
func (v *awayView) scoreMission(pid, pname string) {
	name := screen.NewTextEntry()
	name.SetPlaceHolder(lang.X("away.round.mission_name", "Mission card name"))
	points := screen.NewTextEntry()
	points.SetPlaceHolder(lang.X("away.round.mission_points", "Points on the card"))
	eog := widget.NewCheck(lang.X("away.round.eog_mission", "End-of-game mission"), nil)
	eog.Checked = v.st.Phase == tracker.AwayDebrief
	items := []*widget.FormItem{
		widget.NewFormItem(lang.X("away.round.mission", "Mission"), name),
		widget.NewFormItem(lang.X("away.round.points_label", "Points"), points),
	}
	// The Borg player gains the Adapt tokens the card gives (seed 001
	// glossary, Adapt).
	var adapt *screen.TextEntry
	for _, p := range v.st.Players {
		if p.ID == pid && p.Borg {
			adapt = screen.NewTextEntry()
			adapt.SetPlaceHolder(lang.X("away.round.adapt_hint", "Adapt tokens the card gives (0 if none)"))
			items = append(items, widget.NewFormItem(lang.X("away.token.adapt", "Adapt"), adapt))
		}
	}
	items = append(items, widget.NewFormItem("", eog))
	v.f.ShowDialog(dialog.NewForm(lang.X("away.round.scored_by", "Mission scored by {{.Name}}", map[string]any{"Name": pname}), lang.X("away.round.score", "Score"), lang.X("away.cancel", "Cancel"), items, func(ok bool) {
		if !ok {
			return
		}
		n, err := strconv.Atoi(strings.TrimSpace(points.Text))
		if err != nil {
			v.f.Say(lang.X("away.round.points_number", "Points must be a whole number."), true)
			return
		}
		cmd := tracker.ScoreMission{Player: pid, Name: name.Text, Points: n, EndOfGame: eog.Checked}
		if adapt != nil && strings.TrimSpace(adapt.Text) != "" {
			if cmd.Adapt, err = strconv.Atoi(strings.TrimSpace(adapt.Text)); err != nil {
				v.f.Say(lang.X("away.round.adapt_number", "Adapt tokens must be a whole number."), true)
				return
			}
		}
		v.exec(cmd)
	}, v.f.Window()))

}

// scoreCore asks for the points a player's Core Mission card gives
// (scored as their Core Mission, under its name).
func (v *awayView) scoreCore(pid, pname string) {
	name := screen.NewTextEntry()
	name.SetPlaceHolder(lang.X("away.round.mission_name", "Mission card name"))
	name.SetText(coreMission)
	points := screen.NewTextEntry()
	points.SetPlaceHolder(lang.X("away.round.mission_points", "Points on the card"))
	v.f.ShowDialog(dialog.NewForm(lang.X("away.round.core_for", "Core Mission points for {{.Name}}", map[string]any{"Name": pname}), lang.X("away.round.score", "Score"), lang.X("away.cancel", "Cancel"), []*widget.FormItem{
		widget.NewFormItem(lang.X("away.round.mission", "Mission"), name),
		widget.NewFormItem(lang.X("away.round.points_label", "Points"), points),
	}, func(ok bool) {
		if !ok {
			return
		}
		n, err := strconv.Atoi(strings.TrimSpace(points.Text))
		if err != nil {
			v.f.Say(lang.X("away.round.points_number", "Points must be a whole number."), true)
			return
		}
		v.exec(tracker.ScoreMission{Player: pid, Name: name.Text, Points: n, Core: true})
	}, v.f.Window()))
}

// standing shows the final totals and the winner.
func (v *awayView) standing() fyne.CanvasObject {
	r := v.st.Result
	if r == nil {
		return screen.WrapLabel(lang.X("away.round.no_result", "No result recorded."))
	}
	ids := make([]string, 0, len(r.Totals))
	for id := range r.Totals {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return r.Totals[ids[i]] > r.Totals[ids[j]] })
	box := container.NewVBox()
	var winners []string
	for _, id := range r.Winners {
		winners = append(winners, v.playerName(id))
	}
	and := " " + lang.X("away.round.and", "and") + " "
	title := lang.X("away.round.winner", "Winner: {{.Names}}", map[string]any{"Names": strings.Join(winners, and)})
	if r.Draw {
		// The draw names the players it is between (it named no one).
		var tied []string
		for _, id := range r.Tied {
			tied = append(tied, v.playerName(id))
		}
		title = lang.X("away.round.a_draw", "A draw between {{.Names}}", map[string]any{"Names": strings.Join(tied, and)})
	}
	w := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	w.SizeName = theme.SizeNameSubHeadingText
	w.Wrapping = fyne.TextWrapWord
	box.Add(w)
	if r.Reason != "" {
		box.Add(screen.WrapLabel(r.Reason))
	}
	for _, id := range ids {
		box.Add(screen.WrapLabel(lang.X("away.round.points", "{{.Name}}: {{.N}} points", map[string]any{"Name": v.playerName(id), "N": r.Totals[id]})))
	}
	return box
}
