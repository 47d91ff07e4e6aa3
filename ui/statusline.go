package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/ui/screen"
)

// statusLine is the message line under a game screen's bar: the answer to
// the player's last tap (what the step did, in the log's words), a
// refusal, or, when there is neither, the stage of the game (round,
// phase, whose turn). It always takes the same height, shown or empty, so
// a message never moves what is under the player's finger. A message too
// long for the line is cut to it; tapping the line opens its sheet, which
// shows the stage and the whole message over the top of the panels. A
// refusal that does not fit opens the sheet by itself, so its whole
// reason is read without a second tap; the sheet holds "Record it
// anyway" on a phone (the line has no room for it there).
//
// On a phone (compact) the line is as tall as its text; on a wide window
// it has the height of a button and holds the action beside the text.
type statusLine struct {
	widget.BaseWidget
	win fyne.Window
	// label is the one line shown; more says there is more to read.
	label *widget.Label
	more  *widget.Icon
	// action is the button the message offers ("Record it anyway").
	action *widget.Button
	// actionAt holds action: the line's end on a wide window, the sheet
	// on a phone.
	lineEnd, sheetEnd *fyne.Container
	text              string
	isErr             bool
	stage             string
	compact           bool
	// lastStep is the newest step said (see gameScreen.followGame).
	lastStep uint64
	// call is what the view calls this device's player to ("" for
	// nothing, see screen.Call): the line shows it when it has no
	// message, and callBtn (at the line's end on a wide window, in the
	// sheet on a phone) or a tap on the line goes to it (callGo).
	call    string
	callGo  func()
	callBtn *widget.Button
	// barStage is the stage in the bar of a wide window; header is the
	// theme of the bar and the line (see gameScreen.frameContent).
	barStage *widget.Label
	header   *frameTheme

	sheet *statusSheet
	// layer holds the sheet over the panels (see gameScreen.frameContent).
	layer *fyne.Container
}

func newStatusLine(win fyne.Window) *statusLine {
	s := &statusLine{win: win}
	s.label = widget.NewLabel("")
	s.label.Truncation = fyne.TextTruncateEllipsis
	s.more = widget.NewIcon(theme.MenuDropDownIcon())
	s.more.Hide()
	s.action = widget.NewButton("", nil)
	s.action.Hide()
	s.callBtn = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { s.goToCall() })
	s.callBtn.Importance = widget.WarningImportance
	s.callBtn.Hide()
	s.lineEnd = container.NewHBox(s.callBtn, s.action)
	s.sheetEnd = container.NewHBox()
	s.sheet = newStatusSheet(s)
	s.layer = container.NewVBox(s.sheet)
	s.ExtendBaseWidget(s)
	return s
}

// set shows a message (an error stands out); an empty one clears the line
// and shows the stage. A message too long for the line (a refusal, a
// hint) opens the sheet, so it is read whole without a second tap.
func (s *statusLine) set(msg string, isErr bool) { s.put(msg, isErr, true) }

// answer shows what a step just recorded did: cut to the line when it is
// too long (a tap on the line shows it whole), so the answer to every tap
// covers nothing of the panel.
func (s *statusLine) answer(msg string) { s.put(msg, false, false) }

func (s *statusLine) put(msg string, isErr, open bool) {
	s.text, s.isErr = msg, isErr
	s.setAction("", nil)
	s.show()
	if open && msg != "" && !s.fits(msg) {
		s.openSheet()
	} else {
		s.closeSheet()
	}
}

// setStage is the stage of the game the line shows when it has no message.
func (s *statusLine) setStage(stage string) {
	if stage == s.stage {
		return
	}
	s.stage = stage
	s.show()
}

// setCall shows what the view calls this device's player to (see
// screen.Call; text "" ends the call), with action, the way there, going
// by goTo. A new call shows in place of the last answer: the player reads
// it on whatever panel they are.
func (s *statusLine) setCall(text, action string, goTo func()) {
	s.callGo = goTo
	if text == s.call && (text == "" || s.callBtn.Text == action) {
		return
	}
	s.call = text
	s.callBtn.SetText(action)
	screen.SetVisible(s.callBtn, text != "")
	if text != "" && !s.isErr && !s.action.Visible() {
		s.text = ""
	}
	s.show()
}

// calling reports whether the line shows the call (it has no message).
func (s *statusLine) calling() bool { return s.text == "" && s.call != "" }

// goToCall goes to what the call is about (the sheet folds).
func (s *statusLine) goToCall() {
	s.closeSheet()
	if s.callGo != nil {
		s.callGo()
	}
}

// show draws the line (and the sheet, when open) for the message and
// stage.
func (s *statusLine) show() {
	shown, bold := s.text, false
	switch {
	case s.calling():
		shown, bold = s.call, true
	case shown == "" && s.compact:
		shown, bold = s.stage, true
	}
	if s.label.Text != shown || s.label.TextStyle.Bold != bold {
		s.label.Text = shown
		s.label.TextStyle.Bold = bold
	}
	switch {
	case s.isErr:
		s.label.Importance = widget.DangerImportance
	case s.calling():
		s.label.Importance = widget.WarningImportance
	default:
		s.label.Importance = widget.MediumImportance
	}
	// On a phone a call's line leads to it: the arrow says so.
	icon := theme.MenuDropDownIcon()
	if s.calling() && s.compact {
		icon = theme.NavigateNextIcon()
	}
	if s.more.Resource != icon {
		s.more.SetResource(icon)
	}
	s.label.Refresh()
	if s.sheet.Visible() {
		s.sheet.show()
	}
	s.Refresh()
}

// hasMore reports whether the sheet has more to show than the line does
// when the line's text has width w: the stage hidden by a message on a
// phone, or a text cut.
func (s *statusLine) hasMore(w float32) bool {
	if s.calling() {
		return s.compact || !s.fitsIn(s.call, w)
	}
	return s.call != "" && s.compact ||
		s.text != "" && (s.compact && s.stage != "" || !s.fitsIn(s.text, w)) ||
		s.compact && s.text == "" && s.stage != "" && !s.fitsIn(s.stage, w)
}

// fits reports whether text fits the line as it is laid out now (true
// before the line has a size).
func (s *statusLine) fits(text string) bool { return s.fitsIn(text, s.label.Size().Width) }

// fitsIn reports whether text fits a line w wide (true for no width).
func (s *statusLine) fitsIn(text string, w float32) bool {
	if w <= 0 {
		return true
	}
	ts := theme.SizeForWidget(theme.SizeNameText, s.label)
	pad := theme.SizeForWidget(theme.SizeNameInnerPadding, s.label)
	return fyne.MeasureText(text, ts, s.label.TextStyle).Width+2*pad <= w
}

// setAction puts a button for the message (none when label is ""): at the
// line's end on a wide window, in the sheet on a phone, which opens.
func (s *statusLine) setAction(label string, tapped func()) {
	if label == "" {
		s.action.Hide()
		s.action.OnTapped = nil
		s.Refresh()
		return
	}
	s.action.SetText(label)
	s.action.OnTapped = func() {
		s.closeSheet()
		if tapped != nil {
			tapped()
		}
	}
	s.action.Show()
	if s.compact {
		s.openSheet()
	}
	s.Refresh() // lay the line out again: the button takes its room
}

// clearError clears the line if it shows an error (a stale one): the
// game changed, or the player went to another panel, and the refusal and
// its "Record it anyway" belong to the screen that was.
func (s *statusLine) clearError() {
	if s.isErr || s.action.Visible() {
		s.set("", false)
	}
}

// leave is told that the player went to another panel: a refusal made on
// the panel that was goes, with its "Record it anyway", and the sheet
// folds.
func (s *statusLine) leave() {
	s.clearError()
	s.closeSheet()
}

// setCompact lays the line out for a phone (true) or a wide window.
func (s *statusLine) setCompact(compact bool) {
	s.compact = compact
	if compact {
		s.lineEnd.Objects = nil
		s.sheetEnd.Objects = []fyne.CanvasObject{s.callBtn, s.action}
	} else {
		s.sheetEnd.Objects = nil
		s.lineEnd.Objects = []fyne.CanvasObject{s.callBtn, s.action}
	}
	s.lineEnd.Refresh()
	s.sheetEnd.Refresh()
	s.Refresh()
}

// Tapped opens the sheet with the whole message and the stage, or closes
// it; a line that shows a call goes to it.
func (s *statusLine) Tapped(*fyne.PointEvent) {
	if s.sheet.Visible() {
		s.closeSheet()
		return
	}
	if s.calling() {
		s.goToCall()
		return
	}
	if s.text != "" || s.stage != "" {
		s.openSheet()
	}
}

func (s *statusLine) openSheet() {
	s.sheet.Show()
	s.sheet.show()
}

// layoutSheet lays the open sheet out at the height its wrapped text
// needs: twice, as a wrapped text's height depends on the width the
// first pass gives it.
func (s *statusLine) layoutSheet() {
	if s.sheet.Visible() {
		s.layer.Refresh()
		s.layer.Refresh()
	}
}

func (s *statusLine) closeSheet() {
	if s.sheet.Visible() {
		s.sheet.Hide()
		s.layer.Refresh()
	}
}

// linePad is the room above and below the text of a compact line.
const linePad = 2

// MinSize is one line of text (or the action button on a wide window),
// shown or not.
func (s *statusLine) MinSize() fyne.Size {
	if s.compact {
		return fyne.NewSize(0, s.textHeight()+2*linePad)
	}
	h := max(widget.NewLabel("0").MinSize().Height, s.action.MinSize().Height)
	return fyne.NewSize(0, h)
}

// textHeight is the height of one line of the label's text.
func (s *statusLine) textHeight() float32 {
	ts := theme.SizeForWidget(theme.SizeNameText, s.label)
	return fyne.MeasureText("Ag", ts, s.label.TextStyle).Height
}

func (s *statusLine) CreateRenderer() fyne.WidgetRenderer {
	return &statusRenderer{s: s}
}

type statusRenderer struct{ s *statusLine }

func (r *statusRenderer) Layout(size fyne.Size) {
	s := r.s
	end := fyne.NewSize(0, 0)
	if !s.compact && (s.action.Visible() || s.callBtn.Visible()) {
		end = s.lineEnd.MinSize()
	}
	icon := float32(0)
	screen.SetVisible(s.more, s.hasMore(size.Width-end.Width))
	if s.more.Visible() {
		icon = theme.SizeForWidget(theme.SizeNameInlineIcon, s.more)
	}
	s.lineEnd.Resize(end)
	s.lineEnd.Move(fyne.NewPos(size.Width-end.Width, (size.Height-end.Height)/2))
	s.more.Resize(fyne.NewSquareSize(icon))
	s.more.Move(fyne.NewPos(size.Width-end.Width-icon, (size.Height-icon)/2))
	w := size.Width - end.Width - icon
	if s.compact {
		// The label's own padding is left above and below the line: the
		// text sits linePad from its edges.
		pad := theme.SizeForWidget(theme.SizeNameInnerPadding, s.label)
		s.label.Resize(fyne.NewSize(w, s.textHeight()+2*pad))
		s.label.Move(fyne.NewPos(0, linePad-pad))
		return
	}
	s.label.Resize(fyne.NewSize(w, size.Height))
	s.label.Move(fyne.NewPos(0, 0))
}

func (r *statusRenderer) MinSize() fyne.Size { return r.s.MinSize() }
func (r *statusRenderer) Refresh() {
	r.Layout(r.s.Size())
	canvas.Refresh(r.s)
}
func (r *statusRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.s.label, r.s.more, r.s.lineEnd}
}
func (r *statusRenderer) Destroy() {}

// statusSheet is the status line opened: the stage and the whole message,
// wrapped at word boundaries across the window's width, over the top of
// the panels, with the message's action and Close. It takes the taps on
// it (none reaches the panel under it).
type statusSheet struct {
	widget.BaseWidget
	s          *statusLine
	stage, msg *widget.Label
	// call is the call under the message (see statusLine.setCall).
	call         *widget.Label
	bg           *canvas.Rectangle
	line         *canvas.Rectangle
	box, buttons *fyne.Container
	// Content is what the sheet shows, for the web page's automation hook
	// (ui/automation.go walks a widget's Content).
	Content fyne.CanvasObject
}

func newStatusSheet(s *statusLine) *statusSheet {
	sh := &statusSheet{s: s}
	sh.stage = screen.BoldLabel("")
	sh.msg = screen.WrapLabel("")
	sh.call = screen.WrapLabel("")
	sh.call.Importance = widget.WarningImportance
	closeBtn := widget.NewButtonWithIcon(lang.X("common.close", "Close"), theme.CancelIcon(), s.closeSheet)
	sh.buttons = container.NewHBox(s.sheetEnd, layout.NewSpacer(), closeBtn)
	sh.box = container.NewVBox(sh.stage, sh.msg, sh.call, sh.buttons)
	sh.Content = sh.box
	sh.bg = canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	sh.line = canvas.NewRectangle(theme.Color(theme.ColorNamePrimary))
	sh.ExtendBaseWidget(sh)
	sh.Hide()
	return sh
}

// show fills the sheet with the line's stage and message.
func (sh *statusSheet) show() {
	s := sh.s
	sh.stage.SetText(s.stage)
	screen.SetVisible(sh.stage, s.stage != "")
	sh.msg.SetText(s.text)
	if s.isErr {
		sh.msg.Importance = widget.DangerImportance
	} else {
		sh.msg.Importance = widget.MediumImportance
	}
	screen.SetVisible(sh.msg, s.text != "")
	sh.msg.Refresh()
	sh.call.SetText(s.call)
	screen.SetVisible(sh.call, s.call != "")
	sh.box.Refresh()
	sh.Refresh()
	s.layoutSheet()
}

// Tapped keeps a tap on the sheet from reaching the panel under it.
func (sh *statusSheet) Tapped(*fyne.PointEvent) {}

func (sh *statusSheet) MinSize() fyne.Size {
	p := theme.Padding()
	m := sh.box.MinSize()
	return fyne.NewSize(m.Width+2*p, m.Height+2*p+2)
}

func (sh *statusSheet) CreateRenderer() fyne.WidgetRenderer {
	return &sheetRenderer{sh: sh}
}

type sheetRenderer struct{ sh *statusSheet }

func (r *sheetRenderer) Layout(size fyne.Size) {
	p := theme.Padding()
	r.sh.bg.Resize(size)
	r.sh.line.Resize(fyne.NewSize(size.Width, 2))
	r.sh.line.Move(fyne.NewPos(0, size.Height-2))
	r.sh.box.Resize(fyne.NewSize(size.Width-2*p, size.Height-2*p-2))
	r.sh.box.Move(fyne.NewPos(p, p))
}
func (r *sheetRenderer) MinSize() fyne.Size { return r.sh.MinSize() }
func (r *sheetRenderer) Refresh() {
	r.sh.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	r.sh.line.FillColor = theme.Color(theme.ColorNamePrimary)
	r.Layout(r.sh.Size())
	canvas.Refresh(r.sh)
}
func (r *sheetRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.sh.bg, r.sh.box, r.sh.line}
}
func (r *sheetRenderer) Destroy() {}

// tapArea makes any content tappable as a whole (a row of a list that
// opens what it shows).
type tapArea struct {
	widget.BaseWidget
	content fyne.CanvasObject
	onTap   func()
}

func newTapArea(content fyne.CanvasObject, onTap func()) *tapArea {
	t := &tapArea{content: content, onTap: onTap}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped runs the row's action.
func (t *tapArea) Tapped(*fyne.PointEvent) {
	if t.onTap != nil {
		t.onTap()
	}
}

func (t *tapArea) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(t.content)
}
