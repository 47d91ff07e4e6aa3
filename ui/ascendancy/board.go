package ascendancy

import (
	"encoding/json"
	"errors"
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
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// ascPreset is a quick action the players made for something whose cost
// is on their own cards: what it is, what it costs, and the counter it
// changes (optional).
type ascPreset struct {
	Name    string             `json:"name"`
	Cost    ascrules.Resources `json:"cost"`
	Counter string             `json:"counter,omitempty"`
	Delta   int                `json:"delta,omitempty"`
}

// presetCounters are the counters a preset may change ("" nothing), in
// the order offered (see presetLabel).
var presetCounters = []string{"", tracker.CounterShips, tracker.CounterStarbases, tracker.CounterSystems, tracker.CounterAscendancy,
	tracker.CounterAdvCommands, tracker.CounterIncomeProd, tracker.CounterIncomeRes, tracker.CounterIncomeCult}

// presetLabel names what a preset changes, in the reader's language.
func presetLabel(counter string) string {
	switch counter {
	case tracker.CounterShips:
		return lang.X("asc.preset.ship", "+1 ship")
	case tracker.CounterStarbases:
		return lang.X("asc.preset.starbase", "+1 starbase")
	case tracker.CounterSystems:
		return lang.X("asc.preset.system", "+1 system")
	case tracker.CounterAscendancy:
		return lang.X("asc.preset.ascendancy", "+1 ascendancy")
	case tracker.CounterAdvCommands:
		return lang.X("asc.preset.adv_command", "+1 advancement command")
	case tracker.CounterIncomeProd:
		return lang.X("asc.preset.income_p", "+1 production income")
	case tracker.CounterIncomeRes:
		return lang.X("asc.preset.income_r", "+1 research income")
	case tracker.CounterIncomeCult:
		return lang.X("asc.preset.income_c", "+1 culture income")
	}
	return lang.X("asc.preset.nothing", "Nothing else")
}

// ascBoard is one player's console: resources and ascendancy as big
// counters, quick actions with their costs, command tokens, weapons and
// shields, starbases, nodes, systems, fleets and trade agreements.
type ascBoard struct {
	v       *ascView
	pick    *widget.Select
	choice  playerChoice
	follow  bool // the picker follows the current player
	from    *widget.Select
	tradeIn *screen.TextEntry
	// The Andorian token being placed (a draft for the player andFor).
	andFor string
	andSys *screen.TextEntry
	// projName and projCost are a drawn project card being entered.
	projName, projCost *screen.TextEntry
	andCtl             *widget.Select
	andPhen            *widget.Check
	// followCheck is "Follow whose turn it is".
	followCheck *widget.Check
	// parts are the console's parts as last built (see part).
	parts screen.KeptParts
	// box is the console as last shown (see show).
	box *fyne.Container
	// counters are the resources part's counters (production, research,
	// culture, ascendancy): kept for the player shown, their values set
	// at each change.
	counters [4]*widgets.Counter
}

func newAscBoard(v *ascView) *ascBoard {
	b := &ascBoard{v: v, follow: true}
	b.pick = widget.NewSelect(nil, func(string) {
		b.follow = false
		if v.st != nil {
			v.Show(v.f.Game().State())
		}
	})
	b.pick.PlaceHolder = lang.X("asc.player", "Player")
	b.from = widget.NewSelect(nil, nil)
	b.from.PlaceHolder = lang.X("asc.from", "From")
	b.tradeIn = placeholderEntry(lang.X("asc.e_g_1p", "e.g. 1P"))
	b.andSys = placeholderEntry(lang.X("asc.andorian.system", "System name"))
	b.projName = placeholderEntry(lang.X("asc.project.name", "Card name"))
	b.projCost = placeholderEntry(lang.X("asc.project.cost", "Research on the card"))
	b.andCtl = widget.NewSelect(nil, nil)
	b.andCtl.PlaceHolder = lang.X("asc.andorian.controller", "Who controls it")
	b.andPhen = widget.NewCheck(lang.X("asc.andorian.phenomenon", "It is a phenomenon"), nil)
	b.followCheck = widget.NewCheck(lang.X("asc.follow_whose_turn_it_is", "Follow whose turn it is"), func(on bool) {
		if on == b.follow {
			return
		}
		b.follow = on
		v.Show(v.f.Game().State())
	})
	b.followCheck.Checked = b.follow
	return b
}

// part returns the part of the console that build builds, built again
// only when from (what the part shows, and what its buttons act on)
// differs from the last time: a change elsewhere in the game keeps the
// part's widgets as they are on screen, so a phone shows the change
// without building and drawing the whole console again.
func (b *ascBoard) part(name string, from any, build func() fyne.CanvasObject) fyne.CanvasObject {
	return b.parts.Get(name, from, build)
}

// current returns the player shown.
func (b *ascBoard) current() *tracker.AscPlayer {
	return b.v.player(b.choice.ids[b.pick.Selected])
}

// show builds the console of the chosen player.
func (b *ascBoard) show() fyne.CanvasObject {
	v := b.v
	b.choice = playerChoice{ids: map[string]string{}}
	for _, p := range v.st.Players {
		l := p.Name + " · " + p.Civilization
		b.choice.labels = append(b.choice.labels, l)
		b.choice.ids[l] = p.ID
	}
	def := ""
	if len(b.choice.labels) > 0 {
		def = b.choice.labels[0]
	}
	if seat := v.st.CurrentSeat(); b.follow && seat != "" && seat != tracker.BorgSeat {
		b.pick.Selected = b.choice.labelOf(seat)
	}
	cb := b.pick.OnChanged
	b.pick.OnChanged = nil
	syncSelect(b.pick, b.choice.labels, def)
	b.pick.OnChanged = cb
	if b.followCheck.Checked != b.follow {
		b.followCheck.Checked = b.follow
		b.followCheck.Refresh()
	}
	objs := []fyne.CanvasObject{b.pick, b.followCheck}
	if p := b.current(); p == nil {
		objs = append(objs, b.part("none", nil, func() fyne.CanvasObject { return screen.WrapLabel(lang.X("asc.no_players", "No players.")) }))
	} else {
		objs = append(objs, b.console(*p)...)
	}
	b.parts.Done()
	// The same parts in the same order: the box on screen is kept, so the
	// toolkit neither lays the console out again nor draws it anew (a new
	// box is, to it, a new tree).
	if b.box == nil || !slices.Equal(b.box.Objects, objs) {
		b.box = container.NewVBox(objs...)
	}
	return b.box
}

// console is one player's console, shown from the state on every update:
// who and what state they are in, resources, command tokens, quick
// actions, weapons, shields and the counts, trade agreements.
//
// Each part is kept while the data it reads is the same (see part); the
// resources, which most taps change, keep their counters and show the new
// values. The resources and the used command tokens are read by their own
// parts only; the header, first contact and trade parts name the fields
// they read (header, contact and trade read no others), so a ship built
// or a count changed builds neither again.
func (b *ascBoard) console(p tracker.AscPlayer) []fyne.CanvasObject {
	v := b.v
	rest := p // what the other parts read
	rest.Resources, rest.Exhausted = ascrules.Resources{}, 0
	tokens := p
	tokens.Resources = ascrules.Resources{}
	type seat struct{ ID, Name string }
	var players []seat
	for _, o := range v.st.Players {
		players = append(players, seat{o.ID, o.Name})
	}
	presets := v.f.Preferences().String(prefAscPresets)
	objs := []fyne.CanvasObject{
		b.part("header", []any{p.ID, p.Name, p.Civilization, p.Assimilated, p.Eliminated, p.HoldsHome, v.st.CurrentSeat(), v.st.Walker.Phase},
			func() fyne.CanvasObject { return b.header(p) }),
		b.part("resources", p.ID, func() fyne.CanvasObject { return b.resources(p) }),
		// The quick actions come before the command tokens: in reach of
		// the thumb without a swipe on a phone.
		b.part("quick", []any{rest, v.st.Options.EasierAscension, presets, v.st.CurrentSeat() == p.ID && v.st.Walker.Phase == tracker.PhaseCommand}, func() fyne.CanvasObject {
			// The phases' titles head the quick actions: no title of
			// their own, one line less above them on a phone.
			return container.NewVBox(widget.NewSeparator(), b.quickActions(p), widget.NewSeparator())
		}),
		b.part("tokens", tokens, func() fyne.CanvasObject { return b.commandTokens(p) }),
		b.part("projects", rest, func() fyne.CanvasObject { return container.NewVBox(b.projects(p), widget.NewSeparator()) }),
		b.part("warp", rest, func() fyne.CanvasObject { return container.NewVBox(b.warp(p), widget.NewSeparator()) }),
		b.part("counts", rest, func() fyne.CanvasObject { return b.counts(p) }),
		b.part("contact", []any{p.ID, p.HoldsHome, p.FirstContact}, func() fyne.CanvasObject { return b.contact(p) }),
	}
	if p.LeavesSurveillanceTokens() || len(p.AndorianTokens) > 0 {
		objs = append(objs, b.part("andorian", []any{rest, players}, func() fyne.CanvasObject {
			return container.NewVBox(widget.NewSeparator(), b.andorian(p))
		}))
	}
	objs = append(objs, b.part("trade", []any{p.ID, p.Name, p.FirstContact, p.Agreements, players}, func() fyne.CanvasObject {
		return container.NewVBox(widget.NewSeparator(), screen.BoldLabel(lang.X("asc.trade_agreements_held", "Trade agreements held")), b.trade(p))
	}))
	b.setResources(p)
	return objs
}

// header names the player and their state: whose turn and phase,
// assimilated, out, home system lost.
func (b *ascBoard) header(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	box := container.NewVBox()
	title := p.Name + " · " + p.Civilization
	if v.st.CurrentSeat() == p.ID {
		title = "▶ " + title
	}
	box.Add(screen.Heading(title))
	var badges []string
	if v.st.CurrentSeat() == p.ID {
		badges = append(badges, strings.ToUpper(phaseWord(v.st.Walker.Phase)))
	}
	if p.Assimilated {
		badges = append(badges, lang.X("asc.assimilated", "ASSIMILATED"))
	}
	if p.Eliminated {
		badges = append(badges, lang.X("asc.eliminated", "ELIMINATED"))
	}
	if !p.HoldsHome {
		badges = append(badges, lang.X("asc.home_system_lost", "home system lost"))
	}
	// The badge line is there for every player, so switching the player
	// shown moves nothing under it.
	l := screen.BoldLabel(strings.Join(badges, " · "))
	l.Importance = widget.WarningImportance
	if len(badges) == 0 {
		l.SetText(lang.X("asc.not_their_turn", "not their turn"))
		l.Importance = widget.LowImportance
	}
	box.Add(l)
	return box
}

// resources are the resources and ascendancy: one tap to spend or gain.
func (b *ascBoard) resources(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	id := p.ID
	counter := func(label, name string, value int) *widgets.Counter {
		c := widgets.NewCounter(label, value)
		c.SetMin(0)
		c.OnChange = func(d int) { v.exec(tracker.AdjustAsc{Player: id, Counter: name, Delta: d}) }
		return c
	}
	asc := counter(lang.X("asc.ascendancy", "Ascendancy"), tracker.CounterAscendancy, p.Ascendancy)
	asc.SetSuffix(fmt.Sprintf("/%d", ascrules.VictoryAscendancy))
	b.counters = [4]*widgets.Counter{
		counter(lang.X("asc.production", "Production"), tracker.CounterProduction, p.Resources.Production),
		counter(lang.X("asc.research", "Research"), tracker.CounterResearch, p.Resources.Research),
		counter(lang.X("asc.culture", "Culture"), tracker.CounterCulture, p.Resources.Culture),
		asc}
	return screen.SpacedGrid(2, 3*theme.Padding(), b.counters[0], b.counters[1], b.counters[2], b.counters[3])
}

// setResources shows a player's resources and ascendancy on the counters
// of the resources part.
func (b *ascBoard) setResources(p tracker.AscPlayer) {
	for i, v := range []int{p.Resources.Production, p.Resources.Research, p.Resources.Culture, p.Ascendancy} {
		if c := b.counters[i]; c != nil && c.Value() != v {
			c.SetValue(v)
		}
	}
}

// commandTokens are the commands as tokens: tap to exhaust, long press to
// ready.
func (b *ascBoard) commandTokens(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	tokens := v.commandRow(p)
	return container.NewVBox(screen.BoldLabel(lang.X("asc.command_tokens", "Command tokens")), tokens,
		screen.CaptionLabel(lang.X("asc.tap_a_token_to_use", "Tap a token to use it; long-press (right-click) to ready it. {{.BaseCommands}} base + {{.Starbases}} starbases + {{.AdvancementCommands}} from advancements.", map[string]any{"BaseCommands": p.BaseCommands, "Starbases": p.Starbases, "AdvancementCommands": p.AdvancementCommands})))
}

// counts are weapons and shields, and the steppers for the counts the
// board shows (corrections).
func (b *ascBoard) counts(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	id := p.ID
	box := container.NewVBox()
	box.Add(screen.BigResult(lang.X("asc.weapons_shields", "Weapons {{.Weapons}}+ · Shields +{{.Shields}}", map[string]any{"Weapons": p.Weapons, "Shields": p.Shields})))
	step := func(label, name string, value int) fyne.CanvasObject {
		return miniStepper(label, value, func(d int) { v.exec(tracker.AdjustAsc{Player: id, Counter: name, Delta: d}) })
	}
	box.Add(flowGrid(
		step(lang.X("asc.ships", "Ships"), tracker.CounterShips, p.Ships),
		step(lang.X("asc.starbases", "Starbases"), tracker.CounterStarbases, p.Starbases),
		step(lang.X("asc.systems", "Systems"), tracker.CounterSystems, p.Systems),
		step(lang.X("asc.homes", "Homes"), tracker.CounterHomeSystems, p.HomeSystems),
		step(lang.X("asc.p_nodes", "P nodes"), tracker.CounterNodeProd, p.Nodes.Production),
		step(lang.X("asc.r_nodes", "R nodes"), tracker.CounterNodeRes, p.Nodes.Research),
		step(lang.X("asc.c_nodes", "C nodes"), tracker.CounterNodeCult, p.Nodes.Culture),
		step(lang.X("asc.adv_cmd", "Adv. cmd"), tracker.CounterAdvCommands, p.AdvancementCommands),
		step(lang.X("asc.adv_warp", "Adv. warp"), tracker.CounterAdvWarp, p.AdvancementWarp),
		step(lang.X("asc.p_income", "P income"), tracker.CounterIncomeProd, p.Income.Production),
		step(lang.X("asc.r_income", "R income"), tracker.CounterIncomeRes, p.Income.Research),
		step(lang.X("asc.c_income", "C income"), tracker.CounterIncomeCult, p.Income.Culture),
		step(lang.X("asc.shields", "Shields"), tracker.CounterShields, p.Shields),
	))
	box.Add(screen.CaptionLabel(lang.X("asc.ships_are_the_ships_on", "Ships are the ships on the board (all fleets). Income is what advancements give at each recharge. Weapons and shields change with the upgrade buttons above; the steppers are for corrections.")))
	return box
}

// contact is the home system held and first contact.
func (b *ascBoard) contact(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	id := p.ID
	box := container.NewVBox()
	home := widget.NewCheck(lang.X("asc.holds_their_own_home_system", "Holds their own home system"), func(on bool) {
		if on != p.HoldsHome {
			v.exec(tracker.SetHome{Player: id, Holds: on})
		}
	})
	home.Checked = p.HoldsHome
	box.Add(home)
	if p.FirstContact {
		box.Add(screen.WrapLabel(lang.X("asc.first_contact_made_may_bid", "First contact made: may bid for turn order.")))
	} else {
		box.Add(widget.NewButtonWithIcon(lang.X("asc.first_contact_made", "First contact made"), theme.ConfirmIcon(), func() { v.exec(tracker.FirstContact{Player: id}) }))
	}
	return box
}

// quickActions are the buttons for the actions of a turn, grouped by the
// phase they belong to: building (ships, colonizing, nodes, upgrades,
// ascendancy, the players' own presets) and command (starbase, fleet,
// project, hegemony, battle). Each sends the rule-checked command, which
// pays and, for a command action, exhausts the command token itself.
//
// The group of the phase the player is in comes first: in their command
// phase the command actions are at the top, with no swipe past the
// building ones (issue 27, "Room for the game").
func (b *ascBoard) quickActions(p tracker.AscPlayer) fyne.CanvasObject {
	build := []fyne.CanvasObject{
		screen.BoldLabel(lang.X("asc.building_phase", "Building phase")), b.buildActions(p),
		screen.CaptionLabel(lang.X("asc.cost_not_entered_yet_open", "? = cost not entered yet: open the cost table and copy it from your console."))}
	command := []fyne.CanvasObject{
		screen.BoldLabel(lang.X("asc.command_phase", "Command phase")), b.commandActions(p),
		screen.CaptionLabel(lang.X("asc.these_use_their_command_tokens", "These use their command tokens themselves; tap a token only for the other commands (move, explore, trade)."))}
	if b.v.st.CurrentSeat() == p.ID && b.v.st.Walker.Phase == tracker.PhaseCommand {
		return container.NewVBox(append(command, build...)...)
	}
	return container.NewVBox(append(build, command...)...)
}

// addButton adds a button to a grid of quick actions.
func addButton(grid *fyne.Container, label string, f func()) {
	grid.Add(widget.NewButton(label, f))
}

// buildActions are the building phase's quick actions, with their costs.
func (b *ascBoard) buildActions(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	id := p.ID
	ascCost := v.st.Options.AscendancyCost()
	build := screen.FitGrid(2)
	add := addButton
	// The commonest builds first (a ship, a node), in reach of the thumb.
	add(build, lang.X("asc.ship_1p", "Ship (1P)"), func() { v.exec(tracker.BuildShips{Player: id, Ships: 1}) })
	node := func(label, kind string, cost ascrules.Resources) {
		c := "?"
		if cost.Total() > 0 {
			c = resText(cost)
		}
		add(build, lang.X("asc.node", "{{.Label}} node {{.C}}", map[string]any{"Label": label, "C": c}), func() { v.exec(tracker.BuildNode{Player: id, Type: kind}) })
	}
	node("P", tracker.CounterProduction, p.Costs.ProductionNode)
	node("R", tracker.CounterResearch, p.Costs.ResearchNode)
	node("C", tracker.CounterCulture, p.Costs.CultureNode)
	// 3 ships built in one system may be grouped into a fleet at once, with
	// no command (the tracker checks the fleet limits).
	add(build, lang.X("asc.ships_and_fleet", "3 ships + fleet (3P, no cmd)"), func() { v.exec(tracker.BuildShips{Player: id, Ships: 3, Fleet: true}) })
	colonize := lang.X("asc.colonize_1c", "Colonize (1C)")
	if p.ColonizesWithAscendancy() {
		colonize = lang.X("asc.colonize_1_ascendancy", "Colonize (1 ascendancy)")
	}
	add(build, colonize, func() { b.colonize(p) })
	up := func(label string, weapons bool, done int) {
		// Words, not an arrow: the app's font has no arrow glyph.
		c := "?" // no cost entered, as the node buttons say
		if cost, err := p.Costs.UpgradeCost(weapons, done); err == nil {
			c = resText(cost)
		}
		add(build, lang.X("asc.upgrade", "Upgrade {{.ToLower}} ({{.C}})", map[string]any{"ToLower": strings.ToLower(label), "C": c}), func() { v.exec(tracker.Upgrade{Player: id, Weapons: weapons}) })
	}
	up(lang.X("asc.weapons", "Weapons"), true, p.WeaponUpgrades)
	up(lang.X("asc.shields", "Shields"), false, p.ShieldUpgrades)
	add(build, lang.X("asc.ascendancy_c", "Ascendancy ({{.AscCost}}C)", map[string]any{"AscCost": ascCost}), func() { v.exec(tracker.BuyAscendancy{Player: id}) })
	for _, pr := range b.presets() {
		pr := pr
		add(build, fmt.Sprintf("%s (%s)", pr.Name, resText(pr.Cost)), func() {
			v.exec(tracker.PayFor{Player: id, What: pr.Name, Cost: pr.Cost, Counter: pr.Counter, Delta: pr.Delta})
		})
	}
	add(build, lang.X("asc.new_preset", "New preset…"), b.newPreset)
	add(build, lang.X("asc.cost_table", "Cost table…"), func() { v.setup.editCosts(p) })
	return build
}

// commandActions are the command phase's quick actions (each uses its
// command tokens itself).
func (b *ascBoard) commandActions(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	id := p.ID
	add := addButton
	cmds := screen.FitGrid(2)
	tokens := p.FleetOrStarbaseCommands()
	add(cmds, lang.X("asc.starbase_cmd", "Starbase ({{.Tokens}} cmd)", map[string]any{"Tokens": tokens}), func() { v.exec(tracker.CommissionStarbase{Player: id}) })
	fleet := widget.NewButton(lang.X("asc.fleet_cmd_of_3", "Fleet ({{.Tokens}} cmd, {{.Fleets}} of 3)", map[string]any{"Tokens": tokens, "Fleets": p.Fleets}), func() { v.exec(tracker.CommissionFleet{Player: id}) })
	why := ""
	if rej := tracker.FleetLimit(p); rej != nil {
		why = rej.In(screen.TrText)
		// Muted, not disabled: the caption says why before the tap, and a
		// tap still reaches the tracker, whose refusal offers the table
		// "Record it anyway" (or records it, with strict checks off).
		fleet.Importance = widget.LowImportance
	}
	cmds.Add(fleet)
	// Every action keeps its place: one that cannot be taken now is shown
	// disabled, with the reason in the caption under the grid.
	disband := widget.NewButton(lang.X("asc.disband_a_fleet", "Disband a fleet"), func() { v.exec(tracker.CommissionFleet{Player: id, Disband: true}) })
	if p.Fleets == 0 {
		disband.Disable()
	}
	cmds.Add(disband)
	add(cmds, lang.X("asc.launch_projects", "Projects (1 cmd: draw 2; {{.Projects}} of {{.Research}})", map[string]any{"Projects": p.Projects, "Research": p.Nodes.Research}), func() { v.exec(tracker.Project{Player: id}) })
	finish := widget.NewButton(lang.X("asc.finish_a_project", "Finish a project"), func() { v.exec(tracker.Project{Player: id, Finish: true}) })
	discard := widget.NewButton(lang.X("asc.discard_a_project", "Discard a project"), func() { v.exec(tracker.Project{Player: id, Discard: true}) })
	var notes []string
	if p.Projects == 0 {
		finish.Disable()
		discard.Disable()
		notes = append(notes, lang.X("asc.no_project_yet", "No project in the project area: launch projects first."))
	}
	if n := p.ProjectsOver(); n > 0 {
		discard.Importance = widget.HighImportance
		notes = append(notes, lang.X("asc.discard_projects_to_limit", "{{.Projects}} projects and {{.Research}} research node(s): discard {{.N}} before anything else.", map[string]any{"Projects": p.Projects, "Research": p.Nodes.Research, "N": n}))
	}
	cmds.Add(finish)
	cmds.Add(discard)
	add(cmds, lang.X("asc.hegemony_1_cmd", "Hegemony (1 cmd)"), func() { v.battle.open(modeHegemony, id) })
	add(cmds, lang.X("asc.battle_1_cmd", "Battle (1 cmd)"), func() { v.battle.open(modeSpace, id) })
	if p.HasAgenda() {
		if p.AgendaDone {
			add(cmds, lang.X("asc.agenda_not_done_undo", "Agenda not done (undo)"), func() { v.exec(tracker.CompleteAgenda{Player: id, Undo: true}) })
		} else {
			add(cmds, lang.X("asc.agenda_completed", "Agenda completed"), func() { v.exec(tracker.CompleteAgenda{Player: id}) })
		}
	}
	if why != "" {
		notes = append([]string{why}, notes...)
	}
	if len(notes) == 0 {
		return cmds
	}
	return container.NewVBox(cmds, screen.CaptionLabel(strings.Join(notes, " ")))
}

// presets returns the players' own quick actions kept on this device.
func (b *ascBoard) presets() []ascPreset {
	var out []ascPreset
	raw := b.v.f.Preferences().String(prefAscPresets)
	if raw == "" || json.Unmarshal([]byte(raw), &out) != nil {
		return nil
	}
	return out
}

// newPreset asks for a quick action with its cost, from the players' cards.
func (b *ascBoard) newPreset() {
	name := placeholderEntry(lang.X("asc.e_g_starbase", "e.g. Starbase"))
	cost := placeholderEntry(lang.X("asc.e_g_3p", "e.g. 3P"))
	var labels []string
	for _, c := range presetCounters {
		labels = append(labels, presetLabel(c))
	}
	then := widget.NewSelect(labels, nil)
	then.SetSelected(labels[0])
	b.v.f.ShowDialog(dialog.NewForm(lang.X("asc.new_quick_action", "New quick action"), lang.X("asc.save", "Save"), lang.X("asc.cancel", "Cancel"), []*widget.FormItem{
		widget.NewFormItem(lang.X("asc.name", "Name"), name), widget.NewFormItem(lang.X("asc.cost", "Cost"), cost), widget.NewFormItem(lang.X("asc.then_2", "Then"), then),
	}, func(ok bool) {
		if !ok {
			return
		}
		r, err := parseCost(cost.Text)
		if err != nil {
			b.v.f.Say(lang.X("asc.cost_2", "Cost: {{.Error}}", map[string]any{"Error": screen.ErrText(err)}), true)
			return
		}
		n := strings.TrimSpace(name.Text)
		if n == "" || len([]rune(n)) > 30 {
			b.v.f.Say(lang.X("asc.give_the_quick_action_a", "Give the quick action a short name."), true)
			return
		}
		pr := ascPreset{Name: n, Cost: r}
		for _, c := range presetCounters {
			if presetLabel(c) == then.Selected && c != "" {
				pr.Counter, pr.Delta = c, 1
			}
		}
		list := append(b.presets(), pr)
		if bs, err := json.Marshal(list); err == nil {
			b.v.f.Preferences().SetString(prefAscPresets, string(bs))
		}
		b.v.Show(b.v.f.Game().State())
	}, b.v.f.Window()))

}

// trade lists the trade agreements a player holds, with ready/exhausted
// and remove, and a row to receive a new one.
func (b *ascBoard) trade(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	box := container.NewVBox()
	if len(p.Agreements) == 0 {
		box.Add(screen.CaptionLabel(lang.X("asc.none_yet", "None yet.")))
	}
	for _, ag := range p.Agreements {
		ag := ag
		state := lang.X("asc.ready", "ready")
		if ag.Exhausted {
			state = lang.X("asc.exhausted", "exhausted")
		}
		line := lang.X("asc.from_each_recharge", "From {{.SeatName}}: {{.ResText}} each recharge ({{.State}})", map[string]any{"SeatName": v.seatName(ag.From), "ResText": resText(ag.Resources), "State": state})
		toggle := widget.NewButton(lang.X("asc.exhaust", "Exhaust"), func() {
			v.exec(tracker.SetTrade{Player: p.ID, From: ag.From, Exhausted: true})
		})
		if ag.Exhausted {
			toggle = widget.NewButton(lang.X("asc.ready_2", "Ready"), func() { v.exec(tracker.SetTrade{Player: p.ID, From: ag.From}) })
		}
		remove := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			v.exec(tracker.SetTrade{Player: p.ID, From: ag.From, Remove: true})
		})
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(toggle, remove), screen.WrapLabel(line)))
	}
	var others []string
	ids := map[string]string{}
	for _, o := range v.st.Players {
		if o.ID != p.ID {
			others = append(others, o.Name)
			ids[o.Name] = o.ID
		}
	}
	syncSelect(b.from, others, "")
	// Before the tap, the rule the tracker holds a new agreement to: both
	// players have made first contact (tracker.TradeContact).
	hint := screen.CaptionLabel("")
	showHint := func() {
		text := ""
		if giver := v.player(ids[b.from.Selected]); giver != nil {
			if rej := tracker.TradeContact(p, *giver); rej != nil {
				text = rej.In(screen.TrText)
			}
		} else if !p.FirstContact {
			text = lang.X("asc.trade_first_contact", "A trade agreement needs first contact by both players.")
		}
		hint.SetText(text)
		if text == "" {
			hint.Hide()
		} else {
			hint.Show()
		}
	}
	b.from.OnChanged = func(string) { showHint() }
	showHint()
	add := widget.NewButtonWithIcon(lang.X("asc.receive", "Receive"), theme.ContentAddIcon(), func() {
		r, err := parseCost(b.tradeIn.Text)
		if err != nil {
			v.f.Say(lang.X("asc.trade_agreement", "Trade agreement: {{.Error}}", map[string]any{"Error": screen.ErrText(err)}), true)
			return
		}
		if ids[b.from.Selected] == "" {
			v.f.Say(lang.X("asc.choose_who_gives_the_trade", "Choose who gives the trade agreement."), true)
			return
		}
		if v.exec(tracker.SetTrade{Player: p.ID, From: ids[b.from.Selected], Resources: r}) {
			b.tradeIn.SetText("")
		}
	})
	box.Add(container.NewBorder(nil, nil, b.from, add, b.tradeIn))
	box.Add(hint)
	return box
}

// miniStepper is a compact count for the console: a small title over
// − value +, narrow enough to sit two abreast on a phone.
func miniStepper(label string, value int, onStep func(int)) fyne.CanvasObject {
	minus := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { onStep(-1) })
	plus := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { onStep(1) })
	title := widget.NewLabelWithStyle(label, fyne.TextAlignCenter, fyne.TextStyle{})
	title.SizeName = theme.SizeNameCaptionText
	val := widget.NewLabelWithStyle(fmt.Sprint(value), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	val.SizeName = theme.SizeNameSubHeadingText
	return container.NewVBox(title, container.NewBorder(nil, nil, minus, plus, val))
}

// flowGrid lays out same-sized cells as many to a row as the width holds:
// two on a phone, more on a tablet.
func flowGrid(objs ...fyne.CanvasObject) fyne.CanvasObject {
	var cell fyne.Size
	for i, o := range objs {
		objs[i] = container.NewPadded(o)
		cell = cell.Max(objs[i].MinSize())
	}
	cell.Width = max(cell.Width, 150)
	return container.NewGridWrap(cell, objs...)
}

// andorian is the Andorian reconnaissance fleet's surveillance tokens: the
// systems that have one (each can be taken back) and the row to leave a
// new one. Where a token may go is the tracker's rule (the game's reading);
// a refusal offers "Record it anyway".
func (b *ascBoard) andorian(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	id := p.ID
	box := container.NewVBox(screen.BoldLabel(lang.X("asc.andorian.title", "Andorian tokens ({{.N}})", map[string]any{"N": len(p.AndorianTokens)})))
	for _, sys := range p.AndorianTokens {
		sys := sys
		off := widget.NewButtonWithIcon(lang.X("asc.andorian.take_back", "Take back"), theme.DeleteIcon(), func() {
			v.exec(tracker.AndorianToken{Player: id, System: sys, Remove: true})
		})
		box.Add(container.NewBorder(nil, nil, nil, off, screen.WrapLabel("• "+sys)))
	}
	if !p.LeavesSurveillanceTokens() {
		return box
	}
	if b.andFor != id {
		// A draft made for another player does not carry over.
		b.andFor = id
		b.andSys.SetText("")
		b.andCtl.ClearSelected()
		b.andPhen.SetChecked(false)
	}
	nobody := lang.X("asc.andorian.nobody", "Nobody / independent")
	opts := []string{nobody}
	ids := map[string]string{nobody: ""}
	for _, o := range v.st.Players {
		opts = append(opts, o.Name)
		ids[o.Name] = o.ID
	}
	syncSelect(b.andCtl, opts, nobody)
	leave := widget.NewButtonWithIcon(lang.X("asc.andorian.leave", "Leave a token"), theme.ContentAddIcon(), func() {
		sys := strings.TrimSpace(b.andSys.Text)
		if sys == "" {
			v.f.Say(lang.X("asc.andorian.name_the_system", "Name the system the token goes on."), true)
			return
		}
		cmd := tracker.AndorianToken{Player: id, System: sys, Controller: ids[b.andCtl.Selected], Phenomenon: b.andPhen.Checked}
		if v.exec(cmd) {
			b.andSys.SetText("")
			b.andPhen.SetChecked(false)
		}
	})
	box.Add(screen.CaptionLabel(lang.X("asc.andorian.where", "The reconnaissance fleet leaves a token on a system it orbits or is linked to, never on a phenomenon.")))
	box.Add(b.andSys)
	box.Add(b.andCtl)
	box.Add(b.andPhen)
	box.Add(leave)
	return box
}

// colonize asks what the players know of the system colonized (its name,
// pre-warp inhabitants, the Vulcan advancements) and sends it.
func (b *ascBoard) colonize(p tracker.AscPlayer) {
	v := b.v
	name := placeholderEntry(lang.X("asc.system_name_optional", "System name (optional)"))
	preWarp := widget.NewCheck(lang.X("asc.colonize.pre_warp", "Inhabited pre-warp system"), nil)
	items := []*widget.FormItem{
		widget.NewFormItem(lang.X("asc.colonize.system", "System"), name),
		widget.NewFormItem("", preWarp),
	}
	var reliquary *widget.Check
	var free *widget.Select
	none := lang.X("asc.colonize.no_free_node", "No free node")
	kinds := map[string]string{none: "",
		lang.X("asc.production", "Production"): tracker.CounterProduction,
		lang.X("asc.research", "Research"):     tracker.CounterResearch,
		lang.X("asc.culture", "Culture"):       tracker.CounterCulture}
	if p.ColonizesWithAscendancy() { // the Vulcans' colonizing advancements
		reliquary = widget.NewCheck(lang.X("asc.colonize.reliquary", "Vulcan Reliquary (free)"), nil)
		free = widget.NewSelect([]string{none, lang.X("asc.production", "Production"), lang.X("asc.research", "Research"), lang.X("asc.culture", "Culture")}, nil)
		free.SetSelected(none)
		items = append(items, widget.NewFormItem("", reliquary),
			widget.NewFormItem(lang.X("asc.colonize.network", "Free node (Network)"), free))
	}
	f := screen.NewFormDialog(v.f, lang.X("asc.colonize.title", "Colonize: {{.Name}}", map[string]any{"Name": p.Name}), lang.X("asc.colonize", "Colonize"), items, func() error {

		if v.player(p.ID) == nil {
			return errors.New(lang.X("asc.colonize.gone", "{{.Name}} is no longer in the game.", map[string]any{"Name": p.Name}))
		}
		cmd := tracker.Colonize{Player: p.ID, System: strings.TrimSpace(name.Text), PreWarp: preWarp.Checked}
		if reliquary != nil {
			cmd.Reliquary = reliquary.Checked
			cmd.FreeNode = kinds[free.Selected]
		}
		return v.submit(cmd)
	})

	name.OnSubmitted = func(string) { f.Submit() }
	f.ShowWhole()
	v.f.Window().Canvas().Focus(name)
}

// warp is the player's ships and fleets at warp, each with its warp
// tokens, and the warp commands (the tracker's Warp, a command each):
// enter warp, another token, exit. The ship is picked first, so Exit,
// which ends a ship's warp, is disabled after each change until a ship is
// picked again: a second tap never brings another ship out.
func (b *ascBoard) warp(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	id := p.ID
	box := container.NewVBox(screen.BoldLabel(lang.X("asc.warp.title", "At warp ({{.N}})", map[string]any{"N": len(p.WarpTokens)})))
	var ships []string
	for i, n := range p.WarpTokens {
		ships = append(ships, lang.X("asc.warp.ship", "Ship {{.N}}: {{.Tokens}} warp token(s)", map[string]any{"N": i + 1, "Tokens": n}))
	}
	picked := -1
	add := widget.NewButton(lang.X("asc.warp.add", "+1 warp token (1 cmd)"), func() {
		if picked >= 0 {
			v.exec(tracker.Warp{Player: id, Ship: picked, Add: true})
		}
	})
	exit := widget.NewButton(lang.X("asc.warp.exit", "Exit warp (1 cmd)"), func() {
		if picked >= 0 {
			v.exec(tracker.Warp{Player: id, Ship: picked, Exit: true})
		}
	})
	add.Disable()
	exit.Disable()
	// The Ferengi Trade Support Squadron enters warp with no command; its
	// exit is marked, so the tracker knows it may not enter again this
	// turn.
	var sqIn, sqOut *widget.Button
	if p.Faction == ascrules.Ferengi {
		sqIn = widget.NewButton(lang.X("asc.warp.squadron_enter", "Squadron enters warp (no cmd)"), func() { v.exec(tracker.Warp{Player: id, Squadron: true}) })
		sqOut = widget.NewButton(lang.X("asc.warp.squadron_exit", "Squadron exits (1 cmd)"), func() {
			if picked >= 0 {
				v.exec(tracker.Warp{Player: id, Ship: picked, Exit: true, Squadron: true})
			}
		})
		sqOut.Disable()
	}
	pick := widget.NewSelect(ships, func(s string) {
		picked = slices.Index(ships, s)
		if picked >= 0 {
			add.Enable()
			exit.Enable()
			if sqOut != nil {
				sqOut.Enable()
			}
		}
	})
	pick.PlaceHolder = lang.X("asc.warp.pick", "Pick a ship at warp")
	if len(ships) == 0 {
		pick.Disable()
	}
	enter := widget.NewButton(lang.X("asc.warp.enter", "Enter warp (1 cmd)"), func() { v.exec(tracker.Warp{Player: id}) })
	box.Add(screen.FitGrid(2, enter, pick))
	box.Add(screen.FitGrid(2, add, exit))
	if sqIn != nil {
		box.Add(screen.FitGrid(2, sqIn, sqOut))
	}
	box.Add(screen.CaptionLabel(lang.X("asc.warp.how_adv", "Each ship at warp gains a token at every recharge. On exiting it moves through as many systems as its tokens plus the {{.N}} warp token(s) on your completed advancements (Adv. warp, below).", map[string]any{"N": p.AdvancementWarp})))
	return box
}

// projects is the player's project area: each project entered from its
// card with the research committed to it, the form to enter a drawn card
// (its name and the research printed on it), and the research commands:
// a project is picked first, so Commit (which may finish it) and Discard
// are disabled after each change until one is picked again.
func (b *ascBoard) projects(p tracker.AscPlayer) fyne.CanvasObject {
	v := b.v
	id := p.ID
	box := container.NewVBox(screen.BoldLabel(lang.X("asc.project.title", "Projects ({{.Projects}} of {{.Research}})", map[string]any{"Projects": p.Projects, "Research": p.Nodes.Research})))
	var cards []string
	for i, c := range p.ProjectCards {
		cards = append(cards, lang.X("asc.project.card", "{{.N}}. {{.Name}}: {{.Research}} of {{.Cost}} research", map[string]any{"N": i + 1, "Name": c.Name, "Research": c.Research, "Cost": c.Cost}))
	}
	for _, c := range cards {
		box.Add(screen.WrapLabel(c))
	}
	enter := widget.NewButton(lang.X("asc.project.enter", "Enter the card"), func() {
		cost, err := strconv.Atoi(strings.TrimSpace(b.projCost.Text))
		if err != nil {
			cost = 0 // the tracker refuses it and says what to type
		}
		if v.exec(tracker.ProjectCard{Player: id, Name: b.projName.Text, Cost: cost}) {
			b.projName.SetText("")
			b.projCost.SetText("")
		}
	})
	if n := p.Untracked(); n > 0 {
		box.Add(screen.CaptionLabel(lang.X("asc.project.untracked", "{{.N}} project(s) not entered: type each card's name and the research it asks for.", map[string]any{"N": n})))
	} else {
		enter.Disable()
	}
	box.Add(screen.FitGrid(3, b.projName, b.projCost, enter))
	picked := -1
	commit := widget.NewButton(lang.X("asc.project.commit", "Commit 1 research"), func() {
		if picked >= 0 {
			v.exec(tracker.CommitResearch{Player: id, Card: picked + 1})
		}
	})
	discard := widget.NewButton(lang.X("asc.project.discard", "Discard it"), func() {
		if picked >= 0 {
			v.exec(tracker.Project{Player: id, Discard: true, Card: picked + 1})
		}
	})
	commit.Disable()
	discard.Disable()
	pick := widget.NewSelect(cards, func(s string) {
		picked = slices.Index(cards, s)
		if picked >= 0 {
			commit.Enable()
			discard.Enable()
		}
	})
	pick.PlaceHolder = lang.X("asc.project.pick", "Pick a project")
	if len(cards) == 0 {
		pick.Disable()
	}
	box.Add(screen.FitGrid(3, pick, commit, discard))
	box.Add(screen.CaptionLabel(lang.X("asc.project.how", "In your building phase, one research token from your reserve on each project a turn; a project is finished when its card's research is reached.")))
	return box
}
