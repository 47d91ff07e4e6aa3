package tracker

// AscendancyState is the state of an Ascendancy game.
type AscendancyState struct {
	Players []string `json:"players"`
}

func newAscendancyState() *AscendancyState { return &AscendancyState{Players: []string{}} }

func (a *AscendancyState) summary() Summary { return Summary{Players: a.Players, Stage: "setup"} }
