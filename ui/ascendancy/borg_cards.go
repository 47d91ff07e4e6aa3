package ascendancy

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	borgrules "tableops/rules/borg"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// borgCubesView shows the cubes like their cards; it keeps nothing of its
// own and is drawn anew from the state on every update. fight is called
// with a cube's id when the players choose to fight it.
type borgCubesView struct {
	v     *ascView
	fight func(cube string)
}

// update returns the cube cards as the state stands.
func (cv *borgCubesView) update() fyne.CanvasObject {
	bs := cv.v.st.Borg
	cubes := container.NewVBox()
	if len(bs.Cubes) == 0 {
		cubes.Add(screen.WrapLabel(lang.X("borg.no_cube_on_the_board", "No cube on the board.")))
	}
	for _, c := range bs.Cubes {
		cubes.Add(cv.card(c))
	}
	return cubes
}

// card draws a cube like its card: attack dice left of 9 (damage taken),
// the adaptive shield track, the rounds fought.
func (cv *borgCubesView) card(c borgrules.Cube) fyne.CanvasObject {
	st := cv.v.st
	title := borgName(c.ID)
	if c.System != "" {
		title += " · " + c.System
	}
	if st.Borg != nil && slices.Contains(st.Borg.Activated, c.ID) {
		title += lang.X("borg.activated", " · activated")
	}
	dmg := widgets.NewTokenRow(borgrules.CubeDice, c.Dice())
	dmg.SetPerRow(5)
	dmg.SetCaption(func(total, ready int) string {
		return lang.X("borg.of_attack_dice_damage", "{{.Ready}} of {{.Total}} attack dice · damage {{.V}}", map[string]any{"Ready": ready, "Total": total, "V": total - ready})
	})
	var track []string
	for s := 0; s <= borgrules.MaxCubeShields; s++ {
		if s == c.Shields {
			track = append(track, fmt.Sprintf("[+%d]", s))
		} else {
			track = append(track, fmt.Sprintf("+%d", s))
		}
	}
	rows := container.NewVBox(screen.BigResult(title), dmg, screen.BoldLabel(lang.X("borg.shields", "Shields {{.Join}}", map[string]any{"Join": strings.Join(track, " ")})))
	if f := cubeFight(st, c.ID); f != nil {
		rows.Add(screen.WrapLabel(lang.X("borg.in_battle_round_s_fought", "In battle: {{.Round}} round(s) fought, {{.NamesOf}} fighting on.", map[string]any{"Round": c.Round, "NamesOf": cv.v.namesOf(f.Players)})))
	} else if c.Round > 0 {
		rows.Add(screen.CaptionLabel(lang.X("borg.its_last_battle_is_over", "Its last battle is over: it starts the next one fresh.")))
	}
	if st.Walker.Stage == tracker.AscExecution {
		id := c.ID
		rows.Add(widget.NewButtonWithIcon(lang.X("borg.fight_this_cube", "Fight this cube"), theme.GridIcon(), func() {
			cv.fight(id)
		}))
	}
	return widget.NewCard("", "", rows)
}

// borgSpiresView lists the spires and the defeat limit; drawn anew from
// the state on every update.
type borgSpiresView struct {
	v *ascView
}

// update returns the spires as the state stands.
func (sv *borgSpiresView) update() fyne.CanvasObject {
	bs := sv.v.st.Borg
	spires := container.NewVBox()
	if len(bs.Spires) == 0 {
		spires.Add(screen.WrapLabel(lang.X("borg.no_borg_system_yet", "No Borg system yet.")))
	}
	for _, s := range bs.Spires {
		spires.Add(screen.WrapLabel(spireLine(s)))
	}
	limit := borgrules.DefeatSpires
	if bs.ThreeSpires {
		limit = borgrules.OptionalDefeatSpires
	}
	spires.Add(screen.CaptionLabel(lang.X("borg.when_a_system_is_assimilated", "When a system is assimilated, place a spire. With {{.Limit}} spires in play, needing one more means the players lose.", map[string]any{"Limit": limit})))
	return spires
}

// spireLine describes a spire: its system, nodes as pips, a cube atop.
func spireLine(s borgrules.Spire) string {
	pips := strings.Repeat("●", s.Nodes) + strings.Repeat("○", borgrules.MaxSpireNodes-s.Nodes)
	line := lang.X("borg.nodes_planetary_shields", "{{.ID}} · {{.System}} · nodes {{.Pips}} (planetary shields +{{.Nodes}})", map[string]any{"ID": borgName(s.ID), "System": s.System, "Pips": pips, "Nodes": s.Nodes})
	if s.CubeOnSpire {
		line += lang.X("borg.cube_on_the_spire", " · cube on the spire")
	}
	return line
}
