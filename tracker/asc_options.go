package tracker

import (
	"slices"
	"strings"

	ascrules "tableops/rules/ascendancy"
)

// AscOptions are the optional rules a table agrees on before an Ascendancy
// game; every device sharing the game plays by the same ones.
type AscOptions struct {
	// EasierAscension: an ascendancy token costs 4 culture instead of 5
	// (optional rule "Easier ascension").
	EasierAscension bool `json:"easier_ascension,omitempty"`
	// StarbaseLimit is how many starbases a player may commission over the
	// game: 3 (full rulebook) or 4 (rules summary); 0 means the full
	// rulebook's 3 (see AscChoices).
	StarbaseLimit int `json:"starbase_limit,omitempty"`
	// Occupation is the Cardassian occupation reading: OccupationAll or
	// OccupationProduction ("" is OccupationAll).
	Occupation string `json:"occupation,omitempty"`
	// VulcanStart is the Vulcan home system reading: VulcanDeveloped or
	// VulcanStandard ("" is VulcanDeveloped).
	VulcanStart string `json:"vulcan_start,omitempty"`
	// StarbaseDice is the reading of the starbase's die in a space battle:
	// StarbaseDieOrbit or StarbaseDiePerStarbase ("" is StarbaseDieOrbit).
	StarbaseDice string `json:"starbase_dice,omitempty"`
	// AndorianRecon is where the Andorian reconnaissance fleet may leave a
	// token: ReconAnySystem or ReconRivalSystem ("" is ReconAnySystem).
	AndorianRecon string `json:"andorian_recon,omitempty"`
	// Start is the optional starting-resources rule: StartStandard,
	// StartExtra or StartHumble ("" is StartStandard).
	Start string `json:"start,omitempty"`
}

// Readings of the rules where the seeds disagree, and optional starts.
const (
	OccupationAll          = "all"
	OccupationProduction   = "production"
	VulcanDeveloped        = "developed"
	VulcanStandard         = "standard"
	StarbaseDieOrbit       = "orbit"
	StarbaseDiePerStarbase = "per_starbase"
	ReconAnySystem         = "any"
	ReconRivalSystem       = "rival"
	StartStandard          = "standard"
	StartExtra             = "extra"
	StartHumble            = "humble"
)

// Sources of the Ascendancy rules, as the players know the books.
const (
	srcAscRulebook = "Ascendancy rulebook (July 2020)"
	srcAscSummary  = "Ascendancy rules summary"
	srcBorgBook    = "Borg Assimilation rulebook"
)

// Reading is one way the books state a rule: Value is what the option
// field holds, Text the rule in plain words, Source which book says so.
// Key names Text for translation ("choice.occupation.all"); Source is
// translated under Key+".source".
type Reading struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Text   string `json:"text"`
	Source string `json:"source"`
}

// AscChoice is a setup option where the books disagree (or an optional
// rule): Field names the AscOptions field, Question asks the table, and
// the first reading is the one used when nothing is chosen.
//
// Key names Question for translation ("choice.occupation").
type AscChoice struct {
	Key      string    `json:"key"`
	Field    string    `json:"field"`
	Question string    `json:"question"`
	Readings []Reading `json:"readings"`
}

// AscChoices lists the setup options where the rulebooks disagree, each
// reading with the book that states it, for the setup screen.
func AscChoices() []AscChoice {
	out := ascChoices()
	for i := range out {
		c := &out[i]
		c.Key = "choice." + c.Field
		for j := range c.Readings {
			c.Readings[j].Key = c.Key + "." + c.Readings[j].Value
		}
	}
	return out
}

func ascChoices() []AscChoice {
	return []AscChoice{
		{Field: "starbase_limit", Question: "How many starbases may each player commission over the game?", Readings: []Reading{
			{Value: "3", Text: "3 starbases over the game, one per ascendancy level", Source: srcAscRulebook + ", Building a Starbase"},
			{Value: "4", Text: "4 starbases over the game, one per ascendancy level", Source: srcAscSummary + ", Commission fleets and starbases"},
		}},
		{Field: "occupation", Question: "Cardassian occupation: what does a Cardassian system without a Cardassian ship in orbit produce?", Readings: []Reading{
			{Value: OccupationAll, Text: "Nothing: it generates no resources at all", Source: srcAscRulebook + ", Cardassian Occupation"},
			{Value: OccupationProduction, Text: "No production; its research and culture come in as usual", Source: srcAscSummary + ", Cardassians: Occupation"},
		}},
		{Field: "vulcan_start", Question: "How does the Vulcan home system start?", Readings: []Reading{
			{Value: VulcanDeveloped, Text: "Fully developed (every node slot built), 3 ships, 3 ascendancy", Source: srcAscRulebook + ", Adding the Vulcans"},
			{Value: VulcanStandard, Text: "Like every home system (1 node of each kind, 3 ships), with 3 ascendancy", Source: srcAscSummary + ", Setup and Vulcans"},
		}},
		{Field: "starbase_dice", Question: "When does a starbase add its die in a space battle?", Readings: []Reading{
			{Value: StarbaseDieOrbit, Text: "One extra die when any of your ships in the fight orbit a system you control with a starbase", Source: srcAscRulebook + ", Starbases in Space Battles"},
			{Value: StarbaseDiePerStarbase, Text: "One extra die for each starbase of yours in the battle's system", Source: srcAscSummary + ", quick reference: Attack"},
		}},
		{Field: "andorian_recon", Question: "Where may the Andorian reconnaissance fleet leave an Andorian token?", Readings: []Reading{
			{Value: ReconAnySystem, Text: "On any system it orbits or is linked to, whoever controls it (never a phenomenon)", Source: srcAscRulebook + ", Andorian Reconnaissance Fleet"},
			{Value: ReconRivalSystem, Text: "Only on a rival-controlled system it is in or next to (never a phenomenon)", Source: srcAscSummary + ", Andorians"},
		}},
		{Field: "start", Question: "What does each player start with?", Readings: []Reading{
			{Value: StartStandard, Text: "3 production, 3 research, 3 culture and 1 ascendancy (Vulcans 3)", Source: srcAscRulebook + ", Setup"},
			{Value: StartExtra, Text: "Optional rule: 8 production, 6 research, 4 culture", Source: srcAscSummary + ", optional rules: Extra starting resources"},
			{Value: StartHumble, Text: "Optional rule: no resources and no ascendancy (Vulcans 3 ascendancy)", Source: srcAscRulebook + ", optional rules: Humble Origins"},
		}},
	}
}

// StarbasesPerGame is the starbase limit in play (3 unless the table chose
// the summary's 4).
func (o AscOptions) StarbasesPerGame() int {
	if o.StarbaseLimit == 0 {
		return ascrules.StarbasesPerGameRulebook
	}
	return o.StarbaseLimit
}

// validate refuses values no book gives.
func (o AscOptions) validate() error {
	if o.StarbaseLimit != 0 && o.StarbaseLimit != ascrules.StarbasesPerGameRulebook && o.StarbaseLimit != ascrules.StarbasesPerGameSummary {
		return reject(CodeInvalid, "track.the_starbase_limit_is_3_rulebook", "The starbase limit is 3 (rulebook) or 4 (rules summary), not %d.", o.StarbaseLimit)
	}
	for _, f := range []struct {
		v, name string
		ok      []string
	}{
		{o.Occupation, "Cardassian occupation", []string{OccupationAll, OccupationProduction}},
		{o.VulcanStart, "Vulcan start", []string{VulcanDeveloped, VulcanStandard}},
		{o.StarbaseDice, "starbase dice", []string{StarbaseDieOrbit, StarbaseDiePerStarbase}},
		{o.AndorianRecon, "Andorian reconnaissance", []string{ReconAnySystem, ReconRivalSystem}},
		{o.Start, "starting resources", []string{StartStandard, StartExtra, StartHumble}},
	} {
		if f.v != "" && !slices.Contains(f.ok, f.v) {
			return reject(CodeInvalid, "track.the_option_is_one_of_not", "The %s option is one of %s, not %q.", f.name, strings.Join(f.ok, ", "), f.v)
		}
	}
	return nil
}

// optionValues words the options' values in the log ("per starbase").
var optionValues = map[string]Msg{
	"occupation." + OccupationAll:        {Key: "track.opt.occupation.all", Text: "all"},
	"occupation." + OccupationProduction: {Key: "track.opt.occupation.production", Text: "production"},
	"vulcan." + VulcanDeveloped:          {Key: "track.opt.vulcan.developed", Text: "developed"},
	"vulcan." + VulcanStandard:           {Key: "track.opt.vulcan.standard", Text: "standard"},
	"starbase." + StarbaseDieOrbit:       {Key: "track.opt.starbase.orbit", Text: "orbit"},
	"starbase." + StarbaseDiePerStarbase: {Key: "track.opt.starbase.per_starbase", Text: "per starbase"},
	"recon." + ReconAnySystem:            {Key: "track.opt.recon.any", Text: "any system"},
	"recon." + ReconRivalSystem:          {Key: "track.opt.recon.rival", Text: "rival system"},
	"start." + StartStandard:             {Key: "track.opt.start.standard", Text: "standard"},
	"start." + StartExtra:                {Key: "track.opt.start.extra", Text: "extra"},
	"start." + StartHumble:               {Key: "track.opt.start.humble", Text: "humble"},
}

// describe words the options for the log: "5 culture an ascendancy token;
// 4 starbases a game; Cardassian occupation: all; ...".
func (o AscOptions) describe() Texts {
	w := say("track.opt.asc_5", "5 culture an ascendancy token")
	if o.EasierAscension {
		w = say("track.opt.asc_4", "easier ascension (4 culture a token)")
	}
	w.addRaw("; ").add("track.opt.starbases", "%d starbases a game", o.StarbasesPerGame())
	value := func(field, v, def string) Msg {
		if v == "" {
			v = def
		}
		if m, ok := optionValues[field+"."+v]; ok {
			return m
		}
		return raw(v)
	}
	w.addRaw("; ").add("track.opt.occupation", "Cardassian occupation: %s", value("occupation", o.Occupation, OccupationAll))
	w.addRaw("; ").add("track.opt.vulcan", "Vulcan start: %s", value("vulcan", o.VulcanStart, VulcanDeveloped))
	w.addRaw("; ").add("track.opt.starbase", "starbase die: %s", value("starbase", o.StarbaseDice, StarbaseDieOrbit))
	w.addRaw("; ").add("track.opt.recon", "Andorian recon: %s", value("recon", o.AndorianRecon, ReconAnySystem))
	w.addRaw("; ").add("track.opt.start", "start: %s", value("start", o.Start, StartStandard))
	return w.t
}

// SetAscOptions records the table's optional rules during setup.
type SetAscOptions struct {
	Options AscOptions `json:"options"`
}

// CommandType implements Command.
func (SetAscOptions) CommandType() string { return "asc.options" }

func (cmd SetAscOptions) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscSetup); err != nil {
		return err
	}
	if a.Options == cmd.Options {
		return reject(CodeNothing, "track.those_optional_rules_are_already_in", "Those optional rules are already in play.")
	}
	if err := cmd.Options.validate(); err != nil {
		return err
	}
	label := say("track.optional_rule_off_easier_ascension_5", "Optional rule off: easier ascension (5 culture a token)")
	if cmd.Options.EasierAscension {
		label = say("track.optional_rule_on_easier_ascension_4", "Optional rule on: easier ascension (4 culture a token)")
	}
	// Only the easier ascension rule changed: the label games saved before
	// the other options had.
	old := a.Options
	old.EasierAscension = cmd.Options.EasierAscension
	if old != cmd.Options {
		label = say("track.game_options", "Game options: %s", cmd.Options.describe())
	}
	return c.emit(label, AscOptionsSet{Options: cmd.Options})
}

// AscOptionsSet records the optional rules in play.
type AscOptionsSet struct {
	Options AscOptions `json:"options"`
}

// EventType implements Payload.
func (AscOptionsSet) EventType() string { return "asc.options" }

func (e AscOptionsSet) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	a.Options = e.Options
	return nil
}
