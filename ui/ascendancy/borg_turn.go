package ascendancy

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/dice"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// borgTurnView walks the Borg turn: build phase, then each cube, then the
// end. It is drawn anew from the tracker state on every update; only the
// hub die typed and where the next cube moves are kept between updates.
type borgTurnView struct {
	v          *ascView
	hubPad     *widgets.DicePad
	activateAt *screen.TextEntry
	// next is the turn's next action as last drawn: the build phase, the
	// next cube's activation, or its end.
	next fyne.CanvasObject
}

func newBorgTurnView(v *ascView) *borgTurnView {
	return &borgTurnView{
		v:          v,
		hubPad:     widgets.NewDicePad(1),
		activateAt: placeholderEntry(lang.X("borg.system_it_stops_in", "System it stops in (name, optional)")),
	}
}

// update returns the Borg turn as the state stands.
func (t *borgTurnView) update() fyne.CanvasObject {
	v := t.v
	bs := v.st.Borg
	title := lang.X("asc.the_borg_turn", "The Borg turn")
	if n, of := borgTurnOf(v.st.Walker); of > 1 {
		title = lang.X("borg.the_borg_turn_n_of", "The Borg turn ({{.N}} of {{.Of}})", map[string]any{"N": n, "Of": of})
	}
	box := container.NewVBox(screen.Heading(title))
	if bs.Built {
		l := screen.BoldLabel(lang.X("borg.1_build_phase_done_each", "1. Build phase done: each spire built a node or a cube, or launched its cube."))
		l.Importance = widget.SuccessImportance
		box.Add(l)
	} else {
		box.Add(screen.Step(lang.X("borg.1_build_phase", "1. Build phase"), lang.X("borg.roll_the_transwarp_hub_die", "Roll the transwarp hub die (type it below or let the app roll), then every spire builds.")))
		box.Add(t.hubPad)
		run := widget.NewButtonWithIcon(lang.X("borg.run_the_build_phase", "Run the build phase"), theme.MediaPlayIcon(), func() {
			roll := tracker.Roll{Virtual: 1}
			if p := t.hubPad.Pool(); len(p) == 1 {
				roll = tracker.Roll{Faces: dice.Pool{p[0]}}
			}
			if v.exec(tracker.BorgBuild{HubRoll: roll}) {
				t.hubPad.SetPool(nil)
			}
		})
		run.Importance = widget.HighImportance
		box.Add(run)
		t.next = run
		box.Add(screen.CaptionLabel(lang.X("borg.with_no_die_typed_the", "With no die typed, the app rolls the hub die.")))
		return box
	}
	box.Add(screen.BoldLabel(lang.X("borg.2_each_cube_in_turn", "2. Each cube in turn")))
	box.Add(screen.CaptionLabel(lang.X("borg.activate_it_where_it_moves", "Activate it (where it moves), draw and resolve a Borg command card, and if it reaches a developed system begin assimilation; fight it below when it engages ships.")))
	box.Add(widget.NewButtonWithIcon(lang.X("borg.scan_the_borg_card_drawn", "Scan the Borg card drawn"), theme.MediaPhotoIcon(), func() {
		v.f.ScanCards(nil)
	}))
	next := ""
	var done []string
	for _, c := range bs.Cubes {
		if slices.Contains(bs.Activated, c.ID) {
			done = append(done, borgName(c.ID))
			continue
		}
		if next == "" {
			next = c.ID
		}
	}
	// One line, whatever is done: the rows under it keep their place.
	if len(done) == 0 {
		box.Add(screen.WrapLabel(lang.X("borg.activated_none_yet", "Activated: none yet")))
	} else {
		box.Add(screen.WrapLabel(lang.X("borg.activated_2", "Activated: {{.Join}}", map[string]any{"Join": strings.Join(done, ", ")})))
	}
	// The activate row keeps its place when every cube is done, so "End
	// the Borg turn" under it never moves under a finger.
	act := widget.NewButton(lang.X("borg.activate", "Activate {{.Next}}", map[string]any{"Next": borgName(next)}), func() {
		if v.exec(tracker.ActivateCube{Cube: next, System: t.activateAt.Text}) {
			t.activateAt.SetText("")
		}
	})
	if next == "" {
		act.SetText(lang.X("borg.every_cube_activated", "Every cube activated"))
		act.Disable()
		t.activateAt.Disable()
	} else {
		t.activateAt.Enable()
	}
	actRow := container.NewBorder(nil, nil, nil, act, t.activateAt)
	box.Add(actRow)
	end := widget.NewButtonWithIcon(lang.X("borg.3_end_the_borg_turn", "3. End the Borg turn"), theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
	end.Importance = widget.HighImportance
	box.Add(end)
	t.next = actRow
	if next == "" {
		t.next = end
	}
	return box
}

// borgTurnOf returns which of the round's Borg turns is under way (1 up)
// and how many the round has (one per assimilated player's card).
func borgTurnOf(w tracker.AscWalker) (n, of int) {
	for i, id := range w.Order {
		if id == tracker.BorgSeat {
			of++
			if i <= w.Turn {
				n = of
			}
		}
	}
	return n, of
}
