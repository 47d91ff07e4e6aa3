package ascendancy

import (
	"fmt"
	"slices"
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

// fleetDraft is one player's fleet as the players set it up for the next
// round against a cube.
type fleetDraft struct {
	player  string
	ships   int
	bonus   int
	onSix   bool
	retreat bool
	loss    int
	// lossSet tells a loss the players chose from one suggested.
	lossSet bool
	dice    ascPool
}

// cubeDraft is what the players chose for the next round of a cube battle.
// It belongs to one battle (key): when the state moves to another battle
// or another round (a round applied, undone, the turn moved on, another
// cube chosen), the draft is made anew from the state: a new battle starts
// fresh, a battle under way shows who fights on, and no dice are kept.
type cubeDraft struct {
	cube string
	key  string
	// newBattle starts a new battle even though one is under way.
	newBattle bool
	// editFleets unfolds the fleets of a battle under way.
	editFleets bool
	fleets     []fleetDraft
	borg       ascPool
}

// fleetRow is one fleet's controls, drawn from its draft.
type fleetRow struct {
	player *widget.Select
	ships  *numStepper
	bonus  *numStepper
	onSix  *widget.Check
	d      *borgDice
}

// cubeBattle is a fight with a Borg cube, round by round: the cube and
// the fleets, every side's dice, then the result and Apply right under
// the dice, the odds folded at the end. It is drawn anew from the tracker
// state and its draft on every update; typing dice redraws the result
// only, so no keypad moves while dice are typed in.
type cubeBattle struct {
	// grown is called after the form changed size (the panel lays its
	// scroll out again, or the new rows could not be scrolled to).
	grown  func()
	v      *ascView
	d      cubeDraft
	box    *fyne.Container
	cube   *widget.Select
	fleets []*fleetRow
	borgD  *borgDice
	result *fyne.Container
	roll   *widget.Button
	// others: this seated phone types the other players' dice of the
	// round under way too (borg_cube_shared.go).
	others bool
}

func newCubeBattle(v *ascView) *cubeBattle {
	f := &cubeBattle{v: v, box: container.NewVBox(), result: container.NewVBox()}
	return f
}

// fightNow returns the space battle under way with the draft's cube that
// the next round continues (nil: the next round starts a new battle).
func (f *cubeBattle) fightNow() *tracker.CubeFight {
	fight := cubeFight(f.v.st, f.d.cube)
	if fight == nil || fight.Kind != tracker.FightSpace || f.d.newBattle {
		return nil
	}
	return fight
}

// stateCube returns the draft's cube as the state has it.
func (f *cubeBattle) stateCube() (borgrules.Cube, bool) {
	return f.v.st.Borg.CubeByID(f.d.cube)
}

// battleKey names the battle and round the next round belongs to.
func (f *cubeBattle) battleKey() string {
	w := f.v.st.Walker
	c, _ := f.stateCube()
	if fight := f.fightNow(); fight != nil {
		return fmt.Sprintf("%s|on|%d|%d|%v|%v|%d|%d|%d", c.ID, fight.Round, fight.Turn, fight.Players, fight.Left, c.Round, c.Damage, c.Shields)
	}
	return fmt.Sprintf("%s|new|%v|%d|%d|%d", c.ID, f.d.newBattle, w.Round, w.Turn, c.Round)
}

// sync checks the draft against the state: the cube still in play, the
// same battle and round, players who can still fight with the ships they
// have. What no longer fits is made anew from the state.
func (f *cubeBattle) sync() {
	if b := f.sharedCube(); b != nil {
		f.syncShared(b)
		return
	}
	bs := f.v.st.Borg
	if _, ok := f.stateCube(); !ok {
		f.d = cubeDraft{}
		for _, c := range bs.Cubes {
			if fight := cubeFight(f.v.st, c.ID); fight != nil && fight.Kind == tracker.FightSpace {
				f.d.cube = c.ID
			}
		}
		if f.d.cube == "" && len(bs.Cubes) > 0 {
			f.d.cube = bs.Cubes[0].ID
		}
	}
	if key := f.battleKey(); key != f.d.key {
		f.fresh(key)
	}
	for i := range f.d.fleets {
		fd := &f.d.fleets[i]
		p := f.v.player(fd.player)
		if p == nil || !p.CanFightBorg() {
			*fd = fleetDraft{}
			continue
		}
		fd.ships = max(1, min(fd.ships, p.Ships))
	}
}

// fresh makes the draft anew for the battle key names: a battle under
// way keeps the fleets fighting on (their settings kept), a new battle
// the players start keeps the same fleets, a new one otherwise starts
// with the player whose turn it is. No dice are kept.
func (f *cubeBattle) fresh(key string) {
	old := f.d.fleets
	f.d = cubeDraft{cube: f.d.cube, key: key, newBattle: f.d.newBattle}
	var ids []string
	if fight := f.fightNow(); fight != nil {
		ids = fight.Players
	} else if f.d.newBattle {
		for _, o := range old {
			if o.player != "" {
				ids = append(ids, o.player)
			}
		}
	} else if seat := f.v.st.CurrentSeat(); f.v.player(seat) != nil {
		ids = []string{seat}
	}
	for _, id := range ids {
		fd := f.newFleet(id)
		for _, o := range old {
			if o.player == id {
				fd.bonus, fd.onSix = o.bonus, o.onSix
			}
		}
		f.d.fleets = append(f.d.fleets, fd)
	}
	if len(f.d.fleets) == 0 {
		f.d.fleets = []fleetDraft{{}}
	}
}

// newFleet is a player's whole fleet, Klingons hitting on 6s always.
func (f *cubeBattle) newFleet(id string) fleetDraft {
	p := f.v.player(id)
	if p == nil {
		return fleetDraft{}
	}
	return fleetDraft{player: id, ships: p.Ships, onSix: p.HitsOnSixVsBorg()}
}

// engaged returns the indexes of the fleets with a player chosen (each
// player once) and those fleets as the rules see them.
func (f *cubeBattle) engaged() ([]int, []borgrules.Fleet) {
	var idx []int
	var fl []borgrules.Fleet
	seen := map[string]bool{}
	for i, fd := range f.d.fleets {
		p := f.v.player(fd.player)
		if p == nil || seen[p.ID] {
			continue
		}
		seen[p.ID] = true
		idx = append(idx, i)
		fl = append(fl, borgrules.Fleet{Player: p.ID, Ships: fd.ships, Weapons: p.Weapons, HitsOnSix: fd.onSix, BonusDice: fd.bonus})
	}
	return idx, fl
}

// current returns the cube as the next round fights it: as it stands in
// the battle under way, fresh (9 dice, shields 0, the players' first
// strike) for a new battle.
func (f *cubeBattle) current() (borgrules.Cube, bool) {
	if b := f.sharedCube(); b != nil {
		return b.CubeRules.Cube, true
	}
	c, ok := f.stateCube()
	if !ok {
		return c, false
	}
	if f.fightNow() == nil || !f.continues() {
		c = c.EndBattle()
	}
	return c, true
}

// continues reports whether the fleets chosen fight on in the battle under
// way (the tracker's rule: the same players, this turn; a player who left
// counts as fighting on, which the tracker refuses unless recorded).
func (f *cubeBattle) continues() bool {
	fight := f.fightNow()
	if fight == nil {
		return false
	}
	for _, fd := range f.d.fleets {
		if fd.player != "" && !slices.Contains(fight.Players, fd.player) && !slices.Contains(fight.Left, fd.player) {
			return false
		}
	}
	return true
}

// choose fights cube next (a cube card's Fight button).
func (f *cubeBattle) choose(cube string) {
	if cube != f.d.cube {
		f.d.cube, f.d.newBattle = cube, false
	}
	f.redraw()
}

// show draws the form from the state and returns it.
func (f *cubeBattle) show() fyne.CanvasObject {
	drawBorgForm(f.v.st, f)
	return f.box
}

// redraw draws the form again after a choice of the players.
func (f *cubeBattle) redraw() { drawBorgForm(f.v.st, f) }

// render draws the whole form from the draft.
func (f *cubeBattle) render() {
	f.box.RemoveAll()
	defer f.refreshed(f.box)
	v := f.v
	bs := v.st.Borg
	f.cube = cubeSelect(bs, lang.X("borg.cube", "Cube"), f.d.cube)
	f.cube.OnChanged = func(name string) { f.choose(cubeID(bs, name)) }
	fight := f.fightNow()
	cube, _ := f.current()
	hit, herr := bs.Hits.HitRoll(len(bs.Spires))
	top := fyne.CanvasObject(f.cube)
	shared := f.sharedCube()
	if shared != nil {
		f.cube.Disable()
		top = container.NewVBox(f.cube, f.sharedTop(shared))
	} else if fight != nil {
		nb := widget.NewButtonWithIcon(lang.X("borg.new_battle", "New battle"), theme.ContentAddIcon(), func() {
			f.d.newBattle = true
			f.redraw()
		})
		top = container.NewBorder(nil, nil, nil, nb, f.cube)
	}
	f.box.Add(top)
	if herr != nil {
		f.box.Add(screen.WrapLabel(screen.ErrText(herr)))
		return
	}
	if cube.Round == 0 {
		f.box.Add(screen.BoldLabel(lang.X("borg.round_1_new_battle", "Round 1: the cube fires up to {{.Dice}} dice hitting on {{.Hit}}+ (a new battle: shields +{{.Shields}}, the players strike first).", map[string]any{"Dice": cube.Dice(), "Hit": hit, "Shields": cube.Shields})))
	} else {
		f.box.Add(screen.BoldLabel(lang.X("borg.round_n_under_way", "Round {{.V}}: the cube fires up to {{.Dice}} dice hitting on {{.Hit}}+ (the battle goes on: shields +{{.Shields}}).", map[string]any{"V": cube.Round + 1, "Dice": cube.Dice(), "Hit": hit, "Shields": cube.Shields})))
	}
	f.fleets = f.fleets[:0]
	for i := range f.d.fleets {
		f.fleets = append(f.fleets, f.newRow(i))
	}
	f.box.Add(f.fleetsPart(fight, shared != nil))
	idx, fleets := f.engaged()
	if len(fleets) == 0 {
		f.box.Add(screen.WrapLabel(lang.X("borg.choose_the_cube_and_at", "Choose the cube and at least one player with ships.")))
		f.result.RemoveAll()
		return
	}
	f.box.Add(widget.NewSeparator())
	for k, fl := range fleets {
		t, can := borgrules.PlayerTarget(fl.Weapons, cube.Shields, fl.HitsOnSix)
		fd := &f.d.fleets[idx[k]]
		title := lang.X("borg.s_dice_hit_on", "{{.SeatName}}'s dice ({{.Dice}}, hit on {{.HitText}})", map[string]any{"SeatName": v.seatName(fl.Player), "Dice": fl.Dice(), "HitText": hitText(t, can)})
		d := newBorgSide(title, fl.Dice(), &fd.dice, f.resolve)
		f.fleets[idx[k]].d = d
		if o := f.sideBox(shared, fl.Player, d, t); o != nil {
			f.box.Add(o)
		}
	}
	f.borgD = newBorgSide(cubeDiceTitle(cube.Dice(), cube.Dice(), hit, cube.Round > 0), cube.Dice(), &f.d.borg, f.resolve)
	if o := f.sideBox(shared, tracker.BorgSeat, f.borgD, hit); o != nil {
		f.box.Add(o)
	}
	if o := f.awayLine(shared); o != nil {
		f.box.Add(o)
	}
	f.roll = addDiceActions(f.box, f.result, f.rollVirtual, f.clearDice)
	f.box.Add(f.oddsPart(cube, fleets, hit))
	f.resolve()
}

// fleetsPart shows the fleets: folded into one line while a battle goes
// on (Change opens them), else a row of controls per fleet.
func (f *cubeBattle) fleetsPart(fight *tracker.CubeFight, shared bool) fyne.CanvasObject {
	box := container.NewVBox()
	if shared || fight != nil && !f.d.editFleets && f.continues() {
		var parts []string
		for _, fd := range f.d.fleets {
			if fd.player != "" {
				parts = append(parts, lang.X("borg.fleet_summary", "{{.Name}} {{.Ships}} ship(s)", map[string]any{"Name": f.v.seatName(fd.player), "Ships": fd.ships}))
			}
		}
		line := screen.WrapLabel(lang.X("borg.fighting_on", "Fighting on: {{.Join}}", map[string]any{"Join": strings.Join(parts, ", ")}))
		if shared {
			// The round under way's fleets: ended, not changed.
			box.Add(line)
			if fight != nil && len(fight.Left) > 0 {
				box.Add(screen.CaptionLabel(lang.X("borg.left_the_battle", "Left the battle: {{.Names}}", map[string]any{"Names": f.v.namesOf(fight.Left)})))
			}
			return box
		}
		change := widget.NewButtonWithIcon(lang.X("borg.change_fleets", "Change"), theme.DocumentCreateIcon(), func() {
			f.d.editFleets = true
			f.redraw()
		})
		box.Add(container.NewBorder(nil, nil, nil, change, line))
		if len(fight.Left) > 0 {
			box.Add(screen.CaptionLabel(lang.X("borg.left_the_battle", "Left the battle: {{.Names}}", map[string]any{"Names": f.v.namesOf(fight.Left)})))
		}
		return box
	}
	for i := range f.d.fleets {
		box.Add(screen.BoldLabel(lang.X("borg.fleet", "Fleet {{.V}}", map[string]any{"V": i + 1})))
		r := f.fleets[i]
		box.Add(container.NewVBox(r.player, r.ships.box, r.bonus.box, r.onSix))
		if fight != nil && slices.Contains(fight.Left, f.d.fleets[i].player) {
			l := screen.WrapLabel(lang.X("borg.has_left_this_battle", "{{.Name}} left this battle (retreated or lost every ship): the tracker refuses a return unless the table records it anyway.", map[string]any{"Name": f.v.seatName(f.d.fleets[i].player)}))
			l.Importance = widget.WarningImportance
			box.Add(l)
		}
	}
	if len(f.d.fleets) < 4 {
		box.Add(widget.NewButtonWithIcon(lang.X("borg.another_player_s_fleet", "Another player's fleet"), theme.ContentAddIcon(), func() {
			f.d.fleets = append(f.d.fleets, fleetDraft{})
			f.d.editFleets = true
			f.redraw()
		}))
	}
	return box
}

// newRow makes the controls of fleet i from its draft; a change redraws
// the form.
func (f *cubeBattle) newRow(i int) *fleetRow {
	fd := &f.d.fleets[i]
	c := f.v.playerChoices()
	r := &fleetRow{}
	r.player = widget.NewSelect(c.labels, nil)
	r.player.PlaceHolder = lang.X("asc.player", "Player")
	r.player.Selected = c.labelOf(fd.player)
	r.player.OnChanged = func(l string) {
		if id := c.ids[l]; id != fd.player {
			*fd = f.newFleet(id)
			f.redraw()
		}
	}
	hi := 1
	if p := f.v.player(fd.player); p != nil {
		hi = max(1, p.Ships)
	}
	r.ships = newNumStepper(lang.X("asc.ships", "Ships"), max(1, fd.ships), 1, hi, nil)
	r.ships.onChange = func() {
		fd.ships = r.ships.val
		fd.dice = ascPool{}
		f.redraw()
	}
	r.bonus = newNumStepper(lang.X("borg.bonus_dice", "Bonus dice"), fd.bonus, 0, 10, nil)
	r.bonus.onChange = func() {
		fd.bonus = r.bonus.val
		fd.dice = ascPool{}
		f.redraw()
	}
	r.onSix = widget.NewCheck(lang.X("borg.hits_on_6s_always_klingon", "Hits on 6s always (Klingon)"), nil)
	r.onSix.Checked = fd.onSix
	r.onSix.OnChanged = func(on bool) {
		fd.onSix = on
		f.redraw()
	}
	f.v.klingonOnly(r.onSix, fd.player)
	return r
}

// oddsPart is the odds of the round and of the whole battle, and how a
// cube battle goes: after the dice, the result and Apply, so it never
// pushes a keypad down.
func (f *cubeBattle) oddsPart(cube borgrules.Cube, fleets []borgrules.Fleet, hit int) fyne.CanvasObject {
	total, bonus, same := 0, 0, true
	for _, fl := range fleets {
		total += fl.Ships
		bonus += fl.BonusDice
		same = same && fl.Weapons == fleets[0].Weapons && fl.HitsOnSix == fleets[0].HitsOnSix
	}
	setup := odds.CubeBattleSetup{Ships: total, Weapons: fleets[0].Weapons, HitsOnSix: fleets[0].HitsOnSix, BonusDice: bonus, Cube: cube, BorgHit: hit}
	box := container.NewVBox(widget.NewSeparator())
	if ro, err := odds.CubeRound(setup); err == nil {
		box.Add(screen.WrapLabel(lang.X("borg.this_round_odds", "This round: cube destroyed {{.Percent}}, expected Borg hits {{.Expected}}.", map[string]any{"Percent": widgets.Percent(ro.CubeDestroyed), "Expected": fmt.Sprintf("%.1f", ro.BorgHits.Expected())})))
	}
	when := lang.X("borg.whole_battle_from_here", "Whole battle from here")
	if cube.Round == 0 {
		when = lang.X("borg.whole_battle_before_engaging", "Whole battle, before engaging")
	}
	if !same {
		when += lang.X("borg.fleets_counted_as_hitting_like", " (fleets counted as hitting like the first)")
	}
	if o, err := odds.CubeBattle(setup); err == nil {
		box.Add(screen.WrapLabel(lang.X("borg.cube_destroyed_players_wiped_out", "{{.When}}: cube destroyed {{.Percent}} · players wiped out {{.Percent2}} · forced to retreat {{.Percent3}} · about {{.ExpectedShipsLost}} ships lost over {{.ExpectedRounds}} rounds.", map[string]any{"When": when, "Percent": widgets.Percent(o.CubeDestroyed), "Percent2": widgets.Percent(o.PlayersWiped), "Percent3": widgets.Percent(o.ForcedRetreat), "ExpectedShipsLost": fmt.Sprintf("%.1f", o.ExpectedShipsLost), "ExpectedRounds": fmt.Sprintf("%.1f", o.ExpectedRounds)})))
	} else {
		box.Add(screen.WrapLabel(screen.ErrText(err)))
	}
	box.Add(screen.CaptionLabel(lang.X("borg.players_strike_first_in_round", "Players strike first in round 1. Each round the cube fires 9 dice minus its damage; its 6s regenerate one damage unless it died; its shields then rise by 1 (to +4). A cube dies at 9 damage.")))
	return box
}

func (f *cubeBattle) clearDice() {
	for i := range f.d.fleets {
		f.d.fleets[i].dice = ascPool{}
	}
	f.d.borg = ascPool{}
	f.render()
}

// rollVirtual rolls every fleet's dice, then the dice the cube has left
// after first strike.
func (f *cubeBattle) rollVirtual() {
	cube, ok := f.current()
	idx, fleets := f.engaged()
	if !ok || len(fleets) == 0 {
		f.v.f.Say(lang.X("borg.choose_the_cube_and_the", "Choose the cube and the fleets first."), true)
		return
	}
	r := borgrules.CubeRound{Cube: cube, Fleets: fleets}
	sh := f.sharedCube()
	for i, fl := range fleets {
		if got, ok := f.entered(sh, fl.Player); ok || f.away(sh, fl.Player) {
			// In a round under way: dice in stay, another phone's side
			// rolls there.
			r.PlayerFaces = append(r.PlayerFaces, got)
			continue
		}
		p, err := f.v.ascRoll(fl.Dice())
		if err != nil {
			f.v.f.Say(screen.ErrText(err), true)
			return
		}
		f.d.fleets[idx[i]].dice = p
		r.PlayerFaces = append(r.PlayerFaces, p.faces)
	}
	if _, ok := f.entered(sh, tracker.BorgSeat); ok || sh != nil && r.FirstStrike() && slices.ContainsFunc(fleets, func(fl borgrules.Fleet) bool {
		_, in := f.entered(sh, fl.Player)
		return !in && f.away(sh, fl.Player)
	}) {
		f.render() // the cube rolls once every fleet's first strike is in
		return
	}
	bp, err := f.v.ascRoll(borgrules.CubeRoundBorgDice(r))
	if err != nil {
		f.v.f.Say(screen.ErrText(err), true)
		return
	}
	f.d.borg = bp
	f.render()
}

// resolve explains the round as the dice stand, under the dice: what is
// still to type, or the result, the losses, who retreats, and Apply.
func (f *cubeBattle) resolve() {
	f.result.RemoveAll()
	defer f.refreshed(f.result)
	v := f.v
	cube, ok := f.current()
	idx, fleets := f.engaged()
	if !ok || len(fleets) == 0 {
		return
	}
	ds := make([]*fleetDraft, len(idx))
	for k, i := range idx {
		ds[k] = &f.d.fleets[i]
	}
	hit, err := v.st.Borg.Hits.HitRoll(len(v.st.Borg.Spires))
	if err != nil {
		return
	}
	r := borgrules.CubeRound{Cube: cube, Fleets: fleets, BorgHit: hit, BorgFaces: f.d.borg.faces}
	typed := true
	var todo []string
	for i, fd := range ds {
		r.PlayerFaces = append(r.PlayerFaces, fd.dice.faces)
		if n := fleets[i].Dice() - len(fd.dice.faces); n > 0 {
			typed = false
			todo = append(todo, lang.X("borg.dice_to_type", "{{.Name}} {{.N}} more", map[string]any{"Name": v.seatName(fleets[i].Player), "N": n}))
		}
	}
	hits, due := borgrules.FleetHits(r), cube.Dice()
	if typed {
		due = borgrules.CubeRoundBorgDice(r)
	}
	if f.borgD != nil {
		f.borgD.title.SetText(cubeDiceTitle(due, cube.Dice(), hit, typed || cube.Round > 0))
	}
	if n := due - len(f.d.borg.faces); n > 0 {
		todo = append(todo, lang.X("borg.cube_dice_to_type", "the cube {{.N}} more", map[string]any{"N": n}))
	}
	if typed && r.FirstStrike() {
		f.result.Add(screen.WrapLabel(lang.X("borg.cube_fires_after_first_strike", "After the players' first strike ({{.Hits}} hit(s)) the cube fires {{.Due}} dice.", map[string]any{"Hits": hits, "Due": due})))
	}
	shared := f.sharedCube()
	if len(todo) > 0 {
		if shared == nil {
			f.result.Add(screen.WrapLabel(lang.X("borg.dice_still_to_type", "Waiting for the dice: {{.Join}}.", map[string]any{"Join": strings.Join(todo, ", ")})))
		}
		// Some sides' dice may go in on their own.
		choose := slices.ContainsFunc(v.st.Players, func(p tracker.AscPlayer) bool { return p.Assimilated })
		f.diceButtons(shared, r, ds, func(sides []string) { f.apply(cube, ds, fleets, choose, false, sides) })
		return
	}
	res, err := borgrules.ResolveCubeRound(r)
	if err != nil {
		f.result.Add(screen.WrapLabel(lang.X("asc.waiting_for_the_dice", "Waiting for the dice: {{.Error}}", map[string]any{"Error": screen.ErrText(err)})))
		return
	}
	head := lang.X("borg.players_hit_s_the_cube", "Players {{.PlayerHits}} hit(s), the cube {{.BorgHits}}", map[string]any{"PlayerHits": res.PlayerHits, "BorgHits": res.BorgHits})
	if res.CubeDestroyed {
		head = lang.X("borg.the_cube_is_destroyed_players", "The cube is destroyed (players {{.PlayerHits}} hit(s), cube {{.BorgHits}})", map[string]any{"PlayerHits": res.PlayerHits, "BorgHits": res.BorgHits})
	}
	f.result.Add(screen.BigResult(head))
	for i, fr := range res.Fleets {
		f.result.Add(screen.CaptionLabel(v.seatName(fleets[i].Player)))
		f.result.Add(markedDice(ds[i].dice.faces, fr.Target))
	}
	if len(f.d.borg.faces) > 0 {
		f.result.Add(screen.CaptionLabel(lang.X("borg.the_cube", "The cube")))
		f.result.Add(markedDice(f.d.borg.faces, hit))
	}
	var lines []string
	if res.Regenerated > 0 {
		lines = append(lines, lang.X("borg.the_cube_rolled_six_es", "The cube rolled {{.Sixes}} six(es): it regenerates {{.Regenerated}} damage.", map[string]any{"Sixes": res.Sixes, "Regenerated": res.Regenerated}))
	}
	if !res.CubeDestroyed {
		lines = append(lines, lang.X("borg.cube_damage_it_fires_dice", "Cube damage {{.Damage}} (it fires {{.Dice}} dice next round); adaptive shields now +{{.Shields}}.", map[string]any{"Damage": res.Cube.Damage, "Dice": res.Cube.Dice(), "Shields": res.Cube.Shields}))
	}
	for _, fr := range res.Fleets {
		name := v.seatName(fr.Player)
		if fr.ForcedRetreat {
			lines = append(lines, lang.X("borg.can_no_longer_hit_the", "{{.Name}} can no longer hit the cube through its shields: forced to retreat.", map[string]any{"Name": name}))
		}
		if fr.DrawsTech {
			lines = append(lines, lang.X("borg.draws_a_borg_tech_card", "{{.Name}} draws a Borg tech card.", map[string]any{"Name": name}))
		}
	}
	total := 0
	for _, fl := range fleets {
		total += fl.Ships
	}
	lost := min(res.BorgHits, total)
	// The tracker shares the Borg hits in turn order; assimilated players
	// controlling the Borg choose instead.
	choose := slices.ContainsFunc(v.st.Players, func(p tracker.AscPlayer) bool { return p.Assimilated })
	share := v.st.BorgHitShares(fleets, lost)
	if !choose && lost > 0 {
		var parts []string
		for _, fl := range fleets {
			if n := share[fl.Player]; n > 0 {
				parts = append(parts, lang.X("borg.loses_n", "{{.Name}} loses {{.N}}", map[string]any{"Name": v.seatName(fl.Player), "N": n}))
			}
		}
		lines = append(lines, lang.X("borg.losses_in_turn_order", "Ships lost, shared in turn order: {{.Join}}.", map[string]any{"Join": strings.Join(parts, ", ")}))
	}
	f.result.Add(explainLines(lines))
	if choose && lost > 0 {
		f.result.Add(screen.BoldLabel(lang.X("borg.allocate_ship_loss_es_among", "Allocate {{.Due}} ship loss(es) among the fleets (turn order suggested):", map[string]any{"Due": lost})))
		for i, fl := range fleets {
			fd := ds[i]
			if !fd.lossSet {
				fd.loss = share[fl.Player]
			}
			s := newNumStepper(lang.X("borg.loses", "{{.SeatName}} loses", map[string]any{"SeatName": v.seatName(fl.Player)}), min(fd.loss, fl.Ships), 0, fl.Ships, nil)
			s.onChange = func() { fd.loss, fd.lossSet = s.val, true }
			f.result.Add(s.box)
		}
	}
	if !res.CubeDestroyed {
		for i, fl := range fleets {
			fd := ds[i]
			if res.Fleets[i].ForcedRetreat {
				continue
			}
			c := widget.NewCheck(lang.X("borg.retreats_after_this_round_2", "{{.Name}} retreats after this round", map[string]any{"Name": v.seatName(fl.Player)}), func(on bool) { fd.retreat = on })
			c.Checked = fd.retreat
			f.result.Add(c)
		}
	}
	f.diceButtons(shared, r, ds, func(sides []string) { f.apply(cube, ds, fleets, choose, res.CubeDestroyed, sides) })
}

// apply sends the round to the tracker; the state that comes back draws
// the next round (or a fresh battle).
func (f *cubeBattle) apply(cube borgrules.Cube, ds []*fleetDraft, fleets []borgrules.Fleet, choose, destroyed bool, sides []string) {
	cmd := tracker.CubeRound{Cube: cube.ID, BorgRoll: f.d.borg.roll(), NewBattle: f.d.newBattle}
	if choose {
		cmd.Losses = map[string]int{}
	}
	for i, fl := range fleets {
		cmd.Fleets = append(cmd.Fleets, tracker.CubeFleet{Player: fl.Player, Ships: fl.Ships, BonusDice: fl.BonusDice,
			HitsOnSix: fl.HitsOnSix, Roll: ds[i].dice.roll()})
		if cmd.Losses != nil {
			cmd.Losses[fl.Player] = ds[i].loss
		}
		if ds[i].retreat {
			cmd.Retreat = append(cmd.Retreat, fl.Player)
		}
	}
	if !f.enter(f.sharedCube(), cmd, sides) {
		return
	}
	// The round is in the tracker: the next one starts from the state,
	// with no dice and no choice left over.
	f.d.key, f.d.newBattle, f.d.editFleets = "", false, false
	f.redraw()
	msg := lang.X("borg.round_against_applied", "Round {{.V}} against {{.ID}} applied.", map[string]any{"V": cube.Round + 1, "ID": borgName(cube.ID)})
	if destroyed {
		msg = lang.X("borg.is_destroyed", "{{.ID}} is destroyed.", map[string]any{"ID": borgName(cube.ID)})
	}
	f.v.f.Say(msg, false)
}

// refreshed redraws o and tells the panel the form changed size.
func (f *cubeBattle) refreshed(o fyne.CanvasObject) {
	o.Refresh()
	if f.grown != nil {
		f.grown()
	}
}
