package ui

import (
	"strings"

	"tableops/share"
	"tableops/tracker/store"
)

// A phone never loses its game: Home keeps a joined or shared game open
// behind it (Shell.showHome, Shell.backToGame), and the app remembers in
// its preferences the game it shows and the panel in view, so that a
// reload of the web app or a restart of the desktop app opens that game
// on that panel; a joined game joins again, with its seat (seat.go).

// The preferences that remember the game on screen and its panel.
const (
	// prefLastGame is the game on screen: "game:ID" for a saved game,
	// "join:ADDR CODE" for a game joined from another device; empty when
	// the app shows Home.
	prefLastGame = "app.last_game"
	// prefLastPanel is the title of the panel in view in that game.
	prefLastPanel = "app.last_panel"
)

// lastGameKey is how prefLastGame names a game ("" for a game that cannot
// be opened again, such as one kept only in memory).
func lastGameKey(g any) string {
	switch g := g.(type) {
	case *store.Game:
		return "game:" + g.ID()
	case *share.Client:
		return "join:" + g.Addr() + " " + g.Code()
	}
	return ""
}

// parseJoinKey reads a "join:ADDR CODE" key.
func parseJoinKey(key string) (addr, code string, ok bool) {
	rest, ok := strings.CutPrefix(key, "join:")
	if !ok {
		return "", "", false
	}
	addr, code, ok = strings.Cut(rest, " ")
	return addr, code, ok && addr != "" && code != ""
}

// rememberGame makes gs's game the one a restart reopens. When it is the
// game the app showed last (the app is reopening it), the panel it showed
// comes back into view, and stays the one to come back to (a joined
// game's seat opens its own part of the screen first: seat.go shows the
// panel again after).
func (sh *Shell) rememberGame(gs *gameScreen) {
	prefs := sh.app.Preferences()
	key := lastGameKey(gs.game)
	if key != "" && prefs.String(prefLastGame) == key {
		gs.reopenPanel = prefs.String(prefLastPanel)
	}
	prefs.SetString(prefLastGame, key)
	if gs.reopenPanel != "" {
		gs.ShowPanel(gs.reopenPanel)
	}
	gs.remember = true
	prefs.SetString(prefLastPanel, gs.shownPanel())
}

// shownPanel is the panel in view: the open tab (on a wide window the
// first panel is always in view beside it).
func (gs *gameScreen) shownPanel() string {
	for _, p := range gs.layout.Panels() {
		if gs.layout.Wide() && p.Title == gs.layout.Panels()[0].Title {
			continue
		}
		if gs.layout.PanelVisible(p.Title) {
			return p.Title
		}
	}
	return ""
}

// rememberPanel makes title the panel a restart reopens the game on.
func (gs *gameScreen) rememberPanel(title string) {
	if !gs.remember || gs.hidden || gs.sh.game != gs {
		return
	}
	if ps := gs.layout.Panels(); gs.layout.Wide() && len(ps) > 1 && ps[0].Title == title {
		return // always in view on a wide window: the tab beside it counts
	}
	gs.sh.app.Preferences().SetString(prefLastPanel, title)
}

// forgetLastGame leaves Home as what a restart opens.
func (sh *Shell) forgetLastGame() {
	prefs := sh.app.Preferences()
	prefs.SetString(prefLastGame, "")
	prefs.SetString(prefLastPanel, "")
}

// keptBehindHome reports whether the game stays open behind Home: a game
// joined from another device (its connection and seat) or shared from
// this one (the other devices' connections).
func (gs *gameScreen) keptBehindHome() bool {
	return isClient(gs.game) || gs.hosting != nil && gs.hosting()
}

// reopen opens the game the app showed when it was last closed: a saved
// game by its id, a joined game by joining it again (with the seat it
// had). A game that is gone leaves Home on screen. In a browser page
// opened by a join link, the link joins (web_js.go).
func (sh *Shell) reopen() {
	last := sh.app.Preferences().String(prefLastGame)
	if id, ok := strings.CutPrefix(last, "game:"); ok {
		if sh.store == nil {
			return
		}
		if info, err := sh.store.Info(id); err != nil || info.Deleted != nil {
			sh.forgetLastGame() // deleted, or in the trash
			return
		}
		sh.openGame(id)
		return
	}
	if addr, code, ok := parseJoinKey(last); ok && !linkJoins() {
		sh.joinLink(addr, code, func() {
			select {
			case sh.rejoined <- struct{}{}:
			default:
			}
		})
	}
}
