package tracker

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	ascrules "tableops/rules/ascendancy"
)

// setPlayer emits a player's new record with a label.
func setPlayer(c *decideCtx, label *words, p AscPlayer) error {
	return c.emit(label, AscPlayerSet{Player: p})
}

// setWalker emits the walker's new state with a label.
func setWalker(c *decideCtx, label *words, w AscWalker) error {
	return c.emit(label, AscWalkerSet{Walker: w})
}

func copyPlayer(p *AscPlayer) (AscPlayer, error) {
	cp, err := deepCopy(*p)
	if err != nil {
		return AscPlayer{}, fmt.Errorf("copy player: %w", err)
	}
	return cp, nil
}

// loseShips takes n ships off a player's board (never below zero) and
// emits the player's new record; nothing when n is not positive.
func loseShips(c *decideCtx, p *AscPlayer, n int) error {
	if n <= 0 {
		return nil
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Ships = max(0, np.Ships-n)
	return setPlayer(c, say("track.loses_ship_s_left", "%s loses %d ship(s) (%d left)", p.Name, n, np.Ships), np)
}

// AddAscPlayer adds a civilization during setup. Weapons is the starting
// weapons hit roll and Shields the shield modifier (the rulebook's start:
// 5+ and 0, used when left 0); Resources are the starting tokens; Faction
// selects faction rules in the rules engine (federation, klingon, romulan,
// vulcan, ...; may be empty).
type AddAscPlayer struct {
	Name         string             `json:"name"`
	Civilization string             `json:"civilization"`
	Faction      ascrules.Faction   `json:"faction,omitempty"`
	Resources    ascrules.Resources `json:"resources"`
	Weapons      int                `json:"weapons,omitempty"`
	Shields      int                `json:"shields,omitempty"`
	BaseCommands int                `json:"base_commands,omitempty"`
}

// CommandType implements Command.
func (AddAscPlayer) CommandType() string { return "asc.add_player" }

// Starting numbers the rulebook states (seed 002/003).
const (
	startWeapons = 5 // weapons hit roll 5+
	maxAscPlayer = 8
)

func (cmd AddAscPlayer) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscSetup); err != nil {
		return err
	}
	if len(a.Players) >= maxAscPlayer {
		return reject(CodeRules, "track.too_many_players", "Too many players.")
	}
	taken := make([]string, len(a.Players))
	for i, p := range a.Players {
		taken[i] = p.Name
	}
	name, err := newPlayerName(cmd.Name, taken)
	if err != nil {
		return err
	}
	civ := trimSpace(cmd.Civilization)
	if civ == "" {
		civ = name
	}
	if len([]rune(civ)) > maxNameLen || len([]rune(string(cmd.Faction))) > maxNameLen {
		return reject(CodeInvalid, "track.the_civilization_name_is_too_long", "The civilization name is too long.")
	}
	if err := checkAmounts(cmd.Resources, 1000, Msg{Key: "track.word.starting_resources", Text: "Starting resources"}); err != nil {
		return err
	}
	weapons := cmd.Weapons
	if weapons == 0 {
		weapons = startWeapons
	}
	if weapons < 1 || weapons > 6 || cmd.Shields < 0 || cmd.Shields > 6 {
		return reject(CodeInvalid, "track.weapons_is_hit_roll_from_1", "Weapons is a hit roll from 1 to 6; shields a modifier from 0 to 6.")
	}
	base := cmd.BaseCommands
	if base == 0 {
		base = ascrules.BaseCommands
	}
	if base < 1 || base > 10 {
		return reject(CodeInvalid, "track.base_commands_must_be_1_to", "Base commands must be 1 to 10.")
	}
	p := AscPlayer{ID: "p" + strconv.Itoa(a.NextID+1), Name: name, Civilization: civ, Faction: cmd.Faction,
		Resources: cmd.Resources, BaseCommands: base, Commands: base, Weapons: weapons, Shields: cmd.Shields,
		Agreements: []ascrules.TradeAgreement{}, HoldsHome: true, HomeSystems: 1, Systems: 1,
		WarpTokens: []int{}, Costs: ascrules.NewCostTable(civ)}
	return c.emit(say("track.joins_as", "%s joins as %s", name, civ), AscPlayerAdded{Player: p})
}

// SetCosts records a player's cost table (node, colonization and upgrade
// costs copied from their console; the rulebook text does not print them).
type SetCosts struct {
	Player string             `json:"player"`
	Costs  ascrules.CostTable `json:"costs"`
}

// CommandType implements Command.
func (SetCosts) CommandType() string { return "asc.set_costs" }

func (cmd SetCosts) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if err := checkCostTable(cmd.Costs); err != nil {
		return err
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Costs = cmd.Costs
	if np.Costs.Faction == "" {
		np.Costs.Faction = np.Civilization
	}
	return setPlayer(c, say("track.cost_table_entered", "%s: cost table entered", p.Name), np)
}

// StartAscendancy ends setup and opens the initiative stage of round 1.
type StartAscendancy struct{}

// CommandType implements Command.
func (StartAscendancy) CommandType() string { return "asc.start" }

func (StartAscendancy) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscSetup); err != nil {
		return err
	}
	if len(a.Players) < 2 && a.Borg == nil {
		return reject(CodeRules, "track.ascendancy_needs_at_least_2_players", "Ascendancy needs at least 2 players (or 1 against the Borg).")
	}
	if len(a.Players) < 1 {
		return reject(CodeRules, "track.add_players_first", "Add the players first.")
	}
	w := AscWalker{Stage: AscInitiative, Round: 1, Bids: []ascrules.Bid{}, Order: []string{}}
	return setWalker(c, say("track.round_1_initiative", "Round 1: initiative"), w)
}

// Bid places resources on a player's turn order card in the initiative
// stage (rules/ascendancy.ValidateBids: first contact needed, no equal
// totals). The resources are spent. A player who does not bid need not
// send anything.
//
// Bids are placed in the order of last round's turn order cards: a player
// with first contact bids (or passes: Pass) after those before them.
type Bid struct {
	Player string             `json:"player"`
	Spent  ascrules.Resources `json:"spent"`
	Pass   bool               `json:"pass,omitempty"`
}

// CommandType implements Command.
func (Bid) CommandType() string { return "asc.bid" }

func (cmd Bid) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscInitiative); err != nil {
		return err
	}
	p, err := a.player(cmd.Player)
	if err != nil {
		return err
	}
	for _, b := range a.Walker.Bids {
		if b.Player == p.ID {
			return reject(CodeRules, "track.has_already_bid_this_round", "%s has already bid this round.", p.Name)
		}
	}
	if slices.Contains(a.Walker.Passed, p.ID) {
		return reject(CodeRules, "track.has_already_passed_this_round", "%s has already passed this round.", p.Name)
	}
	if cmd.Pass && cmd.Spent.Total() != 0 {
		return reject(CodeInvalid, "track.a_pass_spends_nothing", "A pass spends nothing.")
	}
	if !cmd.Pass && (cmd.Spent.Total() == 0 || cmd.Spent.Negative()) {
		return reject(CodeInvalid, "track.a_bid_spends_at_least_one", "A bid spends at least one resource.")
	}
	if !p.Resources.Covers(cmd.Spent) {
		return reject(CodeRules, "track.has_only", "%s has only %s.", p.Name, fmtRes(p.Resources))
	}
	// Earlier seats of last round's turn order bid (or pass) first.
	for _, id := range a.Walker.LastOrder {
		if id == p.ID {
			break
		}
		q, err := a.player(id)
		if err != nil || !q.FirstContact || q.Assimilated || q.Eliminated {
			continue
		}
		done := slices.Contains(a.Walker.Passed, id) || slices.ContainsFunc(a.Walker.Bids, func(b ascrules.Bid) bool { return b.Player == id })
		if !done {
			if err := c.breaks(ruleBidOrder, "track.bids_before_this_round", "%s bids before %s this round", q.Name, p.Name); err != nil {
				return err
			}
		}
	}
	w, err := deepCopy(a.Walker)
	if err != nil {
		return err
	}
	if cmd.Pass {
		w.Passed = append(w.Passed, p.ID)
		return setWalker(c, say("track.passes_no_bid", "%s passes (no bid)", p.Name), w)
	}
	bids := append(append([]ascrules.Bid{}, a.Walker.Bids...), ascrules.Bid{Player: p.ID, FirstContact: p.FirstContact, Spent: cmd.Spent})
	if err := ascrules.ValidateBids(a.byName(bids)); err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Resources = np.Resources.Sub(cmd.Spent)
	if err := setPlayer(c, say("track.bids", "%s bids %s", p.Name, fmtRes(cmd.Spent)), np); err != nil {
		return err
	}
	w.Bids = bids
	return setWalker(c, say("track.bids_this_round", "Bids this round: %d", len(bids)), w)
}

// ChooseTurnOrder ends the initiative stage: bidders choose their turn
// order cards (Chosen, highest bid first), everyone else and the Borg get
// random cards dealt from a seed (rules/ascendancy.AssignCards). The cards
// are numbered 1 to the number of players (plus one per Borg card).
//
// Drawn lets the table enter the cards the other players actually drew
// (player id to card) instead of the app's random deal: every player who
// did not bid then needs one, and the Borg take the cards left.
type ChooseTurnOrder struct {
	Chosen map[string]int `json:"chosen,omitempty"`
	Drawn  map[string]int `json:"drawn,omitempty"`
	// BorgCards is the number of Borg turn order cards (default 1 when the
	// Borg are in play).
	BorgCards int `json:"borg_cards,omitempty"`
}

// CommandType implements Command.
func (ChooseTurnOrder) CommandType() string { return "asc.turn_order" }

func (cmd ChooseTurnOrder) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscInitiative); err != nil {
		return err
	}
	if c.seeds == nil && len(cmd.Drawn) == 0 {
		return reject(CodeInvalid, "track.this_game_cannot_deal_random_cards", "This game cannot deal random cards (no seed source).")
	}
	var bids []ascrules.Bid
	bid := map[string]ascrules.Bid{}
	for _, b := range a.Walker.Bids {
		bid[b.Player] = b
	}
	for _, p := range a.Players {
		if p.Assimilated || p.Eliminated {
			continue
		}
		b, ok := bid[p.ID]
		if !ok {
			b = ascrules.Bid{Player: p.ID, FirstContact: p.FirstContact}
		}
		bids = append(bids, b)
	}
	in := ascrules.Initiative{Bids: bids}
	if a.Borg != nil && !a.Borg.Defeat {
		in.Borg = true
		in.BorgCards = borgCards(a)
		if cmd.BorgCards != 0 && cmd.BorgCards != in.BorgCards {
			if err := c.breaks(ruleBorgCards, "track.the_borg_get_turn_order_card", "The Borg get %d turn order card(s) this round, not %d", in.BorgCards, cmd.BorgCards); err != nil {
				return err
			}
			in.BorgCards = cmd.BorgCards
		}
	}
	n := len(bids)
	if in.Borg {
		n += in.BorgCards
	}
	for i := 1; i <= n; i++ {
		in.Cards = append(in.Cards, i)
	}
	as, err := a.assign(c, in, cmd)
	if err != nil {
		return err
	}
	order := ascrules.TurnOrder(as)
	names := make([]string, len(order))
	for i, o := range order {
		names[i] = a.seatName(o)
	}
	w, err := deepCopy(a.Walker)
	if err != nil {
		return err
	}
	w.Stage, w.Assignment, w.Order, w.Turn = AscExecution, &as, order, 0
	w.Phase = seatPhase(order[0])
	if err := setWalker(c, say("track.round_turn_order", "Round %d turn order: %s", w.Round, strings.Join(names, ", ")), w); err != nil {
		return err
	}
	return startBorgTurn(c, a, order[0])
}

// borgCards is the number of Borg turn order cards: one, or one per
// assimilated player (each takes a full Borg turn).
func borgCards(a *AscendancyState) int {
	n := 0
	for _, p := range a.Players {
		if p.Assimilated {
			n++
		}
	}
	return max(1, n)
}

// assign deals the turn order cards: bidders' choices, then the cards the
// others drew (cmd.Drawn) or a random deal. Messages name players.
func (a *AscendancyState) assign(c *decideCtx, in ascrules.Initiative, cmd ChooseTurnOrder) (ascrules.Assignment, error) {
	ids := map[string]string{}
	for _, p := range a.Players {
		ids[p.Name] = p.ID
	}
	named := in
	named.Bids = a.byName(in.Bids)
	rename := func(m map[string]int) (map[string]int, error) {
		out := map[string]int{}
		for id, card := range m {
			p, err := a.player(id)
			if err != nil {
				return nil, err
			}
			out[p.Name] = card
		}
		return out, nil
	}
	chosen, err := rename(cmd.Chosen)
	if err != nil {
		return ascrules.Assignment{}, err
	}
	var as ascrules.Assignment
	if len(cmd.Drawn) == 0 {
		if as, err = ascrules.AssignCards(named, chosen, c.seeds.NextSeed()); err != nil {
			return ascrules.Assignment{}, reject(CodeRules, "", "%v", err)
		}
	} else {
		drawn, err := rename(cmd.Drawn)
		if err != nil {
			return ascrules.Assignment{}, err
		}
		if as, err = ascrules.AssignDrawn(named, chosen, drawn); err != nil {
			return ascrules.Assignment{}, reject(CodeRules, "", "%v", err)
		}
	}
	cards := map[string]int{}
	for name, card := range as.Cards {
		cards[ids[name]] = card
	}
	as.Cards = cards
	return as, nil
}

// byName returns bids with the players' names in place of their ids, so
// the rules engine's messages name players ("Ben cannot bid 2: Anna
// already bid that total").
func (a *AscendancyState) byName(bids []ascrules.Bid) []ascrules.Bid {
	out := make([]ascrules.Bid, len(bids))
	for i, b := range bids {
		out[i] = b
		out[i].Player = a.seatName(b.Player)
	}
	return out
}

func seatPhase(seat string) string {
	if seat == BorgSeat {
		return PhaseBorg
	}
	return PhaseBuilding
}

// NextPhase moves the execution stage on: a player's building phase to
// their command phase, a finished turn (player or Borg) to the next seat in
// the turn order, and after the last seat to the recharge stage.
type NextPhase struct{}

// CommandType implements Command.
func (NextPhase) CommandType() string { return "asc.next" }

func (NextPhase) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscExecution); err != nil {
		return err
	}
	w, err := deepCopy(a.Walker)
	if err != nil {
		return err
	}
	seat := a.CurrentSeat()
	if err := endFightOnTurn(c, a); err != nil {
		return err
	}
	if w.Phase == PhaseBuilding {
		w.Phase = PhaseCommand
		return setWalker(c, say("track.command_phase", "%s: command phase", a.seatName(seat)), w)
	}
	if w.Phase == PhaseBorg && a.Borg != nil && !a.Borg.Built {
		return reject(CodeNotNow, "track.run_borg_build_phase_first", "Run the Borg build phase first.")
	}
	w.Turn++
	if w.Turn >= len(w.Order) {
		w.Stage, w.Phase = AscRecharge, ""
		return setWalker(c, say("track.round_recharge", "Round %d: recharge", w.Round), w)
	}
	next := w.Order[w.Turn]
	w.Phase = seatPhase(next)
	label := say("track.building_phase", "%s: building phase", a.seatName(next))
	if next == BorgSeat {
		label = say("track.the_borg_turn", "The Borg turn")
	}
	if err := setWalker(c, label, w); err != nil {
		return err
	}
	return startBorgTurn(c, a, next)
}

// startBorgTurn begins a Borg turn: the cubes' activations are cleared and
// the build phase runs at once (rules/borg.BuildPhase), the transwarp hub
// rolling a virtual die, unless the table rolls the hub die itself
// (EnableBorg.PhysicalHub): then BorgBuild takes the entered roll.
func startBorgTurn(c *decideCtx, a *AscendancyState, seat string) error {
	if seat != BorgSeat || a.Borg == nil {
		return nil
	}
	b, err := deepCopy(*a.Borg)
	if err != nil {
		return err
	}
	b.Built, b.Activated = false, []string{}
	if err := c.emit(say("track.borg_cubes_ready_to_activate", "Borg cubes ready to activate"), BorgSet{Borg: b}); err != nil {
		return err
	}
	if b.Hub && (b.PhysicalHub || c.seeds == nil) {
		return nil
	}
	roll := Roll{}
	if b.Hub {
		roll = Roll{Virtual: 1}
	}
	return BorgBuild{HubRoll: roll}.decide(c)
}

// Recharge runs the recharge stage in one step with the rules engine
// (rules/ascendancy.Recharge): the victory check, each player's resource
// generation (nodes, trade agreements from others not exhausted,
// advancement income) and maintenance (all commands ready: base + starbases
// + advancements; trade agreements refreshed; warp tokens). The summary
// shows what each player gained. Without a winner the next round's
// initiative starts.
//
// Unoccupied gives, for each Cardassian player (by id), the resource nodes
// on their systems with no Cardassian ship in orbit (Occupation): by the
// game's reading (AscOptions.Occupation) those nodes generate nothing
// (OccupationAll, full rulebook) or no production (OccupationProduction,
// rules summary).
type Recharge struct {
	Unoccupied map[string]ascrules.Resources `json:"unoccupied,omitempty"`
}

// CommandType implements Command.
func (Recharge) CommandType() string { return "asc.recharge" }

func (cmd Recharge) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscRecharge); err != nil {
		return err
	}
	idle, err := cmd.occupation(c, a)
	if err != nil {
		return err
	}
	res, err := ascrules.Recharge(a.rechargeInput(idle))
	if err != nil {
		return reject(CodeRules, "track.recharge", "Recharge: %v", err)
	}
	sum := RechargeSummary{Round: a.Walker.Round, Result: res}
	maint := map[string]ascrules.MaintenanceResult{}
	for _, m := range res.Maintenance {
		maint[m.Player] = m
	}
	for i := range a.Players {
		p := &a.Players[i]
		if p.Assimilated || p.Eliminated {
			continue
		}
		np, err := copyPlayer(p)
		if err != nil {
			return err
		}
		g := res.Generated[p.ID]
		np.Resources = np.Resources.Add(g)
		if m, ok := maint[p.ID]; ok {
			np.Commands, np.Exhausted, np.WarpTokens = m.Commands, m.Commands-m.Ready, m.WarpTokens
		}
		for j := range np.Agreements {
			np.Agreements[j].Exhausted = false
		}
		for _, e := range res.Victory.Eliminated {
			if e == p.ID {
				np.Eliminated = true
			}
		}
		line := say("track.commands_ready", "%s: +%s, %d commands ready", p.Name, fmtRes(g), np.Ready())
		if n := idle[p.ID]; n.Total() > 0 {
			line.add("track.cardassian_occupation_idle", " (Cardassian occupation: %s idle)", fmtNodes(n))
		}
		sum.Lines = append(sum.Lines, line.t.String())
		sum.LineTexts = append(sum.LineTexts, line.t)
		if err := setPlayer(c, line, np); err != nil {
			return err
		}
	}
	if err := c.emit(say("track.round_recharge_2", "Round %d recharge", a.Walker.Round), RechargeDone{Summary: sum}); err != nil {
		return err
	}
	if len(res.Victory.Winners) > 0 {
		names := make([]string, len(res.Victory.Winners))
		for i, w := range res.Victory.Winners {
			names[i] = a.seatName(w)
		}
		w := AscWalker{Stage: AscOver, Round: a.Walker.Round, Bids: []ascrules.Bid{}, Order: []string{},
			Winners: res.Victory.Winners, Reason: string(res.Victory.Claims[0].Kind)}
		return setWalker(c, say("track.game_over_win", "Game over: %s win", strings.Join(names, " and ")), w)
	}
	w := AscWalker{Stage: AscInitiative, Round: a.Walker.Round + 1, Bids: []ascrules.Bid{}, Order: []string{}, LastOrder: a.Walker.Order}
	return setWalker(c, say("track.round_initiative", "Round %d: initiative", w.Round), w)
}

// occupation checks Recharge.Unoccupied and returns, per Cardassian player,
// the nodes that generate nothing this recharge under the game's reading
// of Cardassian Occupation.
// rechargeInput is the rules engine's view of the recharge: the players
// in play, each with the nodes idle (unoccupied) left out of generation.
func (a *AscendancyState) rechargeInput(idle map[string]ascrules.Resources) ascrules.RechargeInput {
	var in ascrules.RechargeInput
	for _, p := range a.Players {
		if !p.InPlay() {
			continue
		}
		// Holding your home system means controlling it: a player with no
		// systems holds none, whatever was recorded.
		in.Standings = append(in.Standings, ascrules.PlayerStanding{Player: p.ID, Faction: p.Faction, Ascendancy: p.Ascendancy,
			HoldsOwnHome: p.HoldsHome && p.Systems > 0, HomeSystems: min(p.HomeSystems, p.Systems), Systems: p.Systems, Ships: p.Ships,
			AgendaDone: p.AgendaDone})
		in.Incomes = append(in.Incomes, ascrules.Income{Player: p.ID, Nodes: p.Nodes.Sub(idle[p.ID]), Agreements: p.Agreements, Advancements: p.Income})
		in.Maintenance = append(in.Maintenance, ascrules.MaintenanceInput{Player: p.ID, BaseCommands: p.BaseCommands,
			Starbases: p.Starbases, AdvancementCommands: p.AdvancementCommands, WarpTokens: p.WarpTokens})
	}
	return in
}

// RechargePreview is what the recharge stage would give the players in
// play now, worked out as Recharge does, with the Cardassian players'
// unoccupied nodes as Recharge.Unoccupied takes them: Generated (resources
// by player id) and Maintenance (the command tokens) are what the recharge
// panel shows before the players recharge.
func (a *AscendancyState) RechargePreview(unoccupied map[string]ascrules.Resources) (ascrules.RechargeResult, error) {
	idle := map[string]ascrules.Resources{}
	for id, n := range unoccupied {
		p, err := a.player(id)
		if err != nil {
			return ascrules.RechargeResult{}, err
		}
		if n.Negative() || !p.Nodes.Covers(n) {
			return ascrules.RechargeResult{}, reject(CodeRules, "track.has_cannot_be_unoccupied", "%s has %s; %s cannot be unoccupied.", p.Name, fmtNodes(p.Nodes), fmtNodes(n))
		}
		idle[id] = a.Options.idleNodes(n)
	}
	res, err := ascrules.Recharge(a.rechargeInput(idle))
	if err != nil {
		return res, reject(CodeRules, "track.recharge", "Recharge: %v", err)
	}
	return res, nil
}

// idleNodes is what unoccupied nodes n do not generate by the game's
// reading of the Cardassian occupation: all of it, or only production.
func (o AscOptions) idleNodes(n ascrules.Resources) ascrules.Resources {
	if o.Occupation == OccupationProduction {
		return ascrules.Resources{Production: n.Production}
	}
	return n
}

func (cmd Recharge) occupation(c *decideCtx, a *AscendancyState) (map[string]ascrules.Resources, error) {
	idle := map[string]ascrules.Resources{}
	for id, n := range cmd.Unoccupied {
		p, err := a.player(id)
		if err != nil {
			return nil, err
		}
		if n.Negative() {
			return nil, reject(CodeInvalid, "track.unoccupied_nodes_are_counts_of_0", "Unoccupied nodes are counts of 0 or more.")
		}
		if !p.AnswersOccupation() {
			if n.Total() == 0 {
				continue
			}
			if err := c.breaks(ruleOccupationCardassian, "track.plays_not_cardassians", "%s plays %s, not the Cardassians", p.Name, p.Civilization); err != nil {
				return nil, err
			}
		}
		if !p.Nodes.Covers(n) {
			return nil, reject(CodeRules, "track.has_cannot_be_unoccupied", "%s has %s; %s cannot be unoccupied.", p.Name, fmtNodes(p.Nodes), fmtNodes(n))
		}
		idle[id] = a.Options.idleNodes(n)
	}
	return idle, nil
}
