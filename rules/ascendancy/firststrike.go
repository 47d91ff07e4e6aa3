package ascendancy

// The functions here plan the dice of a space round before they are all
// rolled: who rolls first and with how many dice, when first strike makes
// a side take its casualties before it fires (seed 002 "First Strike"
// [Primo Colpo]). ResolveSpaceRound checks the faces against the same
// counts.

// Pool names one pool of dice of a space round: the attacker's dice aimed
// at defender Defender (Attacker true), or that defender's own dice.
type Pool struct {
	Attacker bool `json:"attacker,omitempty"`
	// Defender is the index of the defender in SpaceRound.Defenders.
	Defender int `json:"defender"`
}

// RollOrder returns the order a space round's pools are rolled in, so that
// a side struck first has taken its casualties before it rolls (seed 002
// "First Strike" [Primo Colpo]: the opponent takes the losses before it
// fires back; only in round 1; if both sides have first strike neither
// uses it). First come the defenders who strike first against the
// attacker, in order; then, defender by defender, the attacker's dice
// aimed at it followed by that defender's own dice, unless it already
// rolled. Without first strike the order does not matter to the rules.
func RollOrder(r SpaceRound) []Pool {
	out := make([]Pool, 0, 2*len(r.Defenders))
	for i, d := range r.Defenders {
		if StrikesFirst(r.Round, d, r.Attacker) {
			out = append(out, Pool{Defender: i})
		}
	}
	for i, d := range r.Defenders {
		out = append(out, Pool{Attacker: true, Defender: i})
		if !StrikesFirst(r.Round, d, r.Attacker) {
			out = append(out, Pool{Defender: i})
		}
	}
	return out
}

// FirstStrikeHits returns the hits the defenders who strike first against
// the attacker score with their faces in r.DefenderFaces: the attacker's
// casualties before it rolls (seed 002 "First Strike" [Primo Colpo];
// "Battles with More Than Two Players": every defender's hits go to the
// attacker). A defender without faces yet scores none.
func FirstStrikeHits(r SpaceRound) int {
	hits := 0
	for i, d := range r.Defenders {
		if !StrikesFirst(r.Round, d, r.Attacker) || i >= len(r.DefenderFaces) {
			continue
		}
		target, _ := HitTarget(d.Weapons, r.Attacker.Shields)
		hits += CountHits(r.DefenderFaces[i], target)
	}
	return hits
}

// AttackerDiceDue returns how many dice the attacker rolls in the round,
// split between the defenders: one per ship left after the first-strike
// casualties (FirstStrikeHits), plus its starbase and bonus dice
// (DiceDue).
func AttackerDiceDue(r SpaceRound) int {
	return DiceDue(r.Attacker, FirstStrikeHits(r))
}

// DefenderDiceDue returns how many dice defender i rolls: all of its dice,
// unless the attacker strikes first against it, when it rolls only for the
// ships the attacker's dice aimed at it (r.AttackerFaces[i]) leave (seed
// 002 "First Strike" [Primo Colpo]). It returns 0 for a defender not in
// the round.
func DefenderDiceDue(r SpaceRound, i int) int {
	if i < 0 || i >= len(r.Defenders) {
		return 0
	}
	d := r.Defenders[i]
	if !StrikesFirst(r.Round, r.Attacker, d) {
		return d.Dice()
	}
	hits := 0
	if i < len(r.AttackerFaces) {
		target, _ := HitTarget(r.Attacker.Weapons, d.Shields)
		hits = CountHits(r.AttackerFaces[i], target)
	}
	return DiceDue(d, hits)
}

// TrimSplit fits the attacker's split of its dice between the defenders
// to the dice it may roll (due, see AttackerDiceDue). The attacker decides
// the split before rolling (seed 002 "Battles with More Than Two
// Players"); when first-strike losses leave fewer dice than were split,
// the app takes the excess off the last defenders first. A split of no
// more than due comes back as it is; split is not changed.
func TrimSplit(split []int, due int) []int {
	out := make([]int, len(split))
	excess := -max(0, due)
	for i, n := range split {
		out[i] = max(0, n)
		excess += out[i]
	}
	for i := len(out) - 1; i >= 0 && excess > 0; i-- {
		take := min(excess, out[i])
		out[i] -= take
		excess -= take
	}
	return out
}

// RollsBefore returns the pools that must be rolled before pool p of a
// space round, when each side rolls its own dice on its own (seed 002
// "First Strike" [Primo Colpo]: the side struck first takes its losses
// before it fires, so its dice wait for the striker's). The attacker's
// pools wait for every defender that strikes first against it; a
// defender's pool waits for the attacker's pool aimed at it when the
// attacker strikes first against that defender. Without first strike (or
// after round 1) nothing waits: the sides roll at once.
func RollsBefore(r SpaceRound, p Pool) []Pool {
	var out []Pool
	if p.Attacker {
		for i, d := range r.Defenders {
			if StrikesFirst(r.Round, d, r.Attacker) {
				out = append(out, Pool{Defender: i})
			}
		}
		return out
	}
	if p.Defender >= 0 && p.Defender < len(r.Defenders) && StrikesFirst(r.Round, r.Attacker, r.Defenders[p.Defender]) {
		out = append(out, Pool{Attacker: true, Defender: p.Defender})
	}
	return out
}

// nodeSide is an invaded planet as a side of the round: one die per node,
// the defender's hit roll and shields, first strike from an advancement.
func (in Invasion) nodeSide() Side {
	return Side{Ships: in.Nodes, Weapons: in.DefenderWeapons, Shields: in.DefenderShields, FirstStrike: in.DefenderFirstStrike}
}

// invader is the invading side: starbases do not fight in invasions.
func (in Invasion) invader() Side {
	att := in.Attacker
	att.Starbase, att.BonusDice = false, max(0, att.BonusDice)
	return att
}

// InvasionNodesRollFirst reports whether the planet's nodes roll before
// the attacking ships: the nodes strike first (seed 002 "First Strike"
// [Primo Colpo]: ships or nodes, round 1 only; if both sides have it
// neither uses it).
func InvasionNodesRollFirst(in Invasion) bool {
	return StrikesFirst(in.Round, in.nodeSide(), in.invader())
}

// InvasionAttackerDiceDue returns how many dice the attacking ships roll
// in an invasion round: one per ship (and bonus dice), less the ships the
// nodes destroy first when they strike first (their faces in
// in.DefenderFaces) (seed 002 "Planetary Invasion" [Invasione Planetaria],
// "First Strike" [Primo Colpo]).
func InvasionAttackerDiceDue(in Invasion) int {
	att := in.invader()
	if !InvasionNodesRollFirst(in) {
		return att.Dice()
	}
	target, _ := HitTarget(in.DefenderWeapons, att.Shields)
	return DiceDue(att, CountHits(in.DefenderFaces, target))
}

// InvasionNodeDiceDue returns how many dice the planet's nodes roll in an
// invasion round: one per node, control node included; when the attacker
// strikes first, only the nodes its hits (in.AttackerFaces) leave: fewer
// after collateral damage, none after a successful invasion or a total
// annihilation (seed 002 "Collateral Damage" [Danni Collaterali], "Total
// Annihilation" [Distruzione Totale], "First Strike" [Primo Colpo]).
func InvasionNodeDiceDue(in Invasion) int {
	att := in.invader()
	if !StrikesFirst(in.Round, att, in.nodeSide()) {
		return max(0, in.Nodes)
	}
	target, _ := HitTarget(att.Weapons, in.DefenderShields)
	out, destroyed := InvasionResultFor(CountHits(in.AttackerFaces, target), in.Nodes)
	if out != Collateral {
		return 0
	}
	return in.Nodes - destroyed
}

// InvasionShipsRollFirst reports whether the attacking ships roll before
// the planet's nodes: the ships strike first (seed 002 "First Strike"
// [Primo Colpo]; round 1 only, and not when both sides have it).
func InvasionShipsRollFirst(in Invasion) bool {
	return StrikesFirst(in.Round, in.invader(), in.nodeSide())
}
