package ascendancy

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// fingers plays a phone as a player does and counts what it costs: a tap
// for every touch (a button, a check, a select and its option, an entry
// not yet focused) and a swipe for every screenful the panel must scroll
// to bring the next widget into view. Typed text costs no tap.
type fingers struct {
	t            *testing.T
	w            fyne.Window
	taps, swipes int
}

// locate finds o in the window's tree (the app's entry whose entry it is,
// for an entry), the scroll container holding it, if any, and its top in
// that scroll's content (positions within the window's own tree: the test
// driver's absolute positions hold for one window only).
func (f *fingers) locate(o fyne.CanvasObject) (fyne.CanvasObject, *container.Scroll, float32) {
	var found *container.Scroll
	var foundY float32
	node := o
	var walk func(n fyne.CanvasObject, in *container.Scroll, y float32) bool
	walk = func(n fyne.CanvasObject, in *container.Scroll, y float32) bool {
		if sameWidget(n, o) {
			found, node, foundY = in, n, y
			return true
		}
		if s, ok := n.(*container.Scroll); ok {
			in = s
			return walk(s.Content, in, 0) // its content moves by its offset
		}
		var kids []fyne.CanvasObject
		switch x := n.(type) {
		case *fyne.Container:
			kids = x.Objects
		case fyne.Widget:
			kids = test.WidgetRenderer(x).Objects()
		}
		for _, k := range kids {
			if k != nil && k.Visible() && walk(k, in, y+k.Position().Y) {
				return true
			}
		}
		return false
	}
	for _, r := range screentest.Roots(f.w) {
		if walk(r, nil, r.Position().Y) {
			break
		}
	}
	return node, found, foundY
}

// reach scrolls o into view as a player swipes, counting the swipes: one
// for each 70% of the visible height the panel moves.
func (f *fingers) reach(o fyne.CanvasObject) {
	f.t.Helper()
	if _, s, _ := f.locate(o); s != nil {
		s.Refresh() // lay out what the last change added, as a frame does
	}
	o, s, inContent := f.locate(o)
	if s == nil {
		return
	}
	// The view's top at 0: o's top in view is its top in the content
	// less the scroll's offset.
	top := float32(0)
	y := inContent - s.Offset.Y
	h := o.Size().Height
	view := s.Size().Height
	if y >= top && y+h <= top+view {
		return
	}
	// A swipe down brings it near the top of the view (with what follows
	// it in view), a swipe up near the bottom; the swipes it takes are
	// counted on the least distance that brings it into view.
	least := (y + h + 8) - (top + view)
	move := y - 8 - top
	if y < top {
		least = top + 8 - y
		move = (y + h + 8) - (top + view)
	}
	off := s.Offset.Y + move
	off = float32(math.Max(0, math.Min(float64(off), float64(s.Content.MinSize().Height-view))))
	moved := off - s.Offset.Y
	s.Offset.Y = off
	s.Refresh()
	n := int(math.Ceil(float64(min(least, float32(math.Abs(float64(moved))))) / float64(0.7*view)))
	f.swipes += n
	f.t.Logf("%d swipe(s) of %.0f px (view %.0f of %.0f) to reach %T %v", n, moved, view, s.Content.MinSize().Height, o, describeTarget(o))
}

func (f *fingers) tap(o fyne.Tappable) {
	f.t.Helper()
	f.reach(o.(fyne.CanvasObject))
	f.taps++
	test.Tap(o)
}

// button taps the enabled button with the label.
func (f *fingers) button(label string) {
	f.t.Helper()
	f.tap(enabledButton(f.t, f.w, label))
}

// check taps the check with the label.
func (f *fingers) check(label string) {
	f.t.Helper()
	f.tap(checkBox(f.t, f.w, label))
}

// pick opens a select (one tap) and taps the option (another).
func (f *fingers) pick(placeholder, option string) {
	f.t.Helper()
	s := selectFor(f.t, f.w, placeholder)
	f.reach(s)
	f.taps += 2
	s.SetSelected(option)
}

// typeInto taps an entry unless it has the focus already, and types.
func (f *fingers) typeInto(e *widget.Entry, text string) {
	f.t.Helper()
	f.reach(e)
	if fo, ok := f.w.Canvas().Focused().(fyne.CanvasObject); !ok || !sameWidget(fo, e) {
		f.taps++
		f.w.Canvas().Focus(e)
	}
	e.SetText("")
	test.Type(e, text)
}

// TestSetupAndBuildTaps counts the taps and swipes of the commonest
// things on a 390x844 phone (issue 27, "Texts and hints that match the
// rules": setup of three players and the Borg in at most 25 taps and 5
// swipes; "Room for the game"): the cost tables remembered from an
// earlier game, as the app keeps them; the Borg console typed.
func TestSetupAndBuildTaps(t *testing.T) {
	sh, _ := newTestShell(t, 390, 844)
	costs := map[string]ascrules.CostTable{}
	for _, civ := range []string{"federation", "klingon", "romulan"} {
		c := ascrules.NewCostTable(civ)
		c.ProductionNode = ascrules.Resources{Production: 1}
		costs[civ] = c
	}
	b, err := json.Marshal(costs)
	require.NoError(t, err)
	sh.app.Preferences().SetString(prefAscCosts, string(b))
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	f := &fingers{t: t, w: w}
	for _, p := range [][2]string{{"Alice", "Federation"}, {"Bob", "Klingon"}, {"Carol", "Romulan"}} {
		f.typeInto(screentest.Entry(t, w, "Player name"), p[0])
		f.pick("Faction rules", p[1])
		f.button("Add player")
	}
	f.check("Play with the Borg")
	for i, h := range screentest.Entries(w, "2-6") {
		f.typeInto(h, []string{"5", "5", "4", "4", "3", "3"}[i])
	}
	f.button("Start round 1")
	if ascState(sh).Borg == nil {
		// Before issue 27 the start asked for the console first.
		f.button("Enter the Borg console")
		f.button("Start round 1")
	}
	a := ascState(sh)
	require.Equal(t, tracker.AscInitiative, a.Walker.Stage, sh.game.status())
	require.Len(t, a.Players, 3)
	require.NotNil(t, a.Borg)
	require.Equal(t, "Klingon", a.Players[1].Civilization)
	t.Logf("setup of 3 players and the Borg: %d taps, %d swipes", f.taps, f.swipes)
	setupTaps, setupSwipes := f.taps, f.swipes

	// A build: 2 ships and a production node, from Alice's console.
	_, err = sh.game.game.Execute(tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}})
	require.NoError(t, err)
	require.Equal(t, "p1", ascState(sh).CurrentSeat())
	panelTo(t, w, "Players")
	f = &fingers{t: t, w: w}
	f.button("Ship (1P)")
	f.button("Ship (1P)")
	for _, bt := range screentest.Objects[*widget.Button](w) {
		if strings.HasPrefix(bt.Text, "P node") {
			f.tap(bt)
			break
		}
	}
	p := ascState(sh).Players[0]
	require.Equal(t, 5, p.Ships, sh.game.status())
	require.Equal(t, 2, p.Nodes.Production, sh.game.status())
	t.Logf("a build of 2 ships and a node: %d taps, %d swipes", f.taps, f.swipes)

	if !strings.Contains(t.Name(), "Before") {
		require.LessOrEqual(t, setupTaps, 25, "setup taps")
		require.LessOrEqual(t, setupSwipes, 5, "setup swipes")
	}
}

// describeTarget names a widget for the log of swipes.
func describeTarget(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Button:
		return x.Text
	case *widget.Check:
		return x.Text
	case *widget.Select:
		return x.PlaceHolder
	case *widget.Entry:
		return x.PlaceHolder
	}
	return ""
}

// sameWidget tells whether the object in the tree n is o, or the app's
// entry whose entry o is.
func sameWidget(n, o fyne.CanvasObject) bool {
	if n == o {
		return true
	}
	if te, ok := n.(*screen.TextEntry); ok {
		return fyne.CanvasObject(&te.Entry) == o
	}
	return false
}
