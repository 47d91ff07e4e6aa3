// Package awaytext words the Away Missions dice results (an attack's or a
// skill test's pairs of dice, the special rules that applied, the verdict)
// in the reader's language, for the screens and the headless commands. The
// rules engine's Explain gives the same lines in English, for JSON.
package awaytext

import (
	"fmt"

	"fyne.io/fyne/v2/lang"

	"tableops/rules/away"
)

// PoolNames names the two pools of an attack ("attack") or a skill test
// ("tester") in the reader's language.
func PoolNames(kind string) [2]string {
	if kind == "attack" {
		return [2]string{lang.X("cli.away.pool_attack", "attack"), lang.X("cli.away.pool_defense", "defense")}
	}
	return [2]string{lang.X("cli.away.pool_tester", "tester"), lang.X("cli.away.pool_challenger", "challenger")}
}

// explainPair says how one pair of dice came out, in the reader's language
// (the rules' Explain gives the same in English, for the JSON).
func explainPair(i int, p away.Pair, a, d, unit string) string {
	v := map[string]any{"I": i + 1, "A": a, "D": d, "X": p.Attack, "Y": p.Defense, "Unit": unit}
	switch p.Outcome {
	case away.PairThrough:
		return lang.X("cli.away.pair_through", "pair {{.I}}: {{.A}} {{.X}} vs {{.D}} {{.Y}}: {{.A}} die is higher, 1 {{.Unit}}", v)
	case away.PairCanceled:
		return lang.X("cli.away.pair_canceled", "pair {{.I}}: {{.A}} {{.X}} vs {{.D}} {{.Y}}: canceled ({{.D}} equal or higher)", v)
	case away.PairUncontestedThrough:
		return lang.X("cli.away.pair_uncontested", "pair {{.I}}: {{.A}} {{.X}} uncontested: 4 or more, 1 {{.Unit}}", v)
	case away.PairUncontestedMiss:
		return lang.X("cli.away.pair_uncontested_miss", "pair {{.I}}: {{.A}} {{.X}} uncontested: below 4, canceled", v)
	default:
		return lang.X("cli.away.pair_unpaired", "pair {{.I}}: {{.D}} {{.Y}} unpaired: ignored", v)
	}
}

// Attack is the explanation of an attack's result.
func Attack(r away.AttackResult) []string {
	names := PoolNames("attack")
	var lines []string
	for i, p := range r.Pairs {
		lines = append(lines, explainPair(i, p, names[0], names[1], lang.X("cli.away.unit_damage", "damage")))
	}
	for _, n := range r.Notes {
		lines = append(lines, awayNote(n))
	}
	if r.Uncanceled > 0 && r.WeaponDamage > 0 {
		lines = append(lines, lang.X("cli.away.weapon_adds", "{{.N}} attack dice got through, weapon adds +{{.W}}", map[string]any{"N": r.Uncanceled, "W": r.WeaponDamage}))
	}
	if r.Stun > 0 {
		lines = append(lines, lang.X("cli.away.result_stun", "result: {{.N}} Stun token, no damage", map[string]any{"N": r.Stun}))
	} else {
		lines = append(lines, lang.X("cli.away.result_damage", "result: {{.N}} damage", map[string]any{"N": r.Damage}))
	}
	return lines
}

// Skill is the explanation of a skill test's result.
func Skill(r away.SkillResult) []string {
	names := PoolNames("tester")
	var lines []string
	for i, p := range r.Pairs {
		switch {
		case r.Opposed:
			lines = append(lines, explainPair(i, p, names[0], names[1], lang.X("cli.away.unit_success", "success")))
		case p.Through():
			lines = append(lines, lang.X("cli.away.die_success", "die {{.I}}: {{.X}} is 4 or more, 1 success", map[string]any{"I": i + 1, "X": p.Attack}))
		default:
			lines = append(lines, lang.X("cli.away.die_miss", "die {{.I}}: {{.X}} is below 4, no success", map[string]any{"I": i + 1, "X": p.Attack}))
		}
	}
	v := map[string]any{"N": r.Successes, "Need": r.Need}
	switch {
	case r.Passed && r.Successes == 1:
		lines = append(lines, lang.X("cli.away.passed_one", "result: {{.N}} success, {{.Need}} needed: passed", v))
	case r.Passed:
		lines = append(lines, lang.X("cli.away.passed", "result: {{.N}} successes, {{.Need}} needed: passed", v))
	case r.Successes == 1:
		lines = append(lines, lang.X("cli.away.failed_one", "result: {{.N}} success, {{.Need}} needed: failed", v))
	default:
		lines = append(lines, lang.X("cli.away.failed", "result: {{.N}} successes, {{.Need}} needed: failed", v))
	}
	return lines
}

// awayNote gives a special-rule note of the rules' attack result (written
// in English there) in the reader's language; a note it does not know
// stays as it is.
func awayNote(n string) string {
	switch n {
	case "Stun weapon against a Borg target: normal damage, weapon counts as +0":
		return lang.X("cli.away.note_stun_borg", "Stun weapon against a Borg target: normal damage, weapon counts as +0")
	case "Stun weapon: the target is already Incapacitated and gains no more Stun tokens (and no damage)":
		return lang.X("cli.away.note_stun_incapacitated", "Stun weapon: the target is already Incapacitated and gains no more Stun tokens (and no damage)")
	case "second Stun token: the target is Incapacitated":
		return lang.X("cli.away.note_second_stun", "second Stun token: the target is Incapacitated")
	}
	var d int
	if _, err := fmt.Sscanf(n, "Stun weapon: one Stun token instead of %d damage", &d); err == nil {
		return lang.X("cli.away.note_stun", "Stun weapon: one Stun token instead of {{.N}} damage", map[string]any{"N": d})
	}
	return n
}
