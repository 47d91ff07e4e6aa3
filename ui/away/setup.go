package away

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/rules/reference"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// showSetup is the new-game wizard: players, away teams, the Borg overlay,
// then the start of mission preparation.
func (v *awayView) showSetup() {
	a := v.st
	v.round.Add(screen.Heading(lang.X("away.setup.title", "New game: players and away teams")))
	v.round.Add(screen.WrapLabel(lang.X("away.setup.intro", "Add 2 to 4 players (teams share a team name), then each player's characters with the printed values of their four tracks.")))
	// The form comes first and stays, greyed out once the game has 4
	// players: a player added shows below it, so nothing above the form's
	// Add player button moves under the finger that adds the next one.
	v.round.Add(v.addPlayerForm(a))
	for _, p := range a.Players {
		pid, pname := p.ID, p.Name
		n := 0
		for _, ch := range a.Characters {
			if ch.Owner == pid {
				n++
			}
		}
		line := lang.X("away.setup.player_line", "{{.Player}} — {{.N}} character(s)", map[string]any{"Player": playerTitle(p), "N": n})
		l := widget.NewLabelWithStyle(line, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		l.Wrapping = fyne.TextWrapWord
		v.round.Add(l)
		v.round.Add(widget.NewButtonWithIcon(lang.X("away.setup.add_character_to", "Add a character to {{.Name}}", map[string]any{"Name": pname}), theme.ContentAddIcon(), func() {
			v.chooseAddCharacter(pid, pname)
		}))
		for _, ch := range a.Characters {
			if ch.Owner != pid {
				continue
			}
			cid := ch.ID
			rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { v.exec(tracker.RemoveCharacter{Character: cid}) })
			desc := ch.Name + " · " + tracksLine(ch.Tracks)
			if ch.Escalation > 1 {
				desc += " · " + lang.X("away.badge.arrives", "arrives in round {{.N}}", map[string]any{"N": ch.Escalation})
			}
			v.round.Add(container.NewBorder(nil, nil, nil, rm, screen.WrapLabel(desc)))
		}
	}
	hasBorg := false
	for _, p := range a.Players {
		hasBorg = hasBorg || p.Borg
	}
	if hasBorg {
		v.round.Add(widget.NewSeparator())
		txt := lang.X("away.setup.overlay_missing", "Borg Assimilation Overlay: not entered yet. Enter its printed track values so assimilated characters can be tracked.")
		if a.Overlay != nil {
			txt = lang.X("away.setup.overlay", "Borg Assimilation Overlay: {{.Tracks}}", map[string]any{"Tracks": tracksLine(a.Overlay.Tracks)})
		}
		v.round.Add(screen.WrapLabel(txt))
		v.round.Add(widget.NewButtonWithIcon(lang.X("away.setup.enter_overlay", "Enter the overlay's tracks"), theme.DocumentCreateIcon(), v.enterOverlay))
	}
	start := widget.NewButtonWithIcon(lang.X("away.setup.start", "Start mission preparation"), theme.MediaPlayIcon(), func() { v.exec(tracker.StartMission{}) })
	start.Importance = widget.HighImportance
	v.round.Add(widget.NewSeparator())
	v.round.Add(start)
}

// playerTitle is "Name (Affiliation, team T)".
func playerTitle(p tracker.AwayPlayer) string {
	var extra []string
	if p.Affiliation != "" {
		extra = append(extra, p.Affiliation)
	}
	if p.Team != "" {
		extra = append(extra, lang.X("away.team.team_x", "team {{.Team}}", map[string]any{"Team": p.Team}))
	}
	if p.Borg && !strings.EqualFold(p.Affiliation, "Borg") {
		extra = append(extra, lang.X("away.setup.borg_player", "Borg player"))
	}
	if len(extra) == 0 {
		return p.Name
	}
	return p.Name + " (" + strings.Join(extra, ", ") + ")"
}

// tracksLine is "A 1-2-3 · D 1-1-2 · S 0-1-2 · M 1-2-3" with the current
// rating in brackets when pegs are missing.
func tracksLine(t awayrules.Tracks) string {
	parts := make([]string, 0, 4)
	for _, r := range []awayrules.Rating{awayrules.Attack, awayrules.Defense, awayrules.Skill, awayrules.Move} {
		tr := t.At(r)
		vals := make([]string, len(tr.Values))
		for i, x := range tr.Values {
			vals[i] = strconv.Itoa(x)
		}
		parts = append(parts, fmt.Sprintf("%s %s", strings.ToUpper(r.String()[:1]), strings.Join(vals, "-")))
	}
	return strings.Join(parts, " · ")
}

// affiliations offered when adding a player (any other may be typed).
var affiliations = []string{"Federation", "Borg", "Klingon", "Romulan", "Dominion"}

// addPlayerForm is the card that adds a player to the game a; once the
// game has the most players it can, it stays, disabled, and says so.
func (v *awayView) addPlayerForm(a *tracker.AwayState) fyne.CanvasObject {
	name := screen.NewTextEntry()
	name.SetPlaceHolder(lang.X("away.setup.player_name", "Player name"))
	aff := widgets.NewPickEntry(affiliations) // opens from a tap anywhere on it
	aff.SetPlaceHolder(lang.X("away.setup.affiliation", "Affiliation"))
	team := screen.NewTextEntry()
	team.SetPlaceHolder(lang.X("away.setup.team", "Team (team games only)"))
	borg := widget.NewCheck(lang.X("away.setup.borg_player_check", "Borg player"), nil)
	// The tick follows the affiliation: Borg ticks it, another affiliation
	// clears it (a Federation player is not the Borg player).
	aff.OnChanged = func(s string) {
		borg.SetChecked(strings.EqualFold(strings.TrimSpace(s), "Borg"))
	}
	add := widget.NewButtonWithIcon(lang.X("away.setup.add_player", "Add player"), theme.ContentAddIcon(), func() {
		if v.exec(tracker.AddAwayPlayer{Name: name.Text, Affiliation: aff.Text, Team: team.Text, Borg: borg.Checked}) {
			name.SetText("")
		}
	})
	borgHint := screen.WrapLabel(lang.X("away.setup.borg_hint", "The Borg player receives assimilated characters."))
	borgHint.SizeName = theme.SizeNameCaptionText
	count := lang.X("away.setup.players_added", "{{.N}} of 2 to 4 players added", map[string]any{"N": len(a.Players)})
	if a.PlayersFull() {
		count = lang.X("away.setup.players_full", "4 players added: the most a game has")
		name.Disable()
		aff.Disable()
		team.Disable()
		borg.Disable()
		add.Disable()
	}
	return widget.NewCard(lang.X("away.setup.add_a_player", "Add a player"), count, container.NewVBox(name, aff, team, borg, borgHint, add))
}

// trackEntries are the four entries for a character's printed track values.
type trackEntries struct{ attack, defense, skill, move *screen.TextEntry }

func newTrackEntries() trackEntries {
	mk := func() *screen.TextEntry {
		e := screen.NewTextEntry()
		e.SetPlaceHolder(lang.X("away.setup.track_hint", "lowest first, e.g. 1 2 3 3"))
		return e
	}
	return trackEntries{mk(), mk(), mk(), mk()}
}

// fill shows known printed values (empty tracks stay empty).
func (t trackEntries) fill(a, d, s, m []int) {
	for _, x := range []struct {
		e *screen.TextEntry
		v []int
	}{{t.attack, a}, {t.defense, d}, {t.skill, s}, {t.move, m}} {
		parts := make([]string, len(x.v))
		for i, n := range x.v {
			parts[i] = strconv.Itoa(n)
		}
		x.e.SetText(strings.Join(parts, " "))
	}
}

func (t trackEntries) items() []*widget.FormItem {
	return []*widget.FormItem{
		widget.NewFormItem(ratingName(awayrules.Attack), t.attack), widget.NewFormItem(ratingName(awayrules.Defense), t.defense),
		widget.NewFormItem(ratingName(awayrules.Skill), t.skill), widget.NewFormItem(ratingName(awayrules.Move), t.move),
	}
}

// values reads the four tracks; a track that cannot be read is named in a
// fieldError on its entry.
func (t trackEntries) values() (a, d, s, m []int, err error) {
	read := func(what string, e *screen.TextEntry) ([]int, error) {
		v, err := screen.ParseTrack(what, e.Text)
		if err != nil {
			return nil, screen.OnField(e, screen.ErrText(err))
		}
		return v, nil
	}
	if a, err = read(ratingName(awayrules.Attack), t.attack); err != nil {
		return
	}
	if d, err = read(ratingName(awayrules.Defense), t.defense); err != nil {
		return
	}
	if s, err = read(ratingName(awayrules.Skill), t.skill); err != nil {
		return
	}
	m, err = read(ratingName(awayrules.Move), t.move)
	return
}

// chooseAddCharacter asks how a character card comes in: typed from the
// card, picked from the catalog, or scanned from its tag.
func (v *awayView) chooseAddCharacter(pid, pname string) {
	var d dialog.Dialog
	typed := widget.NewButtonWithIcon(lang.X("away.setup.type_it", "Type it in"), theme.DocumentCreateIcon(), func() {
		d.Hide()
		v.addCharacter(pid, pname, tracker.AddCharacter{})
	})
	catalog := widget.NewButtonWithIcon(lang.X("away.setup.pick", "Pick from the catalog"), theme.SearchIcon(), func() {
		d.Hide()
		v.f.PickCharacter(func(ch reference.Character) {
			cmd := addCharacterFrom(ch)
			cmd.Player = pid
			if ch.Complete() {
				v.exec(cmd)
				return
			}
			// The catalog lacks some printed values: the form asks for them.
			v.addCharacter(pid, pname, cmd)
		})
	})
	scanned := widget.NewButtonWithIcon(lang.X("away.setup.scan", "Scan its tag"), theme.MediaPhotoIcon(), func() {
		d.Hide()
		v.scanCharacter(pid, pname)
	})
	d = dialog.NewCustom(lang.X("away.setup.add_character_to", "Add a character to {{.Name}}", map[string]any{"Name": pname}), lang.X("away.cancel", "Cancel"), container.NewVBox(typed, catalog, scanned), v.f.Window())
	v.f.ShowDialog(d)
}

// overlayWeapon is the Attack Action printed on the Borg Assimilation
// Overlay (rulebook, Components: Borg Drone Overlay).
var overlayWeapon = awayrules.Weapon{Name: "Assimilation Tubules", Dice: 0, Damage: 1,
	Keywords: []string{awayrules.KeywordAssimilate, awayrules.KeywordMelee}}

// weaponEntries are the fields of one Attack Action: its dice and damage
// typed as the card prints them (a number; empty is 0), so the keyboard
// fills the whole form.
type weaponEntries struct {
	name         *screen.TextEntry
	dice, damage *screen.TextEntry
	keywords     *widget.CheckGroup
}

func newWeaponEntries(w *awayrules.Weapon) weaponEntries {
	e := weaponEntries{name: screen.NewTextEntry(), dice: screen.NewTextEntry(), damage: screen.NewTextEntry(),
		keywords: widget.NewCheckGroup([]string{awayrules.KeywordMelee, awayrules.KeywordStun, awayrules.KeywordDefensive, awayrules.KeywordAssimilate}, nil)}
	e.name.SetPlaceHolder(lang.X("away.setup.weapon_hint", "e.g. Phaser"))
	e.dice.SetPlaceHolder(lang.X("away.setup.plus_dice", "+ dice"))
	e.damage.SetPlaceHolder(lang.X("away.setup.plus_damage", "+ damage"))
	if w != nil {
		e.name.SetText(w.Name)
		e.dice.SetText(strconv.Itoa(w.Dice))
		e.damage.SetText(strconv.Itoa(w.Damage))
		e.keywords.SetSelected(w.Keywords)
	}
	return e
}

func (e weaponEntries) items() []*widget.FormItem {
	return []*widget.FormItem{
		widget.NewFormItem(lang.X("away.attack.action", "Attack action"), e.name),
		widget.NewFormItem(lang.X("away.setup.plus_dice", "+ dice"), e.dice),
		widget.NewFormItem(lang.X("away.setup.plus_damage", "+ damage"), e.damage),
		widget.NewFormItem(lang.X("away.setup.weapon_keywords", "Weapon keywords"), e.keywords),
	}
}

// weapon returns the Attack Action entered (false when no name is given);
// a dice or damage that is not a whole number from 0 is refused on its
// field.
func (e weaponEntries) weapon() (awayrules.Weapon, bool, error) {
	if strings.TrimSpace(e.name.Text) == "" {
		return awayrules.Weapon{}, false, nil
	}
	num := func(x *screen.TextEntry, what string) (int, error) {
		t := strings.TrimSpace(x.Text)
		if t == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(strings.TrimPrefix(t, "+"))
		if err != nil || n < 0 {
			return 0, screen.OnField(x, lang.X("away.setup.not_a_count", "{{.What}}: {{.Text}} is not a whole number from 0.", map[string]any{"What": what, "Text": t}))
		}
		return n, nil
	}
	dn, err := num(e.dice, lang.X("away.setup.plus_dice", "+ dice"))
	if err != nil {
		return awayrules.Weapon{}, false, err
	}
	dm, err := num(e.damage, lang.X("away.setup.plus_damage", "+ damage"))
	if err != nil {
		return awayrules.Weapon{}, false, err
	}
	var kw []string
	for _, k := range e.keywords.Options { // in the card's order
		if slices.Contains(e.keywords.Selected, k) {
			kw = append(kw, k)
		}
	}
	return awayrules.Weapon{Name: strings.TrimSpace(e.name.Text), Dice: dn, Damage: dm, Keywords: kw}, true, nil
}

// enterOverlay asks for the printed tracks of the Borg Assimilation Overlay
// and its Attack Action, filled in as the rulebook prints it (Assimilation
// Tubules: +0 dice, +1 damage, Assimilate, Melee); its Hivemind rule comes
// with it. Assimilated characters take these actions.
func (v *awayView) enterOverlay() {
	tracks := newTrackEntries()
	w := overlayWeapon
	if o := v.st.Overlay; o != nil {
		tracks.fill(o.Tracks.Attack.Values, o.Tracks.Defense.Values, o.Tracks.Skill.Values, o.Tracks.Move.Values)
		if len(o.Weapons) > 0 {
			w = o.Weapons[0]
		}
	}
	weapon := newWeaponEntries(&w)
	items := append(tracks.items(), weapon.items()...)
	screen.NewFormDialog(v.f, lang.X("away.setup.overlay_title", "Borg Assimilation Overlay"), lang.X("away.setup.save", "Save"), items, func() error {
		a, d, s, m, err := tracks.values()
		if err != nil {
			return err
		}
		cmd := tracker.SetOverlay{Attack: a, Defense: d, Skill: s, Move: m, Rules: []string{awayrules.RuleHivemind}}
		w, ok, err := weapon.weapon()
		if err != nil {
			return err
		}
		if ok {
			cmd.Weapons = []awayrules.Weapon{w}
		}
		return v.f.Try(cmd)
	}).
		Show()
}

// playerBorg reports whether a player plays the Borg affiliation.
func (v *awayView) playerBorg(pid string) bool {
	for _, p := range v.st.Players {
		if p.ID == pid {
			return strings.EqualFold(strings.TrimSpace(p.Affiliation), "Borg")
		}
	}
	return false
}

// addCharacterFrom turns a catalog character into the command that adds
// it to an away team, with Player left empty for the caller to set. A
// specialization printed x2 is listed twice; unknown weapon bonuses count
// as 0 and empty tracks stay empty (the tracker refuses them, so check
// Complete or let the players fill them in first).
func addCharacterFrom(ch reference.Character) tracker.AddCharacter {
	cmd := tracker.AddCharacter{
		Name:        ch.Name,
		CatalogID:   ch.ID,
		Affiliation: ch.Affiliation,
		Keywords:    append([]string(nil), ch.Keywords...),
		Attack:      append([]int(nil), ch.Tracks.Attack...),
		Defense:     append([]int(nil), ch.Tracks.Defense...),
		Skill:       append([]int(nil), ch.Tracks.Skill...),
		Move:        append([]int(nil), ch.Tracks.Move...),
		Escalation:  ch.Escalation,
	}
	for _, s := range ch.Specializations {
		for range s.Count {
			cmd.Specializations = append(cmd.Specializations, s.Name)
		}
	}
	for _, a := range ch.Attacks {
		w := awayrules.Weapon{Name: a.Name, Keywords: append([]string(nil), a.Rules...)}
		if a.Dice != nil {
			w.Dice = *a.Dice
		}
		if a.Damage != nil {
			w.Damage = *a.Damage
		}
		cmd.Weapons = append(cmd.Weapons, w)
	}
	return cmd
}
