package ascendancy

import (
	"fmt"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
)

// Battle panel modes.
const (
	modeSpace     = "Space battle"
	modeInvasion  = "Invasion"
	modeHazard    = "Hazard"
	modeHegemony  = "Hegemony"
	modeDiplomacy = "Diplomacy"
)

// battleModes are the Battle panel's modes, in the order offered.
var battleModes = []string{modeSpace, modeInvasion, modeHazard, modeHegemony, modeDiplomacy}

// battleModeLabel names a mode in the reader's language.
func battleModeLabel(m string) string {
	switch m {
	case modeInvasion:
		return lang.X("asc.mode.invasion", "Invasion")
	case modeHazard:
		return lang.X("asc.mode.hazard", "Hazard")
	case modeHegemony:
		return lang.X("asc.mode.hegemony", "Hegemony")
	case modeDiplomacy:
		return lang.X("asc.mode.diplomacy", "Diplomacy")
	}
	return lang.X("asc.mode.space", "Space battle")
}

// battleModeOf returns the mode a label names (a space battle if none).
func battleModeOf(label string) string {
	for _, m := range battleModes {
		if battleModeLabel(m) == label {
			return m
		}
	}
	return modeSpace
}

// independentLabel is the defender choice for a system no player
// controls, in the reader's language.
func independentLabel() string { return lang.X("asc.independent_system", "Independent system") }

// ascBattle is the Battle panel: space battles, planetary invasions,
// hazards, cultural hegemony and diplomacy tests, each with exact odds
// before the roll, dice typed in or rolled by the app, the outcome
// explained, and one tap to apply it to the tracker.
type ascBattle struct {
	v       *ascView
	content fyne.CanvasObject
	scroll  *container.Scroll
	mode    *widget.Select
	body    *fyne.Container

	space *spaceForm
	inv   *invasionForm
	haz   *hazardForm
	heg   *dieTestForm
	dip   *dieTestForm
	// sharedSeen is the battle under way last brought to front: a battle
	// opened on another phone shows its form here.
	sharedSeen string
	// steps brings the next round's dice into view (screen.StepScroll).
	steps screen.StepScroll
}

func newAscBattle(v *ascView) *ascBattle {
	b := &ascBattle{v: v}
	b.space = newSpaceForm(v)
	b.inv = newInvasionForm(v)
	b.haz = newHazardForm(v)
	b.heg = newDieTestForm(v, true)
	b.dip = newDieTestForm(v, false)
	b.body = container.NewStack(b.space.content)
	var labels []string
	for _, m := range battleModes {
		labels = append(labels, battleModeLabel(m))
	}
	b.mode = widget.NewSelect(labels, func(l string) {
		b.body.Objects = []fyne.CanvasObject{b.form(battleModeOf(l))}
		b.body.Refresh()
		b.show()
		if b.scroll != nil {
			b.scroll.ScrollToTop() // another form: from its top
		}
	})
	b.mode.Selected = battleModeLabel(modeSpace)
	// The kind of battle scrolls with its form: a phone keeps its
	// screen for the battle (issue 27, Room for the game).
	b.scroll = container.NewVScroll(container.NewVBox(screen.Padded(b.mode), b.body))
	b.content = b.scroll
	return b
}

func (b *ascBattle) form(m string) fyne.CanvasObject {
	switch m {
	case modeInvasion:
		return b.inv.content
	case modeHazard:
		return b.haz.content
	case modeHegemony:
		return b.heg.content
	case modeDiplomacy:
		return b.dip.content
	}
	return b.space.content
}

// open shows a mode with a player chosen (e.g. hegemony from the console).
func (b *ascBattle) open(mode, player string) {
	// The panel shows the current state first (it may have been out of
	// sight since the last change).
	b.v.lazy.Shown(lang.X("asc.battle", "Battle"))
	b.mode.SetSelected(battleModeLabel(mode))
	switch mode {
	case modeHegemony:
		b.heg.player.SetSelected(b.v.playerChoices().labelOf(player))
	case modeSpace:
		b.space.att.player.SetSelected(b.v.playerChoices().labelOf(player))
	}
	b.v.f.ShowPanel(lang.X("asc.battle", "Battle"))
}

func (b *ascBattle) show() {
	if b.v.st == nil {
		return
	}
	now := b.v.st.Fighting()
	if now != nil && now.Kind != tracker.BattleSpace && now.Kind != tracker.BattleInvasion {
		now = nil // a cube's round is on the Borg panel
	}
	if k := sharedKey(now); k != b.sharedSeen {
		b.sharedSeen = k
		mode := modeSpace
		if now != nil && now.Kind == tracker.BattleInvasion {
			mode = modeInvasion
		}
		if k != "" && battleModeOf(b.mode.Selected) != mode {
			b.mode.SetSelected(battleModeLabel(mode)) // shows the forms again
			return
		}
	}
	b.space.show()
	b.inv.show()
	b.haz.show()
	b.heg.show()
	b.dip.show()
	next := b.next()
	b.steps.Follow(b.scroll, battlePanelStep(b.v.st), next, next != fyne.CanvasObject(b.mode))
}

// next is the control of the Battle panel's next step: the pad of the
// dice this phone types next in the round under way, the kind of battle
// (a new battle) when none goes on.
func (b *ascBattle) next() fyne.CanvasObject {
	a := b.v.st
	now := a.Fighting()
	switch battleModeOf(b.mode.Selected) {
	case modeSpace:
		if now == nil && a.BattleNow() == nil {
			return b.mode
		}
		return b.space.nextPad(now)
	case modeInvasion:
		if now == nil && a.Invasion == nil {
			return b.mode
		}
		return b.inv.nextPad(now)
	}
	return nil
}

func (b *ascBattle) rollNow() {
	switch battleModeOf(b.mode.Selected) {
	case modeInvasion:
		b.inv.rollVirtual()
	case modeHazard:
		b.haz.rollVirtual()
	case modeHegemony:
		b.heg.rollVirtual()
	case modeDiplomacy:
		b.dip.rollVirtual()
	default:
		b.space.rollVirtual()
	}
}

// sideForm is one player's ships in a battle.
type sideForm struct {
	v      *ascView
	last   string // the player the ships count was filled for
	player *widget.Select
	ships  *numStepper
	// starbases are the side's starbases at the battle (nil: the form
	// has none, e.g. an invasion).
	starbases   *numStepper
	firstStrike *widget.Check
	box         *fyne.Container
}

func newSideForm(v *ascView, who string, starbase bool, changed func()) *sideForm {
	s := &sideForm{v: v}
	s.player = widget.NewSelect(nil, func(string) {
		s.fill()
		changed()
	})
	s.player.PlaceHolder = who
	s.ships = newNumStepper(lang.X("asc.ships", "Ships"), 1, 1, 1, changed)
	s.firstStrike = widget.NewCheck(lang.X("asc.first_strike_advancement", "First strike (advancement)"), func(bool) { changed() })
	s.box = container.NewVBox(s.player, s.ships.box)
	if starbase {
		s.starbases = newNumStepper(lang.X("asc.starbases_in_orbit", "Starbases in orbit"), 0, 0, 0, changed)
		s.box.Add(s.starbases.box)
	}
	s.box.Add(s.firstStrike)
	return s
}

func (s *sideForm) p() *tracker.AscPlayer {
	return s.v.player(s.v.playerChoices().ids[s.player.Selected])
}

func (s *sideForm) show(def string) {
	syncSelect(s.player, s.v.playerChoices().labels, def)
	s.fill()
}

// fill keeps the ships within the player's ships, and puts all of them in
// when another player is chosen.
func (s *sideForm) fill() {
	p := s.p()
	if p == nil {
		return
	}
	s.ships.clamp(1, p.Ships)
	if s.player.Selected != s.last {
		s.last = s.player.Selected
		s.ships.val = max(1, p.Ships)
		s.ships.clamp(1, p.Ships)
		if s.starbases != nil {
			s.starbases.val = 0
		}
	}
	if s.starbases == nil {
		return
	}
	// The player's starbases on the board; by the rulebook's reading one
	// die however many, so one is all the form offers.
	most := p.Starbases
	s.starbases.label = lang.X("asc.starbases_in_orbit", "Starbases in orbit")
	if !s.perStarbase() {
		most = min(most, 1)
		s.starbases.label = lang.X("asc.starbase_in_orbit_1_die", "Starbase in orbit (+1 die)")
	}
	s.starbases.clamp(0, most)
	if p.Starbases == 0 {
		s.starbases.box.Hide()
	} else {
		s.starbases.box.Show()
	}
}

// perStarbase reports whether the game plays one die per starbase (the
// rules summary's reading) rather than one die however many.
func (s *sideForm) perStarbase() bool {
	return s.v.st != nil && s.v.st.Options.StarbaseDice == tracker.StarbaseDiePerStarbase
}

// starbaseCount is the side's starbases at the battle.
func (s *sideForm) starbaseCount() int {
	if s.starbases == nil {
		return 0
	}
	return s.starbases.val
}

// side returns the rules' view of the side (ok false until a player with
// ships is chosen).
func (s *sideForm) side() (ascrules.Side, bool) {
	p := s.p()
	if p == nil || p.Ships < 1 {
		return ascrules.Side{}, false
	}
	sd := ascrules.Side{Player: p.ID, Ships: s.ships.val, Weapons: p.Weapons, Shields: p.Shields, FirstStrike: s.firstStrike.Checked}
	extra := ascrules.StarbaseDice(s.starbaseCount(), s.perStarbase())
	sd.Starbase, sd.BonusDice = extra > 0, max(0, extra-1)
	return sd, true
}

// hitText writes a hit roll: "4+" or "no hits (7+)".
func hitText(target int, can bool) string {
	if !can {
		return lang.X("asc.nothing", "nothing ({{.Target}}+)", map[string]any{"Target": target})
	}
	return fmt.Sprintf("%d+", target)
}

// explainLines lists lines of explanation.
func explainLines(lines []string) fyne.CanvasObject {
	box := container.NewVBox()
	for _, l := range lines {
		box.Add(screen.WrapLabel("• " + l))
	}
	return box
}
