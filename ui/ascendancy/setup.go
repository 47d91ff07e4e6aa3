package ascendancy

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
	"tableops/tracker"
	"tableops/ui/screen"
)

// Preference keys of the Ascendancy screens: what the players copied from
// their consoles once, kept for the next game on this device.
const (
	prefAscCosts    = "asc.costs"     // JSON: civilization (lower case) -> cost table
	prefAscBorgHits = "asc.borg_hits" // "5,5,4,4,3,3": Borg hit roll for 0..5 spires
	prefAscHub      = "asc.hub_target"
	prefAscEasier   = "asc.easier_ascension"
	prefAscPresets  = "asc.presets" // JSON: the players' own quick actions
)

// Starting values the rules summary gives (seed 003 "Setup" and the
// optional rules "Extra starting resources", "Humble beginnings"; Vulcans
// start with 3 ascendancy).
var (
	startResources  = ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	extraResources  = ascrules.Resources{Production: 8, Research: 6, Culture: 4}
	startNodes      = ascrules.Resources{Production: 1, Research: 1, Culture: 1}
	startShips      = 3
	startAscendancy = 1
	vulcanAscend    = 3
)

// factionChoices are the civilizations whose special rules the rules engine
// knows, as offered in setup ("" is another civilization).
var factionChoices = []ascrules.Faction{ascrules.Federation, ascrules.Klingon, ascrules.Romulan,
	ascrules.Andorian, ascrules.Cardassian, ascrules.Ferengi, ascrules.Vulcan, ascrules.Breen, ascrules.Dominion, ""}

// factionLabel names a civilization in the reader's language (the Italian
// rulebook's names).
func factionLabel(f ascrules.Faction) string {
	switch f {
	case ascrules.Federation:
		return lang.X("asc.faction.federation", "Federation")
	case ascrules.Klingon:
		return lang.X("asc.faction.klingon", "Klingon")
	case ascrules.Romulan:
		return lang.X("asc.faction.romulan", "Romulan")
	case ascrules.Andorian:
		return lang.X("asc.faction.andorian", "Andorian")
	case ascrules.Cardassian:
		return lang.X("asc.faction.cardassian", "Cardassian")
	case ascrules.Ferengi:
		return lang.X("asc.faction.ferengi", "Ferengi")
	case ascrules.Vulcan:
		return lang.X("asc.faction.vulcan", "Vulcan")
	case ascrules.Breen:
		return lang.X("asc.faction.breen", "Breen")
	case ascrules.Dominion:
		return lang.X("asc.faction.dominion", "Dominion")
	}
	return lang.X("asc.faction.other", "Other")
}

// costForm is the cost table of one civilization, as entries.
type costForm struct {
	ship, pnode, rnode, cnode, colonize, weapons, shields *screen.TextEntry
	form                                                  *widget.Form
}

func newCostForm() *costForm {
	f := &costForm{
		ship: placeholderEntry(lang.X("asc.e_g_1p", "e.g. 1P")), pnode: placeholderEntry(lang.X("asc.e_g_2p", "e.g. 2P")), rnode: placeholderEntry(lang.X("asc.cost_3", "cost")),
		cnode: placeholderEntry(lang.X("asc.cost_3", "cost")), colonize: placeholderEntry(lang.X("asc.e_g_1c", "e.g. 1C")),
		weapons: placeholderEntry(lang.X("asc.1st_2nd_e_g_2r", "1st; 2nd; … e.g. 2R; 3R")), shields: placeholderEntry(lang.X("asc.1st_2nd", "1st; 2nd; …")),
	}
	f.form = widget.NewForm(
		widget.NewFormItem(lang.X("asc.ship", "Ship"), f.ship),
		widget.NewFormItem(lang.X("asc.production_node", "Production node"), f.pnode),
		widget.NewFormItem(lang.X("asc.research_node", "Research node"), f.rnode),
		widget.NewFormItem(lang.X("asc.culture_node", "Culture node"), f.cnode),
		widget.NewFormItem(lang.X("asc.colonize", "Colonize"), f.colonize),
		widget.NewFormItem(lang.X("asc.weapon_upgrades", "Weapon upgrades"), f.weapons),
		widget.NewFormItem(lang.X("asc.shield_upgrades", "Shield upgrades"), f.shields),
	)
	f.fill(ascrules.NewCostTable(""))
	return f
}

// fill shows a cost table (empty entries for costs not entered).
func (f *costForm) fill(t ascrules.CostTable) {
	set := func(e *screen.TextEntry, r ascrules.Resources) {
		if r.Total() == 0 {
			e.SetText("")
		} else {
			e.SetText(resText(r))
		}
	}
	set(f.ship, t.Ship)
	set(f.pnode, t.ProductionNode)
	set(f.rnode, t.ResearchNode)
	set(f.cnode, t.CultureNode)
	set(f.colonize, t.Colonize)
	f.weapons.SetText(costListText(t.WeaponUpgrades))
	f.shields.SetText(costListText(t.ShieldUpgrades))
}

// read returns the table typed in, or what is wrong with it.
func (f *costForm) read(faction string) (ascrules.CostTable, error) {
	t := ascrules.CostTable{Faction: faction}
	for _, x := range []struct {
		e    *screen.TextEntry
		to   *ascrules.Resources
		name string
	}{{f.ship, &t.Ship, lang.X("asc.ship", "Ship")}, {f.pnode, &t.ProductionNode, lang.X("asc.production_node", "Production node")}, {f.rnode, &t.ResearchNode, lang.X("asc.research_node", "Research node")},
		{f.cnode, &t.CultureNode, lang.X("asc.culture_node", "Culture node")}, {f.colonize, &t.Colonize, lang.X("asc.colonize", "Colonize")}} {
		r, err := parseCost(x.e.Text)
		if err != nil {
			return t, fmt.Errorf("%s: %w", x.name, err)
		}
		*x.to = r
	}
	var err error
	if t.WeaponUpgrades, err = parseCostList(f.weapons.Text); err != nil {
		return t, fmt.Errorf("weapon upgrades: %w", err)
	}
	if t.ShieldUpgrades, err = parseCostList(f.shields.Text); err != nil {
		return t, fmt.Errorf("shield upgrades: %w", err)
	}
	return t, nil
}

// ascSetup is the new-game setup: the optional rules, the players with
// their starting values and cost tables, the Borg, and the start.
type ascSetup struct {
	v *ascView

	easier            *widget.Check
	name, civ         *screen.TextEntry
	faction           *widget.Select
	resources, ascend *screen.TextEntry
	costs             *costForm
	costNote          *widget.Label
	// start is the starting-resources option the form was filled for.
	start string

	borgOn, hub, physHub, three *widget.Check
	hubTarget                   *screen.TextEntry
	hits                        []*screen.TextEntry
	cubeAt                      *screen.TextEntry

	// rules folds the questions the books answer differently under one
	// entry, and costs the cost table: kept between updates, so a fold
	// stays open or closed as the players left it.
	rules, costFold, borgMore *widget.Accordion
	rulesItem                 *widget.AccordionItem
}

func newAscSetup(v *ascView) *ascSetup {
	s := &ascSetup{v: v}
	prefs := v.f.Preferences()
	s.easier = widget.NewCheck(lang.X("asc.easier_ascension_4c_each", "Easier ascension (4C each)"), func(on bool) {
		// The table's choice is part of the game (every device plays by
		// it) and the default for the next game on this device.
		prefs.SetBool(prefAscEasier, on)
		s.applyOptions()
	})
	s.easier.Checked = prefs.Bool(prefAscEasier)
	s.name = placeholderEntry(lang.X("asc.player_name", "Player name"))
	s.civ = placeholderEntry(lang.X("asc.civilization", "Civilization"))
	s.civ.OnChanged = func(string) { s.recallCosts() }
	var labels []string
	for _, f := range factionChoices {
		labels = append(labels, factionLabel(f))
	}
	s.faction = widget.NewSelect(labels, func(l string) {
		// Picking the faction names the civilization, unless the players
		// typed a name of their own (a name the faction filled in is
		// replaced by the next faction's).
		civ := strings.TrimSpace(s.civ.Text)
		if civ == "" || slices.ContainsFunc(factionChoices, func(f ascrules.Faction) bool { return factionLabel(f) == civ }) {
			if l == factionLabel("") {
				l = ""
			}
			s.civ.SetText(l)
		}
		s.prefill()
	})
	s.faction.PlaceHolder = lang.X("asc.faction_rules", "Faction rules")
	s.resources = placeholderEntry(lang.X("asc.e_g_3p_3r_3c", "e.g. 3P 3R 3C"))
	s.ascend = placeholderEntry(lang.X("asc.ascendancy_2", "ascendancy"))
	s.costs = newCostForm()
	s.costNote = screen.CaptionLabel("")

	s.borgOn = widget.NewCheck(lang.X("asc.play_with_the_borg", "Play with the Borg"), func(bool) { v.Show(v.f.Game().State()) })
	s.hub = widget.NewCheck(lang.X("asc.delta_quadrant_connection", "Delta Quadrant connection"), nil)
	s.physHub = widget.NewCheck(lang.X("asc.we_roll_the_hub_die", "We roll the hub die ourselves"), nil)
	s.three = widget.NewCheck(lang.X("asc.3_spires_and_you_re", "3 spires and you're out"), nil)
	s.hubTarget = placeholderEntry(lang.X("asc.hub_roll_e_g_5", "hub roll, e.g. 5"))
	s.hubTarget.SetText(prefs.String(prefAscHub))
	saved := strings.Split(prefs.String(prefAscBorgHits), ",")
	for n := 0; n <= borgrules.DefeatSpires; n++ {
		e := placeholderEntry("2-6")
		if n < len(saved) {
			e.SetText(strings.TrimSpace(saved[n]))
		}
		s.hits = append(s.hits, e)
	}
	s.cubeAt = placeholderEntry(lang.X("asc.system_of_a_starting_cube", "System of a starting cube"))
	s.rulesItem = widget.NewAccordionItem(lang.X("asc.rules_to_agree_on", "Rules to agree on"), container.NewVBox())
	s.rules = widget.NewAccordion(s.rulesItem)
	// The starting values follow the rules agreed on and the faction, and
	// the cost table is remembered from the last game: both are folded.
	s.costFold = widget.NewAccordion(widget.NewAccordionItem(lang.X("asc.start_and_costs", "Starting values and costs"),
		container.NewVBox(
			widget.NewForm(widget.NewFormItem(lang.X("asc.resources", "Resources"), s.resources), widget.NewFormItem(lang.X("asc.ascendancy", "Ascendancy"), s.ascend)),
			screen.CaptionLabel(lang.X("asc.everyone_also_starts_with_weapons", "Everyone also starts with weapons 5+, shields +0, {{.BaseCommands}} command tokens, 1 node of each kind and {{.StartShips}} ships on the home system.", map[string]any{"BaseCommands": ascrules.BaseCommands, "StartShips": startShips})),
			screen.BoldLabel(lang.X("asc.cost_table_from_your_console", "Cost table (from your console)")),
			s.costNote, s.costs.form)))
	s.prefill()
	return s
}

// prefill puts the starting values of the game's options in the form.
func (s *ascSetup) prefill() {
	r, asc := startResources, startAscendancy
	start := ""
	if s.v.st != nil {
		start = s.v.st.Options.Start
	}
	switch start {
	case tracker.StartExtra:
		r = extraResources
	case tracker.StartHumble:
		r, asc = ascrules.Resources{}, 0
	}
	if s.chosenFaction() == ascrules.Vulcan {
		asc = vulcanAscend
	}
	s.resources.SetText(resText(r))
	if r.Total() == 0 {
		s.resources.SetText("0")
	}
	s.ascend.SetText(strconv.Itoa(asc))
}

// rememberedCosts returns the cost tables kept on this device.
func (s *ascSetup) rememberedCosts() map[string]ascrules.CostTable {
	out := map[string]ascrules.CostTable{}
	raw := s.v.f.Preferences().String(prefAscCosts)
	if raw != "" {
		if err := json.Unmarshal([]byte(raw), &out); err != nil {
			return map[string]ascrules.CostTable{}
		}
	}
	return out
}

// remember keeps a civilization's cost table for the next game.
func (s *ascSetup) remember(civ string, t ascrules.CostTable) {
	m := s.rememberedCosts()
	m[strings.ToLower(strings.TrimSpace(civ))] = t
	if b, err := json.Marshal(m); err == nil {
		s.v.f.Preferences().SetString(prefAscCosts, string(b))
	}
}

// recallCosts fills the cost table remembered for the civilization typed.
func (s *ascSetup) recallCosts() {
	civ := strings.ToLower(strings.TrimSpace(s.civ.Text))
	if t, ok := s.rememberedCosts()[civ]; ok && civ != "" {
		s.costs.fill(t)
		s.costNote.SetText(lang.X("asc.filled_in_from_the_last", "Filled in from the last game with {{.Text}}. Check it against your console.", map[string]any{"Text": s.civ.Text}))
		return
	}
	s.costNote.SetText(lang.X("asc.copy_these_from_your_command", "Copy these from your command console and turn summary card. Asked once: they are remembered for the next game on this device. Leave a cost empty if you do not need it yet."))
}

func (s *ascSetup) chosenFaction() ascrules.Faction {
	for _, f := range factionChoices {
		if factionLabel(f) == s.faction.Selected {
			return f
		}
	}
	return ""
}

// addPlayer sends the new player with starting values and cost table.
func (s *ascSetup) addPlayer() {
	res, err := parseCost(s.resources.Text)
	if err != nil {
		s.v.f.Say(lang.X("asc.starting_resources", "Starting resources: {{.Error}}", map[string]any{"Error": screen.ErrText(err)}), true)
		return
	}
	asc, err := numEntry(s.ascend, startAscendancy, lang.X("asc.starting_ascendancy", "Starting ascendancy"))
	if err != nil {
		s.v.f.Say(screen.ErrText(err), true)
		return
	}
	civ := strings.TrimSpace(s.civ.Text)
	if civ == "" {
		civ = strings.TrimSpace(s.name.Text)
	}
	costs, err := s.costs.read(civ)
	if err != nil {
		s.v.f.Say(lang.X("asc.cost_table_2", "Cost table: {{.Error}}", map[string]any{"Error": screen.ErrText(err)}), true)
		return
	}
	cmd := tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: s.name.Text, Civilization: civ,
		Faction: s.chosenFaction(), Resources: res}, Ascendancy: asc, Nodes: startNodes, Ships: startShips, Costs: &costs}
	if !s.v.exec(cmd) {
		return
	}
	s.remember(civ, costs)
	// The status line answers with the step's own log row ("Carol joins
	// as …"), on one line: a longer message of ours would open the status
	// sheet over the name of the next player.
	s.name.SetText("")
	s.civ.SetText("")
	s.faction.ClearSelected()
	s.costs.fill(ascrules.NewCostTable(""))
	s.prefill()
	// The next player's name is typed at once, in the same place.
	s.v.f.Window().Canvas().Focus(s.name)
}

// editCosts opens a player's cost table to correct it.
func (s *ascSetup) editCosts(p tracker.AscPlayer) {
	f := newCostForm()
	f.fill(p.Costs)
	d := dialog.NewCustomConfirm(lang.X("asc.cost_table_3", "Cost table: {{.Civilization}}", map[string]any{"Civilization": p.Civilization}), lang.X("asc.save", "Save"), lang.X("asc.cancel", "Cancel"), container.NewVScroll(f.form), func(ok bool) {
		if !ok {
			return
		}
		t, err := f.read(p.Civilization)
		if err != nil {
			s.v.f.Say(lang.X("asc.cost_table_2", "Cost table: {{.Error}}", map[string]any{"Error": screen.ErrText(err)}), true)
			return
		}
		if s.v.exec(tracker.SetCosts{Player: p.ID, Costs: t}) {
			s.remember(p.Civilization, t)
		}
	}, s.v.f.Window())
	d.Resize(fyne.NewSize(380, 560))
	s.v.f.ShowDialog(d)
}

// costSummary lists the costs of a table in one line.
func costSummary(t ascrules.CostTable) string {
	var parts []string
	add := func(name string, r ascrules.Resources) {
		if r.Total() > 0 {
			parts = append(parts, name+" "+resText(r))
		}
	}
	add(lang.X("asc.ship_2", "ship"), t.Ship)
	add(lang.X("asc.p_node", "P node"), t.ProductionNode)
	add(lang.X("asc.r_node", "R node"), t.ResearchNode)
	add(lang.X("asc.c_node", "C node"), t.CultureNode)
	add(lang.X("asc.colonize_2", "colonize"), t.Colonize)
	if len(t.WeaponUpgrades) > 0 {
		parts = append(parts, lang.X("asc.weapons_2", "weapons {{.CostListText}}", map[string]any{"CostListText": costListText(t.WeaponUpgrades)}))
	}
	if len(t.ShieldUpgrades) > 0 {
		parts = append(parts, lang.X("asc.shields_2", "shields {{.CostListText}}", map[string]any{"CostListText": costListText(t.ShieldUpgrades)}))
	}
	if len(parts) == 0 {
		return lang.X("asc.no_costs_entered", "no costs entered")
	}
	return strings.Join(parts, " · ")
}

// enableBorg sends the Borg console's values and keeps them for next time;
// it reports whether the game took them.
func (s *ascSetup) enableBorg() bool {
	hits := map[int]int{}
	var saved []string
	for n, e := range s.hits {
		saved = append(saved, strings.TrimSpace(e.Text))
		if strings.TrimSpace(e.Text) == "" {
			continue
		}
		h, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(e.Text, "+")))
		if err != nil {
			s.v.f.Say(lang.X("asc.borg_hit_roll_with_spires", "Borg hit roll with {{.N}} spires: {{.Text}} is not a number.", map[string]any{"N": n, "Text": fmt.Sprintf("%q", e.Text)}), true)
			return false
		}
		hits[n] = h
	}
	cmd := tracker.EnableBorg{Hits: hits, ThreeSpires: s.three.Checked, Hub: s.hub.Checked, PhysicalHub: s.physHub.Checked}
	if s.hub.Checked {
		t, err := numEntry(s.hubTarget, 0, lang.X("asc.transwarp_hub_roll", "Transwarp hub roll"))
		if err != nil {
			s.v.f.Say(screen.ErrText(err), true)
			return false
		}
		cmd.HubTarget = t
	}
	if !s.v.exec(cmd) {
		return false
	}
	prefs := s.v.f.Preferences()
	prefs.SetString(prefAscBorgHits, strings.Join(saved, ","))
	prefs.SetString(prefAscHub, strings.TrimSpace(s.hubTarget.Text))
	s.v.f.Say(lang.X("asc.borg_console_entered", "Borg console entered."), false)
	return true
}

// applyOptions records the easier-ascension tick in the game, if it
// differs from what the game has; it reports whether the game has it.
func (s *ascSetup) applyOptions() bool {
	if s.v.st == nil || s.v.st.Walker.Stage != tracker.AscSetup {
		return true
	}
	want := s.v.st.Options
	want.EasierAscension = s.easier.Checked
	if want == s.v.st.Options {
		return true
	}
	return s.v.exec(tracker.SetAscOptions{Options: want})
}

// optionValue reads an option field (AscChoice.Field, the JSON name) of
// the game's options: "" when not chosen.
func optionValue(o tracker.AscOptions, field string) string {
	var m map[string]any
	if b, err := json.Marshal(o); err != nil || json.Unmarshal(b, &m) != nil {
		return ""
	}
	switch x := m[field].(type) {
	case string:
		return x
	case float64:
		return strconv.Itoa(int(x))
	}
	return ""
}

// withOption returns the options with a field set to a reading's value.
func withOption(o tracker.AscOptions, field, value string) (tracker.AscOptions, error) {
	var m map[string]any
	b, err := json.Marshal(o)
	if err != nil {
		return o, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return o, err
	}
	if m == nil {
		m = map[string]any{}
	}
	if n, err := strconv.Atoi(value); err == nil {
		m[field] = n
	} else {
		m[field] = value
	}
	if b, err = json.Marshal(m); err != nil {
		return o, err
	}
	var out tracker.AscOptions
	if err := json.Unmarshal(b, &out); err != nil {
		return o, fmt.Errorf("option %s: %w", field, err)
	}
	return out, nil
}

// choices shows every setup option where the books disagree, as the
// tracker lists them: the question, then each reading with the book that
// states it; the one in play is marked, a tap on another records it.
func (s *ascSetup) choices() fyne.CanvasObject {
	box := container.NewVBox()
	opts := s.v.st.Options
	for _, c := range tracker.AscChoices() {
		c := c
		box.Add(screen.BoldLabel(screen.TrText(c.Key, c.Question, nil)))
		cur := optionValue(opts, c.Field)
		if cur == "" && len(c.Readings) > 0 {
			cur = c.Readings[0].Value
		}
		for _, r := range c.Readings {
			r := r
			icon := theme.RadioButtonIcon()
			if r.Value == cur {
				icon = theme.RadioButtonCheckedIcon()
			}
			pick := widget.NewButtonWithIcon("", icon, func() {
				o, err := withOption(s.v.st.Options, c.Field, r.Value)
				if err != nil {
					s.v.f.Say(screen.ErrText(err), true)
					return
				}
				if o != s.v.st.Options {
					s.v.exec(tracker.SetAscOptions{Options: o})
				}
			})
			pick.Importance = widget.LowImportance
			text := screen.WrapLabel(screen.TrText(r.Key, r.Text, nil))
			if r.Value == cur {
				text.TextStyle.Bold = true
			}
			box.Add(container.NewBorder(nil, nil, pick, nil, container.NewVBox(text, screen.CaptionLabel(screen.TrText(r.Key+".source", r.Source, nil)))))
		}
	}
	return box
}

// show rebuilds the setup from the state of the game: the add-player card
// first (its typed values are the draft) and the players added under it,
// so adding a player moves nothing above the finger; the Borg; the rules
// the books answer differently, folded under one entry with the
// rulebook's readings chosen until the table picks another; and the start.
func (s *ascSetup) show() fyne.CanvasObject {
	st := s.v.st
	if st.Options.Start != s.start {
		// Another starting rule: the next player starts with its values.
		s.start = st.Options.Start
		s.prefill()
	}
	box := container.NewVBox(screen.Heading(lang.X("asc.new_ascendancy_game", "New Ascendancy game")))
	s.rulesItem.Detail = container.NewVBox(
		screen.CaptionLabel(lang.X("asc.where_the_rulebook_and_the", "Where the rulebook and the rules summary differ, choose the reading your table plays; the starting values of the players follow the choice. Choose before adding the players.")),
		s.choices(), s.easier)
	s.rules.Refresh()
	box.Add(s.rules)
	card, added := s.players()
	box.Add(card)
	box.Add(s.borg())
	start := widget.NewButtonWithIcon(lang.X("asc.start_round_1", "Start round 1"), theme.MediaPlayIcon(), func() {
		if s.borgOn.Checked && s.v.f.Game().State().Ascendancy.Borg == nil && !s.enableBorg() {
			// The console as typed is entered with the start; what is
			// wrong with it is in the status line.
			return
		}
		if s.applyOptions() {
			s.v.exec(tracker.StartAscendancy{})
		}
	})
	start.Importance = widget.HighImportance
	box.Add(start)
	box.Add(widget.NewSeparator())
	box.Add(added)
	return box
}

// players is the card to add a player, and the players added, with their
// cost tables. The players added are shown at the end of the setup: a new
// one moves nothing the next taps aim at.
func (s *ascSetup) players() (card, added fyne.CanvasObject) {
	st := s.v.st
	box := container.NewVBox()
	box.Add(screen.Heading(lang.X("asc.players_of_6", "Players ({{.NPlayers}} of 6)", map[string]any{"NPlayers": len(st.Players)})))
	if len(st.Players) < 6 {
		add := widget.NewButtonWithIcon(lang.X("asc.add_player", "Add player"), theme.ContentAddIcon(), s.addPlayer)
		add.Importance = widget.HighImportance
		if s.costNote.Text == "" {
			s.recallCosts()
		}
		// The card's rows are the same for every player: the name, the
		// faction (which names the civilization), the starting values,
		// the cost table folded, Add player.
		box.Add(widget.NewCard("", "", container.NewVBox(s.name, s.faction, s.civ, s.costFold, add)))
	}
	list := container.NewVBox()
	if len(st.Players) == 0 {
		list.Add(screen.WrapLabel(lang.X("asc.add_every_civilization_at_the", "Add every civilization at the table, 1 to 6 players (1 only against the Borg).")))
	}
	for _, p := range st.Players {
		p := p
		line := lang.X("asc.ascendancy_ships", "{{.Name}} · {{.Civilization}} · {{.ResText}} · ascendancy {{.Ascendancy}} · {{.Ships}} ships", map[string]any{"Name": p.Name, "Civilization": p.Civilization, "ResText": resText(p.Resources), "Ascendancy": p.Ascendancy, "Ships": p.Ships})
		edit := widget.NewButtonWithIcon(lang.X("asc.costs", "Costs"), theme.DocumentCreateIcon(), func() { s.editCosts(p) })
		list.Add(container.NewBorder(nil, nil, nil, edit, screen.BoldLabel(line)))
		list.Add(screen.CaptionLabel(costSummary(p.Costs)))
	}
	return box, list
}

// borg is the Borg's part of the setup: in or out, and their console.
func (s *ascSetup) borg() fyne.CanvasObject {
	st := s.v.st
	box := container.NewVBox()
	if st.Borg != nil {
		// The Borg are in: undo takes them out again.
		s.borgOn.Checked = true
		s.borgOn.Disable()
	} else {
		s.borgOn.Enable()
	}
	box.Add(s.borgOn)
	if st.Borg != nil {
		var hs []string
		for n := 0; n <= borgrules.DefeatSpires; n++ {
			if h, ok := st.Borg.Hits.BySpires[n]; ok {
				hs = append(hs, lang.X("asc.spires_2", "{{.N}} spires: {{.H}}+", map[string]any{"N": n, "H": h}))
			}
		}
		l := screen.WrapLabel(lang.X("asc.borg_console_entered_hit_rolls", "Borg console entered. Hit rolls — {{.Join}}.", map[string]any{"Join": strings.Join(hs, ", ")}))
		l.Importance = widget.SuccessImportance
		box.Add(l)
		if st.Borg.Hub {
			box.Add(screen.WrapLabel(lang.X("asc.transwarp_hub_in_play_a", "Transwarp hub in play: a new cube on {{.HubTarget}}+.", map[string]any{"HubTarget": st.Borg.HubTarget})))
		}
		box.Add(screen.WrapLabel(lang.X("asc.cube_s_and_spire_s", "{{.NCubes}} cube(s) and {{.NSpires}} spire(s) on the board. Place starting cubes and spires on the Borg panel.", map[string]any{"NCubes": len(st.Borg.Cubes), "NSpires": len(st.Borg.Spires)})))
	}
	if !s.borgOn.Checked && st.Borg == nil {
		return box
	}
	grid := screen.FitGrid(2)
	for n, e := range s.hits {
		grid.Add(container.NewBorder(nil, nil, widget.NewLabel(lang.X("asc.spires_3", "{{.N}} spires", map[string]any{"N": n})), nil, e))
	}
	label := lang.X("asc.enter_the_borg_console", "Enter the Borg console")
	if st.Borg != nil {
		label = lang.X("asc.update_the_borg_console", "Update the Borg console")
	}
	enable := widget.NewButtonWithIcon(label, theme.ConfirmIcon(), func() { s.enableBorg() })
	// The hit rolls, which every game needs, are in view; the hub and the
	// optional rule, which most games leave as they are, are folded.
	if s.borgMore == nil {
		s.borgMore = widget.NewAccordion(widget.NewAccordionItem(lang.X("asc.borg_options", "Hub and optional rule"), container.NewVBox(
			s.hub, screen.CaptionLabel(lang.X("asc.the_transwarp_hub_sits_in", "The transwarp hub sits in the centre of the board: always play with it with 1 or 2 players. Its cube roll is on the Borg console.")),
			container.NewBorder(nil, nil, widget.NewLabel(lang.X("asc.hub_roll", "Hub roll")), nil, s.hubTarget), s.physHub, s.three,
			screen.CaptionLabel(lang.X("asc.optional_rule_the_players_lose", "Optional rule: the players lose when a fourth spire is needed (instead of a sixth).")))))
	}
	box.Add(widget.NewCard("", "", container.NewVBox(
		screen.BoldLabel(lang.X("asc.borg_hit_roll_by_spires", "Borg hit roll by spires in play (from the Borg console)")),
		grid,
		screen.CaptionLabel(lang.X("asc.the_rulebook_prints_these_only", "The rulebook prints these only on the console: copy them once; they are remembered.")),
		s.borgMore, enable)))
	return box
}
