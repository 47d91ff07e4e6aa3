package screen

import (
	"errors"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// formField is an entry a form can mark and focus: a widget.Entry, or a
// TextEntry (the object on screen, which takes the focus, is the
// TextEntry, not the entry inside it).
type formField interface {
	fyne.Focusable
	SetValidationError(error)
}

// fieldError is a reason a form was not accepted that belongs to one of its
// entries: the form shows it under that entry.
type fieldError struct {
	field formField
	msg   string
}

func (e *fieldError) Error() string { return e.msg }

// OnField ties a reason to the entry it is about.
func OnField(field formField, msg string) error { return &fieldError{field: field, msg: msg} }

// FormDialog is a form in a dialog that stays open until what was typed is
// accepted: a refusal shows inside the form (under the entry it is about,
// and as a line above the buttons) and nothing typed is lost. On a phone
// the labels sit above their fields so the form fits the width.
type FormDialog struct {
	at     Dialogs
	d      *dialog.CustomDialog
	form   *widget.Form
	errMsg *widget.Label
	submit func() error
}

// NewFormDialog builds (but does not show) a form dialog; submit returns
// nil to close it or the reason it was not accepted.
func NewFormDialog(at Dialogs, title, confirm string, items []*widget.FormItem, submit func() error) *FormDialog {
	win := at.Window()
	f := &FormDialog{at: at, submit: submit}
	f.form = &widget.Form{Items: items}
	size := win.Canvas().Size()
	if size.Width < WideWidth {
		f.form.Orientation = widget.Vertical
	}
	f.errMsg = WrapLabel("")
	f.errMsg.Importance = widget.DangerImportance
	f.errMsg.Hide()
	f.d = dialog.NewCustomWithoutButtons(title, container.NewBorder(nil, f.errMsg, nil, nil, container.NewVScroll(f.form)), win)
	ok := widget.NewButton(confirm, f.Submit)
	ok.Importance = widget.HighImportance
	f.d.SetButtons([]fyne.CanvasObject{widget.NewButton(lang.X("common.cancel", "Cancel"), f.d.Hide), ok})
	f.d.Resize(fyne.NewSize(min(420, size.Width-16), min(max(f.d.MinSize().Height, 240), size.Height-32)))
	return f
}

// Submit tries to accept the form: it closes on success and shows the
// reason otherwise.
func (f *FormDialog) Submit() {
	err := f.submit()
	if err == nil {
		f.d.Hide()
		return
	}
	f.fail(err)
}

// fail shows why the form was not accepted, keeping everything typed.
func (f *FormDialog) fail(err error) {
	msg := f.at.PlainError(err)
	var fe *fieldError
	if errors.As(err, &fe) && fe.field != nil {
		fe.field.SetValidationError(errors.New(fe.msg))
		f.at.Window().Canvas().Focus(fe.field)
	}
	f.errMsg.SetText(msg)
	f.errMsg.Show()
}

// Show shows the dialog.
func (f *FormDialog) Show() { f.at.ShowDialog(f.d) }

// ShowWhole shows the form dialog tall enough for the whole form when the
// window allows (the form scrolls inside it otherwise).
func (f *FormDialog) ShowWhole() {
	size := f.at.Window().Canvas().Size()
	h := f.form.MinSize().Height + 3*theme.Padding() + 2*theme.InputBorderSize() + 140
	f.d.Resize(fyne.NewSize(min(420, size.Width-16), min(max(h, 240), size.Height-32)))
	f.Show()
}
