package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/ui/widgets"
)

// skillForm sets up, rolls and explains a skill test, unopposed or opposed.
type skillForm struct {
	v       *awayView
	content fyne.CanvasObject

	tester     *widget.Select
	spec       *widget.Select
	backup     *backupSelect
	opposed    *widget.Check
	cardDice   *widgets.Counter
	challenger *widgets.Counter
	who        *widget.Select
	whoChoices charChoice
	need       *widgets.Counter
	testers    charChoice
	info       *widget.Label
	cannot     *widget.Label
	odds       *widgets.OddsView
	oddsLine   *widget.Label

	test, chal *diceBlock
	rp         *rerollPanel
	setupBox   *foldedSetup
	result     *fyne.Container
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
	f.tester = widget.NewSelect(nil, func(string) {
		if f.result != nil && f.v.st != nil {
			f.fillChallengers()
		}
		f.fillSpecs()
		f.changed()
	})
	f.tester.PlaceHolder = lang.X("away.skill.tester", "Character taking the test")
	f.spec = widget.NewSelect([]string{noSpecialization()}, func(string) { f.changed() })
	f.spec.Selected = noSpecialization()
	f.backup = newBackupSelect(lang.X("away.skill.no_backup", "No backup for the tester"), f.changed)
	f.opposed = widget.NewCheck(lang.X("away.skill.opposed", "Opposed test"), func(bool) { f.changed() })
	f.cardDice = newStepCounter(lang.X("away.skill.card_dice", "Card dice"), 0, 0, 6, f.changed)
	f.challenger = newStepCounter(lang.X("away.skill.challenger_dice", "Challenger dice"), 1, 0, 6, f.changed)
	f.who = widget.NewSelect(nil, func(label string) {
		// A challenging character rolls its Skill rating.
		if ch := f.v.character(f.whoChoices.ids[label]); ch != nil && f.challenger != nil {
			f.challenger.SetValue(min(ch.Rating(awayrules.Skill), 6))
		}
		f.changed()
	})
	f.need = newStepCounter(lang.X("away.skill.need", "Need"), 1, 1, 6, f.changed)
	f.info = wrapLabel(lang.X("away.skill.choose", "Choose the character taking the test."))
	f.cannot = wrapLabel("")
	f.cannot.Importance = widget.WarningImportance
	f.cannot.Hide()
	f.odds = widgets.NewOddsView(lang.X("away.skill.successes", "Successes"), nil)
	f.oddsLine = wrapLabel("")
	f.test, f.chal, f.rp = newOpposedDice(v, f.resolve)
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	f.setupBox = newFoldedSetup(
		f.tester, f.cannot, f.spec,
		f.backup.sel, f.opposed,
		container.NewGridWithColumns(2, f.cardDice, f.need),
		f.who, f.challenger,
		f.info, f.odds, f.oddsLine)
	f.content = container.NewVBox(
		heading(lang.X("away.skill_test", "Skill test")),
		f.setupBox.box,
		f.result,
		widget.NewSeparator(),
		f.test.box, f.chal.box,
		roll,
	)
	return f
}

func (f *skillForm) show(st *tracker.AwayState) {
	f.testers = inPlayChoices(f.v, func(ch tracker.Character) bool { return awayrules.MayTestSkill(ch.Stun) })
	f.testers.fill(f.tester)
	if why := cannotAct(f.v, awayrules.MayTestSkill, nil); why != "" {
		setLine(f.cannot, lang.X("away.skill.cannot", "Cannot take a test now: {{.Who}}.", map[string]any{"Who": why}))
	} else {
		setLine(f.cannot, "")
	}
	f.fillChallengers()
	f.fillSpecs()
	f.changed()
}

// fillChallengers offers as challengers only the characters opposing the
// tester (any in play while no tester is chosen).
func (f *skillForm) fillChallengers() {
	tester := f.v.character(f.testers.ids[f.tester.Selected])
	f.backup.fill(f.v, tester)
	f.whoChoices = inPlayChoices(f.v, func(ch tracker.Character) bool {
		return tester == nil || !f.v.st.SameSide(tester.Controller, ch.Controller)
	})
	f.who.SetOptions(append([]string{cardChallenge()}, f.whoChoices.labels...))
	if _, ok := f.whoChoices.ids[f.who.Selected]; !ok {
		f.who.Selected = cardChallenge()
		f.who.Refresh()
	}
}

func (f *skillForm) fillSpecs() {
	opts := []string{noSpecialization()}
	if ch := f.v.character(f.testers.ids[f.tester.Selected]); ch != nil {
		seen := map[string]bool{}
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
}

// setup is the rules' skill setup for the choices.
func (f *skillForm) setup() (awayrules.SkillSetup, *tracker.Character, bool) {
	ch := f.v.character(f.testers.ids[f.tester.Selected])
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
	s, _, ok := f.setup()
	if !ok {
		f.info.SetText(lang.X("away.skill.choose", "Choose the character taking the test."))
		f.odds.SetDist(nil)
		f.odds.Hide()
		setLine(f.oddsLine, "")
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
	if err != nil {
		f.odds.SetDist(nil)
		setLine(f.oddsLine, err.Error())
	} else {
		f.odds.SetDist([]float64(dist))
		setLine(f.oddsLine, lang.X("away.skill.pass_chance", "Chance to pass: {{.P}}%", map[string]any{"P": fmt.Sprintf("%.0f", 100*pass)}))
	}
	f.resolve()
}

func (f *skillForm) rollVirtual() {
	s, _, ok := f.setup()
	if !ok {
		f.v.gs.say(lang.X("away.skill.choose_first", "Choose the character taking the test first."), true)
		return
	}
	f.v.rollInto(f.rp, f.resolve, []*diceBlock{f.test, f.chal}, []int{s.Dice().Kept, f.challengerDice()})
}

// resolve explains the test once the dice are in.
func (f *skillForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	s, ch, ok := f.setup()
	if !ok {
		f.setupBox.fold(false, "")
		return
	}
	t, c := f.test.pool.faces, f.chal.pool.faces
	if !f.opposed.Checked {
		c = nil
	}
	complete := len(t) == s.Dice().Kept && len(c) == f.challengerDice()
	if complete {
		what := lang.X("away.skill.summary", "{{.Name}} tests with {{.N}} dice, needs {{.Need}}", map[string]any{"Name": ch.Name, "N": len(t), "Need": f.need.Value()})
		if f.opposed.Checked {
			what += ", " + lang.X("away.skill.against", "against {{.N}}", map[string]any{"N": len(c)})
		}
		f.setupBox.fold(true, what)
	} else {
		f.setupBox.fold(false, "")
	}
	if !complete {
		f.test.row.SetPool(t.Sorted())
		f.chal.row.SetPool(c.Sorted())
		f.result.Add(wrapLabel(lang.X("away.skill.waiting", "Waiting for dice: tester {{.T}} of {{.TN}}, challenger {{.C}} of {{.CN}}.", map[string]any{"T": len(t), "TN": s.Dice().Kept, "C": len(c), "CN": f.challengerDice()})))
		return
	}
	res, err := awayrules.ResolveSkill(t, c, f.need.Value())
	if err != nil {
		f.result.Add(wrapLabel(err.Error()))
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
	if res.Passed {
		verdict = lang.X("away.skill.passes", "{{.Name}} passes with {{.S}} successes", map[string]any{"Name": ch.Name, "S": res.Successes})
	}
	f.result.Add(bigResult(verdict))
	addApplyButton(f.result, lang.X("away.skill.record", "Record the test in the game log"), f.record)
	f.result.Add(f.rp.render(res.Tester, res.Challenger, f.v.playerName(ch.Controller), lang.X("away.skill.the_challenger", "The challenger")))
	f.result.Add(explanation(res.Explain()))
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
	}
	if f.v.exec(cmd) {
		f.v.gs.say(lang.X("away.skill.recorded", "Skill test recorded in the game log."), false)
		f.rp.reset()
		f.test.set(rolledPool{})
		f.chal.set(rolledPool{})
		f.resolve()
	}
}
