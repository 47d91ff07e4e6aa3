package screen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPartBuiltAgainKeepsItsWidgets: a part whose data changed is built
// again, and the widgets on screen show the new data (texts, a button's
// callback and state), the same objects; a part with an entry (a widget
// with a draft, or that a view keeps) is shown as built.
func TestPartBuiltAgainKeepsItsWidgets(t *testing.T) {
	test.NewTempApp(t)
	var k KeptParts
	var tapped []int
	build := func(n int) func() fyne.CanvasObject {
		return func() fyne.CanvasObject {
			b := widget.NewButton("Ships "+string(rune('0'+n)), func() { tapped = append(tapped, n) })
			if n > 1 {
				b.Disable()
			}
			return container.NewVBox(widget.NewLabel("Count "+string(rune('0'+n))), FitGrid(2, b, widget.NewSeparator()))
		}
	}
	first := k.Get("counts", 1, build(1)).(*fyne.Container)
	k.Done()
	label, grid := first.Objects[0].(*widget.Label), first.Objects[1].(*fyne.Container)
	button := grid.Objects[0].(*widget.Button)

	again := k.Get("counts", 2, build(2))
	k.Done()
	require.Same(t, first, again, "the part on screen is kept")
	assert.Same(t, label, first.Objects[0], "the label is kept")
	assert.Equal(t, "Count 2", label.Text)
	assert.Same(t, button, grid.Objects[0], "the button is kept")
	assert.Equal(t, "Ships 2", button.Text)
	assert.True(t, button.Disabled(), "the button takes the new part's state")
	button.OnTapped()
	assert.Equal(t, []int{2}, tapped, "a tap does what the new part's button does")

	// Another shape: the new part is shown as it was built.
	other := k.Get("counts", 3, func() fyne.CanvasObject { return container.NewHBox(widget.NewLabel("x")) })
	k.Done()
	assert.NotSame(t, first, other)
}

// TestPartWithASelectIsShownAsBuilt: a part whose select enables a button
// of the same part (a ship picked, then +1 warp token) is shown as built:
// the select enables the button on screen.
func TestPartWithASelectIsShownAsBuilt(t *testing.T) {
	test.NewTempApp(t)
	var k KeptParts
	build := func(n int) func() fyne.CanvasObject {
		return func() fyne.CanvasObject {
			add := widget.NewButton("+1", nil)
			add.Disable()
			pick := widget.NewSelect([]string{"Ship 1", "Ship 2"}, func(string) { add.Enable() })
			return container.NewVBox(widget.NewLabel("At warp "+string(rune('0'+n))), pick, add)
		}
	}
	k.Get("warp", 1, build(1))
	k.Done()
	box := k.Get("warp", 2, build(2)).(*fyne.Container)
	k.Done()
	box.Objects[1].(*widget.Select).SetSelected("Ship 2")
	assert.False(t, box.Objects[2].(*widget.Button).Disabled(), "the button shown is enabled")
}

// TestPatchKeepsAWidgetTheViewPutsInBoth: a widget the view keeps and
// puts in the part every time (a select, an entry with a draft) is not
// moved or changed: the new part is shown as built.
func TestPatchKeepsAWidgetTheViewPutsInBoth(t *testing.T) {
	test.NewTempApp(t)
	kept := widget.NewLabel("draft")
	old := container.NewVBox(widget.NewLabel("a"), kept)
	fresh := container.NewVBox(kept, widget.NewLabel("b"))
	assert.Same(t, fresh, patch(old, fresh))
	assert.Equal(t, "draft", kept.Text)
}

// TestGridBeingBuiltMeasuresNothing: adding to a grid that has no size
// yet measures none of its objects (a part built again and patched never
// makes the renderers of widgets that are not shown).
func TestGridBeingBuiltMeasuresNothing(t *testing.T) {
	test.NewTempApp(t)
	m := &measured{}
	m.ExtendBaseWidget(m)
	g := FitGrid(2)
	g.Add(m)
	g.Add(widget.NewLabel("x"))
	assert.Zero(t, m.n, "measured while being built")
	g.Resize(fyne.NewSize(300, 100))
	assert.Positive(t, m.n, "measured once laid out")
}

// measured is a widget that counts how often it is measured.
type measured struct {
	widget.BaseWidget
	n int
}

func (m *measured) MinSize() fyne.Size { m.n++; return fyne.NewSize(10, 10) }

func (m *measured) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(widget.NewLabel(""))
}
