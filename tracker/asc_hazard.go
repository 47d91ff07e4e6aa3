package tracker

import (
	ascrules "tableops/rules/ascendancy"
)

// BraveHazard resolves ships entering a hazardous system or phenomenon
// (rules/ascendancy.BraveHazard): one die per ship (rolled by the player to
// the right, or virtually); each die at or above the hazard level plus the
// player's shields destroys a ship. Survivors of a phenomenon take its
// research tokens. Level is the hazard level printed on the system.
type BraveHazard struct {
	Player         string `json:"player"`
	Ships          int    `json:"ships"`
	Level          int    `json:"level"`
	Phenomenon     bool   `json:"phenomenon,omitempty"`
	ResearchTokens int    `json:"research_tokens,omitempty"`
	Roll           Roll   `json:"roll"`
}

// CommandType implements Command.
func (BraveHazard) CommandType() string { return "asc.hazard" }

// HazardBraved records a hazard roll and its result.
type HazardBraved struct {
	Player string                `json:"player"`
	Hazard ascrules.Hazard       `json:"hazard"`
	Dice   RolledDice            `json:"dice"`
	Result ascrules.HazardResult `json:"result"`
}

// EventType implements Payload.
func (HazardBraved) EventType() string { return "asc.hazard" }

func (e HazardBraved) apply(*State) error { return e.Dice.check() }

func (cmd BraveHazard) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Ships < 1 || cmd.Ships > p.Ships {
		return reject(CodeRules, "track.has_ship_s_on_board_braving", "%s has %d ship(s) on the board; %d braving the hazard.", p.Name, p.Ships, cmd.Ships)
	}
	if cmd.Level < 1 || cmd.Level > 6 || cmd.ResearchTokens < 0 || cmd.ResearchTokens > 20 {
		return reject(CodeInvalid, "track.enter_hazard_level_1_to_6", "Enter the hazard level (1 to 6) and the research tokens on it (0 to 20).")
	}
	rd, err := c.roll(cmd.Roll, 0, msgf("track.hazard_dice", "hazard dice"))
	if err != nil {
		return err
	}
	if len(rd.Faces) != cmd.Ships {
		return reject(CodeInvalid, "track.roll_one_hazard_die_per_ship", "Roll one hazard die per ship: %d ship(s), %d dice.", cmd.Ships, len(rd.Faces))
	}
	h := ascrules.Hazard{Level: cmd.Level, Shields: p.Shields, Faces: rd.Faces, Phenomenon: cmd.Phenomenon, ResearchTokens: cmd.ResearchTokens}
	res, err := ascrules.BraveHazard(h)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	label := say("track.braves_hazard_of_ship_s_destroyed", "%s braves a hazard (%d+): %d of %d ship(s) destroyed", p.Name, res.Target, res.Destroyed, cmd.Ships)
	if res.ResearchTaken > 0 {
		label.add("track.takes_research", ", takes %d research", res.ResearchTaken)
	}
	if err := c.emit(label, HazardBraved{Player: p.ID, Hazard: h, Dice: rd, Result: res}); err != nil {
		return err
	}
	if res.Destroyed == 0 && res.ResearchTaken == 0 {
		return nil
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Ships -= res.Destroyed
	np.Resources.Research += res.ResearchTaken
	return setPlayer(c, say("track.ship_s_left", "%s: %d ship(s) left", p.Name, np.Ships), np)
}
