package cli

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"tableops/rules/borg"
	"tableops/rules/dice"
	"tableops/rules/odds"
)

// battleDice is a dice pool given as faces (--FACES 6,5,4) or as a count to
// roll virtually (--COUNT N, with --seed). The Ascendancy and Borg commands
// use their own flag names (--dice/--count, --player-dice/--player-count,
// --borg-dice/--borg-count) because the documented commands fix --dice and
// --player-dice as faces.
type battleDice struct {
	facesName, countName string
	faces                string
	facesSet             bool
	count                int
	countSet             bool
	auto                 bool
	index                int
}

// battlePool registers --facesName and --countName. With allowAuto,
// "--countName auto" rolls exactly the dice the rules allow.
func (fs *flagSet) battlePool(facesName, countName, what string, allowAuto bool) *battleDice {
	d := &battleDice{facesName: facesName, countName: countName, index: len(fs.pools)}
	// Reserve a seed offset next to the shared pools so virtual pools never
	// reuse a seed.
	fs.pools = append(fs.pools, &poolFlag{name: facesName, index: d.index})
	fs.Func(facesName, lang.X("cli.flag.battle_faces", "{{.What}} dice faces, e.g. 6,5,4,1", map[string]any{"What": what}), func(s string) error {
		d.faces, d.facesSet = s, true
		return nil
	})
	help := lang.X("cli.flag.battle_count", "number of {{.What}} dice to roll virtually (with --seed)", map[string]any{"What": what})
	if allowAuto {
		help = lang.X("cli.flag.battle_count_auto", "number of {{.What}} dice to roll virtually (with --seed), or \"auto\" for as many as the rules allow", map[string]any{"What": what})
	}
	fs.Func(countName, help, func(s string) error {
		if allowAuto && s == "auto" {
			d.auto, d.countSet = true, true
			return nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fmt.Errorf("%s", lang.X("cli.err.not_dice_count", "--{{.Flag}} {{.V}} is not a number of dice", tv{"Flag": countName, "V": strconv.Quote(s)}))
		}
		if n > odds.MaxBattleDice {
			return fmt.Errorf("--%s %d: at most %d dice", countName, n, odds.MaxBattleDice)
		}
		d.count, d.countSet = n, true
		return nil
	})
	return d
}

// rollBattle returns the pool's faces, parsed or rolled virtually (auto
// rolls autoCount dice). Virtual pools use --seed plus the pool's index; a
// random seed is drawn when none was given.
func (fs *flagSet) rollBattle(d *battleDice, autoCount int) (pool dice.Pool, virtual bool, err error) {
	switch {
	case d.facesSet && d.countSet:
		return nil, false, badInput("%s", lang.X("cli.err.either_not_both", "give either --{{.A}} or --{{.B}}, not both", tv{"A": d.facesName, "B": d.countName}))
	case d.facesSet:
		p, err := dice.Parse(d.faces, odds.MaxBattleDice)
		if err != nil {
			return nil, false, badInput("--%s: %v", d.facesName, err)
		}
		return p, false, nil
	case d.countSet:
		n := d.count
		if d.auto {
			n = autoCount
		}
		if err := fs.ensureSeed(); err != nil {
			return nil, false, err
		}
		return dice.Roll(n, fs.seed+uint64(d.index)), true, nil
	default:
		return nil, false, badInput("%s", lang.X("cli.err.either_required", "--{{.A}} or --{{.B}} is required", tv{"A": d.facesName, "B": d.countName}))
	}
}

// hitFlag checks a hit roll flag: 1 to 6.
func hitFlag(name string, v int) error {
	if v < 1 || v > 6 {
		return badInput("%s", lang.X("cli.battle.bad_hit", "--{{.Flag}} {{.V}}: a hit roll is 1 to 6 (e.g. 4 for 4+)", tv{"Flag": name, "V": v}))
	}
	return nil
}

// hitAndShields checks --hit (a hit roll, 1 to 6) and --shields (a shield
// modifier, not negative), in that order.
func hitAndShields(hit, shields int) error {
	if err := hitFlag("hit", hit); err != nil {
		return err
	}
	return nonNegative("shields", shields)
}

// borgHitFlag checks --borg-hit: the Borg hit roll from the console.
func borgHitFlag(v int) error {
	if err := borg.ValidateBorgHit(v); err != nil {
		return badInput("%s", lang.X("cli.battle.bad_borg_hit", "--borg-hit {{.V}}: the Borg hit roll from the console is 2 to 6", tv{"V": v}))
	}
	return nil
}

// virtualNote is " (rolled virtually, seed N)" for a virtual roll's seed,
// and "" when the dice were entered (seed nil).
func virtualNote(seed *uint64) string {
	if seed == nil {
		return ""
	}
	return lang.X("cli.battle.virtual_note", " (rolled virtually, seed {{.Seed}})", tv{"Seed": *seed})
}

func nonNegative(pairs ...any) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if v := pairs[i+1].(int); v < 0 {
			return badInput("%s", lang.X("cli.battle.negative", "--{{.Flag}} {{.V}} must not be negative", tv{"Flag": pairs[i].(string), "V": v}))
		}
	}
	return nil
}

func seedPtr(fs *flagSet, virtual bool) *uint64 {
	if !virtual {
		return nil
	}
	s := fs.seed
	return &s
}

func faceList(p []int) string {
	if len(p) == 0 {
		return "(no dice)"
	}
	parts := make([]string, len(p))
	for i, f := range p {
		parts[i] = strconv.Itoa(f)
	}
	return strings.Join(parts, ",")
}
