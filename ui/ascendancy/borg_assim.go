package ascendancy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	borgrules "tableops/rules/borg"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// assimDraft is what the players set up for the next round of a cube
// assimilating a system. It belongs to one assimilation (key): when the
// state moves on (a round applied or undone, the turn over, another cube)
// it is made anew; an assimilation under way keeps its system, a new one
// starts with 2 nodes and no starbase; no dice are kept.
type assimDraft struct {
	key      string
	cube     string
	defender string
	system   string
	nodes    int
	starbase bool
	onSix    bool
	// homeOf is the player whose home system this is ("" none) and held
	// the systems that player controls with their resource nodes.
	homeOf string
	held   string
	lost   string
	sbLost bool
	edit   bool
	def    ascPool
	borg   ascPool
}

// assimForm is a cube assimilating a player's developed system, round by
// round: the system and its defences, the system's dice (one per node, one
// for a starbase) and the cube's, then the result with the nodes lost and
// Apply under the dice, the odds after. Drawn anew from the state and its
// draft on every update; typing dice redraws the result only.
type assimForm struct {
	// grown is called after the form changed size (the panel lays its
	// scroll out again, or the new rows could not be scrolled to).
	grown    func()
	v        *ascView
	d        assimDraft
	box      *fyne.Container
	result   *fyne.Container
	cube     *widget.Select
	defender *widget.Select
	system   *screen.TextEntry
	nodes    *numStepper
	starbase *widget.Check
	onSix    *widget.Check
	homeOf   *widget.Select
	held     *screen.TextEntry
	lost     *screen.TextEntry
	sbLost   *widget.Check
	defD     *borgDice
	borgD    *borgDice
	roll     *widget.Button
	// others: this seated phone types the defender's dice of the round
	// under way too (borg_assim_shared.go).
	others bool
}

func newAssimForm(v *ascView) *assimForm {
	return &assimForm{v: v, box: container.NewVBox(), result: container.NewVBox(), d: assimDraft{nodes: 2}}
}

// fight returns the assimilation under way with the draft's cube.
func (f *assimForm) fight() *tracker.CubeFight {
	fight := cubeFight(f.v.st, f.d.cube)
	if fight == nil || fight.Kind != tracker.FightAssimilation {
		return nil
	}
	return fight
}

// stateCube returns the draft's cube as the state has it.
func (f *assimForm) stateCube() (borgrules.Cube, bool) {
	return f.v.st.Borg.CubeByID(f.d.cube)
}

// currentCube returns the cube as the next round fights it: fresh for a
// new assimilation, as it stands while the same one goes on.
func (f *assimForm) currentCube() (borgrules.Cube, bool) {
	if b := f.sharedAssim(); b != nil {
		return b.AssimRules.Cube, true
	}
	c, ok := f.stateCube()
	if !ok {
		return c, false
	}
	if fight := f.fight(); fight == nil || fight.Defender != f.d.defender || !strings.EqualFold(strings.TrimSpace(fight.System), strings.TrimSpace(f.d.system)) {
		c = c.EndBattle()
	}
	return c, true
}

func (f *assimForm) key() string {
	c, _ := f.stateCube()
	w := f.v.st.Walker
	if fight := f.fight(); fight != nil {
		return fmt.Sprintf("%s|on|%s|%s|%d|%d|%d", c.ID, fight.Defender, fight.System, c.Round, c.Damage, c.Shields)
	}
	return fmt.Sprintf("%s|new|%d|%d", c.ID, w.Round, w.Turn)
}

// sync checks the draft against the state (see assimDraft).
func (f *assimForm) sync() {
	if b := f.sharedAssim(); b != nil {
		f.syncShared(b)
		return
	}
	bs := f.v.st.Borg
	if _, ok := f.stateCube(); !ok {
		f.d = assimDraft{nodes: 2}
		for _, c := range bs.Cubes {
			if fight := cubeFight(f.v.st, c.ID); fight != nil && fight.Kind == tracker.FightAssimilation {
				f.d.cube = c.ID
			}
		}
		if f.d.cube == "" && len(bs.Cubes) > 0 {
			f.d.cube = bs.Cubes[0].ID
		}
	}
	if k := f.key(); k != f.d.key {
		old := f.d
		f.d = assimDraft{key: k, cube: old.cube, nodes: 2}
		if fight := f.fight(); fight != nil {
			f.d.defender, f.d.system = fight.Defender, fight.System
			if old.defender == fight.Defender && strings.EqualFold(old.system, fight.System) {
				f.d.nodes, f.d.starbase, f.d.onSix, f.d.homeOf, f.d.held = old.nodes, old.starbase, old.onSix, old.homeOf, old.held
			} else if p := f.v.player(fight.Defender); p != nil {
				f.d.onSix = p.HitsOnSixVsBorg()
			}
		}
	}
	if p := f.v.player(f.d.defender); p == nil || !p.InPlay() {
		f.d.defender = ""
	} else if f.d.starbase && p.Starbases < 1 {
		f.d.starbase = false
	}
	if f.d.homeOf != "" && f.v.player(f.d.homeOf) == nil {
		f.d.homeOf = ""
	}
}

func (f *assimForm) player() *tracker.AscPlayer { return f.v.player(f.d.defender) }

// show draws the form from the state and returns it.
func (f *assimForm) show() fyne.CanvasObject {
	drawBorgForm(f.v.st, f)
	return f.box
}

// redraw draws the form again after a choice of the players.
func (f *assimForm) redraw() { drawBorgForm(f.v.st, f) }

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
	return borgrules.Assimilation{Cube: cube, Nodes: f.d.nodes, Starbase: f.d.starbase, DefenderWeapons: p.Weapons,
		DefenderHitsOnSix: f.d.onSix, BorgHit: hit}, p, true
}

func (f *assimForm) structures(a borgrules.Assimilation) int {
	n := a.Nodes
	if a.Starbase {
		n++
	}
	return n
}

// render draws the whole form from the draft.
func (f *assimForm) render() {
	f.box.RemoveAll()
	defer f.refreshed(f.box)
	v := f.v
	bs := v.st.Borg
	f.cube = cubeSelect(bs, lang.X("borg.assimilating_cube", "Assimilating cube"), f.d.cube)
	f.cube.OnChanged = func(name string) {
		if id := cubeID(bs, name); id != f.d.cube {
			f.d.cube = id
			f.redraw()
		}
	}
	c := v.playerChoices()
	f.defender = widget.NewSelect(c.labels, nil)
	f.defender.PlaceHolder = lang.X("borg.whose_system", "Whose system")
	f.defender.Selected = c.labelOf(f.d.defender)
	f.defender.OnChanged = func(l string) {
		if id := c.ids[l]; id != f.d.defender {
			f.d.defender, f.d.def, f.d.borg = id, ascPool{}, ascPool{}
			if p := v.player(id); p != nil {
				f.d.onSix = p.HitsOnSixVsBorg()
			}
			f.redraw()
		}
	}
	f.system = placeholderEntry(lang.X("borg.system_under_assimilation", "System under assimilation"))
	f.system.SetText(f.d.system)
	f.system.OnChanged = func(s string) { f.d.system = s }
	f.nodes = newNumStepper(lang.X("borg.nodes_with_control", "Nodes (with control)"), f.d.nodes, 0, 20, nil)
	f.nodes.onChange = func() {
		f.d.nodes, f.d.def = f.nodes.val, ascPool{}
		f.redraw()
	}
	f.starbase = widget.NewCheck(lang.X("borg.starbase_in_the_system_1", "Starbase in the system (+1 die)"), nil)
	f.starbase.Checked = f.d.starbase
	f.starbase.OnChanged = func(on bool) {
		f.d.starbase, f.d.def = on, ascPool{}
		f.redraw()
	}
	f.onSix = widget.NewCheck(lang.X("borg.hits_on_6s_always_klingon", "Hits on 6s always (Klingon)"), nil)
	f.onSix.Checked = f.d.onSix
	f.onSix.OnChanged = func(on bool) {
		f.d.onSix = on
		f.redraw()
	}
	v.klingonOnly(f.onSix, f.d.defender)
	f.box.Add(f.cube)
	shared := f.sharedAssim()
	if shared != nil {
		f.cube.Disable()
		f.box.Add(f.sharedTop(shared))
	}
	fight := f.fight()
	if shared != nil || fight != nil && !f.d.edit && fight.Defender == f.d.defender {
		sb := ""
		if f.d.starbase {
			sb = lang.X("borg.and_a_starbase", " and a starbase")
		}
		line := screen.WrapLabel(lang.X("borg.assimilating_summary", "{{.Cube}} is assimilating {{.System}} ({{.Name}}): {{.Nodes}} node(s){{.Starbase}} left.", map[string]any{"Cube": f.d.cube, "System": f.d.system, "Name": v.seatName(f.d.defender), "Nodes": f.d.nodes, "Starbase": sb}))
		change := widget.NewButtonWithIcon(lang.X("borg.change_fleets", "Change"), theme.DocumentCreateIcon(), func() {
			f.d.edit = true
			f.redraw()
		})
		if shared != nil {
			f.box.Add(line) // the round under way's system: ended, not changed
		} else {
			f.box.Add(container.NewBorder(nil, nil, nil, change, line))
		}
	} else {
		f.box.Add(f.defender)
		f.box.Add(f.system)
		f.box.Add(f.nodes.box)
		f.box.Add(f.starbase)
		f.box.Add(f.onSix)
		f.box.Add(f.homePart(c))
	}
	a, _, ok := f.setup()
	if !ok {
		f.box.Add(screen.WrapLabel(lang.X("borg.choose_the_cube_and_whose", "Choose the cube and whose system it is.")))
		f.result.RemoveAll()
		return
	}
	n := f.structures(a)
	if a.Cube.Round == 0 {
		f.box.Add(screen.BoldLabel(lang.X("borg.assim_round_1", "Round 1: the system rolls {{.N}} dice and strikes first; the cube fires up to {{.Dice}} dice hitting on {{.Hit}}+.", map[string]any{"N": n, "Dice": a.Cube.Dice(), "Hit": a.BorgHit})))
	} else {
		f.box.Add(screen.BoldLabel(lang.X("borg.assim_round_n", "Round {{.V}}: the system rolls {{.N}} dice; the cube fires up to {{.Dice}} dice hitting on {{.Hit}}+ (shields +{{.Shields}}).", map[string]any{"V": a.Cube.Round + 1, "N": n, "Dice": a.Cube.Dice(), "Hit": a.BorgHit, "Shields": a.Cube.Shields})))
	}
	f.box.Add(widget.NewSeparator())
	t, can := borgrules.PlayerTarget(a.DefenderWeapons, a.Cube.Shields, a.DefenderHitsOnSix)
	f.defD = newBorgSide(lang.X("borg.system_s_dice_hit_on", "System's dice ({{.N}}, hit on {{.HitText}})", map[string]any{"N": n, "HitText": hitText(t, can)}), n, &f.d.def, f.resolve)
	f.borgD = newBorgSide(lang.X("borg.cube_s_dice_2", "Cube's dice (hit on {{.Hit}}+; its 6s regenerate)", map[string]any{"Hit": a.BorgHit}), a.Cube.Dice(), &f.d.borg, f.resolve)
	for _, o := range []fyne.CanvasObject{f.sideBox(shared, f.d.defender, f.defD, t), f.sideBox(shared, tracker.BorgSeat, f.borgD, a.BorgHit)} {
		f.box.Add(o)
	}
	f.roll = addDiceActions(f.box, f.result, f.rollVirtual, func() {
		f.d.def, f.d.borg = ascPool{}, ascPool{}
		f.render()
	})
	f.box.Add(widget.NewSeparator())
	// The round is a cube round with one die per structure.
	if o, err := odds.CubeRound(odds.CubeBattleSetup{Ships: n, Weapons: a.DefenderWeapons, HitsOnSix: a.DefenderHitsOnSix, Cube: a.Cube, BorgHit: a.BorgHit}); err == nil {
		f.box.Add(screen.WrapLabel(lang.X("borg.this_round_assimilated_cube_destroyed", "This round: assimilated {{.Percent}} · cube destroyed {{.Percent2}} · expected structures lost {{.Min}} of {{.N}}.", map[string]any{"Percent": widgets.Percent(o.BorgHits.AtLeast(n)), "Percent2": widgets.Percent(o.CubeDestroyed), "Min": fmt.Sprintf("%.1f", min(o.BorgHits.Expected(), float64(n))), "N": n})))
	}
	f.box.Add(screen.CaptionLabel(lang.X("borg.a_cube_at_a_developed", "A cube at a developed system fights it like a space battle: the system rolls a die per node and one for a starbase, and strikes first in round 1. Every Borg hit destroys a node (a starbase counts as one). When nothing is left, the system is assimilated and a spire goes on it.")))
	f.resolve()
}

// homePart asks whose home system this is: when the Borg assimilate a
// home system (even one its player lost) that player joins the
// Collective and their systems become independent civilizations.
func (f *assimForm) homePart(c playerChoice) fyne.CanvasObject {
	none := lang.X("borg.nobody_s_home", "Nobody's home system")
	f.homeOf = widget.NewSelect(append([]string{none}, c.labels...), nil)
	f.homeOf.PlaceHolder = lang.X("borg.whose_home_system", "Whose home system is it?")
	f.homeOf.Selected = none
	if f.d.homeOf != "" {
		f.homeOf.Selected = c.labelOf(f.d.homeOf)
	}
	f.homeOf.OnChanged = func(l string) {
		if id := c.ids[l]; id != f.d.homeOf {
			f.d.homeOf = id
			f.redraw()
		}
	}
	box := container.NewVBox(f.homeOf)
	f.held = placeholderEntry(lang.X("borg.their_systems", "Their systems, e.g. Vulcan 2; P'Jem 1"))
	f.held.SetText(f.d.held)
	f.held.OnChanged = func(s string) { f.d.held = s }
	if f.d.homeOf != "" {
		box.Add(f.held)
		box.Add(screen.CaptionLabel(lang.X("borg.home_assimilated_note", "If the cube takes it, {{.Name}} joins the Collective: their ships leave the board and each system they control becomes an independent civilization with as many warp tokens as resource nodes.", map[string]any{"Name": f.v.seatName(f.d.homeOf)})))
	}
	return box
}

// parseHeld reads the systems an assimilated player controlled with their
// resource nodes: "Vulcan 2; P'Jem 1" (commas also separate).
func parseHeld(s string) ([]borgrules.SystemHeld, error) {
	var out []borgrules.SystemHeld
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == ',' || r == '\n' }) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		i := strings.LastIndexAny(part, " \t")
		if i < 0 {
			return nil, errors.New(lang.X("borg.held_needs_nodes", "{{.Part}}: give the system's name, then its resource nodes (e.g. Vulcan 2)", map[string]any{"Part": part}))
		}
		name := strings.TrimSpace(part[:i])
		n, err := strconv.Atoi(strings.TrimSpace(part[i+1:]))
		if err != nil || n < 0 || n > 20 || name == "" {
			return nil, errors.New(lang.X("borg.held_needs_nodes", "{{.Part}}: give the system's name, then its resource nodes (e.g. Vulcan 2)", map[string]any{"Part": part}))
		}
		out = append(out, borgrules.SystemHeld{System: name, ResourceNodes: n})
	}
	return out, nil
}

func (f *assimForm) rollVirtual() {
	a, _, ok := f.setup()
	if !ok {
		f.v.f.Say(lang.X("borg.choose_the_cube_and_whose_2", "Choose the cube and whose system it is first."), true)
		return
	}
	if sh := f.sharedAssim(); sh != nil {
		// In a round under way: the system's dice in stay (or roll on the
		// defender's phone); the cube rolls once they are in.
		if _, in := sh.DiceOf(f.d.defender); !in && !f.away(sh, f.d.defender) {
			d, err := f.v.ascRoll(f.structures(a))
			if err != nil {
				f.v.f.Say(screen.ErrText(err), true)
				return
			}
			f.d.def = d
		}
		a.DefenderFaces = f.d.def.faces
		if _, in := sh.DiceOf(tracker.BorgSeat); !in && len(a.DefenderFaces) == f.structures(a) {
			b, err := f.v.ascRoll(borgrules.AssimilationBorgDice(a))
			if err != nil {
				f.v.f.Say(screen.ErrText(err), true)
				return
			}
			f.d.borg = b
		}
		f.render()
		return
	}
	d, b, ok := f.v.rollPair(f.structures(a), func(d ascPool) int {
		a.DefenderFaces = d.faces
		return borgrules.AssimilationBorgDice(a)
	})
	if !ok {
		return
	}
	f.d.def, f.d.borg = d, b
	f.render()
}

// resolve shows, under the dice, what is still to type or the result:
// the dice marked, the nodes lost to name, and Apply.
func (f *assimForm) resolve() {
	f.result.RemoveAll()
	defer f.refreshed(f.result)
	a, p, ok := f.setup()
	if !ok {
		return
	}
	n := f.structures(a)
	var todo []string
	if k := n - len(f.d.def.faces); k > 0 {
		todo = append(todo, lang.X("borg.dice_to_type", "{{.Name}} {{.N}} more", map[string]any{"Name": p.Name, "N": k}))
	}
	if len(todo) == 0 && a.FirstStrike() {
		a.DefenderFaces = f.d.def.faces
		hits, due := borgrules.SystemHits(a), borgrules.AssimilationBorgDice(a)
		f.result.Add(screen.WrapLabel(lang.X("borg.cube_fires_after_first_strike_system", "After the system's first strike ({{.Hits}} hit(s)) the cube fires {{.Due}} dice.", map[string]any{"Hits": hits, "Due": due})))
		if k := due - len(f.d.borg.faces); k > 0 {
			todo = append(todo, lang.X("borg.cube_dice_to_type", "the cube {{.N}} more", map[string]any{"N": k}))
		}
	} else if k := a.Cube.Dice() - len(f.d.borg.faces); len(todo) == 0 && k > 0 {
		todo = append(todo, lang.X("borg.cube_dice_to_type", "the cube {{.N}} more", map[string]any{"N": k}))
	}
	shared := f.sharedAssim()
	if len(todo) > 0 {
		if shared == nil {
			f.result.Add(screen.WrapLabel(lang.X("borg.dice_still_to_type", "Waiting for the dice: {{.Join}}.", map[string]any{"Join": strings.Join(todo, ", ")})))
		}
		// The system's dice may go in on their own.
		f.diceButtons(shared, a, func(sides []string) { f.apply(a, p, sides) })
		return
	}
	a.DefenderFaces, a.BorgFaces = f.d.def.faces, f.d.borg.faces
	res, err := borgrules.ResolveAssimilation(a)
	if err != nil {
		f.result.Add(screen.WrapLabel(lang.X("asc.waiting_for_the_dice", "Waiting for the dice: {{.Error}}", map[string]any{"Error": screen.ErrText(err)})))
		return
	}
	head := lang.X("borg.hit_s_the_cube_structure", "{{.Name}} {{.DefenderHits}} hit(s), the cube {{.BorgHits}}: {{.StructuresLeft}} structure(s) left", map[string]any{"Name": p.Name, "DefenderHits": res.DefenderHits, "BorgHits": res.BorgHits, "StructuresLeft": res.StructuresLeft})
	switch {
	case res.CubeDestroyed:
		head = lang.X("borg.the_cube_is_destroyed", "The cube is destroyed")
	case res.Assimilated:
		head = lang.X("borg.the_system_is_assimilated", "The system is assimilated")
	}
	f.result.Add(screen.BigResult(head))
	f.result.Add(screen.CaptionLabel(p.Name))
	f.result.Add(markedDice(f.d.def.faces, res.DefenderTarget))
	if len(f.d.borg.faces) > 0 {
		f.result.Add(screen.CaptionLabel(lang.X("borg.the_cube", "The cube")))
		f.result.Add(markedDice(f.d.borg.faces, a.BorgHit))
	}
	var lines []string
	if res.Regenerated > 0 {
		lines = append(lines, lang.X("borg.the_cube_regenerates_damage", "The cube regenerates {{.Regenerated}} damage.", map[string]any{"Regenerated": res.Regenerated}))
	}
	if res.Assimilated {
		lines = append(lines, lang.X("borg.a_spire_is_placed_on", "A spire is placed on the system."))
		if f.d.homeOf != "" {
			lines = append(lines, lang.X("borg.joins_the_collective", "{{.Name}}'s home system falls: {{.Name}} joins the Collective; their systems become independent civilizations.", map[string]any{"Name": f.v.seatName(f.d.homeOf)}))
		}
	}
	if res.StarbaseAssimilated {
		lines = append(lines, lang.X("borg.the_starbase_is_assimilated_every", "The starbase is assimilated: every spire gains a node."))
	}
	f.result.Add(explainLines(lines))
	f.lost = placeholderEntry(lang.X("borg.nodes_destroyed_e_g_1p", "Nodes destroyed, e.g. 1P"))
	f.lost.SetText(f.d.lost)
	f.lost.OnChanged = func(s string) { f.d.lost = s }
	f.sbLost = widget.NewCheck(lang.X("borg.the_starbase_was_destroyed", "The starbase was destroyed"), func(on bool) { f.d.sbLost = on })
	f.sbLost.Checked = f.d.sbLost
	if res.StructuresDestroyed > 0 && !res.Assimilated && !res.CubeDestroyed {
		f.result.Add(screen.WrapLabel(lang.X("borg.chooses_the_structure_s_lost_2", "{{.Name}} chooses the {{.StructuresDestroyed}} structure(s) lost:", map[string]any{"Name": p.Name, "StructuresDestroyed": res.StructuresDestroyed})))
		f.result.Add(f.lost)
		if a.Starbase {
			f.result.Add(f.sbLost)
		}
	}
	f.diceButtons(shared, a, func(sides []string) { f.apply(a, p, sides) })
}

// apply sends the round to the tracker; the state that comes back draws
// the next round.
func (f *assimForm) apply(a borgrules.Assimilation, p *tracker.AscPlayer, sides []string) {
	lost, err := parseCost(f.d.lost)
	if err != nil {
		f.v.f.Say(lang.X("asc.nodes_destroyed", "Nodes destroyed: {{.Error}}", map[string]any{"Error": screen.ErrText(err)}), true)
		return
	}
	cmd := tracker.AssimilationRound{Cube: a.Cube.ID, Defender: p.ID, System: f.d.system, Nodes: a.Nodes, Starbase: a.Starbase,
		HitsOnSix: a.DefenderHitsOnSix, DefenderRoll: f.d.def.roll(), BorgRoll: f.d.borg.roll(), NodesLost: lost, StarbaseLost: f.d.sbLost && a.Starbase,
		HomeOf: f.d.homeOf}
	if f.d.homeOf != "" {
		if cmd.Independents, err = parseHeld(f.d.held); err != nil {
			f.v.f.Say(screen.ErrText(err), true)
			return
		}
	}
	sbLost := cmd.StarbaseLost
	if !f.enter(f.sharedAssim(), cmd, sides) {
		return
	}
	f.v.f.Say(lang.X("borg.assimilation_round_applied", "Assimilation round applied."), false)
	// What is left of the system fights the next round.
	f.d.nodes = max(0, a.Nodes-lost.Total())
	if sbLost {
		f.d.starbase = false
	}
	f.d.key, f.d.lost, f.d.sbLost, f.d.def, f.d.borg, f.d.edit = "", "", false, ascPool{}, ascPool{}, false
	f.redraw()
}

// refreshed redraws o and tells the panel the form changed size.
func (f *assimForm) refreshed(o fyne.CanvasObject) {
	o.Refresh()
	if f.grown != nil {
		f.grown()
	}
}
