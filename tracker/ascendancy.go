package tracker

import (
	"encoding/json"
	"fmt"
	"slices"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
)

// Ascendancy stages, in the order the round walker visits them.
const (
	AscSetup      = "setup"      // players, cost tables and the Borg are entered
	AscInitiative = "initiative" // bidding for turn order
	AscExecution  = "execution"  // each player's turn (building, then command), and the Borg's
	AscRecharge   = "recharge"   // every turn is done: victory check, generation, maintenance
	AscOver       = "over"       // someone won, or the Borg defeated the players
)

// Phases of one turn in the execution stage.
const (
	PhaseBuilding = "building"
	PhaseCommand  = "command"
	PhaseBorg     = "borg" // the Borg turn: build phase, then each cube's activation
)

// BorgSeat is the name the turn order uses for a Borg turn order card.
const BorgSeat = "Borg"

// AscendancyState is the state of an Ascendancy game.
type AscendancyState struct {
	Walker  AscWalker   `json:"walker"`
	Options AscOptions  `json:"options"`
	Players []AscPlayer `json:"players"`
	// Recharge is the summary of the last recharge stage: what each player gained.
	Recharge *RechargeSummary `json:"recharge,omitempty"`
	Borg     *BorgState       `json:"borg,omitempty"`
	// Battle is the space battle between players under way, if any.
	Battle *SpaceBattle `json:"battle,omitempty"`
	// Invasion is the planetary invasion under way, if any.
	Invasion *InvasionUnderWay `json:"invasion,omitempty"`
	// Reclaim is the invasion of a Borg system under way, if any.
	Reclaim *ReclaimUnderWay `json:"reclaim,omitempty"`
	NextID  int              `json:"next_id"`

	// InProgress is the battle round whose dice the sides are entering,
	// each on its own phone, if any (Fighting).
	InProgress *BattleInProgress `json:"in_progress,omitempty"`
}

// AscWalker is where the round stands.
type AscWalker struct {
	Stage string `json:"stage"`
	Round int    `json:"round"`
	// Bids are this round's bids, in the order they were made.
	Bids []ascrules.Bid `json:"bids"`
	// Passed are the players who chose not to bid this round.
	Passed []string `json:"passed,omitempty"`
	// LastOrder is last round's turn order: the order of bidding.
	LastOrder []string `json:"last_order,omitempty"`
	// Assignment is this round's turn order cards.
	Assignment *ascrules.Assignment `json:"assignment,omitempty"`
	// Order is the turn order: player ids, and BorgSeat for a Borg card.
	Order []string `json:"order"`
	// Turn indexes Order during the execution stage.
	Turn  int    `json:"turn"`
	Phase string `json:"phase,omitempty"`
	// Winners are set when the game is over (empty when the Borg won).
	Winners []string `json:"winners,omitempty"`
	Reason  string   `json:"reason,omitempty"`
}

// AscPlayer is one civilization and what its console and play area show.
type AscPlayer struct {
	ID           string             `json:"id"`
	Name         string             `json:"name"`
	Civilization string             `json:"civilization"`
	Faction      ascrules.Faction   `json:"faction,omitempty"`
	Resources    ascrules.Resources `json:"resources"`
	Ascendancy   int                `json:"ascendancy"`
	// Commands is the total command tokens; Exhausted of them are used this round.
	Commands            int `json:"commands"`
	Exhausted           int `json:"exhausted"`
	BaseCommands        int `json:"base_commands"`
	AdvancementCommands int `json:"advancement_commands"`
	// Weapons is the hit roll (5 means 5+); Shields the shield modifier.
	Weapons        int `json:"weapons"`
	Shields        int `json:"shields"`
	WeaponUpgrades int `json:"weapon_upgrades"`
	ShieldUpgrades int `json:"shield_upgrades"`
	Starbases      int `json:"starbases"`
	// Nodes are the resource nodes controlled, by type.
	Nodes ascrules.Resources `json:"nodes"`
	Ships int                `json:"ships"`
	// Agreements are the trade agreements held, from whom, exhausted or not.
	Agreements []ascrules.TradeAgreement `json:"agreements"`
	// Income is what the player's advancements produce each recharge.
	Income       ascrules.Resources `json:"income"`
	FirstContact bool               `json:"first_contact"`
	HoldsHome    bool               `json:"holds_home"`
	HomeSystems  int                `json:"home_systems"`
	Systems      int                `json:"systems"`
	WarpTokens   []int              `json:"warp_tokens"`
	// AdvancementWarp is the warp tokens pictured on the player's completed
	// advancements, as the players count them from their cards: a ship
	// exiting warp moves through that many more systems (seed 003
	// "Movement"; seed 002 "Avanzamenti con Segnalini Curvatura").
	AdvancementWarp int `json:"advancement_warp,omitempty"`
	// SquadronExited is the turn ("round/turn") in which the Ferengi Trade
	// Support Squadron last exited warp: it may not enter warp free again
	// in that turn (seed 002).
	SquadronExited string `json:"squadron_exited,omitempty"`
	// Costs is the player's cost table, copied from their own console.
	Costs       ascrules.CostTable `json:"costs"`
	Assimilated bool               `json:"assimilated"`
	Eliminated  bool               `json:"eliminated"`
	// StarbasesBuilt counts the starbases the player commissioned (captured
	// ones do not count against the limits).
	StarbasesBuilt int `json:"starbases_built,omitempty"`
	// Projects are the advancement projects in the player's project area.
	Projects int `json:"projects,omitempty"`
	// ProjectCards are those of the Projects entered from their cards (name,
	// research cost, research committed); the others (games saved before,
	// cards not entered yet) are counted only.
	ProjectCards []ProjectCardState `json:"project_cards,omitempty"`
	// Fleets are the fleets the player has in play (3 fleet cards).
	Fleets int `json:"fleets,omitempty"`
	// AgendaDone: a Vulcan player completed an agenda (their only victory).
	AgendaDone bool `json:"agenda_done,omitempty"`
	// AndorianTokens names the systems where the Andorian reconnaissance
	// fleet left a surveillance token (AndorianToken).
	AndorianTokens []string `json:"andorian_tokens,omitempty"`
}

// Ready returns the command tokens not yet exhausted.
func (p AscPlayer) Ready() int { return max(0, p.Commands-p.Exhausted) }

// RechargeSummary shows what the recharge stage did, per player.
type RechargeSummary struct {
	Round  int                     `json:"round"`
	Result ascrules.RechargeResult `json:"result"`
	Lines  []string                `json:"lines"`
	// LineTexts are Lines as data, one per line, for the screens to
	// translate (summaries saved before have none).
	LineTexts []Texts `json:"line_texts,omitempty"`
}

// BorgState is the Borg Assimilation expansion's part of the table.
type BorgState struct {
	Cubes  []borgrules.Cube  `json:"cubes"`
	Spires []borgrules.Spire `json:"spires"`
	// Hits is the Borg hit roll per spire count, copied from the console.
	Hits        borgrules.HitTable `json:"hits"`
	ThreeSpires bool               `json:"three_spires,omitempty"`
	Hub         bool               `json:"hub,omitempty"`
	HubTarget   int                `json:"hub_target,omitempty"`
	HubHasCube  bool               `json:"hub_has_cube,omitempty"`
	// PhysicalHub: the table rolls the hub die (BorgBuild) instead of the app.
	PhysicalHub bool `json:"physical_hub,omitempty"`
	// Built is true once this Borg turn's build phase ran.
	Built bool `json:"built"`
	// Activated lists the cubes activated this Borg turn.
	Activated []string `json:"activated"`
	Defeat    bool     `json:"defeat"`
	NextCube  int      `json:"next_cube"`
	// NextSpire numbers spires so that a spire placed after a reclaim never
	// takes the name of one still in play.
	NextSpire int `json:"next_spire,omitempty"`
	// Fight is the battle with a cube under way, if any.
	Fight *CubeFight `json:"fight,omitempty"`
}

// CubesInPlay counts cubes on the board and atop spires.
func (b *BorgState) CubesInPlay() int { return len(b.Cubes) + borgrules.CubesOnSpires(b.Spires) }

func (b *BorgState) cube(id string) (int, error) {
	i := slices.IndexFunc(b.Cubes, func(c borgrules.Cube) bool { return c.ID == id })
	if i < 0 {
		return -1, reject(CodeNotFound, "track.there_is_no_cube", "There is no cube %q.", id)
	}
	return i, nil
}

func newAscendancyState() *AscendancyState {
	return &AscendancyState{Walker: AscWalker{Stage: AscSetup, Bids: []ascrules.Bid{}, Order: []string{}}, Players: []AscPlayer{}}
}

func (a *AscendancyState) summary() Summary {
	names := make([]string, len(a.Players))
	for i, p := range a.Players {
		names[i] = p.Name
	}
	w := a.Walker
	switch w.Stage {
	case AscInitiative, AscRecharge:
		return newSummary(names, w.Round, w.Stage, "")
	case AscExecution:
		turn := ""
		if who := a.CurrentSeat(); who != "" {
			turn = a.seatName(who)
		}
		return newSummary(names, w.Round, w.Stage, turn)
	}
	return newSummary(names, 0, w.Stage, "")
}

// CurrentSeat returns whose turn it is in the execution stage (a player id
// or BorgSeat), or "".
func (a *AscendancyState) CurrentSeat() string {
	w := a.Walker
	if w.Stage != AscExecution || w.Turn < 0 || w.Turn >= len(w.Order) {
		return ""
	}
	return w.Order[w.Turn]
}

func (a *AscendancyState) seatName(id string) string {
	if id == BorgSeat {
		return "the Borg"
	}
	if p, err := a.player(id); err == nil {
		return p.Name
	}
	return id
}

func (a *AscendancyState) player(id string) (*AscPlayer, error) {
	for i := range a.Players {
		if a.Players[i].ID == id {
			return &a.Players[i], nil
		}
	}
	return nil, reject(CodeNotFound, "track.there_is_no_player", "There is no player %q.", id)
}

func (c *decideCtx) asc() (*AscendancyState, error) {
	if c.scratch.Ascendancy == nil {
		return nil, reject(CodeInvalid, "track.this_is_not_ascendancy_game", "This is not an Ascendancy game.")
	}
	return c.scratch.Ascendancy, nil
}

func ascOf(s *State) (*AscendancyState, error) {
	if s.Ascendancy == nil {
		return nil, fmt.Errorf("not an Ascendancy game")
	}
	return s.Ascendancy, nil
}

func wantStage(a *AscendancyState, stages ...string) error {
	if slices.Contains(stages, a.Walker.Stage) {
		return nil
	}
	return reject(CodeNotNow, "track.not_now_game_is_at", "Not now: the game is at %s.", lower(a.summary().StageTexts()))
}

// deepCopy copies a value through JSON, so state never shares memory with
// the events it was built from.
func deepCopy[T any](v T) (T, error) {
	var out T
	b, err := json.Marshal(v)
	if err != nil {
		return out, err
	}
	err = json.Unmarshal(b, &out)
	return out, err
}

func fmtRes(r ascrules.Resources) Texts {
	var t Texts
	part := func(m Msg) {
		if len(t) > 0 {
			t = append(t, raw(", "))
		}
		t = append(t, m)
	}
	if r.Production != 0 {
		part(msgf("track.res.production", "%d production", r.Production))
	}
	if r.Research != 0 {
		part(msgf("track.res.research", "%d research", r.Research))
	}
	if r.Culture != 0 {
		part(msgf("track.res.culture", "%d culture", r.Culture))
	}
	if len(t) == 0 {
		return Texts{{Key: "track.res.nothing", Text: "nothing"}}
	}
	return t
}

// fmtNodes names resource nodes: "1 production node, 2 culture nodes".
func fmtNodes(r ascrules.Resources) Texts {
	if r.Total() == 0 {
		return Texts{{Key: "track.res.no_nodes", Text: "no nodes"}}
	}
	return say("track.res.nodes", "%s node(s)", fmtRes(r)).t
}

// AscPlayerAdded: a civilization joins the game (setup).
type AscPlayerAdded struct {
	Player AscPlayer `json:"player"`
}

// EventType implements Payload.
func (AscPlayerAdded) EventType() string { return "asc.player_added" }

func (e AscPlayerAdded) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	p, err := deepCopy(e.Player)
	if err != nil {
		return err
	}
	if _, err := a.player(p.ID); err == nil {
		return fmt.Errorf("player %s exists", p.ID)
	}
	a.Players = append(a.Players, p)
	a.NextID++
	return nil
}

// AscPlayerSet: a player's record after a change (resources, commands,
// upgrades, nodes, ...). The label says what changed.
type AscPlayerSet struct {
	Player AscPlayer `json:"player"`
}

// EventType implements Payload.
func (AscPlayerSet) EventType() string { return "asc.player" }

func (e AscPlayerSet) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	p, err := a.player(e.Player.ID)
	if err != nil {
		return err
	}
	cp, err := deepCopy(e.Player)
	if err != nil {
		return err
	}
	*p = cp
	return nil
}

// AscWalkerSet: the round walker moved (stage, bids, turn order, turn, phase).
type AscWalkerSet struct {
	Walker AscWalker `json:"walker"`
}

// EventType implements Payload.
func (AscWalkerSet) EventType() string { return "asc.walker" }

func (e AscWalkerSet) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	w, err := deepCopy(e.Walker)
	if err != nil {
		return err
	}
	a.Walker = w
	// A new phase or turn ends the invasion under way, and the reclaim of
	// a Borg system under way.
	a.Invasion, a.Reclaim = nil, nil
	return nil
}

// BorgSet: the Borg's part of the table after a change.
type BorgSet struct {
	Borg BorgState `json:"borg"`
}

// EventType implements Payload.
func (BorgSet) EventType() string { return "asc.borg" }

func (e BorgSet) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	b, err := deepCopy(e.Borg)
	if err != nil {
		return err
	}
	a.Borg = &b
	return nil
}

// RechargeDone: the recharge stage's summary.
type RechargeDone struct {
	Summary RechargeSummary `json:"summary"`
}

// EventType implements Payload.
func (RechargeDone) EventType() string { return "asc.recharge" }

func (e RechargeDone) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	sum, err := deepCopy(e.Summary)
	if err != nil {
		return err
	}
	a.Recharge = &sum
	return nil
}

// CubeRoundFought records one round of combat with a Borg cube: the dice
// and the rules' result (rules/borg.ResolveCubeRound). The cube and the
// fleets change through the events that follow in the same step.
type CubeRoundFought struct {
	Cube       string                    `json:"cube"`
	Fleets     []borgrules.Fleet         `json:"fleets"`
	PlayerDice []RolledDice              `json:"player_dice"`
	BorgDice   RolledDice                `json:"borg_dice"`
	BorgHit    int                       `json:"borg_hit"`
	Result     borgrules.CubeRoundResult `json:"result"`
}

// EventType implements Payload.
func (CubeRoundFought) EventType() string { return "asc.cube_round" }

func (e CubeRoundFought) apply(s *State) error {
	for _, r := range e.PlayerDice {
		if err := r.check(); err != nil {
			return err
		}
	}
	return e.BorgDice.check()
}
