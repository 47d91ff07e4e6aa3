package away

import (
	"fmt"

	"tableops/rules/dice"
	"tableops/rules/rulerr"
)

// MaxDice is the most dice any Attack, Defense or Skill roll may use
// ("Combat", step 4, No More Than Six Dice).
const MaxDice = dice.AwayMissionsCap

// MaxStun is the number of Stun tokens that Incapacitates a character; no
// more can be given ("Stun", Incapacitated by Two Stun Tokens).
const MaxStun = 2

// HitFace is the lowest face with which an uncontested attack or tester die
// succeeds ("Combat", Uncontested Attack Dice; "Skill Test").
const HitFace = 4

// DiceCount is how many dice a roll gets: the total the modifiers ask for,
// the dice actually rolled after the six-dice cap, and how many were lost to
// the cap.
type DiceCount struct {
	Wanted  int `json:"wanted"`
	Kept    int `json:"kept"`
	Dropped int `json:"dropped"`
}

func capDice(n int) DiceCount {
	if n < 0 {
		n = 0
	}
	kept, dropped := dice.Cap(n, MaxDice)
	return DiceCount{Wanted: n, Kept: kept, Dropped: dropped}
}

// AttackSetup holds everything that decides an Attack Action's dice and its
// damage ("Combat", steps 3-6; "Special Rules"). It is plain data: a tracker
// can store it with the roll.
type AttackSetup struct {
	// Attack is the attacker's current Attack rating.
	Attack int `json:"attack"`
	// WeaponDice are the Attack Action's extra Attack dice.
	WeaponDice int `json:"weapon_dice"`
	// Backup: a friendly character in the attacker's space (+1 die).
	Backup bool `json:"backup,omitempty"`
	// CardDice are extra attack dice from played cards (may be negative).
	CardDice int `json:"card_dice,omitempty"`
	// WeaponDamage is the Attack Action's Damage rating, added when at
	// least one attack die got through.
	WeaponDamage int `json:"weapon_damage"`
	// Stun: the weapon has the Stun rule.
	Stun bool `json:"stun,omitempty"`
	// Melee: the weapon has the Melee rule (lets a Defensive weapon count).
	Melee bool `json:"melee,omitempty"`

	// Defense is the target's current Defense rating.
	Defense int `json:"defense"`
	// DefenseBackup: a friendly character in the target's space (+1 die).
	DefenseBackup bool `json:"defense_backup,omitempty"`
	// TakeCover: the target has a Take Cover token (+1 die).
	TakeCover bool `json:"take_cover,omitempty"`
	// Defensive: the target has a Defensive weapon (+1 die against Melee).
	Defensive bool `json:"defensive,omitempty"`
	// DefenseCardDice are extra defense dice from played cards.
	DefenseCardDice int `json:"defense_card_dice,omitempty"`
	// TargetStun is the number of Stun tokens the target has (-1 defense
	// die each, and a Stun weapon cannot stun a target that has two).
	TargetStun int `json:"target_stun,omitempty"`
	// BorgTarget: the target is a Borg character (not stunned by Stun
	// weapons, which then act as +0 damage weapons).
	BorgTarget bool `json:"borg_target,omitempty"`
}

// Validate rejects negative ratings, weapon dice, damage or stun tokens.
func (s AttackSetup) Validate() error {
	switch {
	case s.Attack < 0:
		return rulerr.Errorf("rules.away.attack_rating_is_negative", "attack rating %d is negative", s.Attack)
	case s.Defense < 0:
		return rulerr.Errorf("rules.away.defense_rating_is_negative", "defense rating %d is negative", s.Defense)
	case s.WeaponDice < 0:
		return rulerr.Errorf("rules.away.weapon_attack_dice_is_negative", "weapon attack dice %d is negative", s.WeaponDice)
	case s.WeaponDamage < 0:
		return rulerr.Errorf("rules.away.weapon_damage_is_negative", "weapon damage %d is negative", s.WeaponDamage)
	case s.TargetStun < 0 || s.TargetStun > MaxStun:
		return rulerr.Errorf("rules.away.target_has_stun_tokens_0_to", "target has %d stun tokens (0 to %d)", s.TargetStun, MaxStun)
	}
	return nil
}

// AttackDice returns the number of Attack dice: current Attack rating plus
// the Attack Action's dice, +1 for Backup, plus card dice, capped at six
// ("Combat", step 3 and step 4, No More Than Six Dice).
func (s AttackSetup) AttackDice() DiceCount {
	n := s.Attack + s.WeaponDice + s.CardDice
	if s.Backup {
		n++
	}
	return capDice(n)
}

// DefenseDice returns the number of Defense dice: current Defense rating,
// +1 for Backup, +1 for a Take Cover token, +1 for a Defensive weapon
// against a Melee attack, plus card dice, minus one per Stun token, capped
// at six ("Combat", step 4; "Take Cover Actions"; "Special Rules",
// Defensive and Defending While Stunned).
func (s AttackSetup) DefenseDice() DiceCount {
	n := s.Defense + s.DefenseCardDice - s.TargetStun
	if s.DefenseBackup {
		n++
	}
	if s.TakeCover {
		n++
	}
	if s.Defensive && s.Melee {
		n++
	}
	return capDice(n)
}

// PairOutcome says what happened to one pair of sorted dice.
type PairOutcome string

// Pair outcomes ("Combat", step 5; "Skill Test", Opposed Skill Tests).
const (
	// PairThrough: the attack (tester) die beat its defense (challenger) die.
	PairThrough PairOutcome = "through"
	// PairCanceled: the defense die equaled or beat the attack die.
	PairCanceled PairOutcome = "canceled"
	// PairUncontestedThrough: an unpaired attack die showing 4 or more.
	PairUncontestedThrough PairOutcome = "uncontested_through"
	// PairUncontestedMiss: an unpaired attack die showing 1, 2 or 3.
	PairUncontestedMiss PairOutcome = "uncontested_miss"
	// PairIgnored: a surplus, lower defense die.
	PairIgnored PairOutcome = "ignored"
)

// Pair is one row of the Dice Board: the attack (or tester) die and the
// defense (or challenger) die beside it, 0 where a side has no die.
type Pair struct {
	Attack  int         `json:"attack"`
	Defense int         `json:"defense"`
	Outcome PairOutcome `json:"outcome"`
}

// Through reports whether the pair's attack die got through.
func (p Pair) Through() bool {
	return p.Outcome == PairThrough || p.Outcome == PairUncontestedThrough
}

// Compare lines up both pools highest to lowest and compares them pair by
// pair: a defense die equal to or above its attack die cancels it, any other
// paired attack die gets through, unpaired attack dice get through on 4 or
// more, and unpaired (lower) defense dice are ignored. It returns the rows
// and the number of attack dice that got through ("Combat", step 5; the
// same comparison decides opposed Skill tests, "Skill Test", Opposed Skill
// Tests).
func Compare(attack, defense dice.Pool) ([]Pair, int) {
	a, d := attack.Sorted(), defense.Sorted()
	rows := max(len(a), len(d))
	pairs := make([]Pair, rows)
	through := 0
	for i := range rows {
		var p Pair
		switch {
		case i < len(a) && i < len(d):
			p = Pair{Attack: a[i], Defense: d[i], Outcome: PairThrough}
			if d[i] >= a[i] {
				p.Outcome = PairCanceled
			}
		case i < len(a):
			p = Pair{Attack: a[i], Outcome: PairUncontestedMiss}
			if a[i] >= HitFace {
				p.Outcome = PairUncontestedThrough
			}
		default:
			p = Pair{Defense: d[i], Outcome: PairIgnored}
		}
		if p.Through() {
			through++
		}
		pairs[i] = p
	}
	return pairs, through
}

// AttackResult is a resolved Attack Action: the sorted dice, the rows of the
// Dice Board, and what the target suffers.
type AttackResult struct {
	Attack  dice.Pool `json:"attack"`
	Defense dice.Pool `json:"defense"`
	Pairs   []Pair    `json:"pairs"`
	// Uncanceled is the number of attack dice that got through.
	Uncanceled int `json:"uncanceled"`
	// WeaponDamage is the Damage rating actually added (0 when nothing got
	// through, and 0 for a Stun weapon against a Borg target).
	WeaponDamage int `json:"weapon_damage"`
	// Damage is the total Damage the target takes.
	Damage int `json:"damage"`
	// Stun is the number of Stun tokens the target gains (0 or 1).
	Stun int `json:"stun"`
	// Incapacitated: the target now has two Stun tokens.
	Incapacitated bool `json:"incapacitated"`
	// Notes explain the special rules that applied, in plain words.
	Notes []string `json:"notes,omitempty"`
}

// ResolveAttack resolves an Attack Action from the rolled pools ("Combat",
// steps 5 and 6; "Special Rules", Stun). Each uncanceled attack die causes
// one Damage; if any got through, the weapon's Damage rating is added. A
// Stun weapon that would cause Damage to a non-Borg target gives one Stun
// token in place of all of it; a target that already has two Stun tokens is
// Incapacitated and gains no more (nor any Damage from that Stun hit, the
// token being in place of all Damage). Against a Borg target a Stun weapon
// is an ordinary +0 Damage weapon. Pools hold at most six dice each; their
// sizes are not checked against the setup's counts, since players may have
// re-rolled or played cards.
func ResolveAttack(s AttackSetup, attack, defense dice.Pool) (AttackResult, error) {
	if err := s.Validate(); err != nil {
		return AttackResult{}, rulerr.Errorf("rules.away.attack_setup", "attack setup: %w", err)
	}
	if err := attack.Validate(MaxDice); err != nil {
		return AttackResult{}, rulerr.Errorf("rules.away.attack_dice", "attack dice: %w", err)
	}
	if err := defense.Validate(MaxDice); err != nil {
		return AttackResult{}, rulerr.Errorf("rules.away.defense_dice", "defense dice: %w", err)
	}
	pairs, through := Compare(attack, defense)
	r := AttackResult{Attack: sortedPool(attack), Defense: sortedPool(defense), Pairs: pairs, Uncanceled: through}
	r.WeaponDamage, r.Damage, r.Stun, r.Notes = AttackEffect(s, through)
	r.Incapacitated = s.TargetStun+r.Stun >= MaxStun
	return r, nil
}

// AttackEffect turns the number of uncanceled attack dice into the weapon
// damage added, the total Damage and the Stun tokens gained, with notes on
// the special rules used ("Combat", step 5; "Special Rules", Stun Weapons and
// Incapacitated by Two Stun Tokens). It is the part of ResolveAttack that
// does not look at the dice, shared with the exact odds.
func AttackEffect(s AttackSetup, uncanceled int) (weaponDamage, damage, stun int, notes []string) {
	if uncanceled <= 0 {
		return 0, 0, 0, nil
	}
	weaponDamage = s.WeaponDamage
	switch {
	case s.Stun && s.BorgTarget:
		notes = append(notes, "Stun weapon against a Borg target: normal damage, weapon counts as +0")
		weaponDamage = 0
	case s.Stun && s.TargetStun >= MaxStun:
		notes = append(notes, "Stun weapon: the target is already Incapacitated and gains no more Stun tokens (and no damage)")
		return 0, 0, 0, notes
	case s.Stun:
		notes = append(notes, fmt.Sprintf("Stun weapon: one Stun token instead of %d damage", uncanceled+weaponDamage))
		if s.TargetStun+1 >= MaxStun {
			notes = append(notes, "second Stun token: the target is Incapacitated")
		}
		return 0, 0, 1, notes
	}
	return weaponDamage, uncanceled + weaponDamage, 0, notes
}

// sortedPool sorts p highest to lowest; an empty pool stays an empty (not
// nil) slice so JSON shows [].
func sortedPool(p dice.Pool) dice.Pool {
	if len(p) == 0 {
		return dice.Pool{}
	}
	return p.Sorted()
}

// Explain returns one line per Dice Board row and a closing line, for a
// person reading the result ("6 vs 5: through, 1 damage").
func (r AttackResult) Explain() []string {
	lines := make([]string, 0, len(r.Pairs)+3)
	for i, p := range r.Pairs {
		lines = append(lines, fmt.Sprintf("pair %d: %s", i+1, explainPair(p, "attack", "defense", "damage")))
	}
	lines = append(lines, r.Notes...)
	if r.Uncanceled > 0 && r.WeaponDamage > 0 {
		lines = append(lines, fmt.Sprintf("%d attack dice got through, weapon adds +%d", r.Uncanceled, r.WeaponDamage))
	}
	switch {
	case r.Stun > 0:
		lines = append(lines, fmt.Sprintf("result: %d Stun token, no damage", r.Stun))
	default:
		lines = append(lines, fmt.Sprintf("result: %d damage", r.Damage))
	}
	return lines
}

func explainPair(p Pair, attacker, defender, unit string) string {
	switch p.Outcome {
	case PairThrough:
		return fmt.Sprintf("%s %d vs %s %d: %s die is higher, 1 %s", attacker, p.Attack, defender, p.Defense, attacker, unit)
	case PairCanceled:
		return fmt.Sprintf("%s %d vs %s %d: canceled (%s equal or higher)", attacker, p.Attack, defender, p.Defense, defender)
	case PairUncontestedThrough:
		return fmt.Sprintf("%s %d uncontested: 4 or more, 1 %s", attacker, p.Attack, unit)
	case PairUncontestedMiss:
		return fmt.Sprintf("%s %d uncontested: below 4, canceled", attacker, p.Attack)
	default:
		return fmt.Sprintf("%s %d unpaired: ignored", defender, p.Defense)
	}
}

// SetupAttack builds the AttackSetup for attacker using weapon against
// target from their current ratings, tokens and rules ("Combat", steps 3-4).
// Backup for either side and card dice depend on the board and are given by
// the caller; the target's Take Cover token, Stun tokens, Borg status and
// any Defensive weapon come from the target.
func SetupAttack(attacker Character, weapon Weapon, target Character, attackerBackup, targetBackup bool) AttackSetup {
	defensive := false
	for _, w := range target.Weapons {
		if w.Defensive() {
			defensive = true
		}
	}
	return AttackSetup{
		Attack:        attacker.Rating(Attack),
		WeaponDice:    max(weapon.Dice, 0),
		Backup:        attackerBackup,
		WeaponDamage:  max(weapon.Damage, 0),
		Stun:          weapon.Stun(),
		Melee:         weapon.Melee(),
		Defense:       target.Rating(Defense),
		DefenseBackup: targetBackup,
		TakeCover:     target.TakeCover,
		Defensive:     defensive,
		TargetStun:    min(max(target.Stun, 0), MaxStun),
		BorgTarget:    target.Borg(),
	}
}
