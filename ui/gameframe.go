package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"tableops/ui/screen"
)

// The frame of an open game around its panels (game.go builds the bar
// and the panels): a header as small as a phone allows, the status
// line's answer to every step, and its sheet over the panels' top.

// frameContent lays the game screen out: the bar and the status line
// over the panels, the status line's sheet over the top of the panels.
// On a phone the header is compact (frameTheme): the bar's buttons are
// icons of a thumb's size and the status line is one line of text
// holding the stage of the game when it has no message, so the fixed
// part takes at most 15% of the screen (issue 27). On a wide window the
// stage sits in the bar, between Home and the buttons.
func (gs *gameScreen) frameContent(bar *fyne.Container) fyne.CanvasObject {
	s := gs.status
	s.barStage = screen.BoldLabel("")
	s.barStage.Wrapping = fyne.TextWrapOff
	s.barStage.Truncation = fyne.TextTruncateEllipsis
	bar.Add(newTapArea(s.barStage, func() { s.Tapped(nil) }))
	s.header = &frameTheme{}
	header := container.NewThemeOverride(container.NewVBox(bar, s), s.header)
	fit := func(wide bool) {
		gs.fitBar(wide) // the bar's words, before it is measured
		s.header.compact = !wide
		s.setCompact(!wide)
		screen.SetVisible(s.barStage, wide)
		header.Refresh()
	}
	fit(false)
	// A refusal and its "Record it anyway" belong to the panel they were
	// made on: they go when the player goes to another.
	// A call to another panel (a battle that awaits this player's dice)
	// shows over every panel but its own.
	gs.layout.OnSwitched = func(string) {
		s.leave()
		gs.followCall()
	}
	body := container.NewStack(gs.layout, s.layer)
	return container.New(&frameLayout{header: header, body: body, fit: fit}, header, body)
}

// frameLayout lays the game screen out: the header on top, as tall as it
// needs, the panels under it. It makes the header compact on a window
// narrower than screen.WideWidth (a phone held upright) before it measures
// it, as the panels' layout (screen.Adaptive) switches at that width too.
type frameLayout struct {
	header, body fyne.CanvasObject
	fit          func(wide bool)
	wide, fitted bool
}

func (l *frameLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if wide := size.Width >= screen.WideWidth; wide != l.wide || !l.fitted {
		l.wide, l.fitted = wide, true
		l.fit(wide)
	}
	h := l.header.MinSize().Height
	pad := theme.Padding()
	l.header.Resize(fyne.NewSize(size.Width, h))
	l.header.Move(fyne.NewPos(0, 0))
	l.body.Resize(fyne.NewSize(size.Width, size.Height-h-pad))
	l.body.Move(fyne.NewPos(0, h+pad))
}

func (l *frameLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	hm, bm := l.header.MinSize(), l.body.MinSize()
	return fyne.NewSize(max(hm.Width, bm.Width), hm.Height+theme.Padding()+bm.Height)
}

// sayDone answers a command just recorded: the status line says what the
// step did, in the words of the game log, with Undo at hand in the bar.
// A view that says more (Frame.Say) after its command says it over this.
func (gs *gameScreen) sayDone() {
	h := gs.game.History()
	if len(h.Undo) == 0 {
		gs.status.answer("")
		return
	}
	top := h.Undo[0]
	gs.status.lastStep = max(gs.status.lastStep, top.ID)
	gs.status.answer(screen.TrTexts(top.Texts()))
}

// followGame shows, after every change, the view's stage and any new
// step recorded elsewhere (another phone, the host) in the status line:
// no change goes unsaid. An undone step is not said again (Undo says what
// it took back).
func (gs *gameScreen) followGame() {
	if st, ok := gs.view.(screen.Staged); ok {
		stage := st.Stage()
		gs.status.setStage(stage)
		gs.status.barStage.SetText(stage)
	}
	if len(gs.history.Undo) > 0 {
		if top := gs.history.Undo[0]; top.ID > gs.status.lastStep {
			gs.status.lastStep = top.ID
			gs.status.answer(screen.TrTexts(top.Texts()))
		}
	}
	gs.followCall()
}

// followCall shows what the view calls this device's player to (a
// battle that awaits their dice, screen.Calling) on every panel but the
// one it is on, with one tap to that panel (issue 27: the defender's phone
// learned of a battle only on the Battle and Borg panels).
func (gs *gameScreen) followCall() {
	var call screen.Call
	if c, ok := gs.view.(screen.Calling); ok {
		call = c.Call()
	}
	if call.Panel != "" && gs.layout.PanelVisible(call.Panel) {
		call = screen.Call{}
	}
	panel := call.Panel
	gs.status.setCall(call.Text, call.Action, func() { gs.layout.ShowPanel(panel) })
}

// frameTheme is the app's theme, with the smaller sizes of a phone's
// header when compact: buttons 40 px high (icons 24), text 16, padding 2.
type frameTheme struct{ compact bool }

func (frameTheme) base() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (t *frameTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.base().Color(n, v)
}

func (t *frameTheme) Font(s fyne.TextStyle) fyne.Resource { return t.base().Font(s) }

func (t *frameTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base().Icon(n) }

func (t *frameTheme) Size(n fyne.ThemeSizeName) float32 {
	if t.compact {
		switch n {
		case theme.SizeNamePadding:
			return 2
		case theme.SizeNameInnerPadding:
			return 8
		case theme.SizeNameInlineIcon:
			return 24
		case theme.SizeNameText:
			return 16
		}
	}
	return t.base().Size(n)
}
