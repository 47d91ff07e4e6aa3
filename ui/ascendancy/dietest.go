package ascendancy

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// dieTestForm is a one-die test against a number: cultural hegemony (die
// + ascendancy against the system's resistance) or a diplomacy test (die +
// ascendancy against the card's number).
type dieTestForm struct {
	v        *ascView
	hegemony bool
	content  fyne.CanvasObject
	player   *widget.Select
	target   *widget.Select
	name     *screen.TextEntry
	number   *numStepper
	info     *widget.Label
	d        *ascDice
	result   *fyne.Container

	// Hegemony only: what the tracker takes besides the die.
	modifier *numStepper
	modNote  *widget.Label
	preWarp  *widget.Check
	nodes    [3]*numStepper // production, research, culture on the system
	starbase *widget.Check
	homeOf   *widget.Select
	capture  *widget.Accordion
	// drafted is the player and target the hegemony inputs were filled
	// for; another choice refills them.
	draftedBy, draftedOn string
	// resisted is what the resistance was last worked out from.
	resisted string
}

func newDieTestForm(v *ascView, hegemony bool) *dieTestForm {
	f := &dieTestForm{v: v, hegemony: hegemony}
	f.player = widget.NewSelect(nil, func(string) { f.changed() })
	f.player.PlaceHolder = lang.X("asc.player", "Player")
	f.d = newAscDice(lang.X("asc.the_die", "The die"), f.resolve)
	f.d.pad.SetMax(1)
	f.info = screen.WrapLabel("")
	f.result = container.NewVBox()
	roll := screen.RollButton(f.rollVirtual)
	box := container.NewVBox()
	if hegemony {
		f.target = widget.NewSelect(nil, func(string) { f.changed() })
		f.target.PlaceHolder = lang.X("asc.who_controls_the_system", "Who controls the system")
		f.name = placeholderEntry(lang.X("asc.system_name_optional", "System name (optional)"))
		f.number = newNumStepper(lang.X("asc.resistance", "Resistance"), 3, 0, 50, f.changed)
		f.modifier = newNumStepper(lang.X("asc.hegemony.modifier", "Die modifier"), 0, -6, 6, f.changed)
		f.preWarp = widget.NewCheck(lang.X("asc.hegemony.pre_warp", "Pre-warp inhabited system"), func(bool) { f.changed() })
		for i, l := range []string{lang.X("asc.p_nodes", "P nodes"), lang.X("asc.r_nodes", "R nodes"), lang.X("asc.c_nodes", "C nodes")} {
			f.nodes[i] = newNumStepper(l, 0, 0, 9, f.changed)
		}
		f.starbase = widget.NewCheck(lang.X("asc.hegemony.starbase", "Their starbase is there"), func(bool) { f.changed() })
		f.homeOf = widget.NewSelect(nil, nil)
		f.homeOf.PlaceHolder = lang.X("asc.hegemony.home_of", "Whose home system it is")
		f.capture = widget.NewAccordion(widget.NewAccordionItem(lang.X("asc.hegemony.capture", "On success: what passes"),
			container.NewVBox(
				screen.CaptionLabel(lang.X("asc.hegemony.capture_note", "What changes hands: the system's resource nodes (a research node brings a project), a starbase with one of its command tokens, a home system.")),
				nodeColumns(f.nodes[0].box, f.nodes[1].box, f.nodes[2].box), f.starbase, f.homeOf)))
		box.Add(screen.Heading(lang.X("asc.cultural_hegemony", "Cultural hegemony")))
		box.Add(screen.WrapLabel(lang.X("asc.roll_a_die_and_add", "Roll a die and add your ascendancy (not the Ferengi); beat the system's resistance to take it. 1 culture to try, 1 more on success; you need both before trying.")))
		box.Add(f.player)
		box.Add(f.target)
		box.Add(f.name)
		box.Add(f.preWarp)
		box.Add(f.capture)
		box.Add(screen.CaptionLabel(lang.X("asc.resistance_a_rival_s_system", "Resistance: a rival's system counts its structures (nodes, control node, starbases) plus the rival's ascendancy; an independent system its nodes plus warp tokens.")))
		f.modNote = screen.CaptionLabel(lang.X("asc.hegemony.federation", "Federation: Universal Translator, +1 to the die (starting advancement)."))
		box.Add(f.modifier.box)
		box.Add(f.modNote)
	} else {
		f.name = placeholderEntry(lang.X("asc.card_optional", "Card (optional)"))
		f.number = newNumStepper(lang.X("asc.diplomacy_number", "Diplomacy number"), 4, 0, 50, f.changed)
		box.Add(screen.Heading(lang.X("asc.diplomacy_test", "Diplomacy test")))
		box.Add(screen.WrapLabel(lang.X("asc.roll_a_die_and_add_2", "Roll a die and add your ascendancy; beat the card's diplomacy number to pass. A failed ally goes to the bottom of the exploration deck.")))
		box.Add(f.player)
		box.Add(f.name)
	}
	box.Add(f.number.box)
	box.Add(f.info)
	box.Add(widget.NewSeparator())
	box.Add(f.d.box)
	box.Add(roll)
	box.Add(f.result)
	f.content = box
	return f
}

func (f *dieTestForm) p() *tracker.AscPlayer {
	return f.v.player(f.v.playerChoices().ids[f.player.Selected])
}

func (f *dieTestForm) show() {
	c := f.v.playerChoices()
	def := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		def = c.labelOf(seat)
	}
	syncSelect(f.player, c.labels, def)
	if f.target != nil {
		syncSelect(f.target, append(append([]string{}, c.labels...), independentLabel()), independentLabel())
		nobody := lang.X("asc.hegemony.nobody_s_home", "Nobody's home system")
		homes := []string{nobody}
		for _, p := range f.v.st.Players {
			homes = append(homes, p.Name)
		}
		syncSelect(f.homeOf, homes, nobody)
	}
	f.changed()
}

// rival returns the player who controls the system (nil: independent).
func (f *dieTestForm) rival() *tracker.AscPlayer {
	if f.target == nil {
		return nil
	}
	return f.v.player(f.v.playerChoices().ids[f.target.Selected])
}

// systemNodes are the resource nodes entered for the system.
func (f *dieTestForm) systemNodes() ascrules.Resources {
	return ascrules.Resources{Production: f.nodes[0].val, Research: f.nodes[1].val, Culture: f.nodes[2].val}
}

// draft keeps the hegemony inputs in step with the state they were made
// for: a new player gets their own die modifier (the Federation's Universal
// Translator, their starting advancement: +1); a new target clears what
// was entered for the old one; nodes and the starbase stay within what the
// rival has; a rival's resistance follows its structures and ascendancy.
func (f *dieTestForm) draft(p *tracker.AscPlayer) {
	rival := f.rival()
	on := ""
	if rival != nil {
		on = rival.ID
	}
	if p.ID != f.draftedBy {
		f.draftedBy = p.ID
		f.modifier.val = p.HegemonyModifier()
		f.modifier.show()
	}
	if p.HegemonyModifier() != 0 {
		f.modNote.Show()
	} else {
		f.modNote.Hide()
	}
	if on != f.draftedOn {
		f.draftedOn = on
		for _, n := range f.nodes {
			n.val = 0
			n.show()
		}
		f.starbase.SetChecked(false)
	}
	if rival == nil {
		f.resisted = ""
		for _, n := range f.nodes {
			n.clamp(0, 9)
		}
		f.starbase.SetChecked(false)
		f.starbase.Disable()
		return
	}
	f.nodes[0].clamp(0, rival.Nodes.Production)
	f.nodes[1].clamp(0, rival.Nodes.Research)
	f.nodes[2].clamp(0, rival.Nodes.Culture)
	if rival.Starbases < 1 {
		f.starbase.SetChecked(false)
		f.starbase.Disable()
	} else {
		f.starbase.Enable()
	}
	resistance, err := f.v.st.HegemonyResistance(rival.ID, f.systemNodes(), f.starbase.Checked, 0)
	if err != nil {
		return
	}
	// Worked out again when what it counts changes; the players may
	// still correct it (a Vulcan ambassador does not count).
	if key := fmt.Sprintf("%s/%d", rival.ID, resistance); key != f.resisted {
		f.resisted = key
		f.number.val = resistance
		f.number.show()
	}
}

func (f *dieTestForm) changed() {
	if f.result == nil {
		return
	}
	p := f.p()
	if p == nil {
		f.info.SetText(lang.X("asc.choose_the_player", "Choose the player."))
		return
	}
	faction := p.Faction
	mod := 0
	if f.hegemony {
		f.draft(p)
		mod = f.modifier.val
	} else {
		faction = "" // every civilization adds its ascendancy to diplomacy
	}
	chance := ascrules.HegemonyChanceModified(p.Ascendancy, f.number.val, faction, mod)
	add := p.HegemonyAdds(mod)
	if !f.hegemony {
		add = p.Ascendancy + mod
	}
	f.info.SetText(lang.X("asc.adds_needs_a_total_above", "{{.Name}} adds {{.Add}}: needs a total above {{.Val}}. Chance: {{.Percent}}.", map[string]any{"Name": p.Name, "Add": add, "Val": f.number.val, "Percent": widgets.Percent(chance)}))
	f.resolve()
}

func (f *dieTestForm) rollVirtual() {
	pool, err := f.v.ascRoll(1)
	if err != nil {
		f.v.f.Say(screen.ErrText(err), true)
		return
	}
	f.d.set(pool)
	f.resolve()
}

func (f *dieTestForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	p := f.p()
	if p == nil || len(f.d.pool.faces) != 1 {
		return
	}
	roll := f.d.pool.faces[0]
	var verdict string
	var lines []string
	if f.hegemony {
		res, err := ascrules.ResolveHegemony(ascrules.Hegemony{Roll: roll, Ascendancy: p.Ascendancy, Resistance: f.number.val,
			Faction: p.Faction, Culture: p.Resources.Culture, Modifier: f.modifier.val})
		if err != nil {
			f.result.Add(screen.WrapLabel(screen.ErrText(err)))
			return
		}
		verdict = lang.X("asc.against_hegemony_fails", "{{.Total}} against {{.Val}}: hegemony fails", map[string]any{"Total": res.Total, "Val": f.number.val})
		if res.Success {
			verdict = lang.X("asc.against_takes_control", "{{.Total}} against {{.Val}}: {{.Name}} takes control", map[string]any{"Total": res.Total, "Val": f.number.val, "Name": p.Name})
			lines = append(lines, lang.X("asc.place_a_control_node_on", "Place a control node on the system."))
		}
		lines = append(lines, lang.X("asc.culture_spent", "{{.CultureSpent}} culture spent.", map[string]any{"CultureSpent": res.CultureSpent}))
	} else {
		total, pass, err := ascrules.Diplomacy(roll, p.Ascendancy, f.number.val)
		if err != nil {
			f.result.Add(screen.WrapLabel(screen.ErrText(err)))
			return
		}
		verdict = lang.X("asc.against_the_test_fails", "{{.Total}} against {{.Val}}: the test fails", map[string]any{"Total": total, "Val": f.number.val})
		if pass {
			verdict = lang.X("asc.against_the_test_passes", "{{.Total}} against {{.Val}}: the test passes", map[string]any{"Total": total, "Val": f.number.val})
		}
	}
	f.result.Add(screen.BigResult(verdict))
	f.result.Add(explainLines(lines))
	screen.AddApplyButton(f.result, lang.X("asc.apply", "Apply"), func() {
		var cmd tracker.Command = tracker.TestDiplomacy{Player: p.ID, Card: f.name.Text, Number: f.number.val, Roll: f.d.pool.roll()}
		if f.hegemony {
			nodes := f.systemNodes()
			cmd = tracker.TryHegemony{Player: p.ID, Target: f.v.playerChoices().ids[f.target.Selected], System: f.name.Text,
				Resistance: f.number.val, Roll: f.d.pool.roll(), Modifier: f.modifier.val, PreWarp: f.preWarp.Checked,
				Nodes: nodes, ResearchNode: nodes.Research > 0, Starbase: f.starbase.Checked, HomeOf: f.homeID()}
		}
		if f.v.exec(cmd) {
			f.v.f.Say(lang.X("asc.applied", "Applied."), false)
			f.d.set(ascPool{})
			f.resolve()
		}
	})
}

// homeOf returns the player whose home system the target is ("" nobody's).
func (f *dieTestForm) homeID() string {
	for _, p := range f.v.st.Players {
		if p.Name == f.homeOf.Selected {
			return p.ID
		}
	}
	return ""
}
