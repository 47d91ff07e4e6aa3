package tracker

// The actions of a player's turn by the phase they belong to (seed 003
// "Building phase", "Command phase"; seed 002 "Fase di Costruzione", "Fase
// di Comando"). The commands check the phase themselves (building and
// commandAction); this list is what the screens' hints say, and its test
// checks every entry against the refusal its command gives in the other
// phase, so a hint never names an action the tracker refuses then.

// phaseAction is one action of a turn: its phase, its name, and the
// command that does it (nil for a command the players spend a token on
// themselves: moving, exploring, trading).
type phaseAction struct {
	phase   string
	name    Msg
	example func(player string) Command
}

// phaseActions lists the actions of a turn, building first.
func phaseActions() []phaseAction {
	return []phaseAction{
		{PhaseBuilding, msgf("track.act.build_ships", "build ships"), func(p string) Command { return BuildShips{Player: p, Ships: 1} }},
		{PhaseBuilding, msgf("track.act.build_nodes", "build nodes"), func(p string) Command { return BuildNode{Player: p, Type: CounterProduction} }},
		{PhaseBuilding, msgf("track.act.colonize", "colonize"), func(p string) Command { return Colonize{Player: p} }},
		{PhaseBuilding, msgf("track.act.upgrade", "upgrade weapons and shields"), func(p string) Command { return Upgrade{Player: p, Weapons: true} }},
		{PhaseBuilding, msgf("track.act.commit_research", "commit research to projects"), func(p string) Command { return CommitResearch{Player: p, Card: 1} }},
		{PhaseCommand, msgf("track.act.move_explore", "move and explore"), nil},
		{PhaseCommand, msgf("track.act.starbases", "commission starbases"), func(p string) Command { return CommissionStarbase{Player: p} }},
		{PhaseCommand, msgf("track.act.fleets", "form fleets"), func(p string) Command { return CommissionFleet{Player: p} }},
		{PhaseCommand, msgf("track.act.launch_projects", "launch projects"), func(p string) Command { return Project{Player: p} }},
		{PhaseCommand, msgf("track.act.warp", "enter or leave warp"), func(p string) Command { return Warp{Player: p} }},
		{PhaseCommand, msgf("track.act.attack", "attack (Battle panel)"), nil},
		{PhaseCommand, msgf("track.act.hegemony", "hegemony"), func(p string) Command { return TryHegemony{Player: p, Resistance: 1} }},
		{PhaseCommand, msgf("track.act.trade", "trade"), nil},
	}
}

// AscPhaseActions names the actions of a player's turn in phase
// (PhaseBuilding or PhaseCommand), in the order a hint lists them.
func AscPhaseActions(phase string) []Msg {
	var out []Msg
	for _, a := range phaseActions() {
		if a.phase == phase {
			out = append(out, a.name)
		}
	}
	return out
}
