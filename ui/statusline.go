package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"tableops/ui/screen"
)

// statusLine is the message line under a game screen's bar. It always takes
// the same height, shown or empty, so a message never moves what is under
// the player's finger. A long message is cut to one line; tapping the line
// shows all of it. An action button (such as "Record it anyway") can sit at
// its end.
type statusLine struct {
	widget.BaseWidget
	win    fyne.Window
	label  *widget.Label
	action *widget.Button
	box    *fyne.Container
	text   string
	isErr  bool
}

func newStatusLine(win fyne.Window) *statusLine {
	s := &statusLine{win: win}
	s.label = widget.NewLabel("")
	s.label.Truncation = fyne.TextTruncateEllipsis
	s.action = widget.NewButton("", nil)
	s.action.Hide()
	s.box = container.NewBorder(nil, nil, nil, s.action, s.label)
	s.ExtendBaseWidget(s)
	return s
}

// set shows a message (an error stands out); an empty one clears the line.
func (s *statusLine) set(msg string, isErr bool) {
	s.text, s.isErr = msg, isErr
	s.label.SetText(msg)
	if isErr {
		s.label.Importance = widget.DangerImportance
	} else {
		s.label.Importance = widget.MediumImportance
	}
	s.label.Refresh()
	s.setAction("", nil)
}

// setAction puts a button at the end of the line (none when label is "").
func (s *statusLine) setAction(label string, tapped func()) {
	if label == "" {
		s.action.Hide()
		s.action.OnTapped = nil
		return
	}
	s.action.SetText(label)
	s.action.OnTapped = tapped
	s.action.Show()
	s.box.Refresh() // lay the line out again: the button takes its room
}

// clearError clears the line if it shows an error (a stale one).
func (s *statusLine) clearError() {
	if s.isErr {
		s.set("", false)
	}
}

// Tapped shows the whole message.
func (s *statusLine) Tapped(*fyne.PointEvent) {
	if s.text == "" || s.win == nil {
		return
	}
	dialog.ShowCustom(lang.X("app.message", "Message"), lang.X("common.close", "Close"), screen.WrapLabel(s.text), s.win)
}

// MinSize is one line of text (or the action button), shown or not.
func (s *statusLine) MinSize() fyne.Size {
	h := max(widget.NewLabel("0").MinSize().Height, s.action.MinSize().Height)
	return fyne.NewSize(0, h)
}

func (s *statusLine) CreateRenderer() fyne.WidgetRenderer {
	return &statusRenderer{s: s}
}

type statusRenderer struct{ s *statusLine }

func (r *statusRenderer) Layout(size fyne.Size) {
	r.s.box.Resize(size)
	r.s.box.Move(fyne.NewPos(0, 0))
}
func (r *statusRenderer) MinSize() fyne.Size           { return r.s.MinSize() }
func (r *statusRenderer) Refresh()                     { r.s.box.Refresh() }
func (r *statusRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.s.box} }
func (r *statusRenderer) Destroy()                     {}

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
