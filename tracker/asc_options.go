package tracker

// AscOptions are the optional rules a table agrees on before an Ascendancy
// game; every device sharing the game plays by the same ones.
type AscOptions struct {
	// EasierAscension: an ascendancy token costs 4 culture instead of 5
	// (optional rule "Easier ascension").
	EasierAscension bool `json:"easier_ascension,omitempty"`
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
		return reject(CodeNothing, "Those optional rules are already in play.")
	}
	label := "Optional rule off: easier ascension (5 culture a token)"
	if cmd.Options.EasierAscension {
		label = "Optional rule on: easier ascension (4 culture a token)"
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
