package ui

import (
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"tableops/tracker"
	"tableops/ui/ascendancy"
	"tableops/ui/away"
	"tableops/ui/screen"
)

// gameViews builds the screen of each kind of game this version shows.
// A new kind of game is one more line here.
func gameViews() map[tracker.Kind]func(screen.Frame) screen.View {
	return map[tracker.Kind]func(screen.Frame) screen.View{
		tracker.KindAway:       away.New,
		tracker.KindAscendancy: ascendancy.New,
	}
}

// newGameView returns the screen for a kind of game, drawn in f. A kind
// this version has no screen for (a game file from a newer version) shows
// its log only.
func newGameView(f screen.Frame, kind tracker.Kind) screen.View {
	if build, ok := gameViews()[kind]; ok {
		return build(f)
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
