package tracker

// payloadTypes is the read-only table of event payloads by type tag.
var payloadTypes = map[string]func() Payload{
	"note":                     func() Payload { return &NoteAdded{} },
	"away.player_added":        func() Payload { return &AwayPlayerAdded{} },
	"away.character_added":     func() Payload { return &CharacterAdded{} },
	"away.character_removed":   func() Payload { return &CharacterRemoved{} },
	"away.overlay_set":         func() Payload { return &OverlaySet{} },
	"away.order_set":           func() Payload { return &AwayOrderSet{} },
	"away.phase":               func() Payload { return &AwayPhaseChanged{} },
	"away.activations_cleared": func() Payload { return &ActivationsCleared{} },
	"away.arrived":             func() Payload { return &CharacterArrived{} },
	"away.tokens":              func() Payload { return &TokensSet{} },
	"away.pegs":                func() Payload { return &PegsSet{} },
	"away.stun":                func() Payload { return &StunSet{} },
	"away.take_cover":          func() Payload { return &TakeCoverSet{} },
	"away.activated":           func() Payload { return &CharacterActivated{} },
	"away.attack":              func() Payload { return &AttackResolved{} },
	"away.neutralized":         func() Payload { return &CharacterNeutralized{} },
	"away.assimilated":         func() Payload { return &CharacterAssimilated{} },
	"away.mission_scored":      func() Payload { return &MissionScored{} },
	"away.finished":            func() Payload { return &AwayFinished{} },
}

// commandTypes is the read-only table of commands by type tag.
var commandTypes = map[string]func() Command{
	"note":                  func() Command { return &Note{} },
	"away.add_player":       func() Command { return &AddAwayPlayer{} },
	"away.add_character":    func() Command { return &AddCharacter{} },
	"away.remove_character": func() Command { return &RemoveCharacter{} },
	"away.set_overlay":      func() Command { return &SetOverlay{} },
	"away.start_mission":    func() Command { return &StartMission{} },
	"away.order":            func() Command { return &AwayOrder{} },
	"away.start_round":      func() Command { return &StartRound{} },
	"away.start_action":     func() Command { return &StartActionPhase{} },
	"away.activate":         func() Command { return &Activate{} },
	"away.bonus_action":     func() Command { return &UseBonusAction{} },
	"away.end_game":         func() Command { return &EndGame{} },
	"away.track":            func() Command { return &AdjustTrack{} },
	"away.stun":             func() Command { return &AdjustStun{} },
	"away.take_cover":       func() Command { return &SetTakeCover{} },
	"away.tokens":           func() Command { return &AdjustTokens{} },
	"away.neutralize":       func() Command { return &Neutralize{} },
	"away.attack":           func() Command { return &ApplyAttack{} },
	"away.score_mission":    func() Command { return &ScoreMission{} },
	"away.finish":           func() Command { return &FinishGame{} },
}
