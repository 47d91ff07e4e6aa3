package ascendancy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
)

// ascWalker is the Round panel: initiative bidding and turn order, each
// seat's building and command phases, the Borg turn, and the recharge with
// its summary and victory check. Each stage is a small view that rebuilds
// what it shows from the tracker state on every update; the bidding keeps
// the players' typed bids and chosen cards as a draft.
type ascWalker struct {
	v          *ascView
	initiative *initiativeView
	execution  *executionView
	recharge   *rechargeView
	// next is the control of the step shown (the buttons that move the
	// turn on, the recharge, the bids), brought into view when the step
	// changes (screen.StepScroll); steps is how far the panel followed.
	next  fyne.CanvasObject
	steps screen.StepScroll
}

func newAscWalker(v *ascView) *ascWalker {
	return &ascWalker{v: v,
		initiative: &initiativeView{v: v, bids: map[string]*screen.TextEntry{}, cards: map[string]*widget.Select{}, drawn: map[string]*widget.Select{}},
		execution:  &executionView{v: v},
		recharge:   &rechargeView{v: v},
	}
}

// show rebuilds the Round panel from the state of the game.
func (w *ascWalker) show() fyne.CanvasObject {
	v := w.v
	a := v.st
	box := container.NewVBox()
	w.next = nil
	score := widget.NewButtonWithIcon(lang.X("asc.scoreboard_tablet_full_screen", "Scoreboard (tablet, full screen)"), theme.ViewFullScreenIcon(), v.openScoreboard)
	switch a.Walker.Stage {
	case tracker.AscSetup:
		box.Add(screen.Heading(lang.X("asc.setup", "Setup")))
		box.Add(screen.WrapLabel(lang.X("asc.add_the_players_their_cost", "Add the players, their cost tables and the Borg on the Players panel, then start round 1 there.")))
		return box
	case tracker.AscInitiative:
		box.Add(screen.Heading(lang.X("asc.round_initiative", "Round {{.Round}} · Initiative", map[string]any{"Round": a.Walker.Round})))
		box.Add(w.lastRecharge())
		w.next = w.initiative.show()
		box.Add(w.next)
	case tracker.AscExecution:
		box.Add(screen.Heading(lang.X("asc.round_execution", "Round {{.Round}} · Execution", map[string]any{"Round": a.Walker.Round})))
		box.Add(w.execution.show())
	case tracker.AscRecharge:
		box.Add(screen.Heading(lang.X("asc.round_recharge", "Round {{.Round}} · Recharge", map[string]any{"Round": a.Walker.Round})))
		box.Add(w.recharge.show())
	case tracker.AscOver:
		box.Add(screen.Heading(lang.X("asc.game_over", "Game over")))
		box.Add(w.gameOver())
		box.Add(w.lastRecharge())
	}
	return container.NewVBox(score, box)
}

// rechargeView is the recharge stage: its three steps, what everyone will
// get, the Cardassian occupation question, and the button that does it.
type rechargeView struct {
	v *ascView
	// unocc is, per Cardassian player, their resource nodes on systems
	// with no Cardassian ship in orbit (the draft answer), and round the
	// round it was given for.
	unocc map[string]*occupation
	round int
	// preview is what everyone will get, as the tracker works it out
	// from the answers.
	preview *fyne.Container
}

// occupation is one Cardassian player's answer: resource nodes, by kind,
// on systems with no Cardassian ship in orbit.
type occupation struct {
	prod, res, cult *numStepper
}

func (r *rechargeView) show() fyne.CanvasObject {
	v := r.v
	box := container.NewVBox()
	box.Add(screen.Step(lang.X("asc.1_victory_check", "1. Victory check"), lang.X("asc.ascendancy_5_while_holding_your", "Ascendancy 5 while holding your own home system, or 3 home systems held (supremacy), or a faction's own agenda; players with no ships and no systems are out.")))
	box.Add(screen.Step(lang.X("asc.2_resource_generation", "2. Resource generation"), lang.X("asc.each_node_produces_one_of", "Each node produces one of its kind; trade agreements from others produce for their holders; advancements add their income.")))
	box.Add(screen.Step(lang.X("asc.3_maintenance", "3. Maintenance"), lang.X("asc.every_command_token_is_ready", "Every command token is ready again (base + starbases + advancements); trade agreements are refreshed.")))
	box.Add(screen.BoldLabel(lang.X("asc.what_everyone_will_get", "What everyone will get")))
	r.preview = container.NewVBox()
	box.Add(r.preview)
	box.Add(r.occupationQuestion())
	r.showPreview()
	go1 := widget.NewButtonWithIcon(lang.X("asc.recharge_everyone", "Recharge everyone"), theme.ViewRefreshIcon(), func() { v.exec(r.command()) })
	go1.Importance = widget.HighImportance
	box.Add(go1)
	v.walker.next = go1
	return box
}

// showPreview lists what each player in play will get from the recharge
// with the occupation answers as they stand (the tracker's own reckoning).
func (r *rechargeView) showPreview() {
	if r.preview == nil {
		return
	}
	r.preview.RemoveAll()
	defer r.preview.Refresh()
	res, err := r.v.st.RechargePreview(r.command().Unoccupied)
	if err != nil {
		r.preview.Add(screen.WrapLabel(screen.ErrText(err)))
		return
	}
	commands := map[string]int{}
	for _, m := range res.Maintenance {
		commands[m.Player] = m.Commands
	}
	for _, p := range r.v.active() {
		line := lang.X("asc.commands", "{{.Name}}: +{{.ResText}}, {{.Commands}} commands", map[string]any{"Name": p.Name, "ResText": resText(res.Generated[p.ID]), "Commands": commands[p.ID]})
		r.preview.Add(screen.WrapLabel("• " + line))
	}
}

// occupationQuestion asks each Cardassian player which of their resource
// nodes are on systems with no Cardassian ship in orbit (all occupied until
// they say otherwise); the answers are kept within the nodes they have.
func (r *rechargeView) occupationQuestion() fyne.CanvasObject {
	v := r.v
	box := container.NewVBox()
	if r.unocc == nil || r.round != v.st.Walker.Round {
		// A new recharge: every node occupied until the player says.
		r.unocc, r.round = map[string]*occupation{}, v.st.Walker.Round
	}
	for _, p := range v.active() {
		if !p.AnswersOccupation() {
			continue
		}
		o, ok := r.unocc[p.ID]
		if !ok {
			o = &occupation{
				prod: newNumStepper(lang.X("asc.p_nodes", "P nodes"), 0, 0, 0, r.showPreview),
				res:  newNumStepper(lang.X("asc.r_nodes", "R nodes"), 0, 0, 0, r.showPreview),
				cult: newNumStepper(lang.X("asc.c_nodes", "C nodes"), 0, 0, 0, r.showPreview),
			}
			r.unocc[p.ID] = o
		}
		o.prod.clamp(0, p.Nodes.Production)
		o.res.clamp(0, p.Nodes.Research)
		o.cult.clamp(0, p.Nodes.Culture)
		effect := lang.X("asc.occupation.all", "By your reading they generate nothing.")
		if v.st.Options.Occupation == tracker.OccupationProduction {
			effect = lang.X("asc.occupation.production", "By your reading they generate no production.")
		}
		box.Add(screen.BoldLabel(lang.X("asc.occupation.title", "Cardassian occupation: {{.Name}}", map[string]any{"Name": p.Name})))
		box.Add(screen.WrapLabel(lang.X("asc.occupation.question", "Which of {{.Name}}'s resource nodes are on systems with no Cardassian ship in orbit? {{.Effect}} Leave 0 when every system is occupied.", map[string]any{"Name": p.Name, "Effect": effect})))
		box.Add(nodeColumns(o.prod.box, o.res.box, o.cult.box))
	}
	return box
}

// command is the recharge with the Cardassian players' answers.
func (r *rechargeView) command() tracker.Recharge {
	cmd := tracker.Recharge{}
	for _, p := range r.v.active() {
		o, ok := r.unocc[p.ID]
		if !ok || !p.AnswersOccupation() {
			continue
		}
		n := ascrules.Resources{Production: o.prod.val, Research: o.res.val, Culture: o.cult.val}
		if n.Total() == 0 {
			continue
		}
		if cmd.Unoccupied == nil {
			cmd.Unoccupied = map[string]ascrules.Resources{}
		}
		cmd.Unoccupied[p.ID] = n
	}
	return cmd
}

// gameOver says who won and why.
func (w *ascWalker) gameOver() fyne.CanvasObject {
	a := w.v.st
	names := make([]string, len(a.Walker.Winners))
	for i, id := range a.Walker.Winners {
		names[i] = w.v.seatName(id)
	}
	win := lang.X("asc.the_borg_win", "The Borg win: {{.Reason}}.", map[string]any{"Reason": a.Walker.Reason})
	if len(names) > 0 {
		win = lang.X("asc.win_s_by", "{{.Join}} win(s) by {{.Reason}}.", map[string]any{"Join": strings.Join(names, " and "), "Reason": a.Walker.Reason})
	}
	return screen.BigResult(win)
}

// lastRecharge shows what the last recharge gave each player and the
// victory check's result (nothing before the first recharge).
func (w *ascWalker) lastRecharge() fyne.CanvasObject {
	a := w.v.st
	if a.Recharge == nil {
		return container.NewVBox()
	}
	r := a.Recharge
	box := container.NewVBox(screen.BoldLabel(lang.X("asc.recharge_of_round", "Recharge of round {{.Round}}", map[string]any{"Round": r.Round})))
	for _, l := range r.Texts() {
		box.Add(screen.WrapLabel("• " + screen.TrTexts(l)))
	}
	vr := r.Result.Victory
	var verdict string
	switch {
	case len(vr.Winners) > 0:
		var parts []string
		for _, c := range vr.Claims {
			parts = append(parts, fmt.Sprintf("%s (%s)", w.v.seatName(c.Player), c.Kind))
		}
		verdict = lang.X("asc.victory_check", "Victory check: {{.Join}}.", map[string]any{"Join": strings.Join(parts, ", ")})
	default:
		verdict = lang.X("asc.victory_check_no_one_has", "Victory check: no one has won yet.")
	}
	if len(vr.Eliminated) > 0 {
		var out []string
		for _, e := range vr.Eliminated {
			out = append(out, w.v.seatName(e))
		}
		verdict += lang.X("asc.out_of_the_game", " Out of the game: {{.Join}}.", map[string]any{"Join": strings.Join(out, ", ")})
	}
	l := screen.BoldLabel(verdict)
	l.Importance = widget.SuccessImportance
	box.Add(l)
	return widget.NewCard("", "", box)
}

// initiativeView is the bidding: each player who made first contact may
// spend resources; no two bids may total the same; the highest chooses a
// card first; the rest are dealt at random or as the table drew them. The
// bids typed and the cards chosen are the view's draft, checked against
// each new state.
type initiativeView struct {
	v     *ascView
	bids  map[string]*screen.TextEntry
	cards map[string]*widget.Select
	drawn map[string]*widget.Select
}

func (w *initiativeView) show() fyne.CanvasObject {
	box := container.NewVBox(screen.WrapLabel(lang.X("asc.players_who_have_made_first", "Players who have made first contact may spend resources on their turn order card. No two bids may have the same total. The highest bid chooses a card first; everyone else, and the Borg, get the rest at random.")))
	box.Add(w.bidRows())
	n := len(w.v.active())
	if a := w.v.st; a.Borg != nil && !a.Borg.Defeat {
		n++
	}
	var cards []string
	for i := 1; i <= n; i++ {
		cards = append(cards, strconv.Itoa(i))
	}
	picks, chosen := w.pickers(cards)
	box.Add(picks)
	// The others draw their cards: the table may type the cards drawn, or
	// let the app deal them at random.
	var drawers []string
	for _, p := range w.v.active() {
		if _, ok := chosen[p.ID]; !ok {
			drawers = append(drawers, p.ID)
		}
	}
	box.Add(w.drawnRows(drawers, cards))
	deal := widget.NewButtonWithIcon(lang.X("asc.deal_the_turn_order", "Deal the turn order"), theme.MediaPlayIcon(), func() { w.deal(chosen, drawers) })
	deal.Importance = widget.HighImportance
	box.Add(deal)
	return box
}

// bidRows shows each player's bid made, pass, or the entry to bid.
func (w *initiativeView) bidRows() fyne.CanvasObject {
	v := w.v
	a := v.st
	box := container.NewVBox()
	bid := map[string]ascrules.Bid{}
	for _, b := range a.Walker.Bids {
		bid[b.Player] = b
	}
	var taken []string
	for _, b := range a.Walker.Bids {
		taken = append(taken, strconv.Itoa(b.Spent.Total()))
	}
	if len(taken) > 0 {
		box.Add(screen.CaptionLabel(lang.X("asc.totals_already_bid_pick_another", "Totals already bid: {{.Join}} — pick another total.", map[string]any{"Join": strings.Join(taken, ", ")})))
	}
	for _, p := range v.active() {
		p := p
		if b, ok := bid[p.ID]; ok {
			l := screen.BoldLabel(lang.X("asc.bid_total", "{{.Name}} bid {{.ResText}} (total {{.Total}})", map[string]any{"Name": p.Name, "ResText": resText(b.Spent), "Total": b.Spent.Total()}))
			l.Importance = widget.SuccessImportance
			box.Add(l)
			continue
		}
		if slices.Contains(a.Walker.Passed, p.ID) {
			box.Add(screen.WrapLabel(lang.X("asc.passed_draws_a_card", "{{.Name}} passed: draws a card.", map[string]any{"Name": p.Name})))
			continue
		}
		if !p.FirstContact {
			box.Add(screen.WrapLabel(lang.X("asc.no_first_contact_yet_draws", "{{.Name}}: no first contact yet, draws a card.", map[string]any{"Name": p.Name})))
			continue
		}
		e, ok := w.bids[p.ID]
		if !ok {
			e = placeholderEntry(lang.X("asc.bid_e_g_2p_1c", "bid, e.g. 2P 1C"))
			w.bids[p.ID] = e
		}
		btn := widget.NewButton(lang.X("asc.bids", "{{.Name}} bids", map[string]any{"Name": p.Name}), func() {
			r, err := parseCost(e.Text)
			if err != nil {
				v.f.Say(lang.X("asc.bid", "Bid: {{.Error}}", map[string]any{"Error": screen.ErrText(err)}), true)
				return
			}
			if v.exec(tracker.Bid{Player: p.ID, Spent: r}) {
				e.SetText("")
			}
		})
		pass := widget.NewButton(lang.X("asc.pass", "Pass"), func() { v.exec(tracker.Bid{Player: p.ID, Pass: true}) })
		box.Add(screen.BoldLabel(lang.X("asc.has", "{{.Name}} (has {{.ResText}})", map[string]any{"Name": p.Name, "ResText": resText(p.Resources)})))
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(btn, pass), e))
	}
	return box
}

// pickers are the bidders' card choices, highest bid first; a card an
// earlier bidder holds is not kept. It returns the cards chosen by player.
func (w *initiativeView) pickers(cards []string) (fyne.CanvasObject, map[string]int) {
	box := container.NewVBox()
	chosen := map[string]int{}
	order, err := ascrules.Order(w.v.st.Walker.Bids)
	if err != nil || len(order.Pickers) == 0 {
		return box, chosen
	}
	box.Add(screen.BoldLabel(lang.X("asc.bidders_choose_their_cards_highest", "Bidders choose their cards, highest first")))
	used := map[string]bool{}
	for i, pid := range order.Pickers {
		s, ok := w.cards[pid]
		if !ok {
			s = widget.NewSelect(nil, nil)
			s.PlaceHolder = lang.X("asc.card", "card")
			w.cards[pid] = s
		}
		syncSelect(s, cards, "")
		if s.Selected == "" || used[s.Selected] {
			// A card an earlier (higher) bidder holds: offer the first free one.
			for _, c := range cards {
				if !used[c] {
					s.SetSelected(c)
					break
				}
			}
		}
		used[s.Selected] = true
		if c, err := strconv.Atoi(s.Selected); err == nil {
			chosen[pid] = c
		}
		box.Add(container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("%d. %s", i+1, w.v.seatName(pid))), nil, s))
	}
	return box, chosen
}

// drawnRows are the cards the other players drew (Random: the app deals).
func (w *initiativeView) drawnRows(drawers, cards []string) fyne.CanvasObject {
	box := container.NewVBox()
	if len(drawers) == 0 {
		return box
	}
	box.Add(screen.BoldLabel(lang.X("asc.cards_drawn_by_the_others", "Cards drawn by the others (leave on Random to let the app deal)")))
	for _, pid := range drawers {
		s, ok := w.drawn[pid]
		if !ok {
			s = widget.NewSelect(nil, nil)
			w.drawn[pid] = s
		}
		syncSelect(s, append([]string{lang.X("asc.random", "Random")}, cards...), lang.X("asc.random", "Random"))
		box.Add(container.NewBorder(nil, nil, widget.NewLabel(w.v.seatName(pid)), nil, s))
	}
	return box
}

// deal sends the turn order: the bidders' cards and, when the table typed
// them, the cards the others drew.
func (w *initiativeView) deal(chosen map[string]int, drawers []string) {
	ch := map[string]int{}
	for pid, s := range w.cards {
		if c, err := strconv.Atoi(s.Selected); err == nil && chosen[pid] != 0 {
			ch[pid] = c
		}
	}
	cmd := tracker.ChooseTurnOrder{Chosen: ch}
	drawn := map[string]int{}
	for _, pid := range drawers {
		if s := w.drawn[pid]; s != nil {
			if c, err := strconv.Atoi(s.Selected); err == nil {
				drawn[pid] = c
			}
		}
	}
	if len(drawn) > 0 {
		if len(drawn) != len(drawers) {
			w.v.f.Say(lang.X("asc.type_the_card_every_other", "Type the card every other player drew, or leave them all on Random."), true)
			return
		}
		cmd.Drawn = drawn
	}
	if w.v.exec(cmd) {
		w.cards = map[string]*widget.Select{}
		w.drawn = map[string]*widget.Select{}
	}
}

// executionView shows the turn order with the current seat highlighted,
// what the current phase is for, and the button to move on.
type executionView struct {
	v *ascView
}

func (w *executionView) show() fyne.CanvasObject {
	v := w.v
	a := v.st
	box := container.NewVBox()
	for i, seat := range a.Walker.Order {
		name := v.seatName(seat)
		var l *widget.Label
		switch {
		case i < a.Walker.Turn:
			l = screen.WrapLabel(lang.X("asc.done", "{{.V}}. {{.Name}} — done", map[string]any{"V": i + 1, "Name": name}))
			l.Importance = widget.LowImportance
		case i == a.Walker.Turn:
			l = screen.BigResult(fmt.Sprintf("▶ %d. %s — %s", i+1, name, phaseWord(a.Walker.Phase)))
			l.Importance = widget.HighImportance
		default:
			l = screen.WrapLabel(fmt.Sprintf("%d. %s", i+1, name))
		}
		box.Add(l)
	}
	box.Add(widget.NewSeparator())
	seat := a.CurrentSeat()
	last := a.Walker.Turn == len(a.Walker.Order)-1
	switch {
	case seat == tracker.BorgSeat:
		box.Add(w.borgTurn(last))
	case seat != "":
		if p := v.player(seat); p != nil {
			box.Add(w.playerTurn(*p, last))
		}
	}
	return box
}

// The buttons of a turn have two places, the same in every turn: the
// first moves the turn on without ending it (on to the command phase, open
// the Borg panel), the second ends the turn. The second is disabled until
// the turn may end, so a second tap on "End Ann's turn" never ends the next
// seat's turn: an action that ends something is never where another button
// just was (issue 27, "Buttons do not appear under a finger"). The phase's
// words come under the buttons, so their length moves nothing.

// borgTurn is what the Borg turn asks for, and the button that ends it,
// disabled until every cube has activated.
func (w *executionView) borgTurn(last bool) fyne.CanvasObject {
	v := w.v
	open := widget.NewButtonWithIcon(lang.X("asc.open_the_borg_panel", "Open the Borg panel"), theme.WarningIcon(), func() { v.f.ShowPanel(lang.X("asc.borg", "Borg")) })
	end := widget.NewButtonWithIcon(lang.X("asc.end_the_borg_turn", "End the Borg turn"), theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
	end.Importance = widget.HighImportance
	buttons := container.NewVBox(open, end)
	v.walker.next = buttons
	box := container.NewVBox(buttons)
	if bs := v.st.Borg; bs != nil && len(bs.Activated) < len(bs.Cubes) {
		end.Disable()
		box.Add(screen.CaptionLabel(lang.X("asc.activate_every_cube_first", "Activate every cube on the Borg panel first.")))
	}
	box.Add(screen.Step(lang.X("asc.the_borg_turn", "The Borg turn"), lang.X("asc.build_phase_first_spires_build", "Build phase first (spires build nodes and cubes), then each cube in turn: move or engage, its command card, assimilation. Walk it on the Borg panel.")))
	if last {
		box.Add(screen.CaptionLabel(lang.X("asc.the_last_turn_of_the", "The last turn of the round: the recharge comes next.")))
	}
	return box
}

// playerTurn is what a player's phase is for, their command tokens, and
// the button to move on.
func (w *executionView) playerTurn(p tracker.AscPlayer, last bool) fyne.CanvasObject {
	v := w.v
	a := v.st
	building := a.Walker.Phase == tracker.PhaseBuilding
	next := widget.NewButtonWithIcon(lang.X("asc.building_done_command_phase", "On to the command phase"), theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
	end := widget.NewButtonWithIcon(lang.X("asc.end_s_turn", "End {{.Name}}'s turn", map[string]any{"Name": p.Name}), theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
	if building {
		next.Importance = widget.HighImportance
		end.Disable()
	} else {
		next.Disable()
		end.Importance = widget.HighImportance
	}
	buttons := container.NewVBox(next, end)
	v.walker.next = buttons
	box := container.NewVBox(buttons)
	if last && !building {
		box.Add(screen.CaptionLabel(lang.X("asc.the_last_turn_of_the", "The last turn of the round: the recharge comes next.")))
	}
	if building {
		box.Add(screen.Step(lang.X("asc.building_phase", "Building phase"), phaseHint(tracker.PhaseBuilding)))
	} else {
		box.Add(screen.Step(lang.X("asc.command_phase", "Command phase"), phaseHint(tracker.PhaseCommand)))
	}
	tokens := v.commandRow(p)
	box.Add(screen.BoldLabel(lang.X("asc.s_command_tokens", "{{.Name}}'s command tokens", map[string]any{"Name": p.Name})))
	box.Add(tokens)
	box.Add(screen.WrapLabel(lang.X("asc.has_ascendancy_ships", "{{.Name}} has {{.ResText}} · ascendancy {{.Ascendancy}} · {{.Ships}} ships", map[string]any{"Name": p.Name, "ResText": resText(p.Resources), "Ascendancy": p.Ascendancy, "Ships": p.Ships})))
	return box
}

// phaseWord names a phase for the turn order list.
func phaseWord(phase string) string {
	switch phase {
	case tracker.PhaseBuilding:
		return lang.X("asc.building_phase_2", "building phase")
	case tracker.PhaseCommand:
		return lang.X("asc.command_phase_2", "command phase")
	case tracker.PhaseBorg:
		return lang.X("asc.borg_turn", "Borg turn")
	}
	return phase
}

// phaseHint says what a player's phase is for: the actions the tracker
// takes in it (tracker.AscPhaseActions, checked against its refusals), so
// the hint never names an action the phase refuses.
func phaseHint(phase string) string {
	var names []string
	for _, m := range tracker.AscPhaseActions(phase) {
		names = append(names, screen.TrTexts(tracker.Texts{m}))
	}
	list := strings.Join(names, ", ")
	if phase == tracker.PhaseCommand {
		return lang.X("asc.hint.command_phase", "Spend command tokens: {{.Actions}}. The quick actions use their tokens themselves; tap a token below for each other command used.", map[string]any{"Actions": list})
	}
	return lang.X("asc.hint.building_phase", "Spend resources: {{.Actions}}. Use the quick actions on the Players panel.", map[string]any{"Actions": list})
}
