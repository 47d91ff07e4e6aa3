package ascendancy

import (
	"tableops/rules/dice"
)

// HitTarget returns the number a die must show to hit: the shooter's
// weapons hit roll plus the opponent's shield modifier. canHit is false when
// the target is above 6 (seed 002 "Hitting" [Colpire] and "Invulnerable
// Shields" [Scudi Invulnerabili]).
func HitTarget(weapons, opponentShields int) (target int, canHit bool) {
	t := weapons + opponentShields
	return t, t <= dice.Sides
}

// CountHits counts the faces at or above target (none when target is above
// 6): seed 003 "Space Battles", "score a hit for each roll equal to or
// higher than your hit roll".
func CountHits(faces []int, target int) int {
	if target > dice.Sides {
		return 0
	}
	return dice.Pool(faces).CountAtLeast(target)
}

// StrikesFirst reports whether side a strikes first against side b in the
// given round (1-based): only in round 1, only if a has first strike and b
// does not (seed 002 "First Strike" [Primo Colpo]: if both have it, neither
// uses it).
func StrikesFirst(round int, a, b Side) bool {
	return round == 1 && a.FirstStrike && !b.FirstStrike
}

// SpaceRound is one round of combat of a space battle with the faces the
// players rolled. With several defenders the attacker splits their dice
// between them before rolling (seed 002 "Battles with More Than Two
// Players"): AttackerFaces holds one pool per defender, in the order of
// Defenders; each pool is rolled against that defender's shields. Every
// defender's hits go to the attacker. A side struck first rolls only the
// dice its surviving ships give (see DiceDue).
type SpaceRound struct {
	// Round is the 1-based round number; first strike works in round 1.
	Round         int     `json:"round"`
	Attacker      Side    `json:"attacker"`
	Defenders     []Side  `json:"defenders"`
	AttackerFaces [][]int `json:"attacker_faces"`
	DefenderFaces [][]int `json:"defender_faces"`
}

// DefenderOutcome is one defender's part of a space round.
type DefenderOutcome struct {
	Player string `json:"player,omitempty"`
	// AttackerTarget is the attacker's hit roll against this defender.
	AttackerTarget int  `json:"attacker_target"`
	AttackerCanHit bool `json:"attacker_can_hit"`
	// Losses is the ships this defender loses (attacker's hits, capped).
	Losses int `json:"losses"`
	// Target is this defender's hit roll against the attacker.
	Target int  `json:"target"`
	CanHit bool `json:"can_hit"`
	// Hits is the hits this defender scored on the attacker.
	Hits      int `json:"hits"`
	ShipsLeft int `json:"ships_left"`
	// StruckFirst is true when this defender took its casualties before
	// rolling (the attacker had first strike over it).
	StruckFirst bool `json:"struck_first"`
}

// SpaceRoundResult is the outcome of one space battle round. The player who
// scored the hits chooses which ships they destroy (seed 002 "Casualties"
// [Perdite]); the engine only counts them.
type SpaceRoundResult struct {
	Defenders []DefenderOutcome `json:"defenders"`
	// AttackerHits is the total hits the attacker scored.
	AttackerHits int `json:"attacker_hits"`
	// AttackerLosses is the ships the attacker loses (capped at its ships).
	AttackerLosses    int `json:"attacker_losses"`
	AttackerShipsLeft int `json:"attacker_ships_left"`
	// AttackerStruckFirst is true when the attacker took casualties from
	// first-striking defenders before rolling.
	AttackerStruckFirst bool `json:"attacker_struck_first"`
	// Stalemate is true when no side can hit any other: the shields make
	// every hit roll above 6, so one side must retreat to end the battle
	// (seed 002 "Invulnerable Shields").
	Stalemate bool `json:"stalemate"`
	// Over is true when the attacker or every defender has no ships left.
	Over bool `json:"over"`
}

// DiceDue returns how many dice a side rolls when it has already taken
// casualtiesFirst losses from first strike before rolling.
func DiceDue(s Side, casualtiesFirst int) int {
	s.Ships = max(0, s.Ships-casualtiesFirst)
	return s.Dice()
}

// ResolveSpaceRound resolves one round of a space battle from the faces
// rolled (seed 002 "Space Battles" through "Casualties" and "First Strike";
// seed 003 "Space Battles"). Hits destroy ships one for one, simultaneously
// except where first strike applies. The faces entered must match the dice
// each side may roll, or the error says how many are due.
func ResolveSpaceRound(r SpaceRound) (SpaceRoundResult, error) {
	var res SpaceRoundResult
	if r.Round < 1 {
		return res, bad("rules.asc.round_rounds_count_from_1", "round %d: rounds count from 1", r.Round)
	}
	if err := r.Attacker.Validate(); err != nil {
		return res, err
	}
	if len(r.Defenders) == 0 {
		return res, bad("rules.asc.space_battle_needs_at_least_one", "a space battle needs at least one defender")
	}
	if len(r.AttackerFaces) != len(r.Defenders) {
		return res, bad("rules.asc.attacker_dice_must_be_split_into", "the attacker's dice must be split into %d groups, one per defender (got %d)", len(r.Defenders), len(r.AttackerFaces))
	}
	if len(r.DefenderFaces) != len(r.Defenders) {
		return res, bad("rules.asc.need_one_dice_pool_per_defender", "need one dice pool per defender: %d defenders, %d pools", len(r.Defenders), len(r.DefenderFaces))
	}
	for i, d := range r.Defenders {
		if err := d.Validate(); err != nil {
			return res, err
		}
		if err := dice.Pool(r.DefenderFaces[i]).Validate(0); err != nil {
			return res, bad("rules.asc.defender_dice", "defender %d dice: %v", i+1, err)
		}
		if err := dice.Pool(r.AttackerFaces[i]).Validate(0); err != nil {
			return res, bad("rules.asc.attacker_dice_against_defender", "attacker dice against defender %d: %v", i+1, err)
		}
	}
	res.Defenders = make([]DefenderOutcome, len(r.Defenders))
	att := r.Attacker
	anyHit := false

	// Defenders with first strike over the attacker fire before the
	// attacker rolls (RollOrder).
	for i, d := range r.Defenders {
		o := &res.Defenders[i]
		o.Player = d.Player
		o.Target, o.CanHit = HitTarget(d.Weapons, att.Shields)
		o.AttackerTarget, o.AttackerCanHit = HitTarget(att.Weapons, d.Shields)
		anyHit = anyHit || o.CanHit || o.AttackerCanHit
		if StrikesFirst(r.Round, d, att) {
			res.AttackerStruckFirst = true
			if got, due := len(r.DefenderFaces[i]), d.Dice(); got != due {
				return res, bad("rules.asc.defender_rolls_dice_entered", "defender %d rolls %d dice, %d entered", i+1, due, got)
			}
			o.Hits = CountHits(r.DefenderFaces[i], o.Target)
		}
	}
	attDice := AttackerDiceDue(r)
	split := 0
	for _, f := range r.AttackerFaces {
		split += len(f)
	}
	if split != attDice {
		if res.AttackerStruckFirst {
			return res, bad("rules.asc.attacker_rolls_dice_after_first_strike", "the attacker rolls %d dice after first-strike losses, %d entered", attDice, split)
		}
		return res, bad("rules.asc.attacker_rolls_dice_entered", "the attacker rolls %d dice, %d entered", attDice, split)
	}
	// The attacker's hits; defenders struck first lose ships before rolling.
	for i, d := range r.Defenders {
		o := &res.Defenders[i]
		hits := CountHits(r.AttackerFaces[i], o.AttackerTarget)
		res.AttackerHits += hits
		o.Losses = min(hits, d.Ships)
		o.ShipsLeft = d.Ships - o.Losses
		if StrikesFirst(r.Round, d, att) {
			continue // already rolled
		}
		o.StruckFirst = StrikesFirst(r.Round, att, d)
		due := DefenderDiceDue(r, i)
		if got := len(r.DefenderFaces[i]); got != due {
			if o.StruckFirst {
				return res, bad("rules.asc.defender_rolls_dice_after_first_strike", "defender %d rolls %d dice after first-strike losses, %d entered", i+1, due, got)
			}
			return res, bad("rules.asc.defender_rolls_dice_entered", "defender %d rolls %d dice, %d entered", i+1, due, got)
		}
		o.Hits = CountHits(r.DefenderFaces[i], o.Target)
	}
	total := 0
	alive := false
	for _, o := range res.Defenders {
		total += o.Hits
		alive = alive || o.ShipsLeft > 0
	}
	res.AttackerLosses = min(total, att.Ships)
	res.AttackerShipsLeft = att.Ships - res.AttackerLosses
	res.Stalemate = !anyHit
	res.Over = res.AttackerShipsLeft == 0 || !alive
	return res, nil
}

// InvasionOutcome names the result of a planetary invasion round.
type InvasionOutcome string

// Invasion round outcomes (seed 002 "Planetary Invasion" [Invasione
// Planetaria]; seed 003 "Planetary Invasion").
const (
	// Successful: more hits than the defender's nodes; the attacker places
	// a control node and takes the system.
	Successful InvasionOutcome = "successful"
	// Annihilation: hits equal the nodes (control node included): every
	// node is destroyed; nobody wins; the system must be colonized anew.
	Annihilation InvasionOutcome = "annihilation"
	// Collateral: fewer hits than nodes: the attacker destroys that many
	// resource nodes, never the control node; fight on.
	Collateral InvasionOutcome = "collateral"
	// Surrendered: the defender surrendered (at the start of any round,
	// even before the first): the attacker takes the system at once.
	Surrendered InvasionOutcome = "surrender"
)

// Invasion is one round of a planetary invasion with the faces rolled. The
// attacker rolls one die per ship; the defender one per node, control node
// included (starbases do not fight in invasions, so Attacker.Starbase is
// ignored). An uncontrolled system has no control node: Controlled false,
// Nodes counts its resource nodes, and its hit roll and shields come from
// its tech level (see TechLevel) or, for a pre-warp system, what the table
// uses.
type Invasion struct {
	Round      int  `json:"round"`
	Attacker   Side `json:"attacker"`
	Nodes      int  `json:"nodes"`
	Controlled bool `json:"controlled"`
	// DefenderWeapons and DefenderShields are the defender's hit roll and
	// shield modifier (the controlling player's, or the independent
	// civilization's tech level).
	DefenderWeapons int `json:"defender_weapons"`
	DefenderShields int `json:"defender_shields"`
	// DefenderFirstStrike is true when an advancement gives the defending
	// nodes first strike.
	DefenderFirstStrike bool  `json:"defender_first_strike,omitempty"`
	AttackerFaces       []int `json:"attacker_faces"`
	DefenderFaces       []int `json:"defender_faces"`
}

// InvasionResult is the outcome of one invasion round.
type InvasionResult struct {
	AttackerTarget int  `json:"attacker_target"`
	AttackerCanHit bool `json:"attacker_can_hit"`
	DefenderTarget int  `json:"defender_target"`
	DefenderCanHit bool `json:"defender_can_hit"`
	// Hits is the attacker's hits; DefenderHits the nodes' hits.
	Hits         int             `json:"hits"`
	DefenderHits int             `json:"defender_hits"`
	Outcome      InvasionOutcome `json:"outcome"`
	// NodesDestroyed is the number of nodes destroyed: all of them on
	// annihilation, the hits on collateral damage (resource nodes of the
	// attacker's choice), none on success.
	NodesDestroyed int `json:"nodes_destroyed"`
	NodesLeft      int `json:"nodes_left"`
	// AttackerLosses is the ships the attacker loses (capped at its ships);
	// even a successful invasion takes them.
	AttackerLosses    int `json:"attacker_losses"`
	AttackerShipsLeft int `json:"attacker_ships_left"`
	// Failed is true when the control node survived and every attacking
	// ship was destroyed: the defender keeps the system ("Failed Invasion"
	// [Invasione Fallita]).
	Failed bool `json:"failed"`
	// Over is true when the invasion has ended (success, annihilation,
	// failure); otherwise another round follows unless the attacker
	// retreats or the defender surrenders.
	Over bool `json:"over"`
}

// InvasionResultFor classifies an invasion round by the attacker's hits
// against the defender's nodes (control node included): more hits is a
// successful invasion, equal is total annihilation, fewer is collateral
// damage destroying that many resource nodes (seed 002 "Successful
// Invasion", "Collateral Damage", "Total Annihilation").
func InvasionResultFor(hits, nodes int) (InvasionOutcome, int) {
	switch {
	case hits > nodes:
		return Successful, 0
	case hits == nodes:
		return Annihilation, nodes
	default:
		return Collateral, hits
	}
}

// ResolveInvasion resolves one round of a planetary invasion from the faces
// rolled (seed 002 "Planetary Invasion" through "The Battle Continues";
// seed 003 "Planetary Invasion", "Invading uncontrolled systems").
// First strike (seed 002 "First Strike": ships or nodes, round 1) makes the
// other side take its losses before rolling: nodes destroyed by collateral
// damage do not roll, and after a successful invasion or annihilation the
// nodes roll nothing.
func ResolveInvasion(in Invasion) (InvasionResult, error) {
	var res InvasionResult
	if in.Round < 1 {
		return res, bad("rules.asc.round_rounds_count_from_1", "round %d: rounds count from 1", in.Round)
	}
	att := in.Attacker
	att.Starbase, att.BonusDice = false, max(0, att.BonusDice)
	if err := att.Validate(); err != nil {
		return res, err
	}
	if in.Nodes < 1 {
		return res, bad("rules.asc.system_has_nodes_only_developed_system", "the system has %d nodes: only a developed system can be invaded", in.Nodes)
	}
	if in.DefenderWeapons < 1 || in.DefenderWeapons > 6 {
		return res, bad("rules.asc.defender_hit_roll_must_be_1", "defender hit roll %d must be 1 to 6", in.DefenderWeapons)
	}
	if in.DefenderShields < 0 {
		return res, bad("rules.asc.defender_shield_modifier_must_not_be", "defender shield modifier %d must not be negative", in.DefenderShields)
	}
	if err := dice.Pool(in.AttackerFaces).Validate(0); err != nil {
		return res, bad("rules.asc.attacker_dice", "attacker dice: %v", err)
	}
	if err := dice.Pool(in.DefenderFaces).Validate(0); err != nil {
		return res, bad("rules.asc.defender_dice_2", "defender dice: %v", err)
	}
	def := Side{Ships: in.Nodes, Weapons: in.DefenderWeapons, Shields: in.DefenderShields, FirstStrike: in.DefenderFirstStrike}
	res.AttackerTarget, res.AttackerCanHit = HitTarget(att.Weapons, in.DefenderShields)
	res.DefenderTarget, res.DefenderCanHit = HitTarget(in.DefenderWeapons, att.Shields)

	attDue := att.Dice()
	if StrikesFirst(in.Round, def, att) {
		if got := len(in.DefenderFaces); got != in.Nodes {
			return res, bad("rules.asc.defender_rolls_dice_one_per_node", "the defender rolls %d dice (one per node), %d entered", in.Nodes, got)
		}
		res.DefenderHits = CountHits(in.DefenderFaces, res.DefenderTarget)
		attDue = DiceDue(att, res.DefenderHits)
	}
	if got := len(in.AttackerFaces); got != attDue {
		return res, bad("rules.asc.attacker_rolls_dice_one_per_ship", "the attacker rolls %d dice (one per ship), %d entered", attDue, got)
	}
	res.Hits = CountHits(in.AttackerFaces, res.AttackerTarget)
	res.Outcome, res.NodesDestroyed = InvasionResultFor(res.Hits, in.Nodes)
	if !StrikesFirst(in.Round, def, att) {
		defDue := in.Nodes
		if StrikesFirst(in.Round, att, def) {
			defDue = in.Nodes - res.NodesDestroyed
			if res.Outcome != Collateral {
				defDue = 0
			}
		}
		if got := len(in.DefenderFaces); got != defDue {
			return res, bad("rules.asc.defender_rolls_dice_one_per_node_2", "the defender rolls %d dice (one per node left), %d entered", defDue, got)
		}
		res.DefenderHits = CountHits(in.DefenderFaces, res.DefenderTarget)
	}
	res.NodesLeft = in.Nodes - res.NodesDestroyed
	if res.Outcome == Successful {
		res.NodesLeft = in.Nodes
	}
	res.AttackerLosses = min(res.DefenderHits, att.Ships)
	res.AttackerShipsLeft = att.Ships - res.AttackerLosses
	res.Failed = res.Outcome == Collateral && res.AttackerShipsLeft == 0
	res.Over = res.Outcome != Collateral || res.Failed
	return res, nil
}

// ResourceNodesDestroyed is how many of the planet's resource nodes the
// round destroys: on collateral damage as many as the hits, of the
// attacker's choice, never the control node (seed 002 "Collateral
// Damage" [Danni Collaterali]; seed 003 "the attacker must choose a number
// of resource nodes to destroy equal to the number of hits"); on total
// annihilation every node on the planet, control node included (seed 002
// "Total Annihilation" [Distruzione Totale]), so every resource node:
// all of them but the control node of a controlled planet. A successful
// invasion or a surrender destroys none.
func (r InvasionResult) ResourceNodesDestroyed(controlled bool) int {
	switch r.Outcome {
	case Collateral:
		return r.NodesDestroyed
	case Annihilation:
		if controlled {
			return max(0, r.NodesDestroyed-1)
		}
		return r.NodesDestroyed
	}
	return 0
}

// ProjectsCaptured is how many active projects a player gives up when a
// rival takes control of their intact research nodes: one per research node
// captured, no more than they have (seed 003 "Capturing research nodes and
// starbases": "1 of their active projects per node captured"; seed 002
// "Capturing Research Nodes" [Catturare i Nodi di Ricerca]: a destroyed
// research node captures nothing, and a player with no active projects
// gives none).
func ProjectsCaptured(researchNodes, projects int) int {
	return max(0, min(researchNodes, projects))
}

// Surrender is the defender surrendering an invasion (at the start of any
// round, even before the first): the attacker takes control at once, with
// every node intact (seed 002 "Surrendering to an Invasion" [Arrendersi
// all'Invasione]).
func Surrender(nodes int) InvasionResult {
	return InvasionResult{Outcome: Surrendered, NodesLeft: nodes, Over: true}
}

// CivLevel is the tech level of an independent warp-capable civilization,
// shown by the warp tokens on its system (seed 002 "Civilization Tech
// Levels" [Livelli Tecnologici delle Civiltà]).
type CivLevel struct {
	Level int `json:"level"`
	// HitRoll is the civilization's weapons hit roll: 6 minus its level.
	HitRoll int `json:"hit_roll"`
	// Shields is its shield modifier: its level.
	Shields int `json:"shields"`
	// HegemonyBase is the base of its hegemony resistance (its level); its
	// developed nodes add to it.
	HegemonyBase int `json:"hegemony_base"`
}

// TechLevel returns the civilization level table entry for an independent
// system with the given warp tokens, 1 to 4 (level 1: 5+, shields 1;
// level 2: 4+, 2; level 3: 3+, 3; level 4: 2+, 4). Pre-warp systems (no
// tokens) have no tech level in the rulebook.
func TechLevel(warpTokens int) (CivLevel, error) {
	if warpTokens < 1 || warpTokens > 4 {
		return CivLevel{}, bad("rules.asc.warp_tokens_independent_civilization_levels_are", "warp tokens %d: independent civilization levels are 1 to 4", warpTokens)
	}
	return CivLevel{Level: warpTokens, HitRoll: 6 - warpTokens, Shields: warpTokens, HegemonyBase: warpTokens}, nil
}
