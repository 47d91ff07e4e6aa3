package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/widgets"
)

// ascWalker is the Round panel: initiative bidding and turn order, each
// seat's building and command phases, the Borg turn, and the recharge with
// its summary and victory check.
type ascWalker struct {
	v     *ascView
	bids  map[string]*widget.Entry
	cards map[string]*widget.Select
	drawn map[string]*widget.Select
}

func newAscWalker(v *ascView) *ascWalker {
	return &ascWalker{v: v, bids: map[string]*widget.Entry{}, cards: map[string]*widget.Select{}, drawn: map[string]*widget.Select{}}
}

func (w *ascWalker) show() fyne.CanvasObject {
	v := w.v
	a := v.st
	box := container.NewVBox()
	score := widget.NewButtonWithIcon("Scoreboard (tablet, full screen)", theme.ViewFullScreenIcon(), v.openScoreboard)
	switch a.Walker.Stage {
	case tracker.AscSetup:
		box.Add(heading("Setup"))
		box.Add(wrapLabel("Add the players, their cost tables and the Borg on the Players panel, then start round 1 there."))
		return box
	case tracker.AscInitiative:
		box.Add(heading(fmt.Sprintf("Round %d · Initiative", a.Walker.Round)))
		box.Add(w.lastRecharge())
		box.Add(w.initiative())
	case tracker.AscExecution:
		box.Add(heading(fmt.Sprintf("Round %d · Execution", a.Walker.Round)))
		box.Add(w.execution())
	case tracker.AscRecharge:
		box.Add(heading(fmt.Sprintf("Round %d · Recharge", a.Walker.Round)))
		box.Add(step("1. Victory check", "Ascendancy 5 while holding your own home system, or 3 home systems held (supremacy), or a faction's own agenda; players with no ships and no systems are out."))
		box.Add(step("2. Resource generation", "Each node produces one of its kind; trade agreements from others produce for their holders; advancements add their income."))
		box.Add(step("3. Maintenance", "Every command token is ready again (base + starbases + advancements); trade agreements are refreshed."))
		box.Add(boldLabel("What everyone will get"))
		for _, p := range v.active() {
			g, err := ascrules.Generate(ascrules.Income{Player: p.ID, Nodes: p.Nodes, Agreements: p.Agreements, Advancements: p.Income})
			line := fmt.Sprintf("%s: +%s, %d commands", p.Name, resText(g), ascrules.Commands(p.BaseCommands, p.Starbases, p.AdvancementCommands))
			if err != nil {
				line = p.Name + ": " + err.Error()
			}
			box.Add(wrapLabel("• " + line))
		}
		go1 := widget.NewButtonWithIcon("Recharge everyone", theme.ViewRefreshIcon(), func() { v.exec(tracker.Recharge{}) })
		go1.Importance = widget.HighImportance
		box.Add(go1)
	case tracker.AscOver:
		box.Add(heading("Game over"))
		names := make([]string, len(a.Walker.Winners))
		for i, id := range a.Walker.Winners {
			names[i] = v.seatName(id)
		}
		win := "The Borg win: " + a.Walker.Reason + "."
		if len(names) > 0 {
			win = fmt.Sprintf("%s win(s) by %s.", strings.Join(names, " and "), a.Walker.Reason)
		}
		box.Add(bigResult(win))
		box.Add(w.lastRecharge())
	}
	return container.NewVBox(score, box)
}

// lastRecharge shows what the last recharge gave each player and the
// victory check's result (nothing before the first recharge).
func (w *ascWalker) lastRecharge() fyne.CanvasObject {
	a := w.v.st
	if a.Recharge == nil {
		return container.NewVBox()
	}
	r := a.Recharge
	box := container.NewVBox(boldLabel(fmt.Sprintf("Recharge of round %d", r.Round)))
	for _, l := range r.Lines {
		box.Add(wrapLabel("• " + l))
	}
	vr := r.Result.Victory
	var verdict string
	switch {
	case len(vr.Winners) > 0:
		var parts []string
		for _, c := range vr.Claims {
			parts = append(parts, fmt.Sprintf("%s (%s)", w.v.seatName(c.Player), c.Kind))
		}
		verdict = "Victory check: " + strings.Join(parts, ", ") + "."
	default:
		verdict = "Victory check: no one has won yet."
	}
	if len(vr.Eliminated) > 0 {
		var out []string
		for _, e := range vr.Eliminated {
			out = append(out, w.v.seatName(e))
		}
		verdict += " Out of the game: " + strings.Join(out, ", ") + "."
	}
	l := boldLabel(verdict)
	l.Importance = widget.SuccessImportance
	box.Add(l)
	return widget.NewCard("", "", box)
}

// initiative is the bidding: each player who made first contact may spend
// resources; no two bids may total the same; the highest chooses a card
// first; the rest are dealt at random.
func (w *ascWalker) initiative() fyne.CanvasObject {
	v := w.v
	a := v.st
	box := container.NewVBox(wrapLabel("Players who have made first contact may spend resources on their turn order card. No two bids may have the same total. The highest bid chooses a card first; everyone else, and the Borg, get the rest at random."))
	bid := map[string]ascrules.Bid{}
	for _, b := range a.Walker.Bids {
		bid[b.Player] = b
	}
	var taken []string
	for _, b := range a.Walker.Bids {
		taken = append(taken, strconv.Itoa(b.Spent.Total()))
	}
	if len(taken) > 0 {
		box.Add(captionLabel("Totals already bid: " + strings.Join(taken, ", ") + " — pick another total."))
	}
	for _, p := range v.active() {
		p := p
		if b, ok := bid[p.ID]; ok {
			l := boldLabel(fmt.Sprintf("%s bid %s (total %d)", p.Name, resText(b.Spent), b.Spent.Total()))
			l.Importance = widget.SuccessImportance
			box.Add(l)
			continue
		}
		if slices.Contains(a.Walker.Passed, p.ID) {
			box.Add(wrapLabel(p.Name + " passed: draws a card."))
			continue
		}
		if !p.FirstContact {
			box.Add(wrapLabel(p.Name + ": no first contact yet, draws a card."))
			continue
		}
		e, ok := w.bids[p.ID]
		if !ok {
			e = placeholderEntry("bid, e.g. 2P 1C")
			w.bids[p.ID] = e
		}
		btn := widget.NewButton(p.Name+" bids", func() {
			r, err := parseCost(e.Text)
			if err != nil {
				v.gs.say("Bid: "+err.Error(), true)
				return
			}
			if v.exec(tracker.Bid{Player: p.ID, Spent: r}) {
				e.SetText("")
			}
		})
		pass := widget.NewButton("Pass", func() { v.exec(tracker.Bid{Player: p.ID, Pass: true}) })
		box.Add(boldLabel(fmt.Sprintf("%s (has %s)", p.Name, resText(p.Resources))))
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(btn, pass), e))
	}
	n := len(v.active())
	if a.Borg != nil && !a.Borg.Defeat {
		n++
	}
	var cards []string
	for i := 1; i <= n; i++ {
		cards = append(cards, strconv.Itoa(i))
	}
	chosen := map[string]int{}
	if order, err := ascrules.Order(a.Walker.Bids); err == nil && len(order.Pickers) > 0 {
		box.Add(boldLabel("Bidders choose their cards, highest first"))
		used := map[string]bool{}
		for i, pid := range order.Pickers {
			s, ok := w.cards[pid]
			if !ok {
				s = widget.NewSelect(nil, nil)
				s.PlaceHolder = "card"
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
			pid := pid
			if c, err := strconv.Atoi(s.Selected); err == nil {
				chosen[pid] = c
			}
			box.Add(container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("%d. %s", i+1, v.seatName(pid))), nil, s))
		}
	}
	// The others draw their cards: the table may type the cards drawn, or
	// let the app deal them at random.
	var drawers []string
	for _, p := range v.active() {
		if _, ok := chosen[p.ID]; !ok {
			drawers = append(drawers, p.ID)
		}
	}
	if len(drawers) > 0 {
		box.Add(boldLabel("Cards drawn by the others (leave on Random to let the app deal)"))
		for _, pid := range drawers {
			s, ok := w.drawn[pid]
			if !ok {
				s = widget.NewSelect(nil, nil)
				w.drawn[pid] = s
			}
			syncSelect(s, append([]string{"Random"}, cards...), "Random")
			box.Add(container.NewBorder(nil, nil, widget.NewLabel(v.seatName(pid)), nil, s))
		}
	}
	deal := widget.NewButtonWithIcon("Deal the turn order", theme.MediaPlayIcon(), func() {
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
				v.gs.say("Type the card every other player drew, or leave them all on Random.", true)
				return
			}
			cmd.Drawn = drawn
		}
		if v.exec(cmd) {
			w.cards = map[string]*widget.Select{}
			w.drawn = map[string]*widget.Select{}
		}
	})
	deal.Importance = widget.HighImportance
	box.Add(deal)
	return box
}

// execution shows the turn order with the current seat highlighted, what
// the current phase is for, and the button to move on.
func (w *ascWalker) execution() fyne.CanvasObject {
	v := w.v
	a := v.st
	box := container.NewVBox()
	for i, seat := range a.Walker.Order {
		name := v.seatName(seat)
		var l *widget.Label
		switch {
		case i < a.Walker.Turn:
			l = wrapLabel(fmt.Sprintf("%d. %s — done", i+1, name))
			l.Importance = widget.LowImportance
		case i == a.Walker.Turn:
			l = bigResult(fmt.Sprintf("▶ %d. %s — %s", i+1, name, phaseWord(a.Walker.Phase)))
			l.Importance = widget.HighImportance
		default:
			l = wrapLabel(fmt.Sprintf("%d. %s", i+1, name))
		}
		box.Add(l)
	}
	box.Add(widget.NewSeparator())
	seat := a.CurrentSeat()
	last := a.Walker.Turn == len(a.Walker.Order)-1
	switch {
	case seat == tracker.BorgSeat:
		box.Add(step("The Borg turn", "Build phase first (spires build nodes and cubes), then each cube in turn: move or engage, its command card, assimilation. Walk it on the Borg panel."))
		open := widget.NewButtonWithIcon("Open the Borg panel", theme.WarningIcon(), func() { v.gs.layout.show("Borg") })
		box.Add(open)
		end := widget.NewButtonWithIcon("End the Borg turn", theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
		end.Importance = widget.HighImportance
		box.Add(end)
		if last {
			box.Add(captionLabel("The last turn of the round: the recharge comes next."))
		}
	case seat != "":
		p := v.player(seat)
		if p == nil {
			break
		}
		if a.Walker.Phase == tracker.PhaseBuilding {
			box.Add(step("Building phase", "Spend resources: build ships and nodes, colonize, commission starbases, research upgrades, launch projects. Use the quick actions on the Players panel."))
		} else {
			box.Add(step("Command phase", "Spend command tokens: move fleets, explore, attack (Battle panel), hegemony, trade. Tap a token below for each command used."))
		}
		id := p.ID
		tokens := widgets.NewTokenRow(p.Commands, p.Ready())
		tokens.OnExhaust = func() { v.exec(tracker.UseCommand{Player: id, Delta: 1}) }
		tokens.OnReady = func() { v.exec(tracker.UseCommand{Player: id, Delta: -1}) }
		box.Add(boldLabel(p.Name + "'s command tokens"))
		box.Add(tokens)
		box.Add(wrapLabel(fmt.Sprintf("%s has %s · ascendancy %d · %d ships", p.Name, resText(p.Resources), p.Ascendancy, p.Ships)))
		label := "Building done: command phase"
		if a.Walker.Phase == tracker.PhaseCommand {
			label = "End " + p.Name + "'s turn"
		}
		next := widget.NewButtonWithIcon(label, theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
		next.Importance = widget.HighImportance
		box.Add(next)
		if last && a.Walker.Phase == tracker.PhaseCommand {
			box.Add(captionLabel("The last turn of the round: the recharge comes next."))
		}
	}
	return box
}

// phaseWord names a phase for the turn order list.
func phaseWord(phase string) string {
	switch phase {
	case tracker.PhaseBuilding:
		return "building phase"
	case tracker.PhaseCommand:
		return "command phase"
	case tracker.PhaseBorg:
		return "Borg turn"
	}
	return phase
}
