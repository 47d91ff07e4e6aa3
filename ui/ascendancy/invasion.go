package ascendancy

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// invasionForm is one round of a planetary invasion. The round comes from
// the invasion under way in the game (rounds are never typed): after a
// round the form fights the next one with the ships and nodes left, its
// sides folded into one line; "New invasion" starts again at round 1.
type invasionForm struct {
	v       *ascView
	content fyne.CanvasObject
	// roundLine says which round of which invasion the form is for.
	roundLine *widget.Label
	// fresh: "New invasion" was tapped: the next round starts a new
	// invasion even against the one under way.
	fresh bool
	// followed is the invasion under way the form last took its sides
	// from; seen the invasion (and sides) the counts were filled for.
	followed, seen string
	// setup holds the sides (folded into summary while an invasion is
	// under way).
	setup    *fyne.Container
	summary  *widget.Label
	att      *sideForm
	defender *widget.Select
	system   *screen.TextEntry
	nodes    *numStepper
	level    *widget.Select
	defHit   *numStepper
	defSh    *numStepper
	defFirst *widget.Check
	indep    *fyne.Container
	// What passes to the attacker on success (a player's system).
	capture  *widget.Accordion
	sysNodes [3]*numStepper // production, research, culture
	starbase *widget.Check
	homeOf   *widget.Select
	// nodesFrom is what the nodes count was last worked out from.
	nodesFrom string
	// pick are the defender's resource nodes the round destroys
	// (production, research, culture): as many as the rules say
	// (ResourceNodesDestroyed), the attacker choosing which.
	pick     [3]*numStepper
	pickLine *widget.Label
	pickBox  *fyne.Container
	// pickFor is the round and dice the picks were made for.
	pickFor  string
	info     *widget.Label
	oddsView *widgets.OddsView
	attD     *ascDice
	defD     *ascDice
	result   *fyne.Container
	// The invasion round under way on every phone (invasion_shared.go):
	// top is "New invasion" or "End the invasion", open opens the round
	// on every phone, shared shows the dice in and whose are awaited;
	// sharedSeen is the round the form took its sides from, others: this
	// seated phone types the other side's dice too.
	top        *widget.Button
	open       *widget.Button
	shared     *fyne.Container
	sharedSeen string
	others     bool
}

func newInvasionForm(v *ascView) *invasionForm {
	f := &invasionForm{v: v}
	f.roundLine = screen.BoldLabel("")
	f.summary = screen.BoldLabel("")
	f.att = newSideForm(v, lang.X("asc.attacker", "Attacker"), false, f.changed)
	f.defender = widget.NewSelect(nil, func(string) { f.changed() })
	f.defender.PlaceHolder = lang.X("asc.defender", "Defender")
	f.system = placeholderEntry(lang.X("asc.system_name_optional", "System name (optional)"))
	f.nodes = newNumStepper(lang.X("asc.nodes", "Nodes"), 2, 1, 20, f.changed)
	f.defHit = newNumStepper(lang.X("asc.hit_roll", "Hit roll"), 5, 1, 6, f.changed)
	f.defSh = newNumStepper(lang.X("asc.shields", "Shields"), 1, 0, 6, f.changed)
	levels := []string{lang.X("asc.pre_warp", "Pre-warp")}
	for n := 1; n <= 4; n++ {
		levels = append(levels, lang.X("asc.level", "Level {{.N}}", map[string]any{"N": n}))
	}
	f.level = widget.NewSelect(levels, func(string) {
		// The n-th choice is tech level n (the first is pre-warp).
		if n := f.level.SelectedIndex(); n > 0 {
			if lv, err := ascrules.TechLevel(n); err == nil {
				f.defHit.val, f.defSh.val = lv.HitRoll, lv.Shields
				f.defHit.show()
				f.defSh.show()
			}
		}
		f.changed()
	})
	f.level.PlaceHolder = lang.X("asc.tech_level_warp_tokens", "Tech level (warp tokens)")
	f.indep = container.NewVBox(f.level, screen.CaptionLabel(lang.X("asc.a_pre_warp_system_has", "A pre-warp system has no tech level in the rules: enter what your table uses.")), f.defHit.box, f.defSh.box)
	f.defFirst = widget.NewCheck(lang.X("asc.defending_nodes_have_first_strike", "Defending nodes have first strike"), func(bool) { f.changed() })
	for i, l := range []string{lang.X("asc.p_nodes", "P nodes"), lang.X("asc.r_nodes", "R nodes"), lang.X("asc.c_nodes", "C nodes")} {
		f.sysNodes[i] = newNumStepper(l, 0, 0, 0, f.changed)
	}
	f.starbase = widget.NewCheck(lang.X("asc.hegemony.starbase", "Their starbase is there"), func(bool) { f.changed() })
	f.homeOf = widget.NewSelect(nil, nil)
	f.homeOf.PlaceHolder = lang.X("asc.hegemony.home_of", "Whose home system it is")
	f.capture = widget.NewAccordion(widget.NewAccordionItem(lang.X("asc.hegemony.capture", "On success: what passes"),
		container.NewVBox(
			screen.CaptionLabel(lang.X("asc.invasion.capture_note", "The defender's resource nodes on the planet (the nodes count follows them), a starbase with one of its command tokens, a home system. What the invasion leaves passes to the attacker.")),
			nodeColumns(f.sysNodes[0].box, f.sysNodes[1].box, f.sysNodes[2].box), f.starbase, f.homeOf)))
	for i, l := range []string{lang.X("asc.p_nodes", "P nodes"), lang.X("asc.r_nodes", "R nodes"), lang.X("asc.c_nodes", "C nodes")} {
		f.pick[i] = newNumStepper(l, 0, 0, 0, f.resolve)
	}
	f.pickLine = screen.WrapLabel("")
	f.pickBox = container.NewVBox(f.pickLine, nodeColumns(f.pick[0].box, f.pick[1].box, f.pick[2].box))
	f.info = screen.WrapLabel("")
	f.oddsView = widgets.NewOddsView(lang.X("asc.attacker_s_hits", "Attacker's hits"), nil)
	f.attD = newCompactAscDice(lang.X("asc.attacker_s_dice", "Attacker's dice"), f.resolve)
	f.defD = newCompactAscDice(lang.X("asc.nodes_dice", "Nodes' dice"), f.resolve)
	f.result = container.NewVBox()
	roll := screen.RollButton(f.rollVirtual)
	clear := widget.NewButtonWithIcon(lang.X("asc.clear_dice", "Clear dice"), theme.ContentClearIcon(), func() {
		f.attD.set(ascPool{})
		f.defD.set(ascPool{})
		f.resolve()
	})
	surrender := widget.NewButtonWithIcon(lang.X("asc.defender_surrenders", "Defender surrenders"), theme.CancelIcon(), f.surrender)
	f.top = widget.NewButtonWithIcon(lang.X("asc.invasion.new", "New invasion"), theme.ContentClearIcon(), f.newInvasion)
	f.open = widget.NewButtonWithIcon(lang.X("asc.shared.open", "Open on every phone"), theme.MailSendIcon(), f.openShared)
	f.shared = container.NewVBox()
	f.setup = container.NewVBox(
		screen.BoldLabel(lang.X("asc.attacker", "Attacker")), f.att.box,
		screen.BoldLabel(lang.X("asc.defender", "Defender")), f.defender, f.system, f.nodes.box, f.indep, f.capture, f.defFirst)
	f.content = container.NewVBox(
		screen.Heading(lang.X("asc.planetary_invasion", "Planetary invasion")),
		screen.CaptionLabel(lang.X("asc.ships_roll_one_die_each", "Ships roll one die each, the planet one per node (control node included). More hits than nodes takes the system; equal destroys every node; fewer destroys that many resource nodes.")),
		f.roundLine,
		container.NewBorder(nil, nil, nil, f.top),
		f.summary, f.setup,
		widget.NewSeparator(),
		// The dice right under the sides, the result and Apply right
		// under the dice; the odds after them.
		f.shared, f.attD.box, f.defD.box, f.open,
		screen.FitGrid(2, roll, clear),
		f.result,
		surrender,
		f.info, f.oddsView,
	)
	return f
}

// invasionKey names the invasion under way and its last round ("new":
// none), so the form sees when a round was fought.
func invasionKey(u *tracker.InvasionUnderWay) string {
	if u == nil {
		return "new"
	}
	return fmt.Sprintf("%s|%s|%s|%d", u.Attacker, u.Defender, u.System, u.Round)
}

// newInvasion sets the form for a new invasion: round 1, the sides open.
func (f *invasionForm) newInvasion() {
	f.fresh = true
	f.seen = ""
	f.attD.set(ascPool{})
	f.defD.set(ascPool{})
	f.show()
}

// live returns the invasion under way in the game (nil after "New
// invasion").
func (f *invasionForm) live() *tracker.InvasionUnderWay {
	if f.fresh {
		return nil
	}
	return f.v.st.Invasion
}

// tracked returns the invasion under way that the sides chosen continue
// (the same attacker and defender), or nil for a new invasion.
func (f *invasionForm) tracked() *tracker.InvasionUnderWay {
	if f.live() == nil {
		return nil
	}
	return f.v.st.InvasionFor(f.v.playerChoices().ids[f.att.player.Selected], f.defenderID())
}

// defenderID is the defending player's id ("" for an independent system).
func (f *invasionForm) defenderID() string {
	return f.v.playerChoices().ids[f.defender.Selected]
}

// roundNo is the round the next apply fights.
func (f *invasionForm) roundNo() int {
	if b := f.sharedInv(); b != nil {
		return b.Round
	}
	if u := f.tracked(); u != nil {
		return u.NextRound()
	}
	return 1
}

func (f *invasionForm) show() {
	c := f.v.playerChoices()
	def := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		def = c.labelOf(seat)
	}
	sh := f.sharedInv()
	if sh != nil {
		f.fresh = false
		f.followShared(sh)
	} else {
		f.sharedSeen = ""
		f.att.lock(false)
		f.defender.Enable()
	}
	if u := f.live(); u != nil && sh == nil && f.followed != invasionKey(u) {
		// A round was fought: the form shows the invasion as it goes on.
		f.followed = invasionKey(u)
		f.att.player.Selected = c.labelOf(u.Attacker)
		f.defender.Selected = independentLabel()
		if u.Defender != "" {
			f.defender.Selected = c.labelOf(u.Defender)
		}
		f.system.SetText(u.System)
		f.defHit.val, f.defSh.val = max(1, u.DefenderWeapons), u.DefenderShields
		f.defHit.show()
		f.defSh.show()
	}
	f.att.show(def)
	if f.defender.Selected == f.att.player.Selected {
		// Chosen for another attacker: nobody invades their own system.
		f.defender.Selected = ""
	}
	syncSelect(f.defender, append(append([]string{}, c.labels...), independentLabel()), independentLabel())
	nobody := lang.X("asc.hegemony.nobody_s_home", "Nobody's home system")
	homes := []string{nobody}
	for _, p := range f.v.st.Players {
		homes = append(homes, p.Name)
	}
	syncSelect(f.homeOf, homes, nobody)
	f.changed()
}

// follow keeps the form's counts in step with the invasion it is for: a
// new invasion (or other sides) refills them from the board; the one under
// way gives the ships and nodes it left; the nodes on the planet stay
// within what the defender has.
func (f *invasionForm) follow(def *tracker.AscPlayer) {
	if f.sharedInv() != nil {
		screen.SetVisible(f.capture, def != nil)
		return // the sides are the round's (followShared)
	}
	u := f.tracked()
	key := invasionKey(u) + "|" + f.att.player.Selected + "|" + f.defender.Selected
	refill := key != f.seen
	f.seen = key
	if p := f.att.p(); p != nil {
		most := f.v.st.InvasionShips(p.ID, f.defenderID())
		if f.fresh {
			most = p.Ships
		}
		if refill {
			f.att.ships.val = max(1, most)
		}
		f.att.ships.clamp(1, most)
		if u != nil {
			f.att.firstStrike.SetChecked(false)
			f.att.firstStrike.Disable()
		} else {
			f.att.firstStrike.Enable()
		}
	}
	if refill && u == nil {
		for _, n := range f.sysNodes {
			n.val = 0
		}
		f.starbase.SetChecked(false)
		f.clearPicks()
	}
	if u != nil && refill {
		f.nodes.val = u.Nodes
	}
	if screen.SetVisible(f.capture, def != nil) {
		f.setup.Refresh()
	}
	if def == nil {
		f.nodesFrom = ""
		f.nodes.show()
		return
	}
	f.sysNodes[0].clamp(0, def.Nodes.Production)
	f.sysNodes[1].clamp(0, def.Nodes.Research)
	f.sysNodes[2].clamp(0, def.Nodes.Culture)
	if def.Starbases < 1 {
		f.starbase.SetChecked(false)
		f.starbase.Disable()
	} else {
		f.starbase.Enable()
	}
	// The planet's nodes: its resource nodes and the control node, worked
	// out again when the resource nodes entered change.
	if n := f.systemNodes().Total(); n > 0 {
		if from := fmt.Sprintf("%s/%d", def.ID, n); from != f.nodesFrom && u == nil {
			f.nodesFrom = from
			f.nodes.val = tracker.PlanetNodes(f.systemNodes(), true)
		}
	}
	f.nodes.show()
}

// systemNodes are the defender's resource nodes entered for the planet.
func (f *invasionForm) systemNodes() ascrules.Resources {
	return ascrules.Resources{Production: f.sysNodes[0].val, Research: f.sysNodes[1].val, Culture: f.sysNodes[2].val}
}

// invasion returns the rules' view of the invasion (faces not set).
func (f *invasionForm) invasion() (ascrules.Invasion, *tracker.AscPlayer, bool) {
	att, ok := f.att.side()
	if !ok {
		return ascrules.Invasion{}, nil, false
	}
	in := ascrules.Invasion{Round: f.roundNo(), Attacker: att, Nodes: f.nodes.val, DefenderFirstStrike: f.defFirst.Checked}
	var def *tracker.AscPlayer
	if f.defender.Selected == independentLabel() || f.defender.Selected == "" {
		in.DefenderWeapons, in.DefenderShields = f.defHit.val, f.defSh.val
	} else {
		def = f.v.player(f.defenderID())
		if def == nil || def.ID == att.Player {
			return in, nil, false
		}
		in.Controlled, in.DefenderWeapons, in.DefenderShields = true, def.Weapons, def.Shields
	}
	return in, def, true
}

func (f *invasionForm) changed() {
	if f.result == nil || f.v.st == nil {
		return
	}
	def := f.v.player(f.defenderID())
	f.follow(def)
	in, def, ok := f.invasion()
	relayout := screen.SetVisible(f.indep, def == nil)
	f.topButton()
	if b := f.sharedInv(); b != nil {
		f.roundLine.SetText(f.sharedLine(b))
		f.summary.SetText(lang.X("asc.invasion.summary", "{{.Attacker}} invades {{.System}} ({{.Defender}}): {{.Ships}} ship(s) and {{.Nodes}} node(s) left.",
			map[string]any{"Attacker": f.v.seatName(b.Invasion.Attacker), "System": f.systemName(b.Invasion.System), "Defender": f.defenderName(b.Invasion.Defender), "Ships": b.Invasion.Ships, "Nodes": b.Invasion.Nodes}))
		relayout = screen.SetVisible(f.summary, true) || relayout
		relayout = screen.SetVisible(f.setup, false) || relayout
	} else if u := f.tracked(); u != nil {
		// What is decided is folded: the sides as one line.
		where := u.System
		if where == "" {
			where = lang.X("asc.invasion.the_system", "the system")
		}
		f.roundLine.SetText(lang.X("asc.invasion.round_under_way", "Round {{.Round}} of the invasion under way", map[string]any{"Round": u.NextRound()}))
		f.summary.SetText(lang.X("asc.invasion.summary", "{{.Attacker}} invades {{.System}} ({{.Defender}}): {{.Ships}} ship(s) and {{.Nodes}} node(s) left.",
			map[string]any{"Attacker": f.v.seatName(u.Attacker), "System": where, "Defender": f.defenderName(u.Defender), "Ships": f.att.ships.val, "Nodes": f.nodes.val}))
		relayout = screen.SetVisible(f.summary, true) || relayout
		relayout = screen.SetVisible(f.setup, false) || relayout
	} else {
		f.roundLine.SetText(lang.X("asc.invasion.round_1", "Round 1 of a new invasion"))
		relayout = screen.SetVisible(f.summary, false) || relayout
		relayout = screen.SetVisible(f.setup, true) || relayout
	}
	if relayout {
		// Shown or hidden parts take or give back their room at once.
		f.setup.Refresh()
		f.content.Refresh()
	}
	if !ok {
		f.info.SetText(lang.X("asc.choose_an_attacker_with_ships", "Choose an attacker with ships, and a defender other than the attacker."))
		f.oddsView.Hide()
		f.result.RemoveAll()
		f.result.Refresh()
		return
	}
	o, err := odds.InvasionRound(in)
	if err != nil {
		f.info.SetText(screen.ErrText(err))
		f.oddsView.Hide()
		return
	}
	f.attD.title.SetText(lang.X("asc.attacker_s_dice_hit_on", "Attacker's dice ({{.V}}, hit on {{.HitText}})", map[string]any{"V": in.Attacker.Ships + in.Attacker.BonusDice, "HitText": hitText(o.AttackerTarget, o.AttackerCanHit)}))
	f.defD.title.SetText(lang.X("asc.nodes_dice_hit_on", "Nodes' dice ({{.Nodes}}, hit on {{.HitText}})", map[string]any{"Nodes": in.Nodes, "HitText": hitText(o.DefenderTarget, o.DefenderCanHit)}))
	f.attD.pad.SetMax(in.Attacker.Ships + in.Attacker.BonusDice)
	f.defD.pad.SetMax(in.Nodes)
	f.info.SetText(lang.X("asc.this_round_system_taken_total", "This round: system taken {{.Percent}} · total annihilation {{.Percent2}} · collateral damage {{.Percent3}} · invasion fails {{.Percent4}}. Expected nodes destroyed {{.ExpectedNodesDestroyed}}.", map[string]any{"Percent": widgets.Percent(o.Successful), "Percent2": widgets.Percent(o.Annihilation), "Percent3": widgets.Percent(o.Collateral), "Percent4": widgets.Percent(o.Failed), "ExpectedNodesDestroyed": fmt.Sprintf("%.1f", o.ExpectedNodesDestroyed)}))
	f.oddsView.SetDist([]float64(o.Hits))
	f.oddsView.Show()
	f.resolve()
}

// defenderName names the defender of an invasion ("" is an independent
// system).
func (f *invasionForm) defenderName(id string) string {
	if id == "" {
		return independentLabel()
	}
	return f.v.seatName(id)
}

func (f *invasionForm) rollVirtual() {
	in, _, ok := f.invasion()
	if !ok {
		f.v.f.Say(lang.X("asc.choose_the_attacker_and_the_3", "Choose the attacker and the defender first."), true)
		return
	}
	if sh := f.sharedInv(); sh != nil {
		f.rollShared(sh, in)
		return
	}
	// The rules say how many dice each side rolls: a side struck first
	// rolls after the other, for what it has left.
	var a, d ascPool
	if ascrules.InvasionNodesRollFirst(in) {
		d, a, ok = f.v.rollPair(in.Nodes, func(d ascPool) int {
			in.DefenderFaces = d.faces
			return ascrules.InvasionAttackerDiceDue(in)
		})
	} else {
		a, d, ok = f.v.rollPair(ascrules.InvasionAttackerDiceDue(in), func(a ascPool) int {
			in.AttackerFaces = a.faces
			return ascrules.InvasionNodeDiceDue(in)
		})
	}
	if !ok {
		return
	}
	f.attD.set(a)
	f.defD.set(d)
	f.resolve()
}

var invasionOutcomeText = map[ascrules.InvasionOutcome]string{
	ascrules.Successful:   "Successful invasion: the attacker takes the system",
	ascrules.Annihilation: "Total annihilation: every node is destroyed",
	ascrules.Collateral:   "Collateral damage",
	ascrules.Surrendered:  "The defender surrenders",
}

// resolve explains the round as the dice stand, right under them, and
// offers to apply it.
func (f *invasionForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	in, def, ok := f.invasion()
	sh := f.sharedInv()
	f.sharedPads(sh, in)
	if !ok {
		return
	}
	in.AttackerFaces, in.DefenderFaces = f.attD.pool.faces, f.defD.pool.faces
	res, err := ascrules.ResolveInvasion(in)
	if err != nil {
		if sh == nil && len(f.attD.pool.faces) > 0 {
			f.result.Add(screen.WrapLabel(lang.X("asc.waiting_for_the_dice", "Waiting for the dice: {{.Error}}", map[string]any{"Error": rulesReason(err)})))
		}
		// One side's dice may go in on their own.
		f.diceButtons(sh, in, true)
		return
	}
	f.attD.mark(res.AttackerTarget)
	f.defD.mark(res.DefenderTarget)
	f.result.Add(screen.BigResult(invasionOutcomeText[res.Outcome]))
	f.result.Add(f.attD.marked())
	f.result.Add(f.defD.marked())
	lines := []string{lang.X("asc.hit_s_against_node_s", "{{.Hits}} hit(s) against {{.Nodes}} node(s): {{.NodesDestroyed}} node(s) destroyed, {{.NodesLeft}} left.", map[string]any{"Hits": res.Hits, "Nodes": in.Nodes, "NodesDestroyed": res.NodesDestroyed, "NodesLeft": res.NodesLeft}),
		lang.X("asc.the_nodes_score_hit_s", "The nodes score {{.DefenderHits}} hit(s): the attacker loses {{.AttackerLosses}} ship(s), {{.AttackerShipsLeft}} left.", map[string]any{"DefenderHits": res.DefenderHits, "AttackerLosses": res.AttackerLosses, "AttackerShipsLeft": res.AttackerShipsLeft})}
	if res.Failed {
		lines = append(lines, lang.X("asc.every_attacking_ship_is_gone", "Every attacking ship is gone: the invasion fails."))
	} else if !res.Over {
		lines = append(lines, lang.X("asc.fight_another_round_retreat_or", "Fight another round, retreat, or the defender may surrender."))
	}
	f.result.Add(explainLines(lines))
	due := 0
	if def != nil {
		due = res.ResourceNodesDestroyed(in.Controlled)
	}
	picked := due == 0 || f.picksFor(in, def, due)
	if due > 0 {
		f.result.Add(f.pickBox)
	} else {
		f.clearPicks()
	}
	f.diceButtons(sh, in, picked)
}

// picksFor keeps the resource nodes picked to what the round destroys: due
// of them, of the planet's (or, with none entered, of the defender's), all
// of them when that leaves no choice. It says how many are still to pick
// and reports whether the picks are complete.
func (f *invasionForm) picksFor(in ascrules.Invasion, def *tracker.AscPlayer, due int) bool {
	from := f.systemNodes()
	if from.Total() == 0 {
		from = def.Nodes
	}
	most := [3]int{from.Production, from.Research, from.Culture}
	key := fmt.Sprintf("%d|%v|%v|%v|%d", in.Round, in.AttackerFaces, in.DefenderFaces, most, due)
	if key != f.pickFor {
		f.pickFor = key
		for i := range f.pick {
			f.pick[i].val = 0
		}
		if from.Total() == due { // no choice: every one of them
			for i := range f.pick {
				f.pick[i].val = most[i]
			}
		}
	}
	for i := range f.pick {
		f.pick[i].clamp(0, most[i])
	}
	// No more than the hits destroy, all kinds together.
	for i := range f.pick {
		others := f.picked().Total() - f.pick[i].val
		f.pick[i].clamp(0, min(most[i], max(0, due-others)))
	}
	picked := f.picked().Total()
	f.pickLine.SetText(lang.X("asc.invasion.pick_nodes", "The hits destroy {{.Due}} of {{.Name}}'s resource node(s): the attacker picks which ({{.Picked}} of {{.Due}} picked).",
		map[string]any{"Due": due, "Name": def.Name, "Picked": picked}))
	if picked != due {
		f.pickLine.Importance = widget.WarningImportance
	} else {
		f.pickLine.Importance = widget.MediumImportance
	}
	f.pickLine.Refresh()
	return picked == due
}

// picked are the resource nodes picked as destroyed.
func (f *invasionForm) picked() ascrules.Resources {
	return ascrules.Resources{Production: f.pick[0].val, Research: f.pick[1].val, Culture: f.pick[2].val}
}

// clearPicks forgets the resource nodes picked.
func (f *invasionForm) clearPicks() {
	f.pickFor = ""
	for i := range f.pick {
		f.pick[i].val = 0
		f.pick[i].show()
	}
}

func (f *invasionForm) command(surrender bool) (tracker.InvasionRound, bool) {
	in, def, ok := f.invasion()
	if !ok {
		f.v.f.Say(lang.X("asc.choose_the_attacker_and_the_3", "Choose the attacker and the defender first."), true)
		return tracker.InvasionRound{}, false
	}
	var lost ascrules.Resources
	if def != nil && !surrender && f.pickFor != "" {
		lost = f.picked()
	}
	cmd := tracker.InvasionRound{Round: in.Round, Attacker: in.Attacker.Player, Ships: in.Attacker.Ships, FirstStrike: in.Attacker.FirstStrike,
		System: strings.TrimSpace(f.system.Text), Nodes: in.Nodes, DefenderFirstStrike: in.DefenderFirstStrike, Surrender: surrender, NodesLost: lost}
	if def != nil {
		cmd.Defender = def.ID
		cmd.SystemNodes, cmd.Starbase = f.systemNodes(), f.starbase.Checked
	} else {
		cmd.DefenderWeapons, cmd.DefenderShields = in.DefenderWeapons, in.DefenderShields
	}
	for _, p := range f.v.st.Players {
		if p.Name == f.homeOf.Selected {
			cmd.HomeOf = p.ID
		}
	}
	if !surrender {
		cmd.AttackerRoll, cmd.DefenderRoll = f.attD.pool.roll(), f.defD.pool.roll()
	}
	return cmd, true
}

func (f *invasionForm) apply(surrender bool) {
	cmd, ok := f.command(surrender)
	if !ok {
		return
	}
	fresh := f.fresh
	f.fresh = false
	if !f.v.exec(cmd) {
		f.fresh = fresh
		return
	}
	f.v.f.Say(lang.X("asc.invasion_round_applied", "Invasion round applied."), false)
	// The nodes destroyed are no longer on the planet.
	left := cmd.SystemNodes.Sub(cmd.NodesLost)
	for i, n := range []int{left.Production, left.Research, left.Culture} {
		f.sysNodes[i].val = max(0, n)
	}
	f.clearPicks()
	f.attD.set(ascPool{})
	f.defD.set(ascPool{})
	f.changed()
}

func (f *invasionForm) surrender() { f.apply(true) }
