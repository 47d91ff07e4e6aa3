package ascendancy

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/tracker"
	"tableops/ui/screen"
)

// What the forms of a battle round under way share (a space battle, an
// invasion, a cube battle, an assimilation: tracker.BattleInProgress):
// every phone shows the round, each seated player types their own side's
// dice on their own phone, and the round is fought when the last are in.
// Each form keeps its own draft; the skeleton around it is here.

// roundUnderWay returns the round under way of one of kinds whose dice
// are being entered, or nil.
func (v *ascView) roundUnderWay(kinds ...string) *tracker.BattleInProgress {
	if v.st == nil {
		return nil
	}
	if b := v.st.Fighting(); b != nil && slices.Contains(kinds, b.Kind) {
		return b
	}
	return nil
}

// seatIn is the player this phone sits as when they fight in the round b
// ("" otherwise: the phone types every side's dice).
func (v *ascView) seatIn(b *tracker.BattleInProgress) string {
	seat := v.f.Seat()
	if b == nil || seat == "" || seat == screen.SeatWatch || !slices.Contains(b.Players(), seat) {
		return ""
	}
	return seat
}

// sideNames names sides, joined with commas.
func sideNames(ids []string, name func(string) string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = name(id)
	}
	return strings.Join(names, ", ")
}

// roundLine says which round of the battle under way it is (head, "Round
// 2 of the battle under way"), whose dice are in and whose are awaited.
func roundLine(b *tracker.BattleInProgress, head string, name func(string) string) string {
	var in []string
	for _, d := range b.Dice {
		in = append(in, d.Player)
	}
	line := head
	if len(in) > 0 {
		line += lang.X("asc.shared.in", ": dice in from {{.Names}}", map[string]any{"Names": sideNames(in, name)})
	}
	return line + lang.X("asc.shared.waiting", " · waiting for the dice of {{.Names}}", map[string]any{"Names": sideNames(b.Missing(), name)})
}

// battleRoundHead is the head of roundLine for a battle: "Round 2 of the
// battle under way".
func battleRoundHead(b *tracker.BattleInProgress) string {
	return lang.X("asc.round_of_the_battle_under", "Round {{.Round}} of the battle under way", map[string]any{"Round": b.Round})
}

// enteredText is what the status line says once this phone's dice are
// in and the round waits for others': "Dice entered: waiting for the dice
// of Bob."
func enteredText(b *tracker.BattleInProgress, name func(string) string) string {
	var missing []string
	if b != nil {
		missing = b.Missing()
	}
	return lang.X("asc.shared.entered", "Dice entered: waiting for the dice of {{.Names}}.", map[string]any{"Names": sideNames(missing, name)})
}

// fightingNow is the round under way in the game's state now (the
// screen's is shown a moment after a command).
func (v *ascView) fightingNow() *tracker.BattleInProgress {
	if st := v.f.Game().State(); st != nil && st.Ascendancy != nil {
		return st.Ascendancy.Fighting()
	}
	return nil
}

// theirPhones says whose dice come from their own phones (names), with a
// button to type them here instead (typeHere).
func theirPhones(names string, typeHere func()) []fyne.CanvasObject {
	return []fyne.CanvasObject{
		screen.WrapLabel(lang.X("asc.shared.their_phones", "The dice of {{.Names}} come from their own phone.", map[string]any{"Names": names})),
		widget.NewButtonWithIcon(lang.X("asc.shared.type_here", "Type the dice of {{.Names}} here", map[string]any{"Names": names}), theme.ContentAddIcon(), typeHere),
	}
}

// diceIn is a side's dice once they are in: its title and the dice.
func diceIn(title string, dice fyne.CanvasObject) fyne.CanvasObject {
	return container.NewVBox(screen.CaptionLabel(lang.X("asc.shared.dice_in", "{{.Title}}: in", map[string]any{"Title": title})), dice)
}

// enterLabel names the button that enters the dice typed here (ready)
// when the round awaits missing: "Apply round N" (applyLabel) when they
// are the last, "Enter the dice of Bob" otherwise; "" when none are ready.
func enterLabel(ready, missing []string, applyLabel string, name func(string) string) string {
	switch {
	case len(ready) > 0 && len(ready) == len(missing):
		return applyLabel
	case len(ready) > 0:
		return lang.X("asc.shared.enter", "Enter the dice of {{.Names}}", map[string]any{"Names": sideNames(ready, name)})
	}
	return ""
}
