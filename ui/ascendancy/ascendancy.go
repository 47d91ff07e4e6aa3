package ascendancy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// ascView is the Star Trek: Ascendancy game screen: the setup, each
// player's console (resources, commands, weapons and shields, nodes, trade
// agreements), the round walker, the battles, the Borg and a tablet
// scoreboard. Every change goes through a tracker command.
type ascView struct {
	f  screen.Frame
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
	// lazy shows the state on the panels in view (see screen.LazyPanels).
	lazy *screen.LazyPanels
}

// New builds the Star Trek: Ascendancy screen (with the Borg), drawn in f.
func New(f screen.Frame) screen.View { return newAscendancyView(f) }

func newAscendancyView(f screen.Frame) *ascView {
	v := &ascView{f: f}
	v.players = container.NewVBox()
	v.playersScrl = container.NewVScroll(v.players)
	v.round = container.NewVBox()
	v.roundScrl = container.NewVScroll(v.round)
	v.setup = newAscSetup(v)
	v.board = newAscBoard(v)
	v.walker = newAscWalker(v)
	v.battle = newAscBattle(v)
	v.borg = newBorgPanel(v)
	v.lazy = screen.NewLazyPanels(f.PanelVisible)
	v.lazy.Add(lang.X("asc.players", "Players"), func() {
		if v.st.Walker.Stage == tracker.AscSetup {
			setPanel(v.players, v.setup.show())
		} else {
			setPanel(v.players, v.board.show())
		}
	})
	v.lazy.Add(lang.X("asc.round", "Round"), func() {
		setPanel(v.round, v.walker.show())
		v.walker.steps.Follow(v.roundScrl, walkerStep(v.st), v.walker.next, false)
	})
	v.lazy.Add(lang.X("asc.battle", "Battle"), v.battle.show)
	v.lazy.Add(lang.X("asc.borg", "Borg"), v.borg.show)
	return v
}

// Panels are the Players, Round, Battle and Borg panels.
func (v *ascView) Panels() []screen.Panel {
	return []screen.Panel{
		{Title: lang.X("asc.players", "Players"), Icon: theme.AccountIcon(), Content: v.withTurn(v.playersScrl)},
		{Title: lang.X("asc.round", "Round"), Icon: theme.MediaPlayIcon(), Content: v.withTurn(v.roundScrl)},
		{Title: lang.X("asc.battle", "Battle"), Icon: theme.GridIcon(), Content: v.withTurn(v.battle.content)},
		{Title: lang.X("asc.borg", "Borg"), Icon: theme.WarningIcon(), Content: v.withTurn(v.borg.content)},
	}
}

// Shown brings a panel that came into view up to date.
func (v *ascView) Shown(title string) {
	if v.st != nil {
		v.lazy.Shown(title)
	}
}

// withTurn is a panel's content: the line saying whose turn it is, in
// which phase, and who is left this round is the frame's (Stage), over
// every panel, so a phone spends no line of the panel on it.
func (v *ascView) withTurn(content fyne.CanvasObject) fyne.CanvasObject { return content }

// Stage is the line saying where the round stands, for the frame to show
// over every panel (screen.Staged).
func (v *ascView) Stage() string {
	if v.st == nil {
		return ""
	}
	return v.turnLine()
}

// turnLine says where the round stands: "Round 2 · Execution · Alice's
// turn, command phase · 3 of 6 commands ready · then Bob, the Borg".
func (v *ascView) turnLine() string {
	a := v.st
	w := a.Walker
	switch w.Stage {
	case tracker.AscSetup:
		return lang.X("asc.setup_add_the_players_then", "Setup: add the players, then start round 1")
	case tracker.AscInitiative:
		return lang.X("asc.round_initiative_of_bids_made", "Round {{.Round}} · Initiative: {{.NBids}} of {{.NActive}} bids made", map[string]any{"Round": w.Round, "NBids": len(w.Bids), "NActive": len(v.active())})
	case tracker.AscRecharge:
		return lang.X("asc.round_recharge", "Round {{.Round}} · Recharge", map[string]any{"Round": w.Round})
	case tracker.AscOver:
		return lang.X("asc.game_over", "Game over")
	}
	line := lang.X("asc.round_execution", "Round {{.Round}} · Execution", map[string]any{"Round": w.Round})
	seat := a.CurrentSeat()
	if seat == "" {
		return line
	}
	line += lang.X("asc.s_turn", " · {{.SeatName}}'s turn", map[string]any{"SeatName": v.seatName(seat)})
	if seat == tracker.BorgSeat {
		line = lang.X("asc.round_execution_the_borg_turn", "Round {{.Round}} · Execution · the Borg turn", map[string]any{"Round": w.Round})
	} else if w.Phase != "" {
		line += ", " + phaseWord(w.Phase)
	}
	if p := v.player(seat); p != nil {
		line += lang.X("asc.of_commands_ready", " · {{.Ready}} of {{.Commands}} commands ready", map[string]any{"Ready": p.Ready(), "Commands": p.Commands})
	}
	var next []string
	for _, id := range w.Order[w.Turn+1:] {
		next = append(next, v.seatName(id))
	}
	if len(next) == 0 {
		return lang.X("asc.last_turn_of_the_round", "{{.Line}} · last turn of the round", map[string]any{"Line": line})
	}
	return lang.X("asc.then", "{{.Line}} · then {{.Join}}", map[string]any{"Line": line, "Join": strings.Join(next, ", ")})
}

// StartPanel is the panel the game opens on: the first (Players).
func (*ascView) StartPanel() string { return "" }

// Show shows a new state: the turn line on every panel, the panels in
// view at once, the others when they come into view (see screen.LazyPanels).
func (v *ascView) Show(s *tracker.State) {
	if s == nil || s.Ascendancy == nil {
		return
	}
	v.st = s.Ascendancy
	line := v.turnLine()
	for _, l := range v.turnLines {
		if l.Text != line { // the same text drawn again costs a phone a frame
			l.SetText(line)
		}
	}
	v.lazy.Changed()
	// A new stage or turn is a new step: the Players panel shows its
	// console from the top (the phase's actions first); the Round,
	// Battle and Borg panels scroll by as little as brings the next
	// step's controls into view (screen.StepScroll), and otherwise stay where
	// the player was (the frame keeps their scroll, issue 27).
	if step := fmt.Sprintf("%s/%d/%d/%s", v.st.Walker.Stage, v.st.Walker.Round, v.st.Walker.Turn, v.st.Walker.Phase); step != v.step {
		v.step = step
		v.playersScrl.ScrollToTop()
	}
	if v.score != nil {
		v.score.show()
	}
}

// setPanel makes o, padded, what a panel's box shows; nothing is done when
// the box shows o already (see setObjects).
func setPanel(box *fyne.Container, o fyne.CanvasObject) {
	if len(box.Objects) == 1 {
		if pad, ok := box.Objects[0].(*fyne.Container); ok && len(pad.Objects) == 1 && pad.Objects[0] == o {
			return
		}
	}
	screen.SetObjects(box, []fyne.CanvasObject{container.NewPadded(o)})
}

// RollNow rolls the dice of the battle on screen (desktop roll shortcut).
func (v *ascView) RollNow() {
	v.f.ShowPanel(lang.X("asc.battle", "Battle"))
	v.battle.rollNow()
}

// commandRow is a player's command tokens: tap one to use it, long-press
// (right-click) to ready it; the caption in the reader's language.
func (v *ascView) commandRow(p tracker.AscPlayer) *widgets.TokenRow {
	id := p.ID
	tokens := widgets.NewTokenRow(p.Commands, p.Ready())
	tokens.SetCaption(func(total, ready int) string {
		return lang.X("asc.tokens_ready", "{{.Ready}} of {{.Total}} ready", map[string]any{"Ready": ready, "Total": total})
	})
	tokens.OnExhaust = func() { v.exec(tracker.UseCommand{Player: id, Delta: 1}) }
	tokens.OnReady = func() { v.exec(tracker.UseCommand{Player: id, Delta: -1}) }
	return tokens
}

// submit runs a command for a form dialog: nil closes the form (applied,
// or handed to the status line: a refusal by a rule of the game offers
// "Record it anyway" there, another player's pieces ask first); any other
// refusal is returned for the form to show, keeping what was typed.
func (v *ascView) submit(cmd tracker.Command) error {
	return v.f.Submit(cmd)
}

// exec runs a command for this game (see screen.Frame.Exec).
func (v *ascView) exec(cmd tracker.Command) bool { return v.f.Exec(cmd) }

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
		return lang.X("asc.the_borg", "the Borg")
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
		return lang.X("asc.nobody", "nobody")
	case 1:
		return names[0]
	}
	return lang.X("asc.and", "{{.Join}} and {{.V}}", map[string]any{"Join": strings.Join(names[:len(names)-1], ", "), "V": names[len(names)-1]})
}

// active lists the players still in the game (not assimilated or out).
func (v *ascView) active() []tracker.AscPlayer {
	var out []tracker.AscPlayer
	for _, p := range v.st.Players {
		if p.InPlay() {
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
		return lang.X("asc.free", "free")
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
		return r, errors.New(lang.X("asc.is_too_long_for_a", "{{.S}} is too long for a cost", map[string]any{"S": fmt.Sprintf("%q", s)}))
	}
	num := ""
	for _, c := range s {
		switch {
		case unicode.IsSpace(c) || c == ',' || c == '+':
			if num != "" {
				return r, errors.New(lang.X("asc.say_what_is_p_r", "{{.S}}: say what {{.Num}} is (P, R or C)", map[string]any{"S": fmt.Sprintf("%q", s), "Num": num}))
			}
		case c >= '0' && c <= '9':
			num += string(c)
			if len(num) > 3 {
				return r, errors.New(lang.X("asc.a_number_is_too_large", "{{.S}}: a number is too large", map[string]any{"S": fmt.Sprintf("%q", s)}))
			}
		default:
			if num == "" {
				return r, errors.New(lang.X("asc.write_a_number_before_e", "{{.S}}: write a number before {{.C}} (e.g. 2P 1C)", map[string]any{"S": fmt.Sprintf("%q", s), "C": fmt.Sprintf("%c", c)}))
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
				return r, errors.New(lang.X("asc.is_not_p_r_or", "{{.S}}: {{.C}} is not P, R or C", map[string]any{"S": fmt.Sprintf("%q", s), "C": fmt.Sprintf("%c", c)}))
			}
		}
	}
	if num != "" {
		return r, errors.New(lang.X("asc.say_what_is_p_r", "{{.S}}: say what {{.Num}} is (P, R or C)", map[string]any{"S": fmt.Sprintf("%q", s), "Num": num}))
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
		return nil, errors.New(lang.X("asc.the_list_of_costs_is", "the list of costs is too long"))
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
		return nil, errors.New(lang.X("asc.at_most_10_upgrade_costs", "at most 10 upgrade costs"))
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

// placeholderEntry is an entry showing a hint while empty.
func placeholderEntry(hint string) *screen.TextEntry {
	e := screen.NewTextEntry()
	e.PlaceHolder = hint
	return e
}

// numEntry reads a whole number from an entry, def when empty.
func numEntry(e *screen.TextEntry, def int, what string) (int, error) {
	t := strings.TrimSpace(e.Text)
	if t == "" {
		return def, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, errors.New(lang.X("asc.is_not_a_whole_number", "{{.What}}: {{.T}} is not a whole number", map[string]any{"What": what, "T": fmt.Sprintf("%q", t)}))
	}
	return n, nil
}

// nodeColumns lays out node steppers one per row on a phone and side by
// side when there is room, with a wide gap so that one stepper's + is not
// taken for the next one's −.
func nodeColumns(objs ...fyne.CanvasObject) *fyne.Container {
	return screen.NewSpacedColumns(240, 4*theme.Padding(), objs...)
}

// ShowSeat opens the player's console.
func (v *ascView) ShowSeat(id string) {
	if v.st == nil {
		return
	}
	for _, p := range v.st.Players {
		if p.ID == id {
			v.board.follow = false
			v.board.pick.Selected = p.Name + " · " + p.Civilization
		}
	}
	v.Show(v.f.Game().State())
}
