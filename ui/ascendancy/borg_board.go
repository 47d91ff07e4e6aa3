package ascendancy

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	borgrules "tableops/rules/borg"
	"tableops/tracker"
	"tableops/ui/screen"
)

// borgBoardForm changes the board by hand: it adds cubes and spires, and
// records an assimilated player. What was typed stays until a command
// uses it; the player choices follow the state on every update.
type borgBoardForm struct {
	v               *ascView
	cubeAt, spireAt *screen.TextEntry
	spireNodes      *numStepper
	assim           *widget.Select
	addCube         *widget.Button
}

func newBorgBoardForm(v *ascView) *borgBoardForm {
	f := &borgBoardForm{v: v}
	f.cubeAt = placeholderEntry(lang.X("borg.where_the_cube_is", "Where the cube is"))
	f.spireAt = placeholderEntry(lang.X("borg.assimilated_system", "Assimilated system"))
	f.spireNodes = newNumStepper(lang.X("borg.new_spire_s_nodes", "New spire's nodes"), 0, 0, borgrules.MaxSpireNodes, nil)
	f.assim = widget.NewSelect(nil, nil)
	f.assim.PlaceHolder = lang.X("borg.player_assimilated", "Player assimilated")
	return f
}

// update returns the form with the players as the state stands.
func (f *borgBoardForm) update() fyne.CanvasObject {
	v := f.v
	box := container.NewVBox()
	f.addCube = widget.NewButtonWithIcon(lang.X("borg.add_cube", "Add cube"), theme.ContentAddIcon(), func() {
		if v.exec(tracker.AddCube{System: f.cubeAt.Text}) {
			f.cubeAt.SetText("")
		}
	})
	box.Add(container.NewBorder(nil, nil, nil, f.addCube, f.cubeAt))
	box.Add(f.spireNodes.box)
	box.Add(container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon(lang.X("borg.place_spire", "Place spire"), theme.ContentAddIcon(), func() {
		if v.exec(tracker.PlaceSpire{System: f.spireAt.Text, Nodes: f.spireNodes.val}) {
			f.spireAt.SetText("")
		}
	}), f.spireAt))
	box.Add(widget.NewSeparator())
	c := v.playerChoices()
	syncSelect(f.assim, c.labels, "")
	box.Add(screen.BoldLabel(lang.X("borg.a_civilization_is_assimilated", "A civilization is assimilated")))
	box.Add(screen.FitGrid(2, f.assim, widget.NewButton(lang.X("borg.assimilate", "Assimilate"), func() {
		if id := c.ids[f.assim.Selected]; id != "" {
			v.exec(tracker.AssimilatePlayer{Player: id})
		}
	})))
	return box
}
