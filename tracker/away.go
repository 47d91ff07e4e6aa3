package tracker

// AwayState is the state of an Away Missions game.
type AwayState struct {
	Players []string `json:"players"`
}

func newAwayState() *AwayState { return &AwayState{Players: []string{}} }

func (a *AwayState) summary() Summary { return Summary{Players: a.Players, Stage: "setup"} }
