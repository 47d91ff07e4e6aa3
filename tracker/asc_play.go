package tracker

import (
	ascrules "tableops/rules/ascendancy"
)

// Counters AdjustAsc can change.
const (
	CounterProduction  = "production"
	CounterResearch    = "research"
	CounterCulture     = "culture"
	CounterAscendancy  = "ascendancy"
	CounterStarbases   = "starbases"
	CounterShips       = "ships"
	CounterSystems     = "systems"
	CounterHomeSystems = "home_systems"
	CounterNodeProd    = "production_nodes"
	CounterNodeRes     = "research_nodes"
	CounterNodeCult    = "culture_nodes"
	CounterIncomeProd  = "production_income"
	CounterIncomeRes   = "research_income"
	CounterIncomeCult  = "culture_income"
	CounterAdvCommands = "advancement_commands"
	CounterAdvWarp     = "advancement_warp"
	CounterWeapons     = "weapons"
	CounterShields     = "shields"
)

// counter returns a pointer to a player's counter and its display name.
func (p *AscPlayer) counter(name string) (*int, Msg) {
	switch name {
	case CounterProduction:
		return &p.Resources.Production, Msg{Key: "track.counter.production", Text: "production"}
	case CounterResearch:
		return &p.Resources.Research, Msg{Key: "track.counter.research", Text: "research"}
	case CounterCulture:
		return &p.Resources.Culture, Msg{Key: "track.counter.culture", Text: "culture"}
	case CounterAscendancy:
		return &p.Ascendancy, Msg{Key: "track.counter.ascendancy", Text: "ascendancy"}
	case CounterStarbases:
		return &p.Starbases, Msg{Key: "track.counter.starbases", Text: "starbases"}
	case CounterShips:
		return &p.Ships, Msg{Key: "track.counter.ships", Text: "ships"}
	case CounterSystems:
		return &p.Systems, Msg{Key: "track.counter.systems", Text: "systems"}
	case CounterHomeSystems:
		return &p.HomeSystems, Msg{Key: "track.counter.home_systems", Text: "home systems"}
	case CounterNodeProd:
		return &p.Nodes.Production, Msg{Key: "track.counter.production_nodes", Text: "production nodes"}
	case CounterNodeRes:
		return &p.Nodes.Research, Msg{Key: "track.counter.research_nodes", Text: "research nodes"}
	case CounterNodeCult:
		return &p.Nodes.Culture, Msg{Key: "track.counter.culture_nodes", Text: "culture nodes"}
	case CounterIncomeProd:
		return &p.Income.Production, Msg{Key: "track.counter.production_income", Text: "production income"}
	case CounterIncomeRes:
		return &p.Income.Research, Msg{Key: "track.counter.research_income", Text: "research income"}
	case CounterIncomeCult:
		return &p.Income.Culture, Msg{Key: "track.counter.culture_income", Text: "culture income"}
	case CounterAdvCommands:
		return &p.AdvancementCommands, Msg{Key: "track.counter.advancement_commands", Text: "advancement commands"}
	case CounterAdvWarp:
		return &p.AdvancementWarp, Msg{Key: "track.counter.advancement_warp", Text: "warp tokens on advancements"}
	case CounterWeapons:
		return &p.Weapons, Msg{Key: "track.counter.weapons_hit_roll", Text: "weapons hit roll"}
	case CounterShields:
		return &p.Shields, Msg{Key: "track.counter.shields", Text: "shields"}
	}
	return nil, Msg{}
}

// AdjustAsc changes one of a player's counters by Delta: resources,
// ascendancy, starbases, ships, systems, nodes by type, advancement income,
// advancement commands, weapons hit roll or shields (see the Counter
// constants). It is the catch-all for what happens on the board.
type AdjustAsc struct {
	Player  string `json:"player"`
	Counter string `json:"counter"`
	Delta   int    `json:"delta"`
}

// CommandType implements Command.
func (AdjustAsc) CommandType() string { return "asc.adjust" }

func (cmd AdjustAsc) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Delta == 0 {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	if err := checkDelta(cmd.Delta, 1000, Msg{Key: "track.word.change", Text: "The change"}); err != nil {
		return err
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	v, name := np.counter(cmd.Counter)
	if v == nil {
		return reject(CodeInvalid, "track.there_is_no_counter", "There is no counter %q.", cmd.Counter)
	}
	n := *v + cmd.Delta
	switch {
	case n < 0:
		return reject(CodeRules, "track.has_only_2", "%s has only %d %s.", p.Name, *v, name)
	case n > maxCount:
		return checkCount(n, msgf("track.whose_counter", "%s's %s", p.Name, name))
	case cmd.Counter == CounterWeapons && (n < 1 || n > 6):
		return reject(CodeRules, "track.the_weapons_hit_roll_stays_between", "The weapons hit roll stays between 1 and 6.")
	}
	*v = n
	if cmd.Counter == CounterAdvCommands {
		advancementCommands(&np, cmd.Delta)
	}
	return setPlayer(c, say("track.counter_changed", "%s: %s %s (%d)", p.Name, signed(cmd.Delta), name, n), np)
}

// advancementCommands changes np's command tokens with its advancement
// commands by delta: an advancement with a command token adds it at once,
// exhausted (seed 003 "Advancements": "immediately increase the number of
// your commands by 1 (new commands start exhausted)"); one taken back
// takes its token, exhausted first.
func advancementCommands(np *AscPlayer, delta int) {
	if delta > 0 {
		np.Commands += delta
		np.Exhausted += delta
		return
	}
	np.Commands = max(0, np.Commands+delta)
	np.Exhausted = max(0, min(np.Exhausted+delta, np.Commands))
}

// UseCommand exhausts (Delta > 0) or readies (Delta < 0) command tokens.
type UseCommand struct {
	Player string `json:"player"`
	Delta  int    `json:"delta"`
}

// CommandType implements Command.
func (UseCommand) CommandType() string { return "asc.command" }

func (cmd UseCommand) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if err := checkDelta(cmd.Delta, maxCount, Msg{Key: "track.word.commands_delta", Text: "Commands to exhaust (or ready, below 0)"}); err != nil {
		return err
	}
	switch {
	case cmd.Delta == 0:
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	case cmd.Delta > p.Ready():
		return reject(CodeRules, "track.has_command_s_ready", "%s has %d command(s) ready.", p.Name, p.Ready())
	case -cmd.Delta > p.Exhausted:
		return reject(CodeRules, "track.has_exhausted_command_s", "%s has %d exhausted command(s).", p.Name, p.Exhausted)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Exhausted += cmd.Delta
	var label *words
	switch {
	case cmd.Delta == 1:
		label = say("track.exhausted_a_command", "%s exhausted a command", p.Name)
	case cmd.Delta > 1:
		label = say("track.exhausted_commands", "%s exhausted %d commands", p.Name, cmd.Delta)
	case cmd.Delta == -1:
		label = say("track.readied_a_command", "%s readied a command", p.Name)
	default:
		label = say("track.readied_commands", "%s readied %d commands", p.Name, -cmd.Delta)
	}
	return setPlayer(c, label.after(readyCount(np)), np)
}

// Upgrade buys the next weapons (Weapons) or shields upgrade at the cost
// the player's cost table gives (rules/ascendancy CostTable.UpgradeCost):
// the weapons hit roll improves by 1, or the shield modifier rises by 1.
type Upgrade struct {
	Player  string `json:"player"`
	Weapons bool   `json:"weapons"`
}

// CommandType implements Command.
func (Upgrade) CommandType() string { return "asc.upgrade" }

func (cmd Upgrade) decide(c *decideCtx) error {
	_, p, err := c.building(cmd.Player)
	if err != nil {
		return err
	}
	done, what := p.ShieldUpgrades, msgf("track.shields_upgrade_costs", "Shields upgrade costs")
	if cmd.Weapons {
		done, what = p.WeaponUpgrades, msgf("track.weapons_upgrade_costs", "Weapons upgrade costs")
	}
	cost, err := p.Costs.UpgradeCost(cmd.Weapons, done)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	np, err := pay(p, cost, what)
	if err != nil {
		return err
	}
	var label *words
	if cmd.Weapons {
		if np.Weapons <= 1 {
			return reject(CodeRules, "track.weapons_cannot_improve_past_1", "Weapons cannot improve past 1+.")
		}
		np.Weapons--
		np.WeaponUpgrades++
		label = say("track.upgraded_weapons", "%s upgraded weapons to %d+", p.Name, np.Weapons).after(leftOf(np, cost))
	} else {
		np.Shields++
		np.ShieldUpgrades++
		label = say("track.upgraded_shields", "%s upgraded shields to +%d", p.Name, np.Shields).after(leftOf(np, cost))
	}
	return setPlayer(c, label, np)
}

// BuildNode builds a resource node of Type (production, research or
// culture) at the cost in the player's cost table.
type BuildNode struct {
	Player string `json:"player"`
	Type   string `json:"type"`
}

// CommandType implements Command.
func (BuildNode) CommandType() string { return "asc.build_node" }

func (cmd BuildNode) decide(c *decideCtx) error {
	_, p, err := c.building(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Type == CounterCulture && p.Faction == ascrules.Ferengi {
		if err := c.breaks(ruleFerengiCulture, "track.may_not_build_culture_node", "%s may not build a culture node", p.Name); err != nil {
			return err
		}
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	var cost ascrules.Resources
	var count *int
	switch cmd.Type {
	case CounterProduction:
		cost, count = p.Costs.ProductionNode, &np.Nodes.Production
	case CounterResearch:
		cost, count = p.Costs.ResearchNode, &np.Nodes.Research
	case CounterCulture:
		cost, count = p.Costs.CultureNode, &np.Nodes.Culture
	default:
		return reject(CodeInvalid, "track.a_node_is_production_research_or", "A node is production, research or culture, not %q.", cmd.Type)
	}
	if cost.Total() == 0 {
		return reject(CodeNotNow, "track.enter_s_node_cost_from_console", "Enter %s's %s node cost from the console first.", p.Name, cmd.Type)
	}
	if !p.Resources.Covers(cost) {
		return reject(CodeRules, "track.a_node_costs_has", "A %s node costs %s; %s has %s.", cmd.Type, fmtRes(cost), p.Name, fmtRes(p.Resources))
	}
	np.Resources = np.Resources.Sub(cost)
	*count++
	return setPlayer(c, nodeBuilt(p.Name, cmd.Type, *count, leftOf(np, cost)), np)
}

// BuyAscendancy spends culture on an ascendancy token
// (rules/ascendancy.BuyAscendancy; 4 culture when the game plays the
// optional rule "Easier ascension", see SetAscOptions).
type BuyAscendancy struct {
	Player string `json:"player"`
}

// CommandType implements Command.
func (BuyAscendancy) CommandType() string { return "asc.buy_ascendancy" }

func (cmd BuyAscendancy) decide(c *decideCtx) error {
	a, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if err := c.onTurn(a, p, ""); err != nil {
		return err
	}
	left, err := ascrules.BuyAscendancy(p.Resources.Culture, a.Options.EasierAscension)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Resources.Culture = left
	np.Ascendancy++
	return setPlayer(c, say("track.bought_ascendancy", "%s bought an ascendancy token", p.Name).after(Texts{msgf("track.count.ascendancy", "%d ascendancy", np.Ascendancy)},
		leftOf(np, ascrules.Resources{Culture: 1})), np)
}

// SetTrade gives Player a trade agreement from From producing Resources
// each recharge, or with Remove takes it away, or with Exhausted marks it
// exhausted (or ready again).
type SetTrade struct {
	Player    string             `json:"player"`
	From      string             `json:"from"`
	Resources ascrules.Resources `json:"resources"`
	Exhausted bool               `json:"exhausted,omitempty"`
	Remove    bool               `json:"remove,omitempty"`
}

// CommandType implements Command.
func (SetTrade) CommandType() string { return "asc.trade" }

func (cmd SetTrade) decide(c *decideCtx) error {
	a, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	from, err := a.player(cmd.From)
	if err != nil {
		return err
	}
	if from.ID == p.ID {
		return reject(CodeRules, "track.a_players_own_trade_agreements_produce", "A player's own trade agreements produce nothing for them.")
	}
	if err := checkAmounts(cmd.Resources, 100, Msg{Key: "track.word.trade_resources", Text: "Trade agreement resources"}); err != nil {
		return err
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	i := -1
	for j, ag := range np.Agreements {
		if ag.From == from.ID {
			i = j
		}
	}
	// First contact, and no revoking or exchanging an exhausted agreement
	// (asc_diplomacy.go).
	if err := cmd.checkTrade(c, p, from, i); err != nil {
		return err
	}
	var label *words
	switch {
	case cmd.Remove:
		if i < 0 {
			return reject(CodeNotFound, "track.holds_no_trade_agreement_from", "%s holds no trade agreement from %s.", p.Name, from.Name)
		}
		np.Agreements = append(np.Agreements[:i], np.Agreements[i+1:]...)
		label = say("track.returns_s_trade_agreement", "%s returns %s's trade agreement", p.Name, from.Name)
	case i >= 0:
		np.Agreements[i].Exhausted = cmd.Exhausted
		if cmd.Resources.Total() > 0 {
			np.Agreements[i].Resources = cmd.Resources
		}
		label = say("track.trade_agreement_ready", "%s: trade agreement from %s ready", p.Name, from.Name)
		if cmd.Exhausted {
			label = say("track.trade_agreement_exhausted", "%s: trade agreement from %s exhausted", p.Name, from.Name)
		}
	default:
		np.Agreements = append(np.Agreements, ascrules.TradeAgreement{From: from.ID, Resources: cmd.Resources, Exhausted: cmd.Exhausted})
		label = say("track.receives_trade_agreement_from", "%s receives a trade agreement from %s (%s)", p.Name, from.Name, fmtRes(cmd.Resources))
	}
	return setPlayer(c, label, np)
}

// FirstContact records that a player has made first contact (they may bid
// from now on).
type FirstContact struct {
	Player string `json:"player"`
}

// CommandType implements Command.
func (FirstContact) CommandType() string { return "asc.first_contact" }

func (cmd FirstContact) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if p.FirstContact {
		return reject(CodeNothing, "track.has_already_made_first_contact", "%s has already made first contact.", p.Name)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.FirstContact = true
	return setPlayer(c, say("track.first_contact", "%s: first contact", p.Name), np)
}

// SetHome records whether a player controls their own home system.
type SetHome struct {
	Player string `json:"player"`
	Holds  bool   `json:"holds"`
}

// CommandType implements Command.
func (SetHome) CommandType() string { return "asc.home" }

func (cmd SetHome) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if p.HoldsHome == cmd.Holds {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.HoldsHome = cmd.Holds
	label := say("track.retakes_home", "%s retakes their home system", p.Name)
	if !cmd.Holds {
		label = say("track.loses_home", "%s loses their home system", p.Name)
	}
	return setPlayer(c, label, np)
}
