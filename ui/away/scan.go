package away

import (
	"errors"
	"fmt"

	"fyne.io/fyne/v2/lang"

	"tableops/scan"
	"tableops/scan/cards"
	"tableops/ui/screen"
)

// scanCharacter opens the scanner to add a scanned character card to a
// player's away team in setup: the same AddCharacter the catalog pick
// sends. A self-describing tag works without the card in this device's
// catalog. A card whose tracks or weapon values are not all known opens
// the character form on the game screen, filled with what is known.
func (v *awayView) scanCharacter(pid, pname string) { v.f.ScanCards(v.ScanTo(pid, pname)) }

// ScanTo is what the scanner does with a character card for a player's
// away team, as scanCharacter: the game bar's scanner offers it (ui).
func (v *awayView) ScanTo(pid, pname string) *screen.ScanUse {
	return &screen.ScanUse{
		Label: lang.X("scan.add_to_team", "Add to {{.Name}}'s team", map[string]any{"Name": pname}),
		Kind:  scan.KindCharacter,
		Do: func(c cards.Card) (string, bool, error) {
			if c.Character == nil {
				return "", false, errors.New(lang.X("scan.unknown_char", "This device does not know card {{.ID}} and its tag does not describe it; add the card to the catalog, or print self-describing tags.", map[string]any{"ID": c.Tag.ID}))
			}
			cmd := addCharacterFrom(*c.Character)
			cmd.Player = pid
			ready := c.Playable()
			for _, a := range c.Character.Attacks {
				ready = ready && a.Dice != nil && a.Damage != nil
			}
			if !ready {
				v.addCharacter(pid, pname, cmd)
				return lang.X("scan.fill_rest", "Fill in the rest of {{.Name}}'s card in the form.", map[string]any{"Name": c.Name()}), true, nil
			}
			if _, err := v.f.Game().Execute(cmd); err != nil {
				return "", false, err
			}
			return fmt.Sprintf("%s joins %s's team.", c.Name(), pname), false, nil
		},
	}
}
