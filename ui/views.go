package ui

import (
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"tableops/tracker"
	"tableops/ui/screen"
)

// newGameView returns the screen for a kind of game. A kind this version
// has no screen for (a game file from a newer version) shows its log only.
func newGameView(gs *gameScreen, kind tracker.Kind) screen.View {
	switch kind {
	case tracker.KindAway:
		return newAwayView(gs)
	case tracker.KindAscendancy:
		return newAscendancyView(gs)
	}
	return logOnlyView{kind: kind}
}

// logOnlyView shows a game of a kind this version cannot display, by its
// log alone: nothing is changed, nothing is lost.
type logOnlyView struct{ kind tracker.Kind }

func (v logOnlyView) Panels() []screen.Panel {
	return []screen.Panel{{Title: lang.X("game.panel", "Game"), Icon: theme.InfoIcon(), Content: screen.Padded(screen.WrapLabel(
		lang.X("game.log_only", "This version of Table Ops shows {{.Kind}} games by their log only. The game is kept as it is.",
			map[string]any{"Kind": v.kind.String()})))}}
}

func (logOnlyView) Show(*tracker.State) {}

func (logOnlyView) Shown(string) {}

func (logOnlyView) StartPanel() string { return "" }

func (logOnlyView) ShowSeat(string) {}

func (logOnlyView) RollNow() {}
