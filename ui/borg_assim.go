package ui

import (
	"fmt"
	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/widgets"
)

// assimForm is a cube assimilating a player's developed system, round by
// round: the odds of the round, the system's dice (one per node, one for a
// starbase) and the cube's, the result, the nodes lost, applied at once.
type assimForm struct {
	v        *ascView
	box      *fyne.Container
	cube     *widget.Select
	defender *widget.Select
	system   *widget.Entry
	nodes    *numStepper
	starbase *widget.Check
	onSix    *widget.Check
	lost     *widget.Entry
	sbLost   *widget.Check
	info     *widget.Label
	defD     *ascDice
	borgD    *ascDice
	result   *fyne.Container
}

func newAssimForm(v *ascView) *assimForm {
	f := &assimForm{v: v}
	f.cube = widget.NewSelect(nil, func(string) { f.changed() })
	f.cube.PlaceHolder = lang.X("borg.assimilating_cube", "Assimilating cube")
	f.defender = widget.NewSelect(nil, func(string) {
		if p := f.player(); p != nil {
			f.onSix.SetChecked(p.Faction == ascrules.Klingon)
		}
		f.changed()
	})
	f.defender.PlaceHolder = lang.X("borg.whose_system", "Whose system")
	f.system = placeholderEntry(lang.X("borg.system_under_assimilation", "System under assimilation"))
	f.nodes = newNumStepper(lang.X("borg.nodes_with_control", "Nodes (with control)"), 2, 0, 20, f.changed)
	f.starbase = widget.NewCheck(lang.X("borg.starbase_in_the_system_1", "Starbase in the system (+1 die)"), func(bool) { f.changed() })
	f.onSix = widget.NewCheck(lang.X("borg.hits_on_6s_always_klingon", "Hits on 6s always (Klingon)"), func(bool) { f.changed() })
	f.lost = placeholderEntry(lang.X("borg.nodes_destroyed_e_g_1p", "Nodes destroyed, e.g. 1P"))
	f.sbLost = widget.NewCheck(lang.X("borg.the_starbase_was_destroyed", "The starbase was destroyed"), nil)
	f.info = wrapLabel("")
	f.defD = newAscDice(lang.X("borg.system_s_dice", "System's dice"), f.resolve)
	f.borgD = newAscDice(lang.X("borg.cube_s_dice", "Cube's dice"), f.resolve)
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	f.box = container.NewVBox(
		heading(lang.X("borg.assimilation", "Assimilation")),
		wrapLabel(lang.X("borg.a_cube_at_a_developed", "A cube at a developed system fights it like a space battle: the system rolls a die per node and one for a starbase, and strikes first in round 1. Every Borg hit destroys a node (a starbase counts as one). When nothing is left, the system is assimilated and a spire goes on it.")),
		f.cube, f.defender, f.system, f.nodes.box, f.starbase, f.onSix, f.info,
		widget.NewSeparator(), f.defD.box, f.borgD.box, roll, f.lost, f.sbLost, f.result)
	return f
}

func (f *assimForm) player() *tracker.AscPlayer {
	return f.v.player(f.v.playerChoices().ids[f.defender.Selected])
}

func (f *assimForm) currentCube() (borgrules.Cube, bool) {
	for _, c := range f.v.st.Borg.Cubes {
		if c.ID == f.cube.Selected {
			return c, true
		}
	}
	return borgrules.Cube{}, false
}

func (f *assimForm) show() fyne.CanvasObject {
	var ids []string
	for _, c := range f.v.st.Borg.Cubes {
		ids = append(ids, c.ID)
	}
	def := ""
	if len(ids) > 0 {
		def = ids[0]
	}
	syncSelect(f.cube, ids, def)
	syncSelect(f.defender, f.v.playerChoices().labels, "")
	f.changed()
	return f.box
}

// setup returns the rules' view of the round (faces not set).
func (f *assimForm) setup() (borgrules.Assimilation, *tracker.AscPlayer, bool) {
	cube, ok := f.currentCube()
	p := f.player()
	if !ok || p == nil || f.v.st.Borg == nil {
		return borgrules.Assimilation{}, nil, false
	}
	hit, err := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if err != nil {
		return borgrules.Assimilation{}, nil, false
	}
	return borgrules.Assimilation{Cube: cube, Nodes: f.nodes.val, Starbase: f.starbase.Checked, DefenderWeapons: p.Weapons,
		DefenderHitsOnSix: f.onSix.Checked, BorgHit: hit}, p, true
}

func (f *assimForm) structures(a borgrules.Assimilation) int {
	n := a.Nodes
	if a.Starbase {
		n++
	}
	return n
}

func (f *assimForm) changed() {
	if f.result == nil || f.v.st == nil || f.v.st.Borg == nil {
		return
	}
	a, _, ok := f.setup()
	if !ok {
		f.info.SetText(lang.X("borg.choose_the_cube_and_whose", "Choose the cube and whose system it is."))
		return
	}
	n := f.structures(a)
	t, can := borgrules.PlayerTarget(a.DefenderWeapons, a.Cube.Shields, a.DefenderHitsOnSix)
	f.defD.title.SetText(lang.X("borg.system_s_dice_hit_on", "System's dice ({{.N}}, hit on {{.HitText}})", map[string]any{"N": n, "HitText": hitText(t, can)}))
	f.defD.pad.SetMax(n)
	f.borgD.title.SetText(lang.X("borg.cube_s_dice_up_to", "Cube's dice (up to {{.Dice}}, hit on {{.BorgHit}}+)", map[string]any{"Dice": a.Cube.Dice(), "BorgHit": a.BorgHit}))
	f.borgD.pad.SetMax(a.Cube.Dice())
	// The round is a cube round with one die per structure.
	o, err := odds.CubeRound(odds.CubeBattleSetup{Ships: n, Weapons: a.DefenderWeapons, HitsOnSix: a.DefenderHitsOnSix, Cube: a.Cube, BorgHit: a.BorgHit})
	if err != nil {
		f.info.SetText(err.Error())
		return
	}
	f.info.SetText(lang.X("borg.this_round_assimilated_cube_destroyed", "This round: assimilated {{.Percent}} · cube destroyed {{.Percent2}} · expected structures lost {{.Min}} of {{.N}}.", map[string]any{"Percent": widgets.Percent(o.BorgHits.AtLeast(n)), "Percent2": widgets.Percent(o.CubeDestroyed), "Min": fmt.Sprintf("%.1f", min(o.BorgHits.Expected(), float64(n))), "N": n}))
	f.resolve()
}

func (f *assimForm) rollVirtual() {
	a, _, ok := f.setup()
	if !ok {
		f.v.gs.say(lang.X("borg.choose_the_cube_and_whose_2", "Choose the cube and whose system it is first."), true)
		return
	}
	d, b, ok := f.v.rollPair(f.structures(a), func(d ascPool) int {
		hits := 0
		if t, can := borgrules.PlayerTarget(a.DefenderWeapons, a.Cube.Shields, a.DefenderHitsOnSix); can {
			hits = d.faces.CountAtLeast(t)
		}
		return borgrules.BorgDiceDue(a.Cube, a.Cube.Round == 0, hits)
	})
	if !ok {
		return
	}
	f.defD.set(d)
	f.borgD.set(b)
	f.resolve()
}

func (f *assimForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	a, p, ok := f.setup()
	if !ok || len(f.defD.pool.faces) == 0 {
		return
	}
	a.DefenderFaces, a.BorgFaces = f.defD.pool.faces, f.borgD.pool.faces
	res, err := borgrules.ResolveAssimilation(a)
	if err != nil {
		f.result.Add(wrapLabel(lang.X("asc.waiting_for_the_dice", "Waiting for the dice: {{.Error}}", map[string]any{"Error": err.Error()})))
		return
	}
	f.defD.mark(res.DefenderTarget)
	f.borgD.mark(a.BorgHit)
	head := lang.X("borg.hit_s_the_cube_structure", "{{.Name}} {{.DefenderHits}} hit(s), the cube {{.BorgHits}}: {{.StructuresLeft}} structure(s) left", map[string]any{"Name": p.Name, "DefenderHits": res.DefenderHits, "BorgHits": res.BorgHits, "StructuresLeft": res.StructuresLeft})
	switch {
	case res.CubeDestroyed:
		head = lang.X("borg.the_cube_is_destroyed", "The cube is destroyed")
	case res.Assimilated:
		head = lang.X("borg.the_system_is_assimilated", "The system is assimilated")
	}
	f.result.Add(bigResult(head))
	var lines []string
	if res.StructuresDestroyed > 0 && !res.Assimilated {
		lines = append(lines, lang.X("borg.chooses_the_structure_s_lost", "{{.Name}} chooses the {{.StructuresDestroyed}} structure(s) lost: type the resource nodes above; tick the starbase if it fell.", map[string]any{"Name": p.Name, "StructuresDestroyed": res.StructuresDestroyed}))
	}
	if res.Regenerated > 0 {
		lines = append(lines, lang.X("borg.the_cube_regenerates_damage", "The cube regenerates {{.Regenerated}} damage.", map[string]any{"Regenerated": res.Regenerated}))
	}
	if res.Assimilated {
		lines = append(lines, lang.X("borg.a_spire_is_placed_on", "A spire is placed on the system."))
	}
	if res.StarbaseAssimilated {
		lines = append(lines, lang.X("borg.the_starbase_is_assimilated_every", "The starbase is assimilated: every spire gains a node."))
	}
	f.result.Add(explainLines(lines))
	addApplyButton(f.result, lang.X("borg.apply_round", "Apply round {{.V}}", map[string]any{"V": a.Cube.Round + 1}), func() {
		lost, err := parseCost(f.lost.Text)
		if err != nil {
			f.v.gs.say(lang.X("asc.nodes_destroyed", "Nodes destroyed: {{.Error}}", map[string]any{"Error": err.Error()}), true)
			return
		}
		cmd := tracker.AssimilationRound{Cube: a.Cube.ID, Defender: p.ID, System: f.system.Text, Nodes: a.Nodes, Starbase: a.Starbase,
			HitsOnSix: a.DefenderHitsOnSix, DefenderRoll: f.defD.pool.roll(), BorgRoll: f.borgD.pool.roll(), NodesLost: lost, StarbaseLost: f.sbLost.Checked}
		if f.v.exec(cmd) {
			f.v.gs.say(lang.X("borg.assimilation_round_applied", "Assimilation round applied."), false)
			f.nodes.val = max(0, a.Nodes-lost.Total())
			f.nodes.show()
			if f.sbLost.Checked {
				f.starbase.SetChecked(false)
			}
			f.lost.SetText("")
			f.sbLost.SetChecked(false)
			f.defD.set(ascPool{})
			f.borgD.set(ascPool{})
			f.changed()
		}
	})
}

// reclaimForm is a player invading a Borg system to reclaim it: hits at
// least equal to its structures remove it; fewer do nothing and the spire
// grows. The odds are the chance to reclaim it this round.
type reclaimForm struct {
	v      *ascView
	box    *fyne.Container
	spire  *widget.Select
	side   *sideForm
	onSix  *widget.Check
	info   *widget.Label
	d      *ascDice
	borgD  *ascDice
	result *fyne.Container
}

func newReclaimForm(v *ascView) *reclaimForm {
	f := &reclaimForm{v: v}
	f.spire = widget.NewSelect(nil, func(string) { f.changed() })
	f.spire.PlaceHolder = lang.X("borg.borg_system", "Borg system")
	f.side = newSideForm(v, lang.X("asc.attacker", "Attacker"), false, f.changed)
	f.side.firstStrike.Hide()
	f.onSix = widget.NewCheck(lang.X("borg.hits_on_6s_always_klingon", "Hits on 6s always (Klingon)"), func(bool) { f.changed() })
	f.info = wrapLabel("")
	f.d = newAscDice(lang.X("asc.attacker_s_dice", "Attacker's dice"), f.resolve)
	f.borgD = newAscDice(lang.X("borg.borg_system_s_dice_optional", "Borg system's dice (optional)"), f.resolve)
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	f.box = container.NewVBox(heading(lang.X("borg.reclaim_a_borg_system", "Reclaim a Borg system")),
		wrapLabel(lang.X("borg.invade_a_borg_system_no", "Invade a Borg system: no first strike; its shields are its nodes. Hits at least equal to its structures (spire, nodes, a cube on the spire) remove them all; fewer do nothing and the spire gains a node.")),
		f.spire, f.side.box, f.onSix, f.info, widget.NewSeparator(), f.d.box, f.borgD.box, roll, f.result)
	return f
}

func (f *reclaimForm) show() fyne.CanvasObject {
	var ids []string
	for _, s := range f.v.st.Borg.Spires {
		ids = append(ids, s.ID+" · "+s.System)
	}
	def := ""
	if len(ids) > 0 {
		def = ids[0]
	}
	syncSelect(f.spire, ids, def)
	d := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		d = f.v.playerChoices().labelOf(seat)
	}
	f.side.show(d)
	f.changed()
	return f.box
}

func (f *reclaimForm) setup() (borgrules.Reclaim, bool) {
	s, ok := f.side.side()
	if !ok || f.v.st.Borg == nil {
		return borgrules.Reclaim{}, false
	}
	for _, sp := range f.v.st.Borg.Spires {
		if sp.ID+" · "+sp.System == f.spire.Selected {
			return borgrules.Reclaim{Spire: sp, Fleet: borgrules.Fleet{Player: s.Player, Ships: s.Ships, Weapons: s.Weapons, HitsOnSix: f.onSix.Checked}}, true
		}
	}
	return borgrules.Reclaim{}, false
}

func (f *reclaimForm) changed() {
	if f.result == nil || f.v.st == nil || f.v.st.Borg == nil {
		return
	}
	r, ok := f.setup()
	if !ok {
		f.info.SetText(lang.X("borg.choose_the_borg_system_and", "Choose the Borg system and the attacker."))
		return
	}
	n := r.Spire.Structures()
	t, can := borgrules.PlayerTarget(r.Fleet.Weapons, r.Spire.Nodes, r.Fleet.HitsOnSix)
	f.d.title.SetText(lang.X("borg.attacker_s_dice_hit_on", "Attacker's dice ({{.Dice}}, hit on {{.HitText}})", map[string]any{"Dice": r.Fleet.Dice(), "HitText": hitText(t, can)}))
	f.d.pad.SetMax(r.Fleet.Dice())
	f.borgD.pad.SetMax(n)
	chance := 0.0
	if can {
		chance = odds.BattleHits(r.Fleet.Dice(), t).AtLeast(n)
	}
	info := lang.X("borg.structure_s_to_destroy_at", "{{.N}} structure(s) to destroy at once: reclaimed this round {{.Percent}}.", map[string]any{"N": n, "Percent": widgets.Percent(chance)})
	if r.Fleet.Dice() < n {
		info = lang.X("borg.structure_s_and_only_dice", "{{.N}} structure(s) and only {{.Dice}} dice: this fleet cannot reclaim it.", map[string]any{"N": n, "Dice": r.Fleet.Dice()})
	}
	f.info.SetText(info)
	f.resolve()
}

func (f *reclaimForm) rollVirtual() {
	r, ok := f.setup()
	if !ok {
		f.v.gs.say(lang.X("borg.choose_the_borg_system_and_2", "Choose the Borg system and the attacker first."), true)
		return
	}
	p, b, ok := f.v.rollPair(r.Fleet.Dice(), func(ascPool) int { return r.Spire.Structures() })
	if !ok {
		return
	}
	f.d.set(p)
	f.borgD.set(b)
	f.resolve()
}

func (f *reclaimForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	r, ok := f.setup()
	if !ok || len(f.d.pool.faces) == 0 {
		return
	}
	r.PlayerFaces = f.d.pool.faces
	hit, err := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if len(f.borgD.pool.faces) > 0 {
		if err != nil {
			f.result.Add(wrapLabel(plainError(err)))
			return
		}
		r.BorgFaces, r.BorgHit = f.borgD.pool.faces, hit
	}
	res, err := borgrules.ResolveReclaim(r)
	if err != nil {
		f.result.Add(wrapLabel(lang.X("asc.waiting_for_the_dice", "Waiting for the dice: {{.Error}}", map[string]any{"Error": err.Error()})))
		return
	}
	f.d.mark(res.Target)
	if len(r.BorgFaces) > 0 {
		f.borgD.mark(hit)
	}
	head := lang.X("borg.hit_s_on_structure_s", "{{.Hits}} hit(s) on {{.Structures}} structure(s): no effect", map[string]any{"Hits": res.Hits, "Structures": res.Structures})
	if res.Reclaimed {
		head = lang.X("borg.hit_s_on_structure_s_2", "{{.Hits}} hit(s) on {{.Structures}} structure(s): reclaimed", map[string]any{"Hits": res.Hits, "Structures": res.Structures})
	}
	f.result.Add(bigResult(head))
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
	addApplyButton(f.result, lang.X("asc.apply", "Apply"), func() {
		cmd := tracker.ReclaimRound{Spire: r.Spire.ID, Player: r.Fleet.Player, Ships: r.Fleet.Ships, HitsOnSix: r.Fleet.HitsOnSix,
			PlayerRoll: f.d.pool.roll()}
		if len(f.borgD.pool.faces) > 0 {
			cmd.BorgRoll = f.borgD.pool.roll()
		}
		if f.v.exec(cmd) {
			f.v.gs.say(lang.X("borg.reclaim_round_applied", "Reclaim round applied."), false)
			f.d.set(ascPool{})
			f.borgD.set(ascPool{})
			f.changed()
		}
	})
}
