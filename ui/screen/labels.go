package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Heading is a large bold label.
func Heading(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	l.Wrapping = fyne.TextWrapWord
	return l
}

// Padded wraps content in the theme's padding.
func Padded(o fyne.CanvasObject) fyne.CanvasObject { return container.NewPadded(o) }

// WrapLabel is a label that wraps words.
func WrapLabel(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// CaptionLabel is a small wrapping label.
func CaptionLabel(text string) *widget.Label {
	l := WrapLabel(text)
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// BoldLabel is a bold wrapping label.
func BoldLabel(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord
	return l
}

// RollButton is the "Roll for me" button of a dice form: the app rolls the
// dice virtually.
func RollButton(tapped func()) *widget.Button {
	b := widget.NewButtonWithIcon(lang.X("away.dice.roll_for_me", "Roll for me"), theme.ViewRefreshIcon(), tapped)
	b.Importance = widget.HighImportance
	return b
}

// BigResult is a large bold line for an outcome.
func BigResult(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	l.Wrapping = fyne.TextWrapWord
	return l
}

// Step is a numbered Step of the round walker: a bold title and a line.
func Step(title, text string) fyne.CanvasObject {
	t := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	return container.NewVBox(t, WrapLabel(text))
}

// AddApplyButton adds to box the button that applies (or records) what a
// form shows: a confirm icon, high importance.
func AddApplyButton(box *fyne.Container, label string, tapped func()) {
	b := widget.NewButtonWithIcon(label, theme.ConfirmIcon(), tapped)
	b.Importance = widget.HighImportance
	box.Add(b)
}
