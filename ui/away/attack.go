package away

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/i18n/awaytext"
	awayrules "tableops/rules/away"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// attackForm sets up, rolls, explains and applies one attack action.
type attackForm struct {
	v       *awayView
	content fyne.CanvasObject

	attacker, target      *charPicker
	weapon                *widget.Select
	weaponBox             *fyne.Container
	backup, targetBackup  *backupSelect
	cardDice, defCardDice *widgets.Counter
	setupInfo             *widget.Label
	odds                  *widgets.OddsView
	oddsLine              *widget.Label

	att, def *diceBlock
	rp       *rerollPanel
	setupBox *foldedSetup
	result   *fyne.Container
	damage   []*widget.Select
	res      *awayrules.AttackResult
	// outcome is what applying res does to the target (the tracker's
	// preview), said before Apply and after.
	outcome tracker.AttackOutcome
	// dist and note are the odds and the notes on the dice (stun, dice
	// lost) for the folded setup's line.
	dist []float64
	note string
	// reveal shows an object of the form whole (scrolling the panel).
	reveal func(in, child fyne.CanvasObject)
	// diceIn is set while the dice just changed (typed, rolled or
	// re-rolled): once they are all in, the setup folds.
	diceIn bool
}

func newAttackForm(v *awayView) *attackForm {
	f := &attackForm{v: v}
	changed := func(string) { f.setupChanged() }
	f.attacker = newCharPicker(lang.X("away.attack.attacker", "Attacker"), func(string) {
		f.fillWeapons()
		f.fillTargets()
		f.chose()
	})
	f.weapon = widget.NewSelect(nil, changed)
	f.weapon.PlaceHolder = lang.X("away.attack.action", "Attack action")
	f.target = newCharPicker(lang.X("away.attack.target", "Target"), func(string) {
		f.targetBackup.fill(f.v, f.v.character(f.target.selected()))
		f.chose()
	})
	// A Backup chosen completes the setup as a character chosen does:
	// it folds, the keypads come up.
	f.backup = newBackupSelect(lang.X("away.attack.no_backup_attacker", "No backup for the attacker"), f.chose)
	f.targetBackup = newBackupSelect(lang.X("away.attack.no_backup_target", "No backup for the target"), f.chose)
	f.cardDice = newStepCounter(lang.X("away.attack.attack_cards", "Attack cards"), 0, 0, 6, f.setupChanged)
	f.defCardDice = newStepCounter(lang.X("away.attack.defense_cards", "Defense cards"), 0, 0, 6, f.setupChanged)
	f.setupInfo = screen.WrapLabel(lang.X("away.attack.choose", "Choose the attacker, the attack action and the target."))
	f.odds = widgets.NewOddsView(lang.X("away.attack.odds", "Damage odds"), nil)
	f.oddsLine = screen.WrapLabel("")

	f.att, f.def, f.rp = newOpposedDice(v, func() { f.diceIn = true; f.resolve() })
	f.att.row.Caption, f.def.row.Caption = attackWords, blockerWords
	f.result = container.NewVBox()

	roll := screen.RollButton(f.rollVirtual)
	clear := widget.NewButtonWithIcon(lang.X("away.dice.clear", "Clear"), theme.ContentClearIcon(), f.clearDice)

	// The attack action stays at hand when folded if there is a choice.
	f.weaponBox = container.NewVBox(f.weapon)
	f.setupBox = newFoldedSetup(
		f.attacker.box, f.target.box,
		f.backup.sel, f.targetBackup.sel,
		container.NewGridWithColumns(2, f.cardDice, f.defCardDice),
		f.setupInfo,
		f.odds, f.oddsLine)
	f.content = container.NewVBox(
		f.setupBox.box,
		f.weaponBox,
		screen.FitGrid(2, roll, clear),
		f.att.box, f.def.box,
		// The outcome and Apply sit right under the dice they come from.
		f.result,
	)
	return f
}

// reset clears the form for a new attack: no attacker, target, Backup,
// card dice or dice; the attack action is the attacker's first again.
func (f *attackForm) reset() {
	f.attacker.sel, f.target.sel = "", ""
	f.attacker.mark()
	f.target.mark()
	f.weapon.ClearSelected()
	f.backup.sel.SetSelected(f.backup.none)
	f.targetBackup.sel.SetSelected(f.targetBackup.none)
	f.cardDice.SetValue(0)
	f.defCardDice.SetValue(0)
	f.rp.reset()
	f.att.set(rolledPool{})
	f.def.set(rolledPool{})
	f.setupBox.want = false
	f.fillWeapons()
	f.fillTargets()
	f.setupChanged()
}

// chose is called after a character was chosen: the setup folds once
// it is complete.
func (f *attackForm) chose() {
	f.setupBox.want = true
	f.setupChanged()
}

// show refreshes the choices of characters from the state: every
// character in play may be tapped as the attacker except those who cannot
// attack now, shown greyed out with the reason.
func (f *attackForm) show(st *tracker.AwayState) {
	f.attacker.set(charOptions(f.v, nil, func(ch tracker.Character) string {
		if why := whyNotAct(ch.Stun); why != "" {
			return why
		}
		if len(ch.Weapons) == 0 {
			return lang.X("away.attack.no_weapon", "no attack action on file")
		}
		return ""
	}))
	f.fillWeapons()
	f.fillTargets()
	f.setupChanged()
}

// fillTargets offers as targets the characters opposing the attacker
// (none while no attacker is chosen); the only one is chosen.
func (f *attackForm) fillTargets() {
	att := f.v.character(f.attacker.selected())
	var opts []pickOption
	if att != nil {
		opts = charOptions(f.v, func(ch tracker.Character) bool { return !f.v.st.SameSide(att.Controller, ch.Controller) }, nil)
	}
	f.target.set(opts)
	if att == nil {
		f.target.box.Hide()
	} else {
		f.target.box.Show()
	}
	if att != nil && f.target.selected() == "" && len(opts) == 1 {
		// One possible target: it is the target.
		f.target.sel = opts[0].id
		f.target.mark()
	}
	f.backup.fill(f.v, att)
	f.targetBackup.fill(f.v, f.v.character(f.target.selected()))
}

func (f *attackForm) fillWeapons() {
	att := f.v.character(f.attacker.selected())
	var names []string
	if att != nil {
		for _, w := range att.Weapons {
			names = append(names, w.Name)
		}
	}
	f.weapon.SetOptions(names)
	found := false
	for _, n := range names {
		found = found || n == f.weapon.Selected
	}
	if !found {
		if len(names) > 0 {
			f.weapon.Selected = names[0]
			f.weapon.Refresh()
		} else {
			f.weapon.ClearSelected()
		}
	}
	if len(names) > 1 {
		f.weaponBox.Show()
	} else {
		f.weaponBox.Hide()
	}
}

// chosen returns the attacker, weapon and target, if all are chosen.
func (f *attackForm) chosen() (att, tgt *tracker.Character, w awayrules.Weapon, ok bool) {
	att = f.v.character(f.attacker.selected())
	tgt = f.v.character(f.target.selected())
	if att == nil || tgt == nil {
		return nil, nil, w, false
	}
	for _, x := range att.Weapons {
		if x.Name == f.weapon.Selected {
			return att, tgt, x, true
		}
	}
	return nil, nil, w, false
}

// setup is the rules' dice setup for the chosen attack.
func (f *attackForm) setup() (awayrules.AttackSetup, bool) {
	att, tgt, w, ok := f.chosen()
	if !ok {
		return awayrules.AttackSetup{}, false
	}
	_, backup := f.backup.by()
	_, targetBackup := f.targetBackup.by()
	s := awayrules.SetupAttack(att.Character, w, tgt.Character, backup, targetBackup)
	s.CardDice, s.DefenseCardDice = f.cardDice.Value(), f.defCardDice.Value()
	return s, true
}

// setupChanged updates the dice counts and the odds for the choices.
func (f *attackForm) setupChanged() {
	if f.result == nil || f.v.st == nil {
		return // still being built
	}
	s, ok := f.setup()
	if !ok {
		if f.v.st != nil && f.v.st.Phase != tracker.AwayAction {
			f.setupInfo.SetText(lang.X("away.attack.action_phase", "Attacks are resolved in the action phase. Choose the attacker, the attack action and the target."))
		} else {
			f.setupInfo.SetText(lang.X("away.attack.choose_weapon", "Choose the attacker, the attack action and the target (the attacker needs an attack action on file)."))
		}
		f.odds.SetDist(nil)
		f.odds.Hide()
		setLine(f.oddsLine, "")
		f.att.title.SetText(lang.X("away.attack.attack_dice", "Attack dice"))
		f.def.title.SetText(lang.X("away.attack.defense_dice", "Defense dice"))
		// The setup opens on what is missing (a target no longer
		// offered): no summary of another attack stays on screen.
		f.resolve()
		return
	}
	ad, dd := s.AttackDice(), s.DefenseDice()
	f.dist, f.note = nil, ""
	info := lang.X("away.attack.rolls", "Attack rolls {{.A}} dice, defense rolls {{.D}}.", map[string]any{"A": ad.Kept, "D": dd.Kept})
	var notes []string
	if ad.Dropped > 0 || dd.Dropped > 0 {
		notes = append(notes, lang.X("away.attack.dropped", "No roll uses more than 6 dice ({{.A}} attack and {{.D}} defense dice lost).", map[string]any{"A": ad.Dropped, "D": dd.Dropped}))
	}
	switch {
	case s.Stun && s.BorgTarget:
		notes = append(notes, lang.X("away.attack.stun_borg", "Stun weapon against a Borg target: normal damage, the weapon adds +0."))
	case s.Stun:
		notes = append(notes, lang.X("away.attack.stun", "Stun weapon: one stun token instead of damage."))
	}
	f.note = strings.Join(notes, " ")
	f.setupInfo.SetText(strings.TrimSpace(info + " " + f.note))
	f.att.title.SetText(lang.X("away.attack.attack_dice_n", "Attack dice ({{.N}})", map[string]any{"N": ad.Kept}))
	f.def.title.SetText(lang.X("away.attack.defense_dice_n", "Defense dice ({{.N}})", map[string]any{"N": dd.Kept}))
	f.att.setWant(ad.Kept)
	f.def.setWant(dd.Kept)
	dist, stun, err := attackOdds(s)
	if err != nil {
		f.odds.SetDist(nil)
		setLine(f.oddsLine, screen.ErrText(err))
		return
	}
	f.odds.Show()
	if s.Stun && !s.BorgTarget {
		f.odds.SetDist(nil)
		f.odds.Hide()
		setLine(f.oddsLine, lang.X("away.attack.stun_chance", "Chance of a stun token: {{.P}}%.", map[string]any{"P": fmt.Sprintf("%.0f", 100*stun)}))
	} else {
		// The odds view shows the expected damage and the chance of at
		// least 1, 2 and 3 damage.
		f.odds.SetDist([]float64(dist))
		f.dist = []float64(dist)
		setLine(f.oddsLine, "")
	}
	f.resolve()
}

func (f *attackForm) clearDice() {
	f.rp.reset()
	f.att.set(rolledPool{})
	f.def.set(rolledPool{})
	f.resolve()
}

func (f *attackForm) rollVirtual() {
	s, ok := f.setup()
	if !ok {
		f.v.f.Say(lang.X("away.attack.choose_first", "Choose the attacker, the attack action and the target first."), true)
		return
	}
	f.diceIn = true
	f.v.rollInto(f.rp, f.resolve, []*diceBlock{f.att, f.def}, []int{s.AttackDice().Kept, s.DefenseDice().Kept})
}

// resolve explains the dice as they stand, pair by pair, and offers to
// apply the result once both sides have all their dice.
func (f *attackForm) resolve() {
	f.result.RemoveAll()
	f.res = nil
	s, ok := f.setup()
	if !ok {
		f.setupBox.show(false, "", "")
		f.result.Refresh()
		return
	}
	a, d := f.att.pool.faces, f.def.pool.faces
	complete := len(a) == s.AttackDice().Kept && len(d) == s.DefenseDice().Kept
	showResult := complete && f.diceIn
	if showResult {
		f.setupBox.want = true
	}
	if f.diceIn && !complete && len(a) == s.AttackDice().Kept && f.reveal != nil {
		// The attack dice are in: the defense keypad comes into view.
		defer f.reveal(f.def.box, f.def.box)
	}
	f.diceIn = false
	if att, tgt, w, ok := f.chosen(); ok {
		detail := oddsSummary(f.dist, lang.X("away.attack.damage", "damage"))
		if f.oddsLine.Visible() {
			detail = f.oddsLine.Text
		}
		f.setupBox.show(true, lang.X("away.attack.summary", "{{.A}} attacks {{.T}} ({{.W}}): {{.N}} vs {{.M}} dice", map[string]any{"A": att.Name, "T": tgt.Name, "W": w.Name, "N": s.AttackDice().Kept, "M": s.DefenseDice().Kept}), detail)
	} else {
		f.setupBox.show(false, "", "")
	}
	if !complete {
		f.att.row.SetPool(a.Sorted())
		f.def.row.SetPool(d.Sorted())
		f.result.Add(screen.WrapLabel(lang.X("away.attack.waiting", "Waiting for dice: attack {{.A}} of {{.AN}}, defense {{.D}} of {{.DN}}.", map[string]any{"A": len(a), "AN": s.AttackDice().Kept, "D": len(d), "DN": s.DefenseDice().Kept})))
		f.result.Refresh()
		return
	}
	res, err := awayrules.ResolveAttack(s, a, d)
	if err != nil {
		f.result.Add(screen.WrapLabel(screen.ErrText(err)))
		f.result.Refresh()
		return
	}
	f.res = &res
	as, ds := pairStates(res.Pairs, len(res.Attack), len(res.Defense))
	f.att.row.SetPoolStates(res.Attack, as)
	f.def.row.SetPoolStates(res.Defense, ds)
	_, tgt, _, _ := f.chosen()
	outcome := lang.X("away.attack.damage_to", "{{.N}} damage to {{.Name}}", map[string]any{"N": res.Damage, "Name": tgt.Name})
	switch {
	case res.Stun > 0:
		outcome = lang.X("away.attack.gets_stun", "{{.Name}} gets a stun token", map[string]any{"Name": tgt.Name})
		if res.Incapacitated {
			outcome += " " + lang.X("away.attack.and_incapacitated", "and is Incapacitated")
		}
	case res.Damage == 0:
		outcome = lang.X("away.attack.no_damage", "No damage: every attack die was stopped")
	}
	f.result.Add(screen.BigResult(outcome))
	att, _, w, _ := f.chosen()
	f.outcome = f.v.st.AttackOutcome(att.ID, w.Name, tgt.ID, res)
	if line := outcomeLine(tgt, f.outcome); line != "" {
		// Said before Apply: the target leaves the game.
		l := screen.BoldLabel(line)
		l.Wrapping = fyne.TextWrapWord
		l.Importance = widget.DangerImportance
		f.result.Add(l)
	}
	f.damage = nil
	if tracks := f.v.st.DamageTracks(tgt.ID, res.Damage); len(tracks) > 0 {
		f.result.Add(screen.WrapLabel(lang.X("away.attack.owner_chooses", "{{.Name}}'s owner chooses the track for each peg lost:", map[string]any{"Name": tgt.Name})))
		f.damage = damageChoosers(tracks)
		// One line per peg: its number, then the track it comes from.
		pegs := container.NewVBox()
		for i, sel := range f.damage {
			pegs.Add(container.NewBorder(nil, nil, widget.NewLabel(lang.X("away.attack.peg_n", "Peg {{.N}}", map[string]any{"N": i + 1})), nil, sel))
		}
		f.result.Add(pegs)
	}
	screen.AddApplyButton(f.result, lang.X("away.attack.apply_to", "Apply to {{.Name}}", map[string]any{"Name": tgt.Name}), f.apply)
	shown := container.NewVBox(f.result.Objects...)
	f.result.Objects = []fyne.CanvasObject{shown,
		f.rp.render(res.Attack, res.Defense, f.v.playerName(att.Controller), f.v.playerName(tgt.Controller)),
		explanation(awaytext.Attack(res))}
	f.result.Refresh()
	if showResult && f.reveal != nil {
		// The outcome, the peg choices and Apply come into view.
		f.reveal(f.result, shown)
	}
}

// damageChoosers offers, for each peg the damage takes, the track to take
// it from, starting from the tracker's legal choice (tracks: one per peg;
// a point after the last peg Neutralizes and needs no choice).
func damageChoosers(tracks []awayrules.Rating) []*widget.Select {
	names := make([]string, len(allRatings))
	for i, r := range allRatings {
		names[i] = ratingName(r)
	}
	out := make([]*widget.Select, len(tracks))
	for i, r := range tracks {
		s := widget.NewSelect(names, nil)
		s.Selected = ratingName(r)
		out[i] = s
	}
	return out
}

// outcomeLine says that an attack's target leaves the game, and how ("" when
// it stays): Neutralized, assimilated by the Borg player, or Neutralized
// with its card going back to its owner.
func outcomeLine(tgt *tracker.Character, o tracker.AttackOutcome) string {
	switch {
	case o.Assimilated:
		return lang.X("away.attack.will_be_assimilated", "{{.Name}} is Neutralized and assimilated by {{.Borg}}: the card becomes a Borg Drone.", map[string]any{"Name": tgt.Name, "Borg": o.By})
	case o.CardReturns != "":
		return lang.X("away.attack.will_return", "{{.Name}} is Neutralized: the card returns to {{.Owner}}.", map[string]any{"Name": tgt.Name, "Owner": o.CardReturns})
	case o.Neutralized:
		return lang.X("away.attack.will_be_neutralized", "{{.Name}} is Neutralized: no track has a peg left to lose.", map[string]any{"Name": tgt.Name})
	}
	return ""
}

// allRatings are a character's four ratings in card order.
var allRatings = []awayrules.Rating{awayrules.Attack, awayrules.Defense, awayrules.Skill, awayrules.Move}

// ratingName is a rating's name as the card prints it (Away Missions has
// no Italian edition: the names stay English).
func ratingName(r awayrules.Rating) string {
	switch r {
	case awayrules.Attack:
		return lang.X("away.rating.attack", "Attack")
	case awayrules.Defense:
		return lang.X("away.rating.defense", "Defense")
	case awayrules.Skill:
		return lang.X("away.rating.skill", "Skill")
	}
	return lang.X("away.rating.move", "Move")
}

// ratingNamed is the rating a name from ratingName stands for.
func ratingNamed(name string) (awayrules.Rating, bool) {
	for _, r := range allRatings {
		if ratingName(r) == name {
			return r, true
		}
	}
	return 0, false
}

// apply sends the attack with its dice and the chosen tracks as one step;
// the status line says what it did, the target leaving the game too.
func (f *attackForm) apply() {
	if f.res == nil {
		return
	}
	att, tgt, w, ok := f.chosen()
	if !ok {
		return
	}
	var tracks []awayrules.Rating
	for _, s := range f.damage {
		r, ok := ratingNamed(s.Selected)
		if !ok {
			f.v.f.Say(lang.X("away.attack.choose_track", "Choose a track for every peg lost."), true)
			return
		}
		tracks = append(tracks, r)
	}
	by, backup := f.backup.by()
	tby, targetBackup := f.targetBackup.by()
	cmd := tracker.ApplyAttack{Attacker: att.ID, Weapon: w.Name, Target: tgt.ID,
		Backup: backup, BackupBy: by, TargetBackup: targetBackup, TargetBackupBy: tby,
		CardDice: f.cardDice.Value(), DefenseCardDice: f.defCardDice.Value(),
		Attack: f.att.pool.roll(), Defense: f.def.pool.roll(), Tracks: tracks}
	said := lang.X("away.attack.applied", "Attack applied to {{.Name}}.", map[string]any{"Name": tgt.Name})
	if line := outcomeLine(tgt, f.outcome); line != "" {
		said += " " + line
	}
	if f.v.exec(cmd) {
		f.v.f.Say(said, false)
		f.clearDice()
		if f.reveal != nil {
			// The next roll: the panel from its top down to the keypad.
			f.reveal(f.setupBox.box, f.setupBox.box)
			f.reveal(f.att.box, f.att.box)
		}
	}
}

// attackOdds is the exact damage distribution of an attack and its chance
// of a stun token.
func attackOdds(s awayrules.AttackSetup) (odds.Dist, float64, error) {
	o, err := odds.AwayAttack(s)
	if err != nil {
		return nil, 0, err
	}
	return o.Damage, o.Stun.AtLeast(1), nil
}
