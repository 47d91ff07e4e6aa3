package away

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// tapper plays a flow as a player does and counts the taps and the
// scrolls it takes: a control outside its scrolled panel's view costs a
// scroll (a swipe) before its tap.
type tapper struct {
	t             *testing.T
	w             fyne.Window
	taps, scrolls int
}

// parents finds the chain of objects from a root of the window down to
// o (nil when o is not on screen).
func (tp *tapper) parents(o fyne.CanvasObject) []fyne.CanvasObject {
	var walk func(x fyne.CanvasObject, chain []fyne.CanvasObject) []fyne.CanvasObject
	walk = func(x fyne.CanvasObject, chain []fyne.CanvasObject) []fyne.CanvasObject {
		if x == nil || !x.Visible() {
			return nil
		}
		chain = append(chain, x)
		if x == o {
			return chain
		}
		var kids []fyne.CanvasObject
		switch c := x.(type) {
		case *fyne.Container:
			kids = c.Objects
		case *container.Scroll:
			kids = []fyne.CanvasObject{c.Content}
		case fyne.Widget:
			kids = test.TempWidgetRenderer(tp.t, c).Objects()
		}
		for _, k := range kids {
			if got := walk(k, chain); got != nil {
				return got
			}
		}
		return nil
	}
	roots := screentest.Roots(tp.w)
	for i := len(roots) - 1; i >= 0; i-- {
		if got := walk(roots[i], nil); got != nil {
			return got
		}
	}
	return nil
}

// show scrolls o into view if it is not (one scroll), as a swipe would.
func (tp *tapper) show(o fyne.CanvasObject) {
	tp.t.Helper()
	chain := tp.parents(o)
	require.NotNil(tp.t, chain, "%T is not on screen", o)
	drv := fyne.CurrentApp().Driver()
	for i := len(chain) - 1; i >= 0; i-- {
		s, ok := chain[i].(*container.Scroll)
		if !ok {
			continue
		}
		// Lay the panel out as the window's next frame does.
		growContent(s)
		top := drv.AbsolutePositionForObject(s).Y
		y := drv.AbsolutePositionForObject(o).Y
		h := o.Size().Height
		if y >= top-0.5 && y+h <= top+s.Size().Height+0.5 {
			return
		}
		tp.scrolls++
		tp.t.Logf("a scroll to %T at %v+%v, view %v+%v, offset %v", o, y, h, top, s.Size().Height, s.Offset.Y)
		off := s.Offset.Y + y - top
		if y > top {
			off = s.Offset.Y + y + h - top - s.Size().Height
		}
		s.ScrollToOffset(fyne.NewPos(0, off))
		return
	}
}

// tap taps o, scrolling to it first if needed.
func (tp *tapper) tap(o fyne.Tappable) {
	tp.t.Helper()
	tp.show(o.(fyne.CanvasObject))
	tp.taps++
	test.Tap(o)
}

// button taps the button labelled label.
func (tp *tapper) button(label string) { tp.t.Helper(); tp.tap(screentest.Button(tp.t, tp.w, label)) }

// dice types faces on a keypad, one tap a die.
func (tp *tapper) dice(p *widgets.DicePad, faces string) {
	tp.t.Helper()
	tp.show(p)
	tp.taps += len(faces)
	test.Type(p, faces)
}

// choose picks an option of a select: one tap opens it, one chooses.
func (tp *tapper) choose(s *widget.Select, opt string) {
	tp.t.Helper()
	tp.show(s)
	tp.taps += 2
	s.SetSelected(opt)
}

// pick taps a character in a picker; a picker folded away (the last
// attack's target kept) costs a tap on Change setup first.
func (tp *tapper) pick(p *charPicker, label string) {
	tp.t.Helper()
	b := pickButton(tp.t, p, label)
	if tp.parents(b) == nil {
		tp.button("Change setup")
	}
	tp.tap(b)
}

// tab brings a panel up (a tap on its tab on a phone).
func (tp *tapper) tab(title string) {
	tp.t.Helper()
	tp.taps++
	screentest.SelectTab(tp.t, tp.w, title)
}

// seedTapGame writes, by commands, a game in round 1's action phase for
// the tap counts of issue 28, Dana to activate: Dana's Ensign (Attack 1,
// Skill 3), Troi (Attack 3, Skill 2 with Diplomacy) and Riker, against
// Kim's Worf (Defense 3, Skill 3) and Kurn (Defense 2); every attack
// action adds no die.
func seedTapGame(t *testing.T, st *store.Store) string {
	t.Helper()
	phaser := []awayrules.Weapon{{Name: "Phaser"}}
	return screentest.SeedAway(t, st, screentest.AwaySeed{
		Name: "Taps",
		Dana: tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Federation"},
		Kim:  tracker.AddAwayPlayer{Name: "Kim", Affiliation: "Klingon"},
		DanaTeam: []tracker.AddCharacter{
			{Name: "Ensign", Weapons: phaser, Attack: []int{1}, Defense: []int{1, 2}, Skill: []int{1, 2, 3}, Move: []int{1, 2}},
			{Name: "Troi", Weapons: phaser, Specializations: []string{"Diplomacy"},
				Attack: []int{1, 2, 3}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1, 2}},
			{Name: "Riker", Weapons: phaser, Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1, 2}},
		},
		KimTeam: []tracker.AddCharacter{
			{Name: "Worf", Weapons: phaser, Attack: []int{1, 2}, Defense: []int{1, 2, 3}, Skill: []int{1, 2, 3}, Move: []int{1, 2}},
			{Name: "Kurn", Weapons: phaser, Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1, 2}},
		},
		Board: [2]int{5, 2}, BeamDown: [2]int{6, 3}, Activation: [2]int{6, 2},
	}).ID()
}

// TestTapCounts plays the common actions of issue 28's "Taps now
// (400x760), to beat" in a 400x760 window, starting each on the Round
// panel with the Dice panel showing the last action (an attack by Riker
// on Kurn, applied), and counts the taps and the scrolls.
func TestTapCounts(t *testing.T) {
	type flow struct {
		name          string
		taps, scrolls int // at most
		play          func(tp *tapper, v *awayView)
	}
	flows := []flow{
		{"record damage", 3, 0, func(tp *tapper, v *awayView) {
			tp.tab("Team")
			tp.button("Worf") // the jump list opens the card and brings it up
			tp.tap(screentest.Under[*widget.Button](tracks(tp.t, tp.w, "Worf")["DEFENSE"])[0])
			assert.Equal(tp.t, 2, v.character(v.st.Characters[3].ID).Tracks.Defense.Pegs)
		}},
		{"activate with two plain actions", 3, 0, func(tp *tapper, v *awayView) {
			tp.button("Ensign")
			tp.button("Move")
			tp.button("Move")
			if len(tp.w.Canvas().Overlays().List()) > 0 {
				tp.button("Close")
			}
			assert.True(tp.t, v.st.Characters[0].Activated)
		}},
		{"attack typed 1 v 3", 8, 0, func(tp *tapper, v *awayView) {
			tp.button("Ensign")
			tp.button("Attack")
			tp.pick(v.dice.attack.target, "Worf (Kim)")
			tp.dice(v.dice.attack.att.pad, "6")
			tp.dice(v.dice.attack.def.pad, "321")
			tp.button("Apply to Worf")
		}},
		{"attack 4 v 2 with backup", 13, 0, func(tp *tapper, v *awayView) {
			tp.button("Troi")
			tp.button("Attack")
			tp.pick(v.dice.attack.target, "Kurn (Kim)")
			if tp.parents(v.dice.attack.backup.sel) == nil {
				tp.button("Change setup") // Backup was only in the open setup
			}
			tp.choose(v.dice.attack.backup.sel, "Backup from Riker")
			tp.dice(v.dice.attack.att.pad, "6543")
			tp.dice(v.dice.attack.def.pad, "21")
			tp.button("Apply to Kurn")
		}},
		{"skill test with a specialization", 8, 0, func(tp *tapper, v *awayView) {
			tp.button("Troi")
			tp.button("Skill test")
			tp.choose(v.dice.skill.spec, "Diplomacy")
			tp.dice(v.dice.skill.test.pad, "654")
			tp.button("Record the test")
		}},
		{"opposed 3 v 3", 12, 0, func(tp *tapper, v *awayView) {
			tp.button("Ensign")
			tp.button("Skill test")
			tp.tap(v.dice.skill.opposed)
			tp.choose(v.dice.skill.who, "Worf (Kim)")
			tp.dice(v.dice.skill.test.pad, "654")
			tp.dice(v.dice.skill.chal.pad, "321")
			tp.button("Record the test")
		}},
		{"end a round", 1, 0, func(tp *tapper, v *awayView) {
			g := v.f.Game()
			for _, p := range g.State().Away.Players {
				if n := p.Tokens[tracker.TokenBonusActions]; n > 0 {
					_, err := g.Execute(tracker.AdjustTokens{Player: p.ID, Token: tracker.TokenBonusActions, Delta: -n})
					require.NoError(tp.t, err)
				}
			}
			for a := g.State().Away; a.CurrentPlayer() != ""; a = g.State().Away {
				for _, ch := range a.Characters {
					if ch.Controller == a.CurrentPlayer() && !ch.Activated {
						_, err := g.Execute(tracker.Activate{Character: ch.ID})
						require.NoError(tp.t, err)
						_, err = g.Execute(tracker.EndActivation{})
						require.NoError(tp.t, err)
						break
					}
				}
			}
			tp.button("End round 1 and start the next")
			assert.Equal(tp.t, 2, v.st.Round)
		}},
	}
	for _, f := range flows {
		t.Run(f.name, func(t *testing.T) {
			sh, st := newTestShell(t, 400, 760)
			sh.openGame(seedTapGame(t, st))
			g := sh.game.game
			w := sh.win
			v := sh.game.view.(*awayView)
			// The last action: Riker's attack on Kurn, applied on the
			// Dice panel; then Kim's Kurn activated. Dana's turn.
			_, err := g.Execute(tracker.Activate{Character: v.st.Characters[2].ID})
			require.NoError(t, err)
			screentest.SelectTab(t, w, "Dice")
			tapPick(t, v.dice.attack.attacker, "Riker (Dana)")
			tapPick(t, v.dice.attack.target, "Kurn (Kim)")
			test.Type(v.dice.attack.att.pad, "11")
			test.Type(v.dice.attack.def.pad, "66")
			screentest.TapShown(t, w, "Apply to Kurn")
			_, err = sh.game.game.Execute(tracker.EndActivation{})
			require.NoError(t, err)
			_, err = sh.game.game.Execute(tracker.Activate{Character: v.st.Characters[4].ID})
			require.NoError(t, err)
			_, err = sh.game.game.Execute(tracker.EndActivation{})
			require.NoError(t, err)
			screentest.SelectTab(t, w, "Round")
			tp := &tapper{t: t, w: w}
			f.play(tp, v)
			t.Logf("%s: %d taps, %d scrolls", f.name, tp.taps, tp.scrolls)
			assert.LessOrEqual(t, tp.taps, f.taps, "taps")
			assert.LessOrEqual(t, tp.scrolls, f.scrolls, "scrolls")
		})
	}
}
