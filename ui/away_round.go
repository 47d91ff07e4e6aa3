package ui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/rules/dice"
	"tableops/rules/reference"
	"tableops/tracker"
)

// showRound fills the Round panel for the current phase: setup, mission
// preparation, draw phase, action phase, beam up and debrief.
func (v *awayView) showRound() {
	v.round.RemoveAll()
	a := v.st
	switch a.Phase {
	case tracker.AwaySetup:
		v.showSetup()
	case tracker.AwayPreparation:
		v.round.Add(heading("Mission preparation"))
		v.round.Add(step("1. Scan the mission area",
			"Everyone rolls a die. The highest places the Main Corridor (Borg or Federation side) and the first Mission Board; then the boards are placed in turn, connecting as many doors as possible."))
		v.round.Add(v.orderBlock(tracker.OrderBoard, a.Orders.Board, "places the first board"))
		v.round.Add(step("2. Choose a core mission", "Each player places the Core Mission card of their affiliation beside their Mission deck."))
		v.round.Add(step("3. Beam down",
			"Roll again. The highest picks the first Mission Board of their starting area and places the first character; no more than two characters per space."))
		if len(a.Orders.Board) > 0 {
			v.round.Add(v.orderBlock(tracker.OrderBeamDown, a.Orders.BeamDown, "beams down first"))
		}
		v.round.Add(step("4. Shuffle decks", "Shuffle your Support and Mission decks and place them face down."))
		if len(a.Orders.BeamDown) > 0 {
			start := widget.NewButtonWithIcon("Start round 1", theme.MediaPlayIcon(), func() { v.exec(tracker.StartRound{}) })
			start.Importance = widget.HighImportance
			v.round.Add(start)
		}
	case tracker.AwayDraw:
		v.round.Add(heading(fmt.Sprintf("Round %d of 3 · Draw phase", a.Round)))
		if a.Round > 1 {
			v.round.Add(step("1. Discard", "Discard any Support and Mission cards you do not want to keep."))
		} else {
			v.round.Add(step("Reverse polarity", "Round 1 only: unhappy with your hand? Return any cards, shuffle both decks and draw back up."))
		}
		v.round.Add(step("2. Draw", "Draw up to 5 Support cards and up to 5 Mission cards. An empty deck gives no more cards."))
		if a.Round > 1 {
			v.round.Add(step("3. Clear the board", "Activated tokens are off the characters (done)."))
		}
		if arriving := v.arriving(a.Round); arriving != "" {
			v.round.Add(step("Escalation", arriving+" arrive at the start of the action phase."))
		}
		v.round.Add(step("Next: action phase",
			"The app gives bonus action tokens to whoever has fewer characters in play, then everyone rolls for first activation."))
		v.round.Add(v.rollOff("Roll for first activation", func(o tracker.AwayOrder) {
			o.Which = tracker.OrderActivation
			v.exec(tracker.StartActionPhase{FirstActivation: &o})
		}))
	case tracker.AwayAction:
		v.showAction()
	case tracker.AwayDebrief:
		v.round.Add(heading("Beam up and debrief"))
		v.round.Add(step("1. End-of-game missions", "Play any end-of-game missions you have achieved and add them below."))
		v.round.Add(v.scoring(true))
		finish := widget.NewButtonWithIcon("Add up scores and decide the winner", theme.ConfirmIcon(), func() {
			v.exec(tracker.FinishGame{})
		})
		finish.Importance = widget.HighImportance
		v.round.Add(finish)
	case tracker.AwayOver:
		v.round.Add(heading("Game over"))
		v.round.Add(v.standing())
		v.round.Add(v.scoring(false))
	}
	v.round.Refresh()
}

// arriving names the escalation characters due in a round ("" if none).
func (v *awayView) arriving(round int) string {
	var names []string
	for _, ch := range v.st.Characters {
		if ch.Status == tracker.StatusWaiting && ch.Escalation <= round {
			names = append(names, ch.Name)
		}
	}
	return strings.Join(names, ", ")
}

// showAction is the action phase: whose activation it is, who has not
// activated, bonus actions, scoring, and the end of the round.
func (v *awayView) showAction() {
	a := v.st
	v.round.Add(heading(fmt.Sprintf("Round %d of 3 · Action phase", a.Round)))
	if len(a.Orders.Activation) == 0 {
		v.round.Add(step("Roll for first activation", "Everyone rolls a die; the highest activates first."))
		v.round.Add(v.rollOff("Decide first activation", func(o tracker.AwayOrder) {
			o.Which = tracker.OrderActivation
			v.exec(o)
		}))
	}
	cur := a.CurrentPlayer()
	switch {
	case cur != "":
		now := widget.NewLabelWithStyle("Now: "+v.playerName(cur)+" activates a character", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		now.Importance = widget.HighImportance
		now.Wrapping = fyne.TextWrapWord
		v.round.Add(now)
		v.round.Add(wrapLabel("Two actions, then the Activated token. Or spend a bonus action token: one action with any of your characters."))
		v.round.Add(v.whoMayActivate(cur))
	case len(a.Orders.Activation) > 0:
		v.round.Add(wrapLabel("Everyone has activated and used their bonus actions."))
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
			line += "all activated"
		} else {
			line += "to activate — " + strings.Join(left, ", ")
		}
		if n := p.Tokens[tracker.TokenBonusActions]; n > 0 {
			line += fmt.Sprintf(" · %d bonus action(s)", n)
		}
		v.round.Add(wrapLabel(line))
		if p.Tokens[tracker.TokenBonusActions] > 0 {
			pid := p.ID
			v.round.Add(widget.NewButtonWithIcon("Use a bonus action ("+p.Name+")", theme.MediaFastForwardIcon(), func() {
				v.chooseCharacter("Bonus action with", pid, func(id string) {
					v.exec(tracker.UseBonusAction{Player: pid, Character: id})
				})
			}))
		}
	}
	v.round.Add(widget.NewSeparator())
	v.round.Add(heading("Missions scored"))
	v.round.Add(v.scoring(true))
	label, cmd := "End round "+strconv.Itoa(a.Round)+" and start the next", tracker.Command(tracker.StartRound{})
	if a.Round >= 3 {
		label, cmd = "End the game: beam up and debrief", tracker.EndGame{}
	}
	end := widget.NewButtonWithIcon(label, theme.MediaSkipNextIcon(), func() { v.exec(cmd) })
	end.Importance = widget.HighImportance
	v.round.Add(end)
}

// chooseCharacter asks for one of a player's characters in play.
func (v *awayView) chooseCharacter(title, player string, then func(id string)) {
	var names []string
	ids := map[string]string{}
	for _, ch := range v.st.Characters {
		if ch.Controller == player && ch.Status == tracker.StatusInPlay {
			names = append(names, ch.Name)
			ids[ch.Name] = ch.ID
		}
	}
	sel := widget.NewRadioGroup(names, nil)
	dialog.ShowCustomConfirm(title, "OK", "Cancel", sel, func(ok bool) {
		if ok && sel.Selected != "" {
			then(ids[sel.Selected])
		}
	}, v.gs.sh.win)
}

// step is a numbered step of the round walker: a bold title and a line.
func step(title, text string) fyne.CanvasObject {
	t := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	return container.NewVBox(t, wrapLabel(text))
}

// orderBlock shows a decided order, or the roll-off to decide it.
func (v *awayView) orderBlock(which string, order []string, what string) fyne.CanvasObject {
	if len(order) > 0 {
		names := make([]string, len(order))
		for i, id := range order {
			names[i] = v.playerName(id)
		}
		l := wrapLabel(fmt.Sprintf("%s %s. Order: %s.", names[0], what, strings.Join(names, ", ")))
		l.Importance = widget.SuccessImportance
		return l
	}
	return v.rollOff("Roll", func(o tracker.AwayOrder) {
		o.Which = which
		v.exec(o)
	})
}

// rollOff asks each player's die: typed in from a physical roll, or rolled
// by the app for everyone. Ties roll off (typed: enter the tie-break dice
// after the first, e.g. "4 6").
func (v *awayView) rollOff(action string, submit func(tracker.AwayOrder)) fyne.CanvasObject {
	entries := map[string]*widget.Entry{}
	form := fitGrid(2)
	for _, p := range v.st.Players {
		e := widget.NewEntry()
		e.SetPlaceHolder("die")
		entries[p.ID] = e
		form.Add(widget.NewLabel(p.Name))
		form.Add(e)
	}
	typed := widget.NewButtonWithIcon(action+" (dice entered)", theme.ConfirmIcon(), func() {
		rolls := map[string][]int{}
		for _, p := range v.st.Players {
			faces, err := dice.Parse(entries[p.ID].Text, 0)
			if err != nil {
				v.gs.say(p.Name+": "+err.Error(), true)
				return
			}
			if len(faces) == 0 {
				v.gs.say("Enter "+p.Name+"'s die.", true)
				return
			}
			rolls[p.ID] = faces
		}
		submit(tracker.AwayOrder{Rolls: rolls})
	})
	virtual := widget.NewButtonWithIcon("Roll for everyone", theme.ViewRefreshIcon(), func() {
		submit(tracker.AwayOrder{Virtual: true})
	})
	hint := wrapLabel("Ties roll again: type the tie-break after the first die, e.g. 5 3.")
	hint.SizeName = theme.SizeNameCaptionText
	return container.NewVBox(form, hint, typed, virtual)
}

// scoring lists each player's scored missions with a form to add one.
func (v *awayView) scoring(editable bool) fyne.CanvasObject {
	box := container.NewVBox()
	for _, p := range v.st.Players {
		total := 0
		var lines []string
		for _, m := range p.Missions {
			total += m.Points
			l := fmt.Sprintf("%s (%d)", m.Name, m.Points)
			if m.EndOfGame {
				l += " end of game"
			}
			lines = append(lines, l)
		}
		text := fmt.Sprintf("%s: %d points", p.Name, total)
		if len(lines) > 0 {
			text += " — " + strings.Join(lines, ", ")
		}
		box.Add(wrapLabel(text))
		if editable {
			pid, pname := p.ID, p.Name
			box.Add(widget.NewButtonWithIcon("Score a mission for "+pname, theme.ContentAddIcon(), func() {
				v.scoreMission(pid, pname)
			}))
		}
	}
	return box
}

// scoreMission asks for a scored mission's name and points.
func (v *awayView) scoreMission(pid, pname string) {
	name := widget.NewEntry()
	name.SetPlaceHolder("Mission card name")
	points := widget.NewEntry()
	points.SetPlaceHolder("Points on the card")
	eog := widget.NewCheck("End-of-game mission", nil)
	eog.Checked = v.st.Phase == tracker.AwayDebrief
	dialog.ShowForm("Mission scored by "+pname, "Score", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Mission", name),
		widget.NewFormItem("Points", points),
		widget.NewFormItem("", eog),
	}, func(ok bool) {
		if !ok {
			return
		}
		n, err := strconv.Atoi(strings.TrimSpace(points.Text))
		if err != nil {
			v.gs.say("Points must be a whole number.", true)
			return
		}
		v.exec(tracker.ScoreMission{Player: pid, Name: name.Text, Points: n, EndOfGame: eog.Checked})
	}, v.gs.sh.win)
}

// standing shows the final totals and the winner.
func (v *awayView) standing() fyne.CanvasObject {
	r := v.st.Result
	if r == nil {
		return wrapLabel("No result recorded.")
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
	title := "Winner: " + strings.Join(winners, " and ")
	if r.Draw {
		title = "A draw between " + strings.Join(winners, " and ")
	}
	w := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	w.SizeName = theme.SizeNameSubHeadingText
	w.Wrapping = fyne.TextWrapWord
	box.Add(w)
	if r.Reason != "" {
		box.Add(wrapLabel(r.Reason))
	}
	for _, id := range ids {
		box.Add(wrapLabel(fmt.Sprintf("%s: %d points", v.playerName(id), r.Totals[id])))
	}
	return box
}

// showSetup is the new-game wizard: players, away teams, the Borg overlay,
// then the start of mission preparation.
func (v *awayView) showSetup() {
	a := v.st
	v.round.Add(heading("New game: players and away teams"))
	v.round.Add(wrapLabel("Add 2 to 4 players (teams share a team name), then each player's characters with the printed values of their four tracks."))
	for _, p := range a.Players {
		pid, pname := p.ID, p.Name
		n := 0
		for _, ch := range a.Characters {
			if ch.Owner == pid {
				n++
			}
		}
		line := fmt.Sprintf("%s — %d character(s)", playerTitle(p), n)
		l := widget.NewLabelWithStyle(line, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		l.Wrapping = fyne.TextWrapWord
		v.round.Add(l)
		v.round.Add(widget.NewButtonWithIcon("Add a character to "+pname, theme.ContentAddIcon(), func() {
			v.chooseAddCharacter(pid, pname)
		}))
		for _, ch := range a.Characters {
			if ch.Owner != pid {
				continue
			}
			cid := ch.ID
			rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { v.exec(tracker.RemoveCharacter{Character: cid}) })
			desc := ch.Name + " · " + tracksLine(ch.Tracks)
			if ch.Escalation > 1 {
				desc += fmt.Sprintf(" · arrives round %d", ch.Escalation)
			}
			v.round.Add(container.NewBorder(nil, nil, nil, rm, wrapLabel(desc)))
		}
	}
	if len(a.Players) < 4 {
		v.round.Add(v.addPlayerForm())
	}
	hasBorg := false
	for _, p := range a.Players {
		hasBorg = hasBorg || p.Borg
	}
	if hasBorg {
		v.round.Add(widget.NewSeparator())
		txt := "Borg Assimilation Overlay: not entered yet. Enter its printed track values so assimilated characters can be tracked."
		if a.Overlay != nil {
			txt = "Borg Assimilation Overlay: " + tracksLine(a.Overlay.Tracks)
		}
		v.round.Add(wrapLabel(txt))
		v.round.Add(widget.NewButtonWithIcon("Enter the overlay's tracks", theme.DocumentCreateIcon(), v.enterOverlay))
	}
	start := widget.NewButtonWithIcon("Start mission preparation", theme.MediaPlayIcon(), func() { v.exec(tracker.StartMission{}) })
	start.Importance = widget.HighImportance
	v.round.Add(widget.NewSeparator())
	v.round.Add(start)
}

// playerTitle is "Name (Affiliation, team T)".
func playerTitle(p tracker.AwayPlayer) string {
	var extra []string
	if p.Affiliation != "" {
		extra = append(extra, p.Affiliation)
	}
	if p.Team != "" {
		extra = append(extra, "team "+p.Team)
	}
	if p.Borg && !strings.EqualFold(p.Affiliation, "Borg") {
		extra = append(extra, "Borg player")
	}
	if len(extra) == 0 {
		return p.Name
	}
	return p.Name + " (" + strings.Join(extra, ", ") + ")"
}

// tracksLine is "A 1-2-3 · D 1-1-2 · S 0-1-2 · M 1-2-3" with the current
// rating in brackets when pegs are missing.
func tracksLine(t awayrules.Tracks) string {
	parts := make([]string, 0, 4)
	for _, r := range []awayrules.Rating{awayrules.Attack, awayrules.Defense, awayrules.Skill, awayrules.Move} {
		tr := t.At(r)
		vals := make([]string, len(tr.Values))
		for i, x := range tr.Values {
			vals[i] = strconv.Itoa(x)
		}
		parts = append(parts, fmt.Sprintf("%s %s", strings.ToUpper(r.String()[:1]), strings.Join(vals, "-")))
	}
	return strings.Join(parts, " · ")
}

// affiliations offered when adding a player (any other may be typed).
var affiliations = []string{"Federation", "Borg", "Klingon", "Romulan", "Dominion"}

func (v *awayView) addPlayerForm() fyne.CanvasObject {
	name := widget.NewEntry()
	name.SetPlaceHolder("Player name")
	aff := widget.NewSelectEntry(affiliations)
	aff.SetPlaceHolder("Affiliation")
	team := widget.NewEntry()
	team.SetPlaceHolder("Team (team games only)")
	borg := widget.NewCheck("Borg player", nil)
	// The tick follows the affiliation: Borg ticks it, another affiliation
	// clears it (a Federation player is not the Borg player).
	aff.OnChanged = func(s string) {
		borg.SetChecked(strings.EqualFold(strings.TrimSpace(s), "Borg"))
	}
	add := widget.NewButtonWithIcon("Add player", theme.ContentAddIcon(), func() {
		if v.exec(tracker.AddAwayPlayer{Name: name.Text, Affiliation: aff.Text, Team: team.Text, Borg: borg.Checked}) {
			name.SetText("")
		}
	})
	borgHint := wrapLabel("The Borg player receives assimilated characters.")
	borgHint.SizeName = theme.SizeNameCaptionText
	return widget.NewCard("Add a player", "", container.NewVBox(name, aff, team, borg, borgHint, add))
}

// parseTrack reads printed track values typed as "1 2 3 3" or "1,2,3".
func parseTrack(what, s string) ([]int, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '-' || r == '/' })
	out := make([]int, 0, len(f))
	for _, x := range f {
		n, err := strconv.Atoi(x)
		if err != nil {
			return nil, fmt.Errorf("%s: %q is not a number", what, x)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: enter the printed values, lowest first, e.g. 1 2 3", what)
	}
	return out, nil
}

// trackEntries are the four entries for a character's printed track values.
type trackEntries struct{ attack, defense, skill, move *widget.Entry }

func newTrackEntries() trackEntries {
	mk := func() *widget.Entry {
		e := widget.NewEntry()
		e.SetPlaceHolder("lowest first, e.g. 1 2 3 3")
		return e
	}
	return trackEntries{mk(), mk(), mk(), mk()}
}

// fill shows known printed values (empty tracks stay empty).
func (t trackEntries) fill(a, d, s, m []int) {
	for _, x := range []struct {
		e *widget.Entry
		v []int
	}{{t.attack, a}, {t.defense, d}, {t.skill, s}, {t.move, m}} {
		parts := make([]string, len(x.v))
		for i, n := range x.v {
			parts[i] = strconv.Itoa(n)
		}
		x.e.SetText(strings.Join(parts, " "))
	}
}

func (t trackEntries) items() []*widget.FormItem {
	return []*widget.FormItem{
		widget.NewFormItem("Attack", t.attack), widget.NewFormItem("Defense", t.defense),
		widget.NewFormItem("Skill", t.skill), widget.NewFormItem("Move", t.move),
	}
}

// values reads the four tracks; a track that cannot be read is named in a
// fieldError on its entry.
func (t trackEntries) values() (a, d, s, m []int, err error) {
	read := func(what string, e *widget.Entry) ([]int, error) {
		v, err := parseTrack(what, e.Text)
		if err != nil {
			return nil, onField(e, err.Error())
		}
		return v, nil
	}
	if a, err = read("Attack", t.attack); err != nil {
		return
	}
	if d, err = read("Defense", t.defense); err != nil {
		return
	}
	if s, err = read("Skill", t.skill); err != nil {
		return
	}
	m, err = read("Move", t.move)
	return
}

// splitList reads "Command, Science x2" into its items.
func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// chooseAddCharacter asks how a character card comes in: typed from the
// card, picked from the catalog, or scanned from its tag.
func (v *awayView) chooseAddCharacter(pid, pname string) {
	var d dialog.Dialog
	typed := widget.NewButtonWithIcon("Type it in", theme.DocumentCreateIcon(), func() {
		d.Hide()
		v.addCharacter(pid, pname, tracker.AddCharacter{})
	})
	catalog := widget.NewButtonWithIcon("Pick from the catalog", theme.SearchIcon(), func() {
		d.Hide()
		v.gs.sh.pickCharacter(func(ch reference.Character) {
			cmd := addCharacterFrom(ch)
			cmd.Player = pid
			if ch.Complete() {
				v.exec(cmd)
				return
			}
			// The catalog lacks some printed values: the form asks for them.
			v.addCharacter(pid, pname, cmd)
		})
	})
	scanned := widget.NewButtonWithIcon("Scan its tag", theme.MediaPhotoIcon(), func() {
		d.Hide()
		v.scanCharacter(pid, pname)
	})
	d = dialog.NewCustom("Add a character to "+pname, "Cancel", container.NewVBox(typed, catalog, scanned), v.gs.sh.win)
	d.Show()
}

// addCharacter is the form for a character card entered by hand, or
// completed by hand when the catalog lacks some of its printed values
// (prefill holds what is known).
func (v *awayView) addCharacter(pid, pname string, prefill tracker.AddCharacter) {
	name := widget.NewEntry()
	name.SetPlaceHolder("Character name")
	name.SetText(prefill.Name)
	tracks := newTrackEntries()
	tracks.fill(prefill.Attack, prefill.Defense, prefill.Skill, prefill.Move)
	specs := widget.NewEntry()
	specs.SetPlaceHolder("e.g. Command, Science, Science")
	specs.SetText(strings.Join(prefill.Specializations, ", "))
	keywords := widget.NewEntry()
	keywords.SetPlaceHolder("e.g. Human, Commander")
	keywords.SetText(strings.Join(prefill.Keywords, ", "))
	wName := widget.NewEntry()
	wName.SetPlaceHolder("e.g. Phaser")
	wDice := widget.NewSelect([]string{"0", "1", "2", "3"}, nil)
	wDice.SetSelected("0")
	wDamage := widget.NewSelect([]string{"0", "1", "2", "3"}, nil)
	wDamage.SetSelected("0")
	wKeys := widget.NewCheckGroup([]string{awayrules.KeywordMelee, awayrules.KeywordStun, awayrules.KeywordDefensive, awayrules.KeywordAssimilate}, nil)
	esc := widget.NewSelect([]string{"From the start", "Round 2", "Round 3"}, nil)
	esc.SetSelectedIndex(max(0, prefill.Escalation-1))
	if len(prefill.Weapons) > 0 {
		w := prefill.Weapons[0]
		wName.SetText(w.Name)
		wDice.SetSelected(strconv.Itoa(w.Dice))
		wDamage.SetSelected(strconv.Itoa(w.Damage))
		wKeys.SetSelected(w.Keywords)
	}
	items := []*widget.FormItem{widget.NewFormItem("Name", name)}
	items = append(items, tracks.items()...)
	items = append(items,
		widget.NewFormItem("Specializations", specs),
		widget.NewFormItem("Keywords", keywords),
		widget.NewFormItem("Attack action", wName),
		widget.NewFormItem("+ dice", wDice),
		widget.NewFormItem("+ damage", wDamage),
		widget.NewFormItem("Weapon keywords", wKeys),
		widget.NewFormItem("Escalation", esc),
	)
	d := newFormDialog(v.gs.sh.win, "Character for "+pname, "Add", items, func() error {
		if strings.TrimSpace(name.Text) == "" {
			return onField(name, "The character needs a name.")
		}
		a, de, s, m, err := tracks.values()
		if err != nil {
			return err
		}
		cmd := prefill
		cmd.Player, cmd.Name, cmd.Attack, cmd.Defense, cmd.Skill, cmd.Move = pid, name.Text, a, de, s, m
		cmd.Specializations, cmd.Keywords = splitList(specs.Text), splitList(keywords.Text)
		cmd.Escalation = 0
		if strings.TrimSpace(wName.Text) != "" {
			dn, _ := strconv.Atoi(wDice.Selected)
			dm, _ := strconv.Atoi(wDamage.Selected)
			first := awayrules.Weapon{Name: wName.Text, Dice: dn, Damage: dm, Keywords: wKeys.Selected}
			if len(cmd.Weapons) > 0 {
				cmd.Weapons = append([]awayrules.Weapon{first}, cmd.Weapons[1:]...)
			} else {
				cmd.Weapons = []awayrules.Weapon{first}
			}
		}
		if i := esc.SelectedIndex(); i > 0 {
			cmd.Escalation = i + 1
		}
		return v.gs.try(cmd)
	})
	d.Show()
}

// enterOverlay asks for the printed tracks of the Borg Assimilation Overlay.
func (v *awayView) enterOverlay() {
	tracks := newTrackEntries()
	newFormDialog(v.gs.sh.win, "Borg Assimilation Overlay", "Save", tracks.items(), func() error {
		a, d, s, m, err := tracks.values()
		if err != nil {
			return err
		}
		return v.gs.try(tracker.SetOverlay{Attack: a, Defense: d, Skill: s, Move: m})
	}).Show()
}

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
	done := widget.NewButtonWithIcon("Done: place the Activated token", theme.ConfirmIcon(), func() {
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
