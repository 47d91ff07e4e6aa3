package tracker

import (
	"slices"
	"strings"

	awayrules "tableops/rules/away"
)

// AdjustTrack adds or removes Health pegs in one rating track (Delta -1:
// one peg off), as an event card or a correction asks. Pegs come off by the
// damage rule (rules/away.ApplyDamage): a track at its lowest value cannot
// be chosen while another track can lose a peg, and a character with no
// peg left to lose is neutralized; pegs go back by rules/away.Recover. Use
// ApplyAttack for an attack's damage.
type AdjustTrack struct {
	Character string           `json:"character"`
	Track     awayrules.Rating `json:"track"`
	Delta     int              `json:"delta"`
}

// CommandType implements Command.
func (AdjustTrack) CommandType() string { return "away.track" }

func (cmd AdjustTrack) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	ch, err := a.characterInPlay(cmd.Character)
	if err != nil {
		return err
	}
	t := ch.Tracks.Get(cmd.Track)
	if t == nil {
		return reject(CodeInvalid, "track.there_is_no_such_track_attack", "There is no such track (attack, defense, skill, move).")
	}
	if cmd.Delta == 0 {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	if cmd.Delta > 12 || cmd.Delta < -12 {
		return reject(CodeInvalid, "track.a_track_has_at_most_12", "A track has at most 12 holes.")
	}
	label := say("", "%s: %s %s", ch.Name, signed(cmd.Delta), titleWord(cmd.Track.String()))
	tracks := make([]awayrules.Rating, max(cmd.Delta, -cmd.Delta))
	for i := range tracks {
		tracks[i] = cmd.Track
	}
	if cmd.Delta > 0 {
		// Putting pegs back (rules/away.Recover: a full track refuses).
		card, err := awayrules.Recover(ch.Character, tracks)
		if err != nil {
			return reject(CodeRules, "track.who_refused", "%s: %v", ch.Name, err)
		}
		return c.emit(label, PegsSet{Character: ch.ID, Track: cmd.Track, Pegs: card.Tracks.At(cmd.Track).Pegs})
	}
	// Taking pegs off follows the damage rule (rules/away.ApplyDamage): a
	// rating at its lowest value may not be chosen while another can lose a
	// peg; when none can, the character is neutralized.
	card, rep, err := awayrules.ApplyDamage(ch.Character, len(tracks), tracks)
	if err != nil {
		if why := awayrules.ReduceRefusal(ch.Character, cmd.Track); why != nil {
			return reject(CodeRules, "track.who_refused_dot", "%s: %v.", ch.Name, why)
		}
		return reject(CodeRules, "track.who_refused", "%s: %v", ch.Name, err)
	}
	if len(rep.Reduced) > 0 {
		if err := c.emit(say("", "%s: -%d %s", ch.Name, len(rep.Reduced), titleWord(cmd.Track.String())),
			PegsSet{Character: ch.ID, Track: cmd.Track, Pegs: card.Tracks.At(cmd.Track).Pegs}); err != nil {
			return err
		}
	}
	if rep.Neutralized {
		return neutralize(c, a, ch.ID, false, "")
	}
	return nil
}

// AdjustStun adds or removes stun tokens (0 to 2; two = Incapacitated).
type AdjustStun struct {
	Character string `json:"character"`
	Delta     int    `json:"delta"`
}

// CommandType implements Command.
func (AdjustStun) CommandType() string { return "away.stun" }

func (cmd AdjustStun) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	ch, err := a.character(cmd.Character)
	if err != nil {
		return err
	}
	if err := checkDelta(cmd.Delta, awayrules.MaxStun, Msg{Key: "track.word.stun_delta", Text: "Stun tokens to add (or remove, below 0)"}); err != nil {
		return err
	}
	card := ch.Character
	switch {
	case cmd.Delta == 0:
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	case cmd.Delta > 0:
		for range min(cmd.Delta, awayrules.MaxStun) {
			var ok bool
			if card, ok = awayrules.GiveStun(card); !ok {
				return reject(CodeRules, "track.is_incapacitated_or_out_of_play", "%s is Incapacitated (or out of play) and cannot be stunned further.", ch.Name)
			}
		}
	default:
		var k int
		if card, k = awayrules.RemoveStun(card, -cmd.Delta); k < -cmd.Delta {
			return reject(CodeRules, "track.has_only_stun_token_s", "%s has only %d stun token(s).", ch.Name, ch.Stun)
		}
	}
	n := card.Stun
	label := say("track.stun", "%s: %s stun (%d)", ch.Name, signed(cmd.Delta), n)
	if card.Incapacitated() {
		label.add("track.incapacitated", ", Incapacitated")
	}
	return c.emit(label, StunSet{Character: ch.ID, Stun: n})
}

// SetTakeCover places or removes a character's Take Cover token.
type SetTakeCover struct {
	Character string `json:"character"`
	On        bool   `json:"on"`
}

// CommandType implements Command.
func (SetTakeCover) CommandType() string { return "away.take_cover" }

func (cmd SetTakeCover) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	ch, err := a.characterInPlay(cmd.Character)
	if err != nil {
		return err
	}
	if ch.TakeCover == cmd.On {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	label := say("track.takes_cover", "%s: takes cover", ch.Name)
	if !cmd.On {
		label = say("track.leaves_cover", "%s: leaves cover", ch.Name)
	}
	return c.emit(label, TakeCoverSet{Character: ch.ID, On: cmd.On})
}

// AdjustTokens adds or removes tokens: a player's adapt, intel, bonus
// points or bonus action tokens (Player), or a character's honor tokens
// (Character).
type AdjustTokens struct {
	Player    string `json:"player,omitempty"`
	Character string `json:"character,omitempty"`
	Token     string `json:"token"`
	Delta     int    `json:"delta"`
}

// CommandType implements Command.
func (AdjustTokens) CommandType() string { return "away.tokens" }

func (cmd AdjustTokens) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if cmd.Delta == 0 {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	if err := checkDelta(cmd.Delta, 100, Msg{Key: "track.word.tokens_delta", Text: "Tokens to add (or remove, below 0)"}); err != nil {
		return err
	}
	var who string
	var have int
	switch {
	case cmd.Character != "" && cmd.Player == "":
		ch, err := a.character(cmd.Character)
		if err != nil {
			return err
		}
		if cmd.Token != TokenHonor {
			return reject(CodeInvalid, "track.characters_hold_honor_tokens_tokens_belong", "Characters hold honor tokens; %q tokens belong to a player.", cmd.Token)
		}
		who, have = ch.Name, ch.Honor
	case cmd.Player != "" && cmd.Character == "":
		p, err := a.player(cmd.Player)
		if err != nil {
			return err
		}
		if !slices.Contains([]string{TokenAdapt, TokenIntel, TokenBonusPoints, TokenBonusActions}, cmd.Token) {
			return reject(CodeInvalid, "track.players_hold_adapt_intel_bonus_points", "Players hold adapt, intel, bonus_points and bonus_actions tokens, not %q.", cmd.Token)
		}
		who, have = p.Name, p.Tokens[cmd.Token]
	default:
		return reject(CodeInvalid, "track.name_player_or_character", "Name a player or a character.")
	}
	n := have + cmd.Delta
	if n < 0 {
		return reject(CodeRules, "track.has_only_token_s", "%s has only %d %s token(s).", who, have, tokenWords(cmd.Token))
	}
	if err := checkCount(n, raw(who+"'s "+strings.ReplaceAll(cmd.Token, "_", " ")+" tokens")); err != nil {
		return err
	}
	label := say("track.tokens_set", "%s: %s %s (%d)", who, signed(cmd.Delta), tokenWords(cmd.Token), n)
	return c.emit(label, TokensSet{Player: cmd.Player, Character: cmd.Character, Token: cmd.Token, Count: n})
}

// tokenNames words the Away tokens in the log; their names are Away
// Missions terms, which stay English in every language.
var tokenNames = map[string]Msg{
	TokenHonor:        {Key: "track.token.honor", Text: "honor"},
	TokenAdapt:        {Key: "track.token.adapt", Text: "adapt"},
	TokenIntel:        {Key: "track.token.intel", Text: "intel"},
	TokenBonusPoints:  {Key: "track.token.bonus_points", Text: "bonus points"},
	TokenBonusActions: {Key: "track.token.bonus_actions", Text: "bonus actions"},
}

// tokenWords is the name of a kind of token ("bonus points").
func tokenWords(token string) Msg {
	if m, ok := tokenNames[token]; ok {
		return m
	}
	return raw(strings.ReplaceAll(token, "_", " "))
}

// Neutralize removes a character from the game outright (an event card, a
// rule the app does not track). An assimilated character's card returns to
// its owner.
type Neutralize struct {
	Character string `json:"character"`
}

// CommandType implements Command.
func (Neutralize) CommandType() string { return "away.neutralize" }

func (cmd Neutralize) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	ch, err := a.characterInPlay(cmd.Character)
	if err != nil {
		return err
	}
	return neutralize(c, a, ch.ID, false, "")
}

// ScoreMission puts a completed mission card (its printed points) in a
// player's scoring area. EndOfGame missions and the Core mission (Core) are
// scored in the debrief.
type ScoreMission struct {
	Player    string `json:"player"`
	Name      string `json:"name"`
	Points    int    `json:"points"`
	EndOfGame bool   `json:"end_of_game,omitempty"`
	Core      bool   `json:"core,omitempty"`
	// Adapt is the Adapt tokens the Borg player gains with the mission
	// (seed 001 glossary, Adapt: Borg players acquire Adapt tokens as
	// they complete Missions; the card says how many). 0: none.
	Adapt int `json:"adapt,omitempty"`
}

// CommandType implements Command.
func (ScoreMission) CommandType() string { return "away.score_mission" }

func (cmd ScoreMission) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if cmd.EndOfGame || cmd.Core {
		if err := wantPhase(a, AwayDebrief); err != nil {
			return reject(CodeNotNow, "track.end_of_game_missions_are_scored", "End-of-game missions are scored at Beam Up and Debrief.")
		}
	} else if err := wantPhase(a, AwayDraw, AwayAction, AwayDebrief); err != nil {
		return err
	}
	p, err := a.player(cmd.Player)
	if err != nil {
		return err
	}
	name, err := cleanText(cmd.Name, maxNameLen, Msg{Key: "track.word.mission_name", Text: "mission name"})
	if err != nil {
		return err
	}
	if cmd.Points < 0 || cmd.Points > 100 {
		return reject(CodeInvalid, "track.mission_points_are_0_to_100", "Mission points are 0 to 100.")
	}
	switch {
	case cmd.Adapt < 0 || cmd.Adapt > 100:
		return reject(CodeInvalid, "track.adapt_tokens_are_0_to_100", "Adapt tokens gained are 0 to 100.")
	case cmd.Adapt > 0 && !p.Borg:
		return reject(CodeInvalid, "track.only_the_borg_player_gains_adapt", "Only the Borg player gains Adapt tokens.")
	}
	if err := c.emit(say("track.scores_points", "%s scores %s (%d points)", p.Name, name, cmd.Points),
		MissionScored{Player: p.ID, Mission: ScoredMission{Name: name, Points: cmd.Points, EndOfGame: cmd.EndOfGame, Core: cmd.Core, Round: a.Round}}); err != nil {
		return err
	}
	if cmd.Adapt == 0 {
		return nil
	}
	n := p.Tokens[TokenAdapt] + cmd.Adapt
	if err := checkCount(n, raw(p.Name+"'s adapt tokens")); err != nil {
		return err
	}
	return c.emit(say("track.tokens_set", "%s: %s %s (%d)", p.Name, signed(cmd.Adapt), tokenWords(TokenAdapt), n),
		TokensSet{Player: p.ID, Token: TokenAdapt, Count: n})
}

// FinishGame adds up the scores and decides the winner (Beam Up and
// Debrief): mission points plus bonus points tokens; ties go to the side
// with more scored missions, then it is a draw.
type FinishGame struct{}

// CommandType implements Command.
func (FinishGame) CommandType() string { return "away.finish" }

func (FinishGame) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayDebrief); err != nil {
		return err
	}
	st, err := awayStanding(a)
	if err != nil {
		return reject(CodeRules, "track.debrief", "Debrief: %v", err)
	}
	// A draw names the players it is between (seed 001 "Beam Up and
	// Debrief": still tied, the game is a draw).
	names := make([]string, len(st.Tied))
	for i, w := range st.Tied {
		names[i] = a.playerName(w)
	}
	label := say("track.game_over_draw_between", "Game over: a draw between %s", andList(names))
	if !st.Draw {
		names := make([]string, len(st.Winners))
		for i, w := range st.Winners {
			names[i] = a.playerName(w)
		}
		label = say("track.game_over_win", "Game over: %s win", strings.Join(names, " and "))
		if len(names) == 1 {
			label = say("track.game_over_wins", "Game over: %s wins", names[0])
		}
	}
	return c.emit(label, AwayFinished{Standing: st})
}

// andList joins names as "Anna, Alex, Ben and Bea".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
