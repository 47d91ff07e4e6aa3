package ui

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
)

// ascView is the Star Trek: Ascendancy game screen: the setup, each
// player's console (resources, commands, weapons and shields, nodes, trade
// agreements), the round walker, the battles, the Borg and a tablet
// scoreboard. Every change goes through a tracker command.
type ascView struct {
	gs *gameScreen
	st *tracker.AscendancyState

	players     *fyne.Container
	playersScrl *container.Scroll
	round       *fyne.Container
	roundScrl   *container.Scroll

	setup  *ascSetup
	board  *ascBoard
	walker *ascWalker
	battle *ascBattle
	borg   *borgPanel
	score  *ascScoreboard

	// turnLines top every panel (see withTurn).
	turnLines []*widget.Label
	// step is the stage, round, turn and phase last shown (see show).
	step string
}

func newAscendancyView(gs *gameScreen) *ascView {
	v := &ascView{gs: gs}
	v.players = container.NewVBox()
	v.playersScrl = container.NewVScroll(v.players)
	v.round = container.NewVBox()
	v.roundScrl = container.NewVScroll(v.round)
	v.setup = newAscSetup(v)
	v.board = newAscBoard(v)
	v.walker = newAscWalker(v)
	v.battle = newAscBattle(v)
	v.borg = newBorgPanel(v)
	return v
}

func (v *ascView) panels() []panel {
	return []panel{
		{title: "Players", icon: theme.AccountIcon(), content: v.withTurn(v.playersScrl)},
		{title: "Round", icon: theme.MediaPlayIcon(), content: v.withTurn(v.roundScrl)},
		{title: "Battle", icon: theme.GridIcon(), content: v.withTurn(v.battle.content)},
		{title: "Borg", icon: theme.WarningIcon(), content: v.withTurn(v.borg.content)},
	}
}

// withTurn puts the line saying whose turn it is, in which phase, and who
// is left this round on top of a panel.
func (v *ascView) withTurn(content fyne.CanvasObject) fyne.CanvasObject {
	l := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord
	l.Importance = widget.HighImportance
	v.turnLines = append(v.turnLines, l)
	return container.NewBorder(l, nil, nil, nil, content)
}

// turnLine says where the round stands: "Round 2 · Execution · Alice's
// turn, command phase · 3 of 6 commands ready · then Bob, the Borg".
func (v *ascView) turnLine() string {
	a := v.st
	w := a.Walker
	switch w.Stage {
	case tracker.AscSetup:
		return "Setup: add the players, then start round 1"
	case tracker.AscInitiative:
		return fmt.Sprintf("Round %d · Initiative: %d of %d bids made", w.Round, len(w.Bids), len(v.active()))
	case tracker.AscRecharge:
		return fmt.Sprintf("Round %d · Recharge", w.Round)
	case tracker.AscOver:
		return "Game over"
	}
	line := fmt.Sprintf("Round %d · Execution", w.Round)
	seat := a.CurrentSeat()
	if seat == "" {
		return line
	}
	line += " · " + v.seatName(seat) + "'s turn"
	if seat == tracker.BorgSeat {
		line = fmt.Sprintf("Round %d · Execution · the Borg turn", w.Round)
	} else if w.Phase != "" {
		line += ", " + phaseWord(w.Phase)
	}
	if p := v.player(seat); p != nil {
		line += fmt.Sprintf(" · %d of %d commands ready", p.Ready(), p.Commands)
	}
	var next []string
	for _, id := range w.Order[w.Turn+1:] {
		next = append(next, v.seatName(id))
	}
	if len(next) == 0 {
		return line + " · last turn of the round"
	}
	return line + " · then " + strings.Join(next, ", ")
}

func (v *ascView) show(s *tracker.State) {
	if s == nil || s.Ascendancy == nil {
		return
	}
	v.st = s.Ascendancy
	for _, l := range v.turnLines {
		l.SetText(v.turnLine())
	}
	v.players.RemoveAll()
	if v.st.Walker.Stage == tracker.AscSetup {
		v.players.Add(padded(v.setup.show()))
	} else {
		v.players.Add(padded(v.board.show()))
	}
	v.players.Refresh()
	v.round.RemoveAll()
	v.round.Add(padded(v.walker.show()))
	v.round.Refresh()
	// A new stage or turn is a new step: show it from its top.
	if step := fmt.Sprintf("%s/%d/%d/%s", v.st.Walker.Stage, v.st.Walker.Round, v.st.Walker.Turn, v.st.Walker.Phase); step != v.step {
		v.step = step
		v.roundScrl.ScrollToTop()
		v.playersScrl.ScrollToTop()
		v.borg.scroll.ScrollToTop()
	}
	v.battle.show()
	v.borg.show()
	if v.score != nil {
		v.score.show()
	}
}

// rollNow rolls the dice of the battle on screen (desktop roll shortcut).
func (v *ascView) rollNow() {
	v.gs.layout.show("Battle")
	v.battle.rollNow()
}

// exec runs a command for this game (see gameScreen.exec).
func (v *ascView) exec(cmd tracker.Command) bool { return v.gs.exec(cmd) }

// player returns a player by id (nil when there is none).
func (v *ascView) player(id string) *tracker.AscPlayer {
	if v.st == nil {
		return nil
	}
	for i := range v.st.Players {
		if v.st.Players[i].ID == id {
			return &v.st.Players[i]
		}
	}
	return nil
}

// seatName names a seat of the turn order: a player's name, or the Borg.
func (v *ascView) seatName(id string) string {
	if id == tracker.BorgSeat {
		return "the Borg"
	}
	if p := v.player(id); p != nil {
		return p.Name
	}
	return id
}

// namesOf names seats: "Alice and Bob".
func (v *ascView) namesOf(ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = v.seatName(id)
	}
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// active lists the players still in the game (not assimilated or out).
func (v *ascView) active() []tracker.AscPlayer {
	var out []tracker.AscPlayer
	for _, p := range v.st.Players {
		if !p.Assimilated && !p.Eliminated {
			out = append(out, p)
		}
	}
	return out
}

// playerChoice is the players offered in a select, by label.
type playerChoice struct {
	labels []string
	ids    map[string]string
}

// playerChoices lists the active players as "Name (Civilization)".
func (v *ascView) playerChoices() playerChoice {
	c := playerChoice{ids: map[string]string{}}
	for _, p := range v.active() {
		l := p.Name
		if p.Civilization != "" && p.Civilization != p.Name {
			l += " (" + p.Civilization + ")"
		}
		c.labels = append(c.labels, l)
		c.ids[l] = p.ID
	}
	return c
}

// labelOf returns the label of a player id in the choice ("" if absent).
func (c playerChoice) labelOf(id string) string {
	for l, x := range c.ids {
		if x == id {
			return l
		}
	}
	return ""
}

// syncSelect sets a select's options, keeping the selection when it is
// still offered and otherwise choosing def (may be "").
func syncSelect(s *widget.Select, options []string, def string) {
	s.Options = options
	found := false
	for _, o := range options {
		found = found || o == s.Selected
	}
	if !found {
		s.Selected = ""
		for _, o := range options {
			if o == def {
				s.Selected = def
			}
		}
	}
	s.Refresh()
}

// resText writes resources the short way players read them: "2P 1R 3C",
// "free" when nothing.
func resText(r ascrules.Resources) string {
	var parts []string
	if r.Production != 0 {
		parts = append(parts, fmt.Sprintf("%dP", r.Production))
	}
	if r.Research != 0 {
		parts = append(parts, fmt.Sprintf("%dR", r.Research))
	}
	if r.Culture != 0 {
		parts = append(parts, fmt.Sprintf("%dC", r.Culture))
	}
	if len(parts) == 0 {
		return "free"
	}
	return strings.Join(parts, " ")
}

// parseCost reads an amount of resources typed by a player: numbers each
// followed by P (production), R (research) or C (culture), in any order,
// spaces optional ("2P 1C", "3r", "1p1r1c"); empty or "0" is nothing.
func parseCost(s string) (ascrules.Resources, error) {
	var r ascrules.Resources
	s = strings.TrimSpace(s)
	if s == "" || s == "0" || strings.EqualFold(s, "free") {
		return r, nil
	}
	if len(s) > 40 {
		return r, fmt.Errorf("%q is too long for a cost", s)
	}
	num := ""
	for _, c := range s {
		switch {
		case unicode.IsSpace(c) || c == ',' || c == '+':
			if num != "" {
				return r, fmt.Errorf("%q: say what %s is (P, R or C)", s, num)
			}
		case c >= '0' && c <= '9':
			num += string(c)
			if len(num) > 3 {
				return r, fmt.Errorf("%q: a number is too large", s)
			}
		default:
			if num == "" {
				return r, fmt.Errorf("%q: write a number before %c (e.g. 2P 1C)", s, c)
			}
			n, _ := strconv.Atoi(num)
			num = ""
			switch unicode.ToUpper(c) {
			case 'P':
				r.Production += n
			case 'R':
				r.Research += n
			case 'C':
				r.Culture += n
			default:
				return r, fmt.Errorf("%q: %c is not P, R or C", s, c)
			}
		}
	}
	if num != "" {
		return r, fmt.Errorf("%q: say what %s is (P, R or C)", s, num)
	}
	return r, nil
}

// parseCostList reads several costs separated by ";" or "/" (the upgrade
// costs in order: "2R; 3R; 4R").
func parseCostList(s string) ([]ascrules.Resources, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	if len(s) > 200 {
		return nil, fmt.Errorf("the list of costs is too long")
	}
	var out []ascrules.Resources
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '/' }) {
		r, err := parseCost(part)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	if len(out) > 10 {
		return nil, fmt.Errorf("at most 10 upgrade costs")
	}
	return out, nil
}

// costListText writes a list of costs as parseCostList reads it.
func costListText(list []ascrules.Resources) string {
	parts := make([]string, len(list))
	for i, r := range list {
		parts[i] = resText(r)
	}
	return strings.Join(parts, "; ")
}

// captionLabel is a small wrapping label.
func captionLabel(text string) *widget.Label {
	l := wrapLabel(text)
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// boldLabel is a bold wrapping label.
func boldLabel(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord
	return l
}

// placeholderEntry is an entry showing a hint while empty.
func placeholderEntry(hint string) *widget.Entry {
	e := widget.NewEntry()
	e.PlaceHolder = hint
	return e
}

// numEntry reads a whole number from an entry, def when empty.
func numEntry(e *widget.Entry, def int, what string) (int, error) {
	t := strings.TrimSpace(e.Text)
	if t == "" {
		return def, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a whole number", what, t)
	}
	return n, nil
}
