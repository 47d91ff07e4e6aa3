package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// TabGap is the room between a phone's panel and the tab bar under it, on
// top of the tabs' own padding.
const TabGap = 6

// Adaptive is the panel layout of the app's screens: it shows its panels
// one at a time with tabs at the bottom on a narrow window, and the first
// panel beside tabs of the others on a wide one (from WideWidth). It
// switches as the window is resized.
type Adaptive struct {
	widget.BaseWidget
	panels  []Panel
	wide    bool
	built   bool
	current fyne.CanvasObject
	tabs    *container.AppTabs
	// selected remembers the open tab across a switch of layout.
	selected string
	// leftShare is the part of a wide window the first panel takes.
	leftShare float64
	// OnSwitch, if set, is told of every switch between narrow and wide.
	OnSwitch func(wide bool)
	// OnShow, if set, is told when a panel comes into view: its tab is
	// opened, or the layout changed and it is on screen.
	OnShow func(title string)
	// OnSwitched, if set, is told when the player opens another tab
	// (after OnShow).
	OnSwitched func(title string)
}

// KeepScroll runs update (a new state shown on the panels, or a panel
// brought up to date as it comes into view) and keeps each panel's
// scroll where the player left it: a panel built again jumps neither to
// its top nor anywhere else. A panel that moves its scroll itself during
// update (ScrollTo, to bring the next step into view) keeps that.
func (a *Adaptive) KeepScroll(update func()) {
	var scrolls []*container.Scroll
	for _, p := range a.panels {
		scrolls = panelScrolls(p.Content, scrolls)
	}
	kept := keepScrolls(scrolls)
	defer restoreScrolls(kept)
	update()
}

// PanelVisible reports whether the panel with the given title is on screen:
// the first panel of a wide window, or the open tab.
func (a *Adaptive) PanelVisible(title string) bool {
	if a.wide && len(a.panels) > 1 && a.panels[0].Title == title {
		return true
	}
	if a.tabs == nil {
		return false
	}
	it := a.tabs.Selected()
	return it != nil && it.Text == title
}

// NewAdaptive lays out panels, the first taking leftShare of a wide
// window.
func NewAdaptive(leftShare float64, panels ...Panel) *Adaptive {
	a := &Adaptive{panels: panels, leftShare: leftShare}
	a.ExtendBaseWidget(a)
	a.rebuild(false)
	return a
}

// Wide reports whether the panels sit side by side.
func (a *Adaptive) Wide() bool { return a.wide }

// Current is what the layout shows now: the open tab's panels, or the
// first panel beside them.
func (a *Adaptive) Current() fyne.CanvasObject { return a.current }

// Panels are the panels laid out, in order.
func (a *Adaptive) Panels() []Panel { return a.panels }

// Resize picks the layout for the new size before laying out.
func (a *Adaptive) Resize(s fyne.Size) {
	if wide := s.Width >= WideWidth; wide != a.wide || !a.built {
		a.rebuild(wide)
	}
	a.BaseWidget.Resize(s)
}

// ShowPanel brings the panel with the given title to front (in either
// layout).
func (a *Adaptive) ShowPanel(title string) {
	a.selected = title
	if a.tabs == nil {
		return
	}
	for _, it := range a.tabs.Items {
		if it.Text == title {
			a.tabs.Select(it)
		}
	}
}

func (a *Adaptive) rebuild(wide bool) {
	if a.tabs != nil && a.tabs.Selected() != nil {
		a.selected = a.tabs.Selected().Text
	}
	a.wide, a.built = wide, true
	if a.OnSwitch != nil {
		a.OnSwitch(wide)
	}
	rest := a.panels
	var left fyne.CanvasObject
	if wide && len(a.panels) > 1 {
		left, rest = a.panels[0].Content, a.panels[1:]
	}
	items := make([]*container.TabItem, 0, len(rest))
	for _, p := range rest {
		if p.WideOnly && !wide {
			continue
		}
		if wide {
			items = append(items, container.NewTabItemWithIcon(p.Title, p.Icon, p.Content))
		} else {
			// Words only on a phone: with icons beside them the last
			// tabs would hide behind an overflow menu. The panel ends
			// TabGap over the tabs: its last control, scrolled to the
			// bottom, stays clear of the tab bar and its indicator.
			items = append(items, container.NewTabItem(p.Title, container.New(layout.NewCustomPaddedLayout(0, TabGap, 0, 0), p.Content)))
		}
	}
	a.tabs = container.NewAppTabs(items...)
	var shown fyne.CanvasObject = a.tabs
	if left == nil {
		// Wrapped before the location is set: in a phone's browser the
		// wrapper is what keeps bottom tabs at the bottom
		// (platform_js.go), and the tabs settle their location when it
		// is set.
		shown = upright(a.tabs)
	}
	if !wide {
		a.tabs.SetTabLocation(container.TabLocationBottom)
	}
	for _, it := range a.tabs.Items {
		if it.Text == a.selected {
			a.tabs.Select(it)
		}
	}
	a.tabs.OnSelected = func(it *container.TabItem) {
		a.selected = it.Text
		if a.OnShow != nil {
			// A panel shown again keeps its scroll while it catches up
			// with the game.
			a.KeepScroll(func() { a.OnShow(it.Text) })
		}
		if a.OnSwitched != nil {
			a.OnSwitched(it.Text)
		}
	}
	if left != nil {
		// The tabs of the narrow layout hid it if another tab was open.
		left.Show()
		split := container.NewHSplit(left, a.tabs)
		split.Offset = a.leftShare
		a.current = split
	} else {
		a.current = shown
	}
	if a.OnShow != nil {
		for _, p := range a.panels {
			if a.PanelVisible(p.Title) {
				a.OnShow(p.Title)
			}
		}
	}
	a.Refresh()
}

// CreateRenderer is the widget's renderer: what the layout shows now.
func (a *Adaptive) CreateRenderer() fyne.WidgetRenderer {
	return &adaptiveRenderer{a: a}
}

type adaptiveRenderer struct{ a *Adaptive }

func (r *adaptiveRenderer) Layout(s fyne.Size) {
	r.a.current.Move(fyne.NewPos(0, 0))
	r.a.current.Resize(s)
}

func (r *adaptiveRenderer) MinSize() fyne.Size {
	return r.a.current.MinSize()
}

func (r *adaptiveRenderer) Refresh() {
	r.Layout(r.a.Size())
	r.a.current.Refresh()
}

func (r *adaptiveRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.a.current}
}

func (r *adaptiveRenderer) Destroy() {}
