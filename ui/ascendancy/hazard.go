package ascendancy

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// hazardForm is ships braving a hazardous system or phenomenon.
type hazardForm struct {
	v          *ascView
	content    fyne.CanvasObject
	side       *sideForm
	level      *numStepper
	phenomenon *widget.Check
	research   *numStepper
	info       *widget.Label
	oddsView   *widgets.OddsView
	d          *ascDice
	result     *fyne.Container
}

func newHazardForm(v *ascView) *hazardForm {
	f := &hazardForm{v: v}
	f.side = newSideForm(v, lang.X("asc.player", "Player"), false, f.changed)
	f.side.firstStrike.Hide()
	f.level = newNumStepper(lang.X("asc.hazard_level", "Hazard level"), 3, 1, 6, f.changed)
	f.phenomenon = widget.NewCheck(lang.X("asc.phenomenon_take_its_research", "Phenomenon (take its research)"), func(bool) { f.changed() })
	f.research = newNumStepper(lang.X("asc.research_tokens", "Research tokens"), 0, 0, 20, f.changed)
	f.info = screen.WrapLabel("")
	f.oddsView = widgets.NewOddsView(lang.X("asc.ships_destroyed", "Ships destroyed"), nil)
	f.d = newAscDice(lang.X("asc.hazard_dice_the_player_to", "Hazard dice (the player to the right rolls, one per ship)"), f.resolve)
	f.result = container.NewVBox()
	roll := screen.RollButton(f.rollVirtual)
	f.content = container.NewVBox(screen.Heading(lang.X("asc.hazard", "Hazard")),
		screen.WrapLabel(lang.X("asc.each_die_at_or_above", "Each die at or above the hazard level plus your shields destroys one of your ships.")),
		f.side.box, f.level.box, f.phenomenon, f.research.box, f.info, f.oddsView,
		widget.NewSeparator(), f.d.box, roll, f.result)
	return f
}

func (f *hazardForm) show() {
	def := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		def = f.v.playerChoices().labelOf(seat)
	}
	f.side.show(def)
	f.changed()
}

func (f *hazardForm) changed() {
	if f.result == nil {
		return
	}
	s, ok := f.side.side()
	if !ok {
		f.info.SetText(lang.X("asc.choose_a_player_with_ships", "Choose a player with ships on the board."))
		f.oddsView.Hide()
		return
	}
	target := f.level.val + s.Shields
	dist := odds.BattleHits(s.Ships, target)
	f.d.title.SetText(lang.X("asc.hazard_dice_a_ship_is", "Hazard dice ({{.Ships}}; a ship is lost on {{.HitText}})", map[string]any{"Ships": s.Ships, "HitText": hitText(target, target <= 6)}))
	f.d.pad.SetMax(s.Ships)
	f.info.SetText(lang.X("asc.every_ship_survives_at_least", "Every ship survives: {{.Percent}} · at least one survives: {{.Percent2}}.", map[string]any{"Percent": widgets.Percent(dist.P(0)), "Percent2": widgets.Percent(1 - dist.P(s.Ships))}))
	f.oddsView.SetDist([]float64(dist))
	f.oddsView.Show()
	f.resolve()
}

func (f *hazardForm) rollVirtual() {
	s, ok := f.side.side()
	if !ok {
		f.v.f.Say(lang.X("asc.choose_the_player_first", "Choose the player first."), true)
		return
	}
	p, err := f.v.ascRoll(s.Ships)
	if err != nil {
		f.v.f.Say(screen.ErrText(err), true)
		return
	}
	f.d.set(p)
	f.resolve()
}

func (f *hazardForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	s, ok := f.side.side()
	if !ok || len(f.d.pool.faces) == 0 {
		return
	}
	if len(f.d.pool.faces) != s.Ships {
		f.result.Add(screen.WrapLabel(lang.X("asc.waiting_for_the_dice_of", "Waiting for the dice: {{.NFaces}} of {{.Ships}}.", map[string]any{"NFaces": len(f.d.pool.faces), "Ships": s.Ships})))
		return
	}
	res, err := ascrules.BraveHazard(ascrules.Hazard{Level: f.level.val, Shields: s.Shields, Faces: f.d.pool.faces,
		Phenomenon: f.phenomenon.Checked, ResearchTokens: f.research.val})
	if err != nil {
		f.result.Add(screen.WrapLabel(screen.ErrText(err)))
		return
	}
	f.d.mark(res.Target)
	f.result.Add(screen.BigResult(lang.X("asc.ship_s_destroyed_survive", "{{.Destroyed}} ship(s) destroyed, {{.Survivors}} survive", map[string]any{"Destroyed": res.Destroyed, "Survivors": res.Survivors})))
	var lines []string
	if res.ResearchTaken > 0 {
		lines = append(lines, lang.X("asc.a_ship_survived_take_the", "A ship survived: take the {{.ResearchTaken}} research token(s).", map[string]any{"ResearchTaken": res.ResearchTaken}))
	}
	if res.Explore {
		lines = append(lines, lang.X("asc.a_ship_survived_resolve_the", "A ship survived: resolve the system's exploration card if it has one."))
	}
	if res.Survivors == 0 && !f.phenomenon.Checked {
		lines = append(lines, lang.X("asc.no_ship_survived_a_newly", "No ship survived: a newly found system's card goes face down on it."))
	}
	f.result.Add(explainLines(lines))
	screen.AddApplyButton(f.result, lang.X("asc.apply", "Apply"), func() {
		cmd := tracker.BraveHazard{Player: s.Player, Ships: s.Ships, Level: f.level.val, Phenomenon: f.phenomenon.Checked,
			ResearchTokens: f.research.val, Roll: f.d.pool.roll()}
		if f.v.exec(cmd) {
			f.v.f.Say(lang.X("asc.hazard_applied", "Hazard applied."), false)
			f.d.set(ascPool{})
			f.changed()
		}
	})
}
