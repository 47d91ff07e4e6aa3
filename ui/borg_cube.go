package ui

import (
	"fmt"
	"fyne.io/fyne/v2/lang"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/widgets"
)

// fleetRow is one player's ships fighting the cube.
type fleetRow struct {
	player    *widget.Select
	ships     *numStepper
	bonus     *numStepper
	onSix     *widget.Check
	d         *ascDice
	loss      *numStepper
	retreat   *widget.Check
	box       *fyne.Container
	lastLabel string
}

// cubeBattle is a fight with a Borg cube, round by round: whole-battle
// odds before engaging, this round's odds, dice per fleet and for the cube,
// the result explained, losses allocated, applied to the tracker.
type cubeBattle struct {
	v        *ascView
	cube     *widget.Select
	fleets   []*fleetRow
	borgD    *ascDice
	info     *widget.Label
	battle   *widget.Label
	result   *fyne.Container
	box      *fyne.Container
	fleetBox *fyne.Container
	diceBox  *fyne.Container
	roll     *widget.Button
	// followed is the fight whose fleets the form last took.
	followed string
}

func newCubeBattle(v *ascView) *cubeBattle {
	f := &cubeBattle{v: v}
	f.cube = widget.NewSelect(nil, func(string) { f.changed() })
	f.cube.PlaceHolder = lang.X("borg.cube", "Cube")
	f.borgD = newAscDice(lang.X("borg.cube_s_dice", "Cube's dice"), f.resolve)
	f.info = wrapLabel("")
	f.battle = boldLabel("")
	f.result = container.NewVBox()
	f.fleetBox = container.NewVBox()
	f.diceBox = container.NewVBox()
	f.addFleet()
	roll := rollButton(f.rollVirtual)
	f.roll = roll
	clear := widget.NewButtonWithIcon(lang.X("asc.clear_dice", "Clear dice"), theme.ContentClearIcon(), f.clearDice)
	more := widget.NewButtonWithIcon(lang.X("borg.another_player_s_fleet", "Another player's fleet"), theme.ContentAddIcon(), func() {
		if len(f.fleets) < 4 {
			f.addFleet()
			f.v.borg.show()
		}
	})
	f.box = container.NewVBox(
		heading(lang.X("borg.cube_battle", "Cube battle")),
		wrapLabel(lang.X("borg.players_strike_first_in_round", "Players strike first in round 1. Each round the cube fires 9 dice minus its damage; its 6s regenerate one damage unless it died; its shields then rise by 1 (to +4). A cube dies at 9 damage.")),
		f.cube, f.fleetBox, more, f.battle, f.info,
		widget.NewSeparator(), f.diceBox, f.borgD.box,
		fitGrid(2, roll, clear),
		f.result,
	)
	return f
}

func (f *cubeBattle) addFleet() {
	r := &fleetRow{}
	r.player = widget.NewSelect(nil, func(string) {
		if p := f.player(r); p != nil && r.player.Selected != r.lastLabel {
			r.lastLabel = r.player.Selected
			r.ships.clamp(1, p.Ships)
			r.ships.val = p.Ships
			r.ships.show()
			r.onSix.SetChecked(p.Faction == ascrules.Klingon)
		}
		f.changed()
	})
	r.player.PlaceHolder = lang.X("asc.player", "Player")
	r.ships = newNumStepper(lang.X("asc.ships", "Ships"), 1, 1, 1, f.changed)
	r.bonus = newNumStepper(lang.X("borg.bonus_dice", "Bonus dice"), 0, 0, 10, f.changed)
	r.onSix = widget.NewCheck(lang.X("borg.hits_on_6s_always_klingon", "Hits on 6s always (Klingon)"), func(bool) { f.changed() })
	r.d = newAscDice(lang.X("borg.dice", "Dice"), f.resolve)
	r.loss = newNumStepper(lang.X("borg.ships_lost", "Ships lost"), 0, 0, 0, nil)
	r.retreat = widget.NewCheck(lang.X("borg.retreats_after_this_round", "Retreats after this round"), nil)
	r.box = container.NewVBox(r.player, r.ships.box, r.bonus.box, r.onSix, r.retreat)
	f.fleets = append(f.fleets, r)
}

func (f *cubeBattle) player(r *fleetRow) *tracker.AscPlayer {
	return f.v.player(f.v.playerChoices().ids[r.player.Selected])
}

// current returns the chosen cube as the next round fights it: as it
// stands while its battle goes on with these fleets, fresh (9 dice,
// shields 0, the players' first strike) for a new battle.
func (f *cubeBattle) current() (borgrules.Cube, bool) {
	if f.v.st == nil || f.v.st.Borg == nil {
		return borgrules.Cube{}, false
	}
	for _, c := range f.v.st.Borg.Cubes {
		if c.ID == f.cube.Selected {
			if !f.continues(c.ID) {
				c = c.EndBattle()
			}
			return c, true
		}
	}
	return borgrules.Cube{}, false
}

// continues reports whether the fleets chosen fight on in the battle with
// the cube under way (the tracker's rule: the same players, this turn).
func (f *cubeBattle) continues(cube string) bool {
	fight := cubeFight(f.v.st, cube)
	if fight == nil || fight.Kind != tracker.FightSpace {
		return false
	}
	for _, r := range f.fleets {
		if p := f.player(r); p != nil && !slices.Contains(fight.Players, p.ID) {
			return false
		}
	}
	return true
}

// engaged returns the fleets with a player chosen.
func (f *cubeBattle) engaged() ([]*fleetRow, []borgrules.Fleet) {
	var rows []*fleetRow
	var fl []borgrules.Fleet
	seen := map[string]bool{}
	for _, r := range f.fleets {
		p := f.player(r)
		if p == nil || p.Ships < 1 || seen[p.ID] {
			continue
		}
		seen[p.ID] = true
		rows = append(rows, r)
		fl = append(fl, borgrules.Fleet{Player: p.ID, Ships: r.ships.val, Weapons: p.Weapons, HitsOnSix: r.onSix.Checked, BonusDice: r.bonus.val})
	}
	return rows, fl
}

func (f *cubeBattle) show() fyne.CanvasObject {
	var ids []string
	for _, c := range f.v.st.Borg.Cubes {
		ids = append(ids, c.ID)
	}
	def := ""
	for _, c := range f.v.st.Borg.Cubes {
		if def == "" || (c.Round > 0 && f.v.st.Borg.Cubes[0].Round == 0) {
			def = c.ID // the first cube, or the one already fighting
		}
	}
	syncSelect(f.cube, ids, def)
	c := f.v.playerChoices()
	if fight := cubeFight(f.v.st, f.cube.Selected); fight != nil && fight.Kind == tracker.FightSpace {
		if key := fmt.Sprintf("%s|%v", fight.Cube, fight.Players); key != f.followed {
			// A round was fought: the form shows who fights on.
			f.followed = key
			for len(f.fleets) < len(fight.Players) {
				f.addFleet()
			}
			f.fleets = f.fleets[:max(1, len(fight.Players))]
			for i, id := range fight.Players {
				f.fleets[i].player.Selected = c.labelOf(id)
			}
		}
	}
	f.fleetBox.RemoveAll()
	for i, r := range f.fleets {
		d := ""
		if i == 0 {
			if seat := f.v.st.CurrentSeat(); seat != "" {
				d = c.labelOf(seat)
			}
		}
		syncSelect(r.player, c.labels, d)
		if p := f.player(r); p != nil {
			r.ships.clamp(1, p.Ships)
			if r.lastLabel == "" {
				r.lastLabel = r.player.Selected
				r.ships.val = p.Ships
				r.ships.show()
				r.onSix.Checked = p.Faction == ascrules.Klingon
			}
		}
		f.fleetBox.Add(boldLabel(lang.X("borg.fleet", "Fleet {{.V}}", map[string]any{"V": i + 1})))
		f.fleetBox.Add(r.box)
	}
	f.changed()
	return f.box
}

func (f *cubeBattle) changed() {
	if f.result == nil || f.v.st == nil {
		return
	}
	cube, ok := f.current()
	rows, fleets := f.engaged()
	if !ok || len(fleets) == 0 {
		f.info.SetText(lang.X("borg.choose_the_cube_and_at", "Choose the cube and at least one player with ships."))
		f.battle.SetText("")
		f.result.RemoveAll()
		return
	}
	hit, err := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if err != nil {
		f.info.SetText(plainError(err))
		return
	}
	// Whole-battle odds: the fleets together when they hit alike.
	total, same := 0, true
	for _, fl := range fleets {
		total += fl.Ships
		same = same && fl.Weapons == fleets[0].Weapons && fl.HitsOnSix == fleets[0].HitsOnSix
	}
	bonus := 0
	for _, fl := range fleets {
		bonus += fl.BonusDice
	}
	setup := odds.CubeBattleSetup{Ships: total, Weapons: fleets[0].Weapons, HitsOnSix: fleets[0].HitsOnSix, BonusDice: bonus, Cube: cube, BorgHit: hit}
	when := lang.X("borg.whole_battle_from_here", "Whole battle from here")
	if cube.Round == 0 {
		when = lang.X("borg.whole_battle_before_engaging", "Whole battle, before engaging")
	}
	if !same {
		when += lang.X("borg.fleets_counted_as_hitting_like", " (fleets counted as hitting like the first)")
	}
	if o, err := odds.CubeBattle(setup); err == nil {
		f.battle.SetText(lang.X("borg.cube_destroyed_players_wiped_out", "{{.When}}: cube destroyed {{.Percent}} · players wiped out {{.Percent2}} · forced to retreat {{.Percent3}} · about {{.ExpectedShipsLost}} ships lost over {{.ExpectedRounds}} rounds.", map[string]any{"When": when, "Percent": widgets.Percent(o.CubeDestroyed), "Percent2": widgets.Percent(o.PlayersWiped), "Percent3": widgets.Percent(o.ForcedRetreat), "ExpectedShipsLost": fmt.Sprintf("%.1f", o.ExpectedShipsLost), "ExpectedRounds": fmt.Sprintf("%.1f", o.ExpectedRounds)}))
	} else {
		f.battle.SetText(err.Error())
	}
	first := cube.Round == 0
	info := lang.X("borg.round_the_cube_fires_up", "Round {{.V}}: the cube fires up to {{.Dice}} dice hitting on {{.Hit}}+ (shields ignored).", map[string]any{"V": cube.Round + 1, "Dice": cube.Dice(), "Hit": hit})
	if first {
		info += lang.X("borg.players_strike_first_the_cube", " Players strike first: the cube fires only the dice its damage leaves.")
	}
	for i, fl := range fleets {
		t, can := borgrules.PlayerTarget(fl.Weapons, cube.Shields, fl.HitsOnSix)
		rows[i].d.title.SetText(lang.X("borg.s_dice_hit_on", "{{.SeatName}}'s dice ({{.Dice}}, hit on {{.HitText}})", map[string]any{"SeatName": f.v.seatName(fl.Player), "Dice": fl.Dice(), "HitText": hitText(t, can)}))
		rows[i].d.pad.SetMax(fl.Dice())
	}
	f.borgD.pad.SetMax(cube.Dice())
	f.borgD.title.SetText(lang.X("borg.cube_s_dice_up_to_2", "Cube's dice (up to {{.Dice}}, hit on {{.Hit}}+; 6s regenerate)", map[string]any{"Dice": cube.Dice(), "Hit": hit}))
	if ro, err := odds.CubeRound(setup); err == nil {
		info += lang.X("borg.this_round_cube_destroyed_expected", " This round: cube destroyed {{.Percent}}, expected Borg hits {{.Expected}}.", map[string]any{"Percent": widgets.Percent(ro.CubeDestroyed), "Expected": fmt.Sprintf("%.1f", ro.BorgHits.Expected())})
	}
	f.info.SetText(info)
	f.resolve()
}

func (f *cubeBattle) clearDice() {
	for _, r := range f.fleets {
		r.d.set(ascPool{})
	}
	f.borgD.set(ascPool{})
	f.resolve()
}

// rollVirtual rolls every fleet's dice, then the dice the cube has left
// after first strike.
func (f *cubeBattle) rollVirtual() {
	cube, ok := f.current()
	rows, fleets := f.engaged()
	if !ok || len(fleets) == 0 {
		f.v.gs.say(lang.X("borg.choose_the_cube_and_the", "Choose the cube and the fleets first."), true)
		return
	}
	hits := 0
	for i, fl := range fleets {
		p, err := f.v.ascRoll(fl.Dice())
		if err != nil {
			f.v.gs.say(err.Error(), true)
			return
		}
		rows[i].d.set(p)
		if t, can := borgrules.PlayerTarget(fl.Weapons, cube.Shields, fl.HitsOnSix); can {
			hits += p.faces.CountAtLeast(t)
		}
	}
	bp, err := f.v.ascRoll(borgrules.BorgDiceDue(cube, cube.Round == 0, hits))
	if err != nil {
		f.v.gs.say(err.Error(), true)
		return
	}
	f.borgD.set(bp)
	f.resolve()
}

// resolve explains the round as the dice stand, asks who loses ships, and
// offers to apply it.
func (f *cubeBattle) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	cube, ok := f.current()
	rows, fleets := f.engaged()
	if !ok || len(fleets) == 0 {
		return
	}
	hit, err := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if err != nil {
		return
	}
	f.diceBox.RemoveAll()
	for _, r := range rows {
		f.diceBox.Add(r.d.box)
	}
	f.diceBox.Refresh()
	r := borgrules.CubeRound{Cube: cube, Fleets: fleets, BorgHit: hit, BorgFaces: f.borgD.pool.faces}
	anyDice := len(f.borgD.pool.faces) > 0
	for _, row := range rows {
		r.PlayerFaces = append(r.PlayerFaces, row.d.pool.faces)
		anyDice = anyDice || len(row.d.pool.faces) > 0
	}
	if !anyDice {
		return
	}
	res, err := borgrules.ResolveCubeRound(r)
	if err != nil {
		f.result.Add(wrapLabel(lang.X("asc.waiting_for_the_dice", "Waiting for the dice: {{.Error}}", map[string]any{"Error": err.Error()})))
		return
	}
	for i, fr := range res.Fleets {
		rows[i].d.mark(fr.Target)
	}
	f.borgD.mark(hit)
	head := lang.X("borg.players_hit_s_the_cube", "Players {{.PlayerHits}} hit(s), the cube {{.BorgHits}}", map[string]any{"PlayerHits": res.PlayerHits, "BorgHits": res.BorgHits})
	if res.CubeDestroyed {
		head = lang.X("borg.the_cube_is_destroyed_players", "The cube is destroyed (players {{.PlayerHits}} hit(s), cube {{.BorgHits}})", map[string]any{"PlayerHits": res.PlayerHits, "BorgHits": res.BorgHits})
	}
	f.result.Add(bigResult(head))
	var lines []string
	if res.Regenerated > 0 {
		lines = append(lines, lang.X("borg.the_cube_rolled_six_es", "The cube rolled {{.Sixes}} six(es): it regenerates {{.Regenerated}} damage.", map[string]any{"Sixes": res.Sixes, "Regenerated": res.Regenerated}))
	}
	if !res.CubeDestroyed {
		lines = append(lines, lang.X("borg.cube_damage_it_fires_dice", "Cube damage {{.Damage}} (it fires {{.Dice}} dice next round); adaptive shields now +{{.Shields}}.", map[string]any{"Damage": res.Cube.Damage, "Dice": res.Cube.Dice(), "Shields": res.Cube.Shields}))
	}
	for _, fr := range res.Fleets {
		name := f.v.seatName(fr.Player)
		if fr.ForcedRetreat {
			lines = append(lines, lang.X("borg.can_no_longer_hit_the", "{{.Name}} can no longer hit the cube through its shields: forced to retreat.", map[string]any{"Name": name}))
		}
		if fr.DrawsTech {
			lines = append(lines, lang.X("borg.draws_a_borg_tech_card", "{{.Name}} draws a Borg tech card.", map[string]any{"Name": name}))
		}
	}
	f.result.Add(explainLines(lines))
	due := 0
	var ships []int
	for _, fl := range fleets {
		due += fl.Ships
		ships = append(ships, fl.Ships)
	}
	due = min(res.BorgHits, due)
	// The tracker shares the Borg hits in turn order; assimilated players
	// controlling the Borg choose instead.
	choose := false
	for _, p := range f.v.st.Players {
		choose = choose || p.Assimilated
	}
	if len(fleets) > 1 && due > 0 && !choose {
		f.result.Add(wrapLabel(lang.X("borg.the_ship_loss_es_are", "The {{.Due}} ship loss(es) are shared among the fleets in turn order, one at a time.", map[string]any{"Due": due})))
	}
	if len(fleets) > 1 && due > 0 && choose {
		alloc := borgrules.AllocateInTurnOrder(due, ships)
		f.result.Add(boldLabel(lang.X("borg.allocate_ship_loss_es_among", "Allocate {{.Due}} ship loss(es) among the fleets (turn order suggested):", map[string]any{"Due": due})))
		for i, row := range rows {
			row.loss.label = lang.X("borg.loses", "{{.SeatName}} loses", map[string]any{"SeatName": f.v.seatName(fleets[i].Player)})
			row.loss.clamp(0, fleets[i].Ships)
			if i < len(alloc) && row.loss.val == 0 {
				row.loss.val = alloc[i]
				row.loss.show()
			}
			f.result.Add(row.loss.box)
		}
	}
	addApplyButton(f.result, lang.X("borg.apply_round", "Apply round {{.V}}", map[string]any{"V": cube.Round + 1}), func() {
		cmd := tracker.CubeRound{Cube: cube.ID, BorgRoll: f.borgD.pool.roll()}
		if len(fleets) > 1 && choose {
			cmd.Losses = map[string]int{}
		}
		for i, fl := range fleets {
			cmd.Fleets = append(cmd.Fleets, tracker.CubeFleet{Player: fl.Player, Ships: fl.Ships, BonusDice: fl.BonusDice,
				HitsOnSix: fl.HitsOnSix, Roll: rows[i].d.pool.roll()})
			if cmd.Losses != nil {
				cmd.Losses[fl.Player] = rows[i].loss.val
			}
			if rows[i].retreat.Checked {
				cmd.Retreat = append(cmd.Retreat, fl.Player)
			}
		}
		if f.v.exec(cmd) {
			msg := lang.X("borg.round_against_applied", "Round {{.V}} against {{.ID}} applied.", map[string]any{"V": cube.Round + 1, "ID": cube.ID})
			if res.CubeDestroyed {
				msg = lang.X("borg.is_destroyed", "{{.ID}} is destroyed.", map[string]any{"ID": cube.ID})
			}
			f.v.gs.say(msg, false)
			for _, row := range rows {
				row.loss.val = 0
				row.retreat.SetChecked(false)
			}
			f.clearDice()
		}
	})
	f.result.Add(captionLabel(lang.X("borg.a_fleet_that_retreats_loses", "A fleet that retreats, loses its last ship or can no longer hit through the shields leaves the battle; when no one is left, or the turn moves on, the battle is over and the cube starts the next one fresh.")))
}
