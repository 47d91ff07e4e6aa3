package away

import (
	"fmt"
	"slices"
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
	"tableops/ui/widgets"
)

// awayView is the Away Missions game screen: the away teams with their peg
// tracks and tokens, the round walker, and the dice (attacks and skill
// tests). Every change goes through a tracker command.
type awayView struct {
	f  screen.Frame
	st *tracker.AwayState

	team      *fyne.Container
	teamScrol *container.Scroll
	round     *fyne.Container
	roundScrl *container.Scroll
	dice      *awayDice
	// step is the phase and round last shown (see show).
	step string
	// roundNext is the Round panel's next step as last shown (who acts
	// now and the controls to do it), brought into view when the
	// activation changes (roundSteps).
	roundNext  fyne.CanvasObject
	roundSteps screen.StepScroll
	// open holds the characters whose full card is shown on a narrow
	// screen, where the roster lists compact cards.
	open map[string]bool
	// cardOf is each character's card on the Team panel, as last shown.
	cardOf map[string]fyne.CanvasObject
	// lazy shows the state on the panels in view (see screen.LazyPanels).
	lazy *screen.LazyPanels
	// parts are the Team panel's headings and cards as last shown.
	parts screen.KeptParts
	// tracks are the peg tracks of each character's full card as last
	// built (see setTracks).
	tracks map[string][4]*widgets.PegTrack
}

// New builds the Away Missions screen, drawn in f.
func New(f screen.Frame) screen.View { return newAwayView(f) }

func newAwayView(f screen.Frame) *awayView {
	v := &awayView{f: f, open: map[string]bool{}, tracks: map[string][4]*widgets.PegTrack{}}
	v.team = container.NewVBox()
	v.teamScrol = container.NewVScroll(v.team)
	v.round = container.NewVBox()
	v.roundScrl = container.NewVScroll(v.round)
	v.dice = newAwayDice(v)
	v.lazy = screen.NewLazyPanels(f.PanelVisible)
	v.lazy.Add(lang.X("away.panel.team", "Team"), v.showTeam)
	v.lazy.Add(lang.X("away.panel.round", "Round"), func() {
		v.showRound()
		v.roundSteps.Follow(v.roundScrl, v.activationStep(), v.roundNext, false)
	})
	v.lazy.Add(awayDicePanel(), func() { v.dice.show(v.st) })
	return v
}

// Shown brings a panel that came into view up to date.
func (v *awayView) Shown(title string) {
	if v.st != nil {
		v.lazy.Shown(title)
	}
}

// Panels are the Team, Round and Dice panels.
func (v *awayView) Panels() []screen.Panel {
	return []screen.Panel{
		{Title: lang.X("away.panel.team", "Team"), Icon: theme.AccountIcon(), Content: v.teamScrol},
		{Title: lang.X("away.panel.round", "Round"), Icon: theme.MediaPlayIcon(), Content: v.roundScrl},
		{Title: awayDicePanel(), Icon: theme.GridIcon(), Content: v.dice.content},
	}
}

// StartPanel is the panel the game opens on: Round while no player is in
// (the game is set up there), else the first.
func (v *awayView) StartPanel() string {
	if v.st != nil && len(v.st.Players) == 0 {
		return lang.X("away.panel.round", "Round")
	}
	return ""
}

// awayDicePanel is the title of the Dice panel (also used to open it).
func awayDicePanel() string { return lang.X("away.panel.dice", "Dice") }

// Show shows a new state: the panels in view at once, the others when
// they come into view (see screen.LazyPanels).
func (v *awayView) Show(s *tracker.State) {
	if s == nil || s.Away == nil {
		return
	}
	v.st = s.Away
	v.lazy.Changed()
	// A new phase or round is a new step: show it from its top, not at the
	// old scroll position (which could be blank below a shorter panel).
	// Within the action phase the next activation comes into view as it
	// changes (roundSteps).
	if step := fmt.Sprintf("%v/%d", v.st.Phase, v.st.Round); step != v.step {
		v.step = step
		v.roundScrl.ScrollToTop()
	}
}

// RollNow rolls the dice on the Dice panel (desktop roll shortcut).
func (v *awayView) RollNow() { v.dice.rollNow() }

// exec runs a command for this game (see screen.Frame.Exec).
func (v *awayView) exec(cmd tracker.Command) bool { return v.f.Exec(cmd) }

// playerName returns a player's name by id.
func (v *awayView) playerName(id string) string {
	for _, p := range v.st.Players {
		if p.ID == id {
			return p.Name
		}
	}
	return id
}

// teamColumnWidth is the narrowest a column of character cards gets; a wide
// team panel shows cards side by side.
const teamColumnWidth = 360

// showTeam lists every character, grouped by the player who controls it.
// Each player's heading and each card are kept while what they show is the
// same (see screen.KeptParts): removing a peg builds that character's card again,
// not the whole team.
func (v *awayView) showTeam() {
	objs := v.teamObjects()
	v.parts.Done()
	screen.SetObjects(v.team, objs)
}

// teamObjects are the Team panel's parts for the state.
func (v *awayView) teamObjects() []fyne.CanvasObject {
	if len(v.st.Players) == 0 {
		return []fyne.CanvasObject{v.parts.Get("none", nil, func() fyne.CanvasObject {
			return screen.Padded(screen.WrapLabel(lang.X("away.team.no_players", "No players yet. Add the players and their away teams in the Round panel.")))
		})}
	}
	cur := v.st.CurrentPlayer()
	compact := v.compact()
	phase := v.st.Phase
	cardOf := map[string]fyne.CanvasObject{}
	v.cardOf = cardOf
	var objs []fyne.CanvasObject
	if len(v.st.Characters) > 1 {
		// A jump list: one tap brings a character's card into view.
		type jumpTo struct{ ID, Name string }
		var names []jumpTo
		for _, p := range seatFirst(v.st.Players, v.f.Seat()) {
			for _, ch := range v.st.Characters {
				if ch.Controller == p.ID {
					name := ch.Name
					if ch.Status == tracker.StatusNeutralized {
						name += " " + lang.X("away.team.out", "(out)")
					}
					names = append(names, jumpTo{ch.ID, name})
				}
			}
		}
		objs = append(objs, v.parts.Get("jump", names, func() fyne.CanvasObject {
			jump := screen.FitGrid(3)
			for _, n := range names {
				id := n.ID
				jump.Add(widget.NewButton(n.Name, func() { v.jumpTo(id) }))
			}
			return jump
		}))
	}
	for _, p := range seatFirst(v.st.Players, v.f.Seat()) {
		title := p.Name
		if p.Affiliation != "" {
			title += " · " + p.Affiliation
		}
		if p.Team != "" {
			title += " · " + lang.X("away.team.team_x", "team {{.Team}}", map[string]any{"Team": p.Team})
		}
		if p.ID == cur {
			title = "▶ " + lang.X("away.team.activating_now", "{{.Title}} — activating now", map[string]any{"Title": title})
		}
		line := playerTokensLine(p)
		if line == "" {
			line = lang.X("away.team.no_tokens", "No tokens")
		}
		pid := p.ID
		objs = append(objs,
			v.parts.Get("title/"+pid, title, func() fyne.CanvasObject { return screen.Heading(title) }),
			v.parts.Get("tokens/"+pid, line, func() fyne.CanvasObject {
				tokens := widget.NewButtonWithIcon(lang.X("away.team.tokens", "Tokens"), theme.DocumentCreateIcon(), func() { v.editTokens(pid) })
				return container.NewBorder(nil, nil, nil, tokens, screen.WrapLabel(line))
			}))
		var cards, outCards []fyne.CanvasObject
		for i := range v.st.Characters {
			ch := &v.st.Characters[i]
			if ch.Controller != p.ID {
				continue
			}
			small := compact && !v.open[ch.ID]
			data := cardData(ch)
			if !small {
				// The full card keeps its peg tracks and shows the new
				// pegs on them (setTracks): a peg removed changes no
				// other widget of it.
				data = cardData(&tracker.Character{ID: ch.ID, Controller: ch.Controller, CatalogID: ch.CatalogID,
					Affiliation: ch.Affiliation, Status: ch.Status, Honor: ch.Honor, Character: withoutPegs(ch.Character)})
			}
			c := v.parts.Get("card/"+ch.ID, []any{data, small, compact, phase == tracker.AwayAction, v.badges(ch)}, func() fyne.CanvasObject {
				if small {
					return v.compactCard(ch)
				}
				return v.characterCard(ch)
			})
			if !small {
				v.setTracks(ch)
			}
			cardOf[ch.ID] = c
			if ch.Status == tracker.StatusNeutralized {
				// Out of the game: a short card in a row of its own under
				// the cards in play, not a box stretched beside a full
				// card.
				outCards = append(outCards, c)
				continue
			}
			cards = append(cards, c)
		}
		if len(cards)+len(outCards) == 0 {
			objs = append(objs, v.parts.Get("empty/"+pid, nil, func() fyne.CanvasObject {
				return screen.WrapLabel(lang.X("away.team.no_characters", "No characters on this team yet."))
			}))
			continue
		}
		// The player's cards in columns, the same box while the cards are.
		for k, row := range [][]fyne.CanvasObject{cards, outCards} {
			if len(row) == 0 {
				continue
			}
			ids := make([]string, len(row))
			for i, c := range row {
				ids[i] = fmt.Sprintf("%p", c)
			}
			key := "cards/" + pid
			if k == 1 && len(cards) > 0 {
				key = "out/" + pid
			}
			objs = append(objs, v.parts.Get(key, ids, func() fyne.CanvasObject {
				cols := screen.NewColumns(teamColumnWidth)
				cols.Objects = row
				return cols
			}))
		}
	}
	return objs
}

// cardData is what a character's card shows: the character as a value
// (its assimilation too, not the pointer to it).
func cardData(ch *tracker.Character) []any {
	c := *ch
	var asm awayrules.Assimilation
	if c.Assimilated != nil {
		asm = *c.Assimilated
		c.Assimilated = nil
	}
	return []any{c, asm}
}

// withoutPegs is a character with every track's pegs left out (the
// values printed on the card stay).
func withoutPegs(c awayrules.Character) awayrules.Character {
	for _, r := range awayrules.Ratings {
		if t := c.Tracks.Get(r); t != nil {
			t.Pegs = 0
		}
	}
	return c
}

// setTracks shows a character's pegs on the peg tracks of its full card.
func (v *awayView) setTracks(ch *tracker.Character) {
	for i, p := range v.tracks[ch.ID] {
		if p == nil {
			continue
		}
		t := ch.Tracks.At(awayrules.Ratings[i])
		if p.Pegs() != t.Pegs || !slices.Equal(p.Values(), t.Values) {
			p.SetTrack(t.Values, t.Pegs)
		}
	}
}

// jumpTo brings a character's card into view on the Team panel, opening
// it first on a narrow screen.
func (v *awayView) jumpTo(id string) {
	if v.compact() && !v.open[id] {
		v.open[id] = true
		v.showTeam()
		v.teamScrol.Refresh()
	}
	if c, ok := v.cardOf[id]; ok {
		v.scrollTeamTo(c)
	}
}

// compact reports whether the roster shows compact cards (a narrow window).
func (v *awayView) compact() bool {
	return v.f.Window().Canvas().Size().Width < screen.WideWidth
}

// compactCard is a character on one card of a few lines: the name with its
// states, the four ratings as numbers and its tokens; one tap opens the
// full card with its peg tracks.
func (v *awayView) compactCard(ch *tracker.Character) fyne.CanvasObject {
	id := ch.ID
	name := screen.BoldLabel(ch.Name)
	name.Truncation = fyne.TextTruncateEllipsis
	rows := container.NewVBox(name)
	if b := v.badges(ch); len(b) > 0 {
		l := screen.WrapLabel(strings.Join(b, " · "))
		l.Importance = widget.WarningImportance
		rows.Add(l)
	}
	if ch.Status != tracker.StatusNeutralized {
		rows.Add(screen.WrapLabel(ratingsLine(ch)))
	}
	open := widget.NewButtonWithIcon(lang.X("away.team.open", "Open"), theme.MenuExpandIcon(), func() {
		v.open[id] = true
		v.showTeam()
	})
	return widget.NewCard("", "", container.NewBorder(nil, nil, nil, container.NewCenter(open), rows))
}

// badges are a character's states as its card shows them.
func (v *awayView) badges(ch *tracker.Character) []string {
	var badges []string
	switch {
	case ch.Status == tracker.StatusNeutralized:
		badges = append(badges, lang.X("away.badge.neutralized", "NEUTRALIZED"))
	case ch.Status == tracker.StatusWaiting:
		badges = append(badges, lang.X("away.badge.arrives", "arrives in round {{.N}}", map[string]any{"N": ch.Escalation}))
	}
	if ch.Assimilated != nil {
		// The card goes back to the player whose away team it came
		// from, not to the Borg player who now owns the drone.
		owner := ch.Assimilated.Owner
		if owner == "" {
			owner = ch.Owner
		}
		badges = append(badges, lang.X("away.badge.assimilated", "ASSIMILATED (card of {{.Owner}})", map[string]any{"Owner": v.playerName(owner)}))
	}
	if ch.Stun >= 2 {
		badges = append(badges, lang.X("away.badge.incapacitated", "INCAPACITATED"))
	}
	if ch.Activated {
		badges = append(badges, lang.X("away.badge.activated", "activated"))
	}
	if ch.TakeCover {
		badges = append(badges, lang.X("away.act.taking_cover", "taking cover"))
	}
	return badges
}

// scrollTeamTo scrolls the Team panel so a character's card is at the top.
func (v *awayView) scrollTeamTo(card fyne.CanvasObject) {
	v.team.Refresh()
	growContent(v.teamScrol)
	if y, ok := offsetIn(v.team, card); ok {
		v.teamScrol.ScrollToOffset(fyne.NewPos(0, y))
	}
}

// offsetIn returns how far down inside root (through its containers) an
// object is laid out. Unlike the driver's AbsolutePositionForObject it
// finds objects the window has not drawn yet (a card just built).
func offsetIn(root, o fyne.CanvasObject) (float32, bool) {
	if root == o {
		return 0, true
	}
	c, ok := root.(*fyne.Container)
	if !ok || !root.Visible() {
		return 0, false
	}
	for _, child := range c.Objects {
		if y, ok := offsetIn(child, o); ok {
			return child.Position().Y + y, true
		}
	}
	return 0, false
}

// growContent makes a scroll's content as tall as it now needs (taller
// or shorter: a folded setup shrinks it), at least the scroll's height,
// and lays it out: the window does it only at its next frame, and the
// positions of what is in it are stale until then.
func growContent(s *container.Scroll) {
	c := s.Content
	h := max(c.MinSize().Height, s.Size().Height)
	if h != c.Size().Height {
		c.Resize(fyne.NewSize(c.Size().Width, h))
	}
	layoutAll(c)
}

// layoutAll lays out the containers in o, outermost first, as the
// window's next frame does (a container whose size did not change keeps
// its children where a fold left them until then).
func layoutAll(o fyne.CanvasObject) {
	c, ok := o.(*fyne.Container)
	if !ok || !c.Visible() {
		return
	}
	if c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
	}
	for _, k := range c.Objects {
		layoutAll(k)
	}
}

// playerTokensLine describes a player's tokens ("" when there are none).
func playerTokensLine(p tracker.AwayPlayer) string {
	var parts []string
	for _, k := range []string{tracker.TokenBonusActions, tracker.TokenAdapt, tracker.TokenIntel, tracker.TokenBonusPoints} {
		if n := p.Tokens[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", tokenName(k), n))
		}
	}
	return strings.Join(parts, " · ")
}

// tokenName is the name of a token kind as players say it.
func tokenName(k string) string {
	switch k {
	case tracker.TokenBonusActions:
		return lang.X("away.token.bonus_actions", "Bonus actions")
	case tracker.TokenAdapt:
		return lang.X("away.token.adapt", "Adapt")
	case tracker.TokenIntel:
		return lang.X("away.token.intel", "Intel")
	case tracker.TokenBonusPoints:
		return lang.X("away.token.bonus_points", "Bonus points")
	case tracker.TokenHonor:
		return lang.X("away.token.honor", "Honor")
	}
	return k
}

// editTokens shows a player's tokens (bonus actions, adapt, intel, bonus
// points) with buttons to add and remove them; each tap is one command.
func (v *awayView) editTokens(pid string) {
	box := container.NewVBox()
	fill := func() {
		box.RemoveAll()
		for _, p := range v.st.Players {
			if p.ID != pid {
				continue
			}
			for _, k := range []string{tracker.TokenBonusActions, tracker.TokenAdapt, tracker.TokenIntel, tracker.TokenBonusPoints} {
				k := k
				box.Add(stepper(tokenName(k), p.Tokens[k], func(d int) {
					v.exec(tracker.AdjustTokens{Player: pid, Token: k, Delta: d})
				}))
			}
		}
		box.Refresh()
	}
	fill()
	cancel := v.f.Game().Subscribe(func(tracker.Update) { fyne.Do(fill) })
	d := dialog.NewCustom(lang.X("away.team.tokens_of", "Tokens of {{.Name}}", map[string]any{"Name": v.playerName(pid)}), lang.X("away.done", "Done"), box, v.f.Window())
	d.SetOnClosed(cancel)
	v.f.ShowDialog(d)
}

// characterCard draws one character like its physical card: the four peg
// tracks, stun tokens, and the tokens and states on it.
func (v *awayView) characterCard(ch *tracker.Character) fyne.CanvasObject {
	id := ch.ID
	name := widget.NewLabelWithStyle(ch.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.SizeName = theme.SizeNameSubHeadingText
	badges := v.badges(ch)
	status := widget.NewLabel(strings.Join(badges, " · "))
	status.Wrapping = fyne.TextWrapWord
	status.Importance = widget.WarningImportance
	rows := container.NewVBox(name)
	if v.compact() {
		// A narrow roster folds the card back to its compact form.
		fold := widget.NewButtonWithIcon(lang.X("away.team.fold", "Fold"), theme.MenuDropUpIcon(), func() {
			delete(v.open, id)
			v.showTeam()
		})
		rows.Objects[0] = container.NewBorder(nil, nil, nil, fold, name)
	}
	if len(badges) > 0 {
		rows.Add(status)
	}
	if ch.Status == tracker.StatusNeutralized {
		return widget.NewCard("", "", rows)
	}
	playing := ch.Status == tracker.StatusInPlay
	var tracks [4]*widgets.PegTrack
	for i, r := range awayrules.Ratings {
		t := ch.Tracks.At(r)
		tracks[i] = newPegRow(strings.ToUpper(r.String()), t, playing,
			func() { v.exec(tracker.AdjustTrack{Character: id, Track: r, Delta: -1}) },
			func() { v.exec(tracker.AdjustTrack{Character: id, Track: r, Delta: 1}) })
		rows.Add(tracks[i])
	}
	v.tracks[id] = tracks
	if len(ch.Specializations) > 0 || len(ch.Weapons) > 0 || len(ch.Keywords) > 0 {
		lines := []string{specLine(ch.Specializations)}
		if len(ch.Keywords) > 0 {
			// The card's keywords, as typed (seed 001 "Reading a
			// Character Card").
			lines = append(lines, lang.X("away.team.keywords", "Keywords: {{.List}}", map[string]any{"List": strings.Join(ch.Keywords, ", ")}))
		}
		for _, w := range ch.Weapons {
			lines = append(lines, weaponLine(w))
		}
		info := screen.WrapLabel(strings.TrimSpace(strings.Join(lines, "\n")))
		info.SizeName = theme.SizeNameCaptionText
		rows.Add(info)
	}
	if !playing {
		return widget.NewCard("", "", rows)
	}
	stun := stepper(lang.X("away.token.stun", "Stun"), ch.Stun, func(d int) { v.exec(tracker.AdjustStun{Character: id, Delta: d}) })
	honor := stepper(lang.X("away.token.honor", "Honor"), ch.Honor, func(d int) {
		v.exec(tracker.AdjustTokens{Character: id, Token: tracker.TokenHonor, Delta: d})
	})
	cover := widget.NewCheck(lang.X("away.act.take_cover", "Take cover"), func(on bool) {
		if on != ch.TakeCover {
			v.exec(tracker.SetTakeCover{Character: id, On: on})
		}
	})
	cover.Checked = ch.TakeCover
	tokens := container.NewVBox(stun)
	// Honor tokens are the Klingons' (seed 001, "Klingon Empire"); a card
	// of another affiliation that holds some (a table ruling) shows them.
	if strings.Contains(strings.ToLower(ch.Affiliation), "klingon") || ch.Honor > 0 {
		tokens.Add(honor)
	}
	actions := container.NewVBox(cover)
	neutralize := widget.NewButtonWithIcon(lang.X("away.team.neutralize", "Neutralize"), theme.CancelIcon(), func() {
		v.f.ShowDialog(dialog.NewConfirm(lang.X("away.team.neutralize_q", "Neutralize {{.Name}}?", map[string]any{"Name": ch.Name}),
			lang.X("away.team.neutralize_why", "For a card or rule that removes the character from the game. Damage neutralizes by itself when a track at its lowest must lose a peg."),
			func(ok bool) {
				if ok {
					v.exec(tracker.Neutralize{Character: id})
				}
			}, v.f.Window()))

	})
	actions.Add(neutralize)
	if v.st.Phase == tracker.AwayAction && !ch.Activated {
		act := widget.NewButtonWithIcon(lang.X("away.team.activate", "Activate"), theme.MediaPlayIcon(), func() {
			v.exec(tracker.Activate{Character: id})
		})
		act.Importance = widget.HighImportance
		actions.Add(act)
	}
	rows.Add(tokens)
	rows.Add(actions)
	return widget.NewCard("", "", rows)
}

// specLine lists specializations ("" when none).
func specLine(specs []string) string {
	if len(specs) == 0 {
		return ""
	}
	return lang.X("away.team.specs", "Specializations: {{.List}}", map[string]any{"List": strings.Join(specs, ", ")})
}

// weaponLine describes an attack action: "Phaser: +1 die, +1 damage (Stun)".
func weaponLine(w awayrules.Weapon) string {
	s := lang.X("away.team.weapon", "{{.Name}}: +{{.Dice}} dice, +{{.Damage}} damage", map[string]any{"Name": w.Name, "Dice": w.Dice, "Damage": w.Damage})
	if len(w.Keywords) > 0 {
		s += " (" + strings.Join(w.Keywords, ", ") + ")"
	}
	return s
}

// stepper is a small labelled count with − and + buttons; onStep gets −1
// or +1 and sends the command (the tracker decides).
func stepper(label string, value int, onStep func(int)) fyne.CanvasObject {
	minus := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { onStep(-1) })
	plus := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { onStep(1) })
	val := widget.NewLabelWithStyle(fmt.Sprintf("%s %d", label, value), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	return container.NewBorder(nil, nil, minus, plus, val)
}

// ShowSeat shows the player's team first.
func (v *awayView) ShowSeat(string) {
	if v.st != nil {
		v.showTeam()
	}
}

// seatFirst returns the players with the seat's player first.
func seatFirst(ps []tracker.AwayPlayer, seat string) []tracker.AwayPlayer {
	out := make([]tracker.AwayPlayer, 0, len(ps))
	for _, p := range ps {
		if p.ID == seat {
			out = append(out, p)
		}
	}
	for _, p := range ps {
		if p.ID != seat {
			out = append(out, p)
		}
	}
	return out
}

// newPegRow shows one rating track as pegs; tapping a peg removes one,
// a secondary tap (long press) puts one back.
func newPegRow(label string, t awayrules.Track, enabled bool, onRemove, onRestore func()) *widgets.PegTrack {
	p := widgets.NewPegTrack(label, t.Values, t.Pegs)
	p.OnRemove = onRemove
	p.OnRestore = onRestore
	p.SetDisabled(!enabled)
	return p
}
