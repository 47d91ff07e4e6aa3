package ui

import (
	"tableops/tracker"
	"tableops/ui/screen"
)

// Scanning inside a game: the game bar's Scan opens the scanner over the
// game (a page on a phone, a window beside a desktop's) without leaving
// it, and a scanned card is put to use in that game. Every card says what
// it is and shows its rules (scan_found.go); an Away Missions character
// card joins a team during the setup; a Borg command card drawn in an
// Ascendancy game with the Borg is recorded in its log. Closing the
// scanner comes back to the game, still joined and seated.

// teamScanner is a game view that adds a scanned character card to a
// player's team (ui/away): the same use as its setup's "Scan its tag".
type teamScanner interface {
	ScanTo(player, name string) *screen.ScanUse
}

// scan opens the scanner for this game.
func (gs *gameScreen) scan() {
	gs.sh.openScannerFor(gs.scanUses(), true, systemCameras{})
}

// scanUses are what a scanned tag does in this game besides what it does
// anywhere: in an Away Missions setup, a character card joins a team. The
// team is this device's own when it sits as a player; otherwise each
// player's team is offered, the player whose turn it is first.
func (gs *gameScreen) scanUses() []*screen.ScanUse {
	ts, ok := gs.view.(teamScanner)
	st := gs.game.State()
	if !ok || st == nil || st.Away == nil || gs.seat == seatWatch {
		return nil
	}
	a := st.Away
	if a.Phase != tracker.AwaySetup && a.Phase != tracker.AwayPreparation {
		return nil // the tracker takes new characters only then
	}
	var order []string
	switch {
	case gs.seat != "":
		order = []string{gs.seat}
	default:
		if cur := a.CurrentPlayer(); cur != "" {
			order = append(order, cur)
		}
		for _, p := range a.Players {
			if p.ID != a.CurrentPlayer() {
				order = append(order, p.ID)
			}
		}
	}
	var uses []*screen.ScanUse
	for _, id := range order {
		for _, p := range a.Players {
			if p.ID == id {
				if u := ts.ScanTo(p.ID, p.Name); u != nil {
					uses = append(uses, u)
				}
			}
		}
	}
	return uses
}
