package screen

import (
	"strings"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"tableops/tracker"
)

// RecordAnyway is "Record it anyway": it asks the table for a short reason
// and records a command a rule of the game refused (rej) as a table ruling
// (undoable, shown in the log), through f.
func RecordAnyway(f Frame, cmd tracker.Command, rej *tracker.Rejection) {
	reason := NewTextEntry()
	reason.SetPlaceHolder(lang.X("game.e_g_a_card", "e.g. a card in play allows it"))
	rule := WrapLabel(rej.In(TrText))
	d := NewFormDialog(f, lang.X("game.record_it_anyway", "Record it anyway"), lang.X("game.record", "Record"), []*widget.FormItem{
		widget.NewFormItem(lang.X("game.refused", "Refused"), rule),
		widget.NewFormItem(lang.X("game.why_the_table_allows", "Why the table allows it"), reason),
	}, func() error {
		if strings.TrimSpace(reason.Text) == "" {
			return OnField(reason, lang.X("game.say_in_a_few", "Say in a few words why the table allows it."))
		}
		if err := f.Try(tracker.Ruling{Reason: reason.Text, Command: cmd}); err != nil {
			return err
		}
		f.Say(lang.X("game.ruling_recorded", "Recorded as a table ruling: {{.Reason}}", map[string]any{"Reason": strings.TrimSpace(reason.Text)}), false)
		return nil
	})
	reason.OnSubmitted = func(string) { d.Submit() }
	d.Show()
	f.Window().Canvas().Focus(reason)
}
