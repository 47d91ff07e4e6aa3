package ascendancy

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	borgrules "tableops/rules/borg"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// reclaimDraft is what the players set up for the next round of an attack
// on a Borg system. It belongs to the spire as it stands (key): when the
// spire changes (a round applied or undone) or the turn moves on, no dice
// are kept; the attacker and ships are checked against the state.
type reclaimDraft struct {
	key    string
	spire  string
	player string
	ships  int
	bonus  int
	onSix  bool
	d      ascPool
	borg   ascPool
	// round is the last round of the reclaim under way the ships were
	// taken from.
	round int
}

// reclaimSide is the attacker's controls.
type reclaimSide struct {
	player *widget.Select
	ships  *numStepper
	bonus  *numStepper
}

// reclaimForm is a player invading a Borg system to reclaim it: hits at
// least equal to its structures remove it; fewer do nothing and the spire
// grows. The attacker's dice, then the result and Apply, then the chance
// to reclaim it this round. Drawn anew from the state and its draft on
// every update; typing dice redraws the result only.
type reclaimForm struct {
	// grown is called after the form changed size (the panel lays its
	// scroll out again, or the new rows could not be scrolled to).
	grown  func()
	v      *ascView
	dr     reclaimDraft
	box    *fyne.Container
	result *fyne.Container
	spire  *widget.Select
	side   *reclaimSide
	onSix  *widget.Check
	d      *borgDice
	borgD  *borgDice
	roll   *widget.Button
}

func newReclaimForm(v *ascView) *reclaimForm {
	return &reclaimForm{v: v, box: container.NewVBox(), result: container.NewVBox()}
}

// spireLabel names a spire in the choice.
func spireLabel(s borgrules.Spire) string { return borgName(s.ID) + " · " + s.System }

func (f *reclaimForm) stateSpire() (borgrules.Spire, bool) {
	for _, s := range f.v.st.Borg.Spires {
		if s.ID == f.dr.spire {
			return s, true
		}
	}
	return borgrules.Spire{}, false
}

// sync checks the draft against the state (see reclaimDraft).
func (f *reclaimForm) sync() {
	bs := f.v.st.Borg
	if _, ok := f.stateSpire(); !ok {
		f.dr = reclaimDraft{player: f.dr.player}
		if len(bs.Spires) > 0 {
			f.dr.spire = bs.Spires[0].ID
		}
	}
	s, _ := f.stateSpire()
	w := f.v.st.Walker
	if k := fmt.Sprintf("%s|%d|%d|%v|%d|%d", s.ID, s.Nodes, s.Structures(), s.CubeOnSpire, w.Round, w.Turn); k != f.dr.key {
		f.dr.key, f.dr.d, f.dr.borg = k, ascPool{}, ascPool{}
		if f.dr.player == "" {
			if seat := f.v.st.CurrentSeat(); f.v.player(seat) != nil {
				f.setPlayer(seat)
			}
		}
	}
	p := f.v.player(f.dr.player)
	if p == nil || !p.CanFightBorg() {
		f.dr.player = ""
		return
	}
	if u := f.underWay(); u != nil && u.Round != f.dr.round {
		// A round was fought: the next one goes on with the ships left.
		f.dr.round, f.dr.ships = u.Round, u.Ships
	}
	f.dr.ships = max(1, min(f.dr.ships, f.mostShips()))
}

// underWay is the reclaim of the chosen system by the chosen player under
// way, or nil: the next round starts a new one.
func (f *reclaimForm) underWay() *tracker.ReclaimUnderWay {
	return f.v.st.ReclaimFor(f.dr.player, f.dr.spire)
}

// mostShips is the most ships the attacker may send to the next round:
// those on the board, and no more than the reclaim under way has left
// (seed 002 "The Battle Continues": the ships lost take no further part).
func (f *reclaimForm) mostShips() int {
	p := f.v.player(f.dr.player)
	if p == nil {
		return 1
	}
	most := p.Ships
	if u := f.underWay(); u != nil {
		most = min(most, u.Ships)
	}
	return max(1, most)
}

// roundLine says which round of which reclaim the form is for.
func (f *reclaimForm) roundLine() string {
	if u := f.underWay(); u != nil {
		return lang.X("borg.reclaim.round_under_way", "Round {{.Round}} of the reclaim under way", map[string]any{"Round": u.Round + 1})
	}
	return lang.X("borg.reclaim.round_1", "Round 1 of a new reclaim (a command)")
}

// setPlayer chooses the attacker with all their ships, Klingons hitting
// on 6s always.
func (f *reclaimForm) setPlayer(id string) {
	f.dr.player, f.dr.d, f.dr.borg = id, ascPool{}, ascPool{}
	if p := f.v.player(id); p != nil {
		f.dr.ships, f.dr.onSix = p.Ships, p.HitsOnSixVsBorg()
	}
}

// show draws the form from the state and returns it.
func (f *reclaimForm) show() fyne.CanvasObject {
	drawBorgForm(f.v.st, f)
	return f.box
}

// redraw draws the form again after a choice of the players.
func (f *reclaimForm) redraw() { drawBorgForm(f.v.st, f) }

func (f *reclaimForm) setup() (borgrules.Reclaim, bool) {
	s, ok := f.stateSpire()
	p := f.v.player(f.dr.player)
	if !ok || p == nil {
		return borgrules.Reclaim{}, false
	}
	return borgrules.Reclaim{Spire: s, Fleet: borgrules.Fleet{Player: p.ID, Ships: f.dr.ships, Weapons: p.Weapons, HitsOnSix: f.dr.onSix, BonusDice: f.dr.bonus}}, true
}

// render draws the whole form from the draft.
func (f *reclaimForm) render() {
	f.box.RemoveAll()
	defer f.refreshed(f.box)
	v := f.v
	var labels []string
	for _, s := range v.st.Borg.Spires {
		labels = append(labels, spireLabel(s))
	}
	f.spire = widget.NewSelect(labels, nil)
	f.spire.PlaceHolder = lang.X("borg.borg_system", "Borg system")
	if s, ok := f.stateSpire(); ok {
		f.spire.Selected = spireLabel(s)
	}
	f.spire.OnChanged = func(l string) {
		for _, s := range v.st.Borg.Spires {
			if spireLabel(s) == l && s.ID != f.dr.spire {
				f.dr.spire, f.dr.key = s.ID, ""
				f.redraw()
			}
		}
	}
	c := v.playerChoices()
	f.side = &reclaimSide{player: widget.NewSelect(c.labels, nil)}
	f.side.player.PlaceHolder = lang.X("asc.attacker", "Attacker")
	f.side.player.Selected = c.labelOf(f.dr.player)
	f.side.player.OnChanged = func(l string) {
		if id := c.ids[l]; id != f.dr.player {
			f.setPlayer(id)
			f.redraw()
		}
	}
	hi := f.mostShips()
	f.side.ships = newNumStepper(lang.X("asc.ships", "Ships"), max(1, f.dr.ships), 1, hi, nil)
	f.side.ships.onChange = func() {
		f.dr.ships, f.dr.d = f.side.ships.val, ascPool{}
		f.redraw()
	}
	f.side.bonus = newNumStepper(lang.X("borg.bonus_dice", "Bonus dice"), f.dr.bonus, 0, 10, nil)
	f.side.bonus.onChange = func() {
		f.dr.bonus, f.dr.d = f.side.bonus.val, ascPool{}
		f.redraw()
	}
	f.onSix = widget.NewCheck(lang.X("borg.hits_on_6s_always_klingon", "Hits on 6s always (Klingon)"), nil)
	f.onSix.Checked = f.dr.onSix
	f.onSix.OnChanged = func(on bool) {
		f.dr.onSix = on
		f.redraw()
	}
	f.v.klingonOnly(f.onSix, f.dr.player)
	f.box.Add(screen.BoldLabel(f.roundLine()))
	f.box.Add(f.spire)
	f.box.Add(f.side.player)
	f.box.Add(f.side.ships.box)
	f.box.Add(f.side.bonus.box)
	f.box.Add(f.onSix)
	r, ok := f.setup()
	if !ok {
		f.box.Add(screen.WrapLabel(lang.X("borg.choose_the_borg_system_and", "Choose the Borg system and the attacker.")))
		f.result.RemoveAll()
		return
	}
	n := r.Spire.Structures()
	t, can := borgrules.PlayerTarget(r.Fleet.Weapons, r.Spire.Nodes, r.Fleet.HitsOnSix)
	f.box.Add(screen.BoldLabel(lang.X("borg.reclaim_needs", "{{.N}} structure(s) to destroy at once; no first strike; the spire's nodes are its shields (+{{.Nodes}}).", map[string]any{"N": n, "Nodes": r.Spire.Nodes})))
	f.box.Add(widget.NewSeparator())
	f.d = newBorgSide(lang.X("borg.attacker_s_dice_hit_on", "Attacker's dice ({{.Dice}}, hit on {{.HitText}})", map[string]any{"Dice": r.Fleet.Dice(), "HitText": hitText(t, can)}), r.Fleet.Dice(), &f.dr.d, f.resolve)
	f.borgD = newBorgSide(lang.X("borg.borg_system_s_dice_optional", "Borg system's dice (optional)"), n, &f.dr.borg, f.resolve)
	f.box.Add(f.d.box)
	f.box.Add(f.borgD.box)
	f.roll = addDiceActions(f.box, f.result, f.rollVirtual, func() {
		f.dr.d, f.dr.borg = ascPool{}, ascPool{}
		f.render()
	})
	f.box.Add(widget.NewSeparator())
	chance := 0.0
	if can {
		chance = odds.BattleHits(r.Fleet.Dice(), t).AtLeast(n)
	}
	info := lang.X("borg.structure_s_to_destroy_at", "{{.N}} structure(s) to destroy at once: reclaimed this round {{.Percent}}.", map[string]any{"N": n, "Percent": widgets.Percent(chance)})
	if r.Fleet.Dice() < n {
		info = lang.X("borg.structure_s_and_only_dice", "{{.N}} structure(s) and only {{.Dice}} dice: this fleet cannot reclaim it.", map[string]any{"N": n, "Dice": r.Fleet.Dice()})
	}
	f.box.Add(screen.WrapLabel(info))
	f.box.Add(screen.CaptionLabel(lang.X("borg.invade_a_borg_system_no", "Invade a Borg system: no first strike; its shields are its nodes. Hits at least equal to its structures (spire, nodes, a cube on the spire) remove them all; fewer do nothing and the spire gains a node.")))
	f.resolve()
}

func (f *reclaimForm) rollVirtual() {
	r, ok := f.setup()
	if !ok {
		f.v.f.Say(lang.X("borg.choose_the_borg_system_and_2", "Choose the Borg system and the attacker first."), true)
		return
	}
	p, b, ok := f.v.rollPair(r.Fleet.Dice(), func(ascPool) int { return r.Spire.Structures() })
	if !ok {
		return
	}
	f.dr.d, f.dr.borg = p, b
	f.render()
}

// resolve shows, under the dice, what is still to type or the result
// and Apply.
func (f *reclaimForm) resolve() {
	f.result.RemoveAll()
	defer f.refreshed(f.result)
	r, ok := f.setup()
	if !ok {
		return
	}
	if k := r.Fleet.Dice() - len(f.dr.d.faces); k > 0 {
		f.result.Add(screen.WrapLabel(lang.X("borg.dice_still_to_type", "Waiting for the dice: {{.Join}}.", map[string]any{"Join": lang.X("borg.dice_to_type", "{{.Name}} {{.N}} more", map[string]any{"Name": f.v.seatName(r.Fleet.Player), "N": k})})))
		return
	}
	r.PlayerFaces = f.dr.d.faces
	hit, herr := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if len(f.dr.borg.faces) > 0 {
		if herr != nil {
			f.result.Add(screen.WrapLabel(screen.ErrText(herr)))
			return
		}
		r.BorgFaces, r.BorgHit = f.dr.borg.faces, hit
	}
	res, err := borgrules.ResolveReclaim(r)
	if err != nil {
		f.result.Add(screen.WrapLabel(lang.X("asc.waiting_for_the_dice", "Waiting for the dice: {{.Error}}", map[string]any{"Error": screen.ErrText(err)})))
		return
	}
	head := lang.X("borg.hit_s_on_structure_s", "{{.Hits}} hit(s) on {{.Structures}} structure(s): no effect", map[string]any{"Hits": res.Hits, "Structures": res.Structures})
	if res.Reclaimed {
		head = lang.X("borg.hit_s_on_structure_s_2", "{{.Hits}} hit(s) on {{.Structures}} structure(s): reclaimed", map[string]any{"Hits": res.Hits, "Structures": res.Structures})
	}
	f.result.Add(screen.BigResult(head))
	f.result.Add(screen.CaptionLabel(f.v.seatName(r.Fleet.Player)))
	f.result.Add(markedDice(f.dr.d.faces, res.Target))
	if len(r.BorgFaces) > 0 {
		f.result.Add(screen.CaptionLabel(lang.X("borg.the_borg_system", "The Borg system")))
		f.result.Add(markedDice(r.BorgFaces, hit))
	}
	var lines []string
	if res.Reclaimed {
		lines = append(lines, lang.X("borg.remove_every_borg_structure_the", "Remove every Borg structure; the system must be colonized anew; draw a Borg tech card."))
	} else {
		lines = append(lines, lang.X("borg.the_spire_gains_a_node", "The spire gains a node ({{.Nodes}}).", map[string]any{"Nodes": res.Spire.Nodes}))
	}
	if res.BorgHits > 0 {
		lines = append(lines, lang.X("borg.the_borg_system_s_dice", "The Borg system's dice destroy {{.Min}} ship(s).", map[string]any{"Min": min(res.BorgHits, r.Fleet.Ships)}))
	}
	f.result.Add(explainLines(lines))
	screen.AddApplyButton(f.result, lang.X("asc.apply", "Apply"), func() {
		cmd := tracker.ReclaimRound{Spire: r.Spire.ID, Player: r.Fleet.Player, Ships: r.Fleet.Ships, BonusDice: r.Fleet.BonusDice,
			HitsOnSix: r.Fleet.HitsOnSix, PlayerRoll: f.dr.d.roll()}
		if len(f.dr.borg.faces) > 0 {
			cmd.BorgRoll = f.dr.borg.roll()
		}
		if f.v.exec(cmd) {
			f.v.f.Say(lang.X("borg.reclaim_round_applied", "Reclaim round applied."), false)
			f.dr.key = ""
			f.redraw()
		}
	})
}

// refreshed redraws o and tells the panel the form changed size.
func (f *reclaimForm) refreshed(o fyne.CanvasObject) {
	o.Refresh()
	if f.grown != nil {
		f.grown()
	}
}
