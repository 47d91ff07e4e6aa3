package away

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"tableops/i18n/awaytext"
	awayrules "tableops/rules/away"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// skillForm sets up, rolls and explains a skill test, unopposed or opposed.
type skillForm struct {
	v       *awayView
	content fyne.CanvasObject

	tester     *charPicker
	spec       *widget.Select
	backup     *backupSelect
	chBackup   *backupSelect
	opposed    *widget.Check
	cardDice   *widgets.Counter
	challenger *widgets.Counter
	who        *widget.Select
	whoChoices charChoice
	need       *widgets.Counter
	info       *widget.Label
	specBox    *fyne.Container
	odds       *widgets.OddsView
	oddsLine   *widget.Label

	test, chal *diceBlock
	rp         *rerollPanel
	setupBox   *foldedSetup
	result     *fyne.Container
	dist       []float64
	// reveal shows an object of the form whole (scrolling the panel).
	reveal func(in, child fyne.CanvasObject)
	// diceIn is set while the dice just changed: once they are all in,
	// the setup folds.
	diceIn bool
	// chalSet is the challenging character's setup the challenger dice
	// were last set from ("" for none): a change of character,
	// specialization or Backup sets them again, the player's own count
	// stays otherwise.
	chalSet string
}

// cardChallenge is the challenger choice for a card or effect that rolls
// against the tester (rather than a character).
func cardChallenge() string {
	return lang.X("away.skill.card_challenges", "A card or effect challenges")
}

// noSpecialization is the choice for a test that uses no specialization.
func noSpecialization() string {
	return lang.X("away.skill.no_spec", "No specialization")
}

func newSkillForm(v *awayView) *skillForm {
	f := &skillForm{v: v}
	f.tester = newCharPicker(lang.X("away.skill.tester", "Character taking the test"), func(string) {
		f.fillChallengers()
		f.fillSpecs()
		f.setupBox.want = true
		f.changed()
	})
	f.spec = widget.NewSelect([]string{noSpecialization()}, func(string) { f.changed() })
	f.spec.Selected = noSpecialization()
	f.backup = newBackupSelect(lang.X("away.skill.no_backup", "No backup for the tester"), f.changed)
	f.chBackup = newBackupSelect(lang.X("away.skill.no_backup_challenger", "No backup for the challenger"), f.changed)
	f.opposed = widget.NewCheck(lang.X("away.skill.opposed", "Opposed test"), func(bool) { f.fillSpecs(); f.changed() })
	f.cardDice = newStepCounter(lang.X("away.skill.card_dice", "Card dice"), 0, 0, 6, f.changed)
	f.challenger = newStepCounter(lang.X("away.skill.challenger_dice", "Challenger dice"), 1, 0, 6, f.changed)
	f.who = widget.NewSelect(nil, func(string) {
		// A challenging character rolls its Skill rating with the
		// specialization and Backup (changed sets the count).
		if f.challenger == nil {
			return // still being built
		}
		f.chBackup.fill(f.v, f.challengingCharacter())
		f.fillSpecs()
		f.changed()
		if f.reveal != nil && f.opposed.Checked {
			// The challenger chosen, the tester's keypad comes into
			// view (the challenge's fields pushed it down).
			f.reveal(f.test.box, f.test.pad)
		}
	})
	f.need = newStepCounter(lang.X("away.skill.need", "Need"), 1, 1, 6, f.changed)
	f.info = screen.WrapLabel(lang.X("away.skill.choose", "Choose the character taking the test."))
	f.odds = widgets.NewOddsView(lang.X("away.skill.successes", "Successes"), nil)
	f.oddsLine = screen.WrapLabel("")
	f.test, f.chal, f.rp = newOpposedDice(v, func() { f.diceIn = true; f.resolve() })
	f.test.row.Caption, f.chal.row.Caption = testerWords, blockerWords
	f.result = container.NewVBox()
	roll := screen.RollButton(f.rollVirtual)
	f.setupBox = newFoldedSetup(
		f.tester.box,
		f.backup.sel,
		container.NewGridWithColumns(2, f.cardDice, f.need),
		f.info, f.odds, f.oddsLine)
	// The specialization and the challenge stay at hand when folded: a
	// card names them.
	f.specBox = container.NewVBox(f.spec)
	f.content = container.NewVBox(
		f.setupBox.box,
		f.specBox,
		screen.FitGrid(2, f.opposed, roll),
		f.who, f.chBackup.sel, f.challenger,
		f.test.box, f.chal.box,
		// The verdict sits right under the dice it comes from.
		f.result,
	)
	return f
}

// reset clears the form for a new test: no tester, specialization,
// Backup, card dice, challenge or dice; it needs 1 success.
func (f *skillForm) reset() {
	f.tester.sel = ""
	f.tester.mark()
	f.spec.SetSelected(noSpecialization())
	f.backup.sel.SetSelected(f.backup.none)
	f.chBackup.sel.SetSelected(f.chBackup.none)
	f.opposed.SetChecked(false)
	f.who.SetSelected(cardChallenge())
	f.cardDice.SetValue(0)
	f.challenger.SetValue(1)
	f.need.SetValue(1)
	f.chalSet = ""
	f.rp.reset()
	f.test.set(rolledPool{})
	f.chal.set(rolledPool{})
	f.setupBox.want = false
	f.fillChallengers()
	f.fillSpecs()
	f.changed()
}

func (f *skillForm) show(st *tracker.AwayState) {
	f.tester.set(charOptions(f.v, nil, func(ch tracker.Character) string { return whyNotAct(ch.Stun) }))
	f.fillChallengers()
	f.fillSpecs()
	f.changed()
}

// fillChallengers offers as challengers only the characters opposing the
// tester (none but a card's challenge while no tester is chosen).
func (f *skillForm) fillChallengers() {
	tester := f.v.character(f.tester.selected())
	f.backup.fill(f.v, tester)
	f.whoChoices = inPlayChoices(f.v, func(ch tracker.Character) bool {
		return tester != nil && !f.v.st.SameSide(tester.Controller, ch.Controller)
	})
	f.who.SetOptions(append([]string{cardChallenge()}, f.whoChoices.labels...))
	if _, ok := f.whoChoices.ids[f.who.Selected]; !ok {
		f.who.Selected = cardChallenge()
		f.who.Refresh()
	}
	f.chBackup.fill(f.v, f.challengingCharacter())
}

// challengingCharacter is the character challenging the test (nil for a
// card's challenge, or when the test is not opposed).
func (f *skillForm) challengingCharacter() *tracker.Character {
	if f.opposed == nil || !f.opposed.Checked {
		return nil
	}
	return f.v.character(f.whoChoices.ids[f.who.Selected])
}

// specName is the tested specialization ("" for none).
func (f *skillForm) specName() string {
	if f.spec.Selected == noSpecialization() {
		return ""
	}
	return f.spec.Selected
}

// challengerSetup is the challenging character's dice for this test: its
// Skill rating with the tested specialization and Backup (seed 001 "Skill
// Test", Opposed Skill Tests and Backup; rules/away.SetupSkill).
func (f *skillForm) challengerSetup() (awayrules.SkillSetup, *tracker.Character) {
	ch := f.challengingCharacter()
	if ch == nil {
		return awayrules.SkillSetup{}, nil
	}
	_, backup := f.chBackup.by()
	return awayrules.SetupSkill(ch.Character, f.specName(), backup), ch
}

func (f *skillForm) fillSpecs() {
	// The test names a specialization; the tester's and a challenging
	// character's are offered (either may roll an extra die for it).
	opts := []string{noSpecialization()}
	seen := map[string]bool{}
	for _, ch := range []*tracker.Character{f.v.character(f.tester.selected()), f.challengingCharacter()} {
		if ch == nil {
			continue
		}
		for _, s := range ch.Specializations {
			if !seen[s] {
				seen[s] = true
				opts = append(opts, s)
			}
		}
	}
	f.spec.SetOptions(opts)
	ok := false
	for _, o := range opts {
		ok = ok || o == f.spec.Selected
	}
	if !ok {
		f.spec.SetSelected(noSpecialization())
	}
	if len(opts) > 1 {
		f.specBox.Show()
	} else {
		f.specBox.Hide()
	}
}

// setup is the rules' skill setup for the choices.
func (f *skillForm) setup() (awayrules.SkillSetup, *tracker.Character, bool) {
	ch := f.v.character(f.tester.selected())
	if ch == nil {
		return awayrules.SkillSetup{}, nil, false
	}
	spec := f.spec.Selected
	if spec == noSpecialization() {
		spec = ""
	}
	_, backup := f.backup.by()
	s := awayrules.SetupSkill(ch.Character, spec, backup)
	s.CardDice = f.cardDice.Value()
	return s, ch, true
}

func (f *skillForm) challengerDice() int {
	if !f.opposed.Checked {
		return 0
	}
	return f.challenger.Value()
}

func (f *skillForm) changed() {
	if f.result == nil || f.v.st == nil {
		return // still being built
	}
	if f.opposed.Checked {
		f.who.Show()
		f.challenger.Show()
		f.chal.box.Show()
	} else {
		f.who.Hide()
		f.challenger.Hide()
		f.chal.box.Hide()
	}
	if cs, ch := f.challengerSetup(); ch != nil {
		if len(f.chBackup.sel.Options) > 1 {
			f.chBackup.sel.Show()
		}
		if key := fmt.Sprintf("%s|%+v", ch.ID, cs); key != f.chalSet {
			f.chalSet = key
			f.challenger.SetValue(cs.Dice().Kept)
		}
	} else {
		f.chBackup.sel.Hide()
		f.chalSet = ""
	}
	s, _, ok := f.setup()
	if !ok {
		f.info.SetText(lang.X("away.skill.choose", "Choose the character taking the test."))
		f.odds.SetDist(nil)
		f.odds.Hide()
		setLine(f.oddsLine, "")
		f.dist = nil
		f.resolve()
		return
	}
	n := s.Dice()
	info := lang.X("away.skill.rolls", "The tester rolls {{.N}} dice.", map[string]any{"N": n.Kept})
	if n.Dropped > 0 {
		info += " " + lang.X("away.skill.dropped", "({{.N}} lost: no roll uses more than 6.)", map[string]any{"N": n.Dropped})
	}
	f.info.SetText(info)
	f.test.title.SetText(lang.X("away.skill.tester_dice_n", "Tester dice ({{.N}})", map[string]any{"N": n.Kept}))
	f.test.setWant(n.Kept)
	f.chal.title.SetText(lang.X("away.skill.challenger_dice_n", "Challenger dice ({{.N}})", map[string]any{"N": f.challengerDice()}))
	f.chal.setWant(f.challengerDice())
	f.odds.Show()
	dist, pass, err := skillOdds(n.Kept, f.challengerDice(), f.need.Value())
	f.dist = nil
	if err != nil {
		f.odds.SetDist(nil)
		setLine(f.oddsLine, screen.ErrText(err))
	} else {
		f.dist = []float64(dist)
		f.odds.SetDist([]float64(dist))
		setLine(f.oddsLine, lang.X("away.skill.pass_chance", "Chance to pass: {{.P}}%", map[string]any{"P": fmt.Sprintf("%.0f", 100*pass)}))
	}
	f.resolve()
}

func (f *skillForm) rollVirtual() {
	s, _, ok := f.setup()
	if !ok {
		f.v.f.Say(lang.X("away.skill.choose_first", "Choose the character taking the test first."), true)
		return
	}
	f.diceIn = true
	f.v.rollInto(f.rp, f.resolve, []*diceBlock{f.test, f.chal}, []int{s.Dice().Kept, f.challengerDice()})
}

// resolve explains the test once the dice are in.
func (f *skillForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	s, ch, ok := f.setup()
	if !ok {
		f.setupBox.show(false, "", "")
		return
	}
	t, c := f.test.pool.faces, f.chal.pool.faces
	if !f.opposed.Checked {
		c = nil
	}
	complete := len(t) == s.Dice().Kept && len(c) == f.challengerDice()
	showResult := complete && f.diceIn
	if showResult {
		f.setupBox.want = true
	}
	if f.diceIn && !complete && len(t) == s.Dice().Kept && f.reveal != nil {
		// The tester's dice are in: the challenger's keypad comes into
		// view, once laid out.
		defer func() { f.result.Refresh(); f.reveal(f.chal.box, f.chal.box) }()
	}
	f.diceIn = false
	what := lang.X("away.skill.summary", "{{.Name}} tests with {{.N}} dice, needs {{.Need}}", map[string]any{"Name": ch.Name, "N": s.Dice().Kept, "Need": f.need.Value()})
	if f.opposed.Checked {
		what += ", " + lang.X("away.skill.against", "against {{.N}}", map[string]any{"N": f.challengerDice()})
	}
	detail := f.oddsLine.Text
	if f.dist != nil {
		detail = oddsSummary(f.dist, lang.X("away.skill.successes_word", "successes")) + " · " + f.oddsLine.Text
	}
	f.setupBox.show(true, what, detail)
	if !complete {
		f.test.row.SetPool(t.Sorted())
		f.chal.row.SetPool(c.Sorted())
		f.result.Add(screen.WrapLabel(lang.X("away.skill.waiting", "Waiting for dice: tester {{.T}} of {{.TN}}, challenger {{.C}} of {{.CN}}.", map[string]any{"T": len(t), "TN": s.Dice().Kept, "C": len(c), "CN": f.challengerDice()})))
		return
	}
	res, err := awayrules.ResolveSkill(t, c, f.need.Value())
	if err != nil {
		f.result.Add(screen.WrapLabel(screen.ErrText(err)))
		return
	}
	ts, cs := pairStates(res.Pairs, len(res.Tester), len(res.Challenger))
	if !res.Opposed {
		for i, face := range res.Tester {
			ts[i] = widgets.DieCanceled
			if face >= 4 {
				ts[i] = widgets.DieHit
			}
		}
	}
	f.test.row.SetPoolStates(res.Tester, ts)
	f.chal.row.SetPoolStates(res.Challenger, cs)
	verdict := lang.X("away.skill.fails", "{{.Name}} fails: {{.S}} of {{.N}} successes", map[string]any{"Name": ch.Name, "S": res.Successes, "N": res.Need})
	switch {
	case !res.Passed && res.Need == 1:
		// Not "0 of 1 successes".
		verdict = lang.X("away.skill.fails_one", "{{.Name}} fails: no success (1 needed)", map[string]any{"Name": ch.Name})
	case res.Passed && res.Successes == 1:
		verdict = lang.X("away.skill.passes_one", "{{.Name}} passes with 1 success", map[string]any{"Name": ch.Name})
	case res.Passed:
		verdict = lang.X("away.skill.passes", "{{.Name}} passes with {{.S}} successes", map[string]any{"Name": ch.Name, "S": res.Successes})
	}
	shown := container.NewVBox(screen.BigResult(verdict))
	screen.AddApplyButton(shown, lang.X("away.skill.record", "Record the test"), f.record)
	f.result.Add(shown)
	if showResult && f.reveal != nil {
		// The verdict and its button come into view, once laid out.
		defer func() { f.result.Refresh(); f.reveal(f.result, shown) }()
	}
	f.result.Add(f.rp.render(res.Tester, res.Challenger, f.v.playerName(ch.Controller), lang.X("away.skill.the_challenger", "The challenger")))
	f.result.Add(explanation(awaytext.Skill(res)))
}

// record sends the test with its final dice to the game log (the tracker
// resolves it again with the rules engine).
func (f *skillForm) record() {
	_, ch, ok := f.setup()
	if !ok {
		return
	}
	spec := f.spec.Selected
	if spec == noSpecialization() {
		spec = ""
	}
	by, backup := f.backup.by()
	cmd := tracker.SkillTest{Tester: ch.ID, Specialization: spec, Need: f.need.Value(), Roll: f.test.pool.roll(),
		Backup: backup, BackupBy: by, CardDice: f.cardDice.Value()}
	if f.opposed.Checked {
		cmd.Challenger = f.whoChoices.ids[f.who.Selected]
		cmd.ChallengerRoll = f.chal.pool.roll()
		if cs, ch := f.challengerSetup(); ch != nil {
			// Dice beyond the card's count come from cards.
			cmd.ChallengerBackupBy, cmd.ChallengerBackup = f.chBackup.by()
			cmd.ChallengerCardDice = max(0, f.challenger.Value()-cs.Dice().Kept)
		}
	}
	if f.v.exec(cmd) {
		f.v.f.Say(lang.X("away.skill.recorded", "Skill test recorded in the game log."), false)
		f.rp.reset()
		f.test.set(rolledPool{})
		f.chal.set(rolledPool{})
		f.resolve()
		if f.reveal != nil {
			// The next roll: the panel from its top down to the keypad.
			f.reveal(f.setupBox.box, f.setupBox.box)
			f.reveal(f.test.box, f.test.box)
		}
	}
}

// skillOdds is the exact distribution of successes of a skill test with
// the given tester and challenger dice, and its chance to pass.
func skillOdds(tester, challenger, need int) (odds.Dist, float64, error) {
	o, err := odds.AwaySkill(awayrules.SkillSetup{Skill: tester}, awayrules.SkillSetup{Skill: challenger}, need)
	if err != nil {
		return nil, 0, err
	}
	return o.Successes, o.Pass, nil
}
