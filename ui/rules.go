package ui

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/i18n"
	"tableops/rules/reference"
	"tableops/tracker"
	"tableops/ui/screen"
)

// rulesView is the rules lookup: a search box with results as you type, a
// topic view with tappable cross-links, back and forward, and the quick
// reference sheet of each game.
type rulesView struct {
	lib     *reference.Library
	lang    string // the reader's language: topics, sheets and search answer in it
	content fyne.CanvasObject
	layout  *screen.Adaptive

	search  *screen.TextEntry
	game    *widget.Select
	results []reference.Result
	list    *widget.List
	hint    *widget.Label

	page     *widget.RichText
	related  *fyne.Container
	pageBox  *container.Scroll
	back     *widget.Button
	forward  *widget.Button
	history  []string // topic ids, or "sheet:<game>"
	position int

	// The panels' titles, in the reader's language.
	searchTitle, topicTitle string
}

// newRulesViewIn is the rules lookup for a reader of language (a
// reference language; others read English). Its own texts follow the app's
// language (lang.X).
func newRulesViewIn(lib *reference.Library, language string) *rulesView {
	if l, err := reference.ParseLanguage(language); err == nil {
		language = l
	} else {
		language = reference.English
	}
	v := &rulesView{lib: lib, lang: language, position: -1}
	v.search = screen.NewTextEntry()
	v.search.SetPlaceHolder(lang.X("rules.search_hint", "Ask: stun, hegemony resistance, first strike…"))
	v.search.OnChanged = func(string) { v.runSearch() }
	v.search.OnSubmitted = func(string) {
		if len(v.results) > 0 {
			v.open(v.results[0].Topic.ID)
		}
	}
	choices := []string{lang.X("rules.all_games", "All games")}
	for _, g := range reference.Games() {
		choices = append(choices, g.Title())
	}
	v.game = widget.NewSelect(choices, func(string) { v.runSearch() })
	v.game.SetSelectedIndex(0)

	v.list = widget.NewList(
		func() int { return len(v.results) },
		func() fyne.CanvasObject {
			t := widget.NewLabelWithStyle("…", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			t.Wrapping = fyne.TextWrapWord // long titles (Italian ones are longer) wrap on a phone
			s := widget.NewLabel("…")
			s.Wrapping = fyne.TextWrapWord
			s.SizeName = theme.SizeNameCaptionText
			return container.NewVBox(t, s)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= len(v.results) {
				return
			}
			r := v.results[i]
			box := o.(*fyne.Container)
			box.Objects[0].(*widget.Label).SetText(r.Topic.Title)
			box.Objects[1].(*widget.Label).SetText(r.Topic.Game.Title() + " — " + r.Snippet)
			v.list.SetItemHeight(i, box.MinSize().Height)
		},
	)
	v.list.OnSelected = func(i widget.ListItemID) {
		v.list.UnselectAll()
		if i < len(v.results) {
			v.open(v.results[i].Topic.ID)
		}
	}
	v.hint = widget.NewLabel("")
	v.hint.Wrapping = fyne.TextWrapWord

	sheetButtons := screen.FitGrid(len(reference.Games()))
	for _, g := range reference.Games() {
		g := g
		sheetButtons.Add(widget.NewButton(shortGameName(g), func() { v.openSheet(g) }))
	}
	sheets := container.NewVBox(widget.NewLabelWithStyle(lang.X("rules.sheets", "Quick reference sheets"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), sheetButtons)
	searchPanel := container.NewBorder(
		container.NewVBox(v.search, v.game, v.hint), sheets, nil, nil, v.list)

	v.page = widget.NewRichText()
	v.page.Wrapping = fyne.TextWrapWord
	v.related = container.NewVBox()
	v.pageBox = container.NewVScroll(container.NewVBox(v.page, v.related))
	v.back = widget.NewButtonWithIcon(lang.X("rules.back", "Back"), theme.NavigateBackIcon(), func() { v.step(-1) })
	v.forward = widget.NewButtonWithIcon(lang.X("rules.forward", "Forward"), theme.NavigateNextIcon(), func() { v.step(1) })
	topicPanel := container.NewBorder(container.NewHBox(v.back, v.forward), nil, nil, nil, v.pageBox)

	v.searchTitle, v.topicTitle = lang.X("rules.search_panel", "Search"), lang.X("rules.topic_panel", "Topic")
	v.layout = screen.NewAdaptive(0.4,
		screen.Panel{Title: v.searchTitle, Icon: theme.SearchIcon(), Content: screen.Padded(searchPanel)},
		screen.Panel{Title: v.topicTitle, Icon: theme.DocumentIcon(), Content: screen.Padded(topicPanel)},
	)
	v.content = v.layout
	v.runSearch()
	v.startOn(reference.AwayMissions)
	return v
}

// startOn puts the quick reference sheet of g in the topic panel as the
// first page, leaving the search in front (on a phone, where one panel
// shows at a time, the player types first).
func (v *rulesView) startOn(g reference.Game) {
	v.history, v.position = v.history[:0], -1
	v.push("sheet:" + string(g))
	v.render("sheet:" + string(g))
	v.history, v.position = v.history[:0], -1
	v.updateNav()
}

// selectedGame returns the game filter ("" for all games).
func (v *rulesView) selectedGame() reference.Game {
	for _, g := range reference.Games() {
		if g.Title() == v.game.Selected {
			return g
		}
	}
	return ""
}

// runSearch shows the topics for the current query, best first.
func (v *rulesView) runSearch() {
	if v.list == nil {
		return
	}
	q := v.search.Text
	g := v.selectedGame()
	switch {
	case q == "" && g == "":
		v.results = nil
		v.hint.SetText(lang.X("rules.count_hint", "{{.N}} topics. Type a word or a question; typos are forgiven.", map[string]any{"N": len(v.lib.TopicsIn(v.lang))}))
	case q == "":
		v.results = nil
		for _, t := range v.lib.TopicsIn(v.lang) {
			if t.Game == g {
				v.results = append(v.results, reference.Result{Topic: t, Snippet: t.Source})
			}
		}
		v.hint.SetText(lang.X("rules.game_hint", "All {{.N}} topics of {{.Game}}.", map[string]any{"N": len(v.results), "Game": g.Title()}))
	default:
		if g == "" {
			v.results = v.lib.SearchIn(q, v.lang, 25)
		} else {
			v.results = v.lib.SearchGameIn(g, q, v.lang, 25)
		}
		if len(v.results) == 0 {
			v.hint.SetText(lang.X("rules.nothing", "Nothing matches. Try another word, or a shorter one."))
		} else {
			v.hint.SetText("")
		}
	}
	if v.hint.Text == "" {
		v.hint.Hide()
	} else {
		v.hint.Show()
	}
	v.list.Refresh()
	v.list.ScrollToTop()
}

// open shows one topic and adds it to the back/forward history.
func (v *rulesView) open(id string) {
	if v.lib.Topic(id) == nil {
		return
	}
	v.push(id)
	v.render(id)
	v.layout.ShowPanel(v.topicTitle)
}

func (v *rulesView) openSheet(g reference.Game) {
	v.push("sheet:" + string(g))
	v.render("sheet:" + string(g))
	v.layout.ShowPanel(v.topicTitle)
}

func (v *rulesView) push(id string) {
	if v.position >= 0 && v.position < len(v.history) && v.history[v.position] == id {
		return
	}
	v.history = append(v.history[:v.position+1], id)
	v.position = len(v.history) - 1
	v.updateNav()
}

func (v *rulesView) step(d int) {
	p := v.position + d
	if p < 0 || p >= len(v.history) {
		return
	}
	v.position = p
	v.render(v.history[p])
	v.updateNav()
}

func (v *rulesView) updateNav() {
	if v.position > 0 {
		v.back.Enable()
	} else {
		v.back.Disable()
	}
	if v.position < len(v.history)-1 {
		v.forward.Enable()
	} else {
		v.forward.Disable()
	}
}

// render shows a topic (or a quick reference sheet) as rich text, with its
// cross-links as buttons and any topic: links in the text made tappable.
func (v *rulesView) render(id string) {
	v.related.RemoveAll()
	var md string
	var links []string
	if len(id) > 6 && id[:6] == "sheet:" {
		g := reference.Game(id[6:])
		text, err := v.lib.QuickReferenceIn(g, v.lang)
		if err != nil {
			text = lang.X("rules.sheet_missing", "The quick reference sheet is not available: {{.Err}}", map[string]any{"Err": err.Error()})
		}
		md = text
		if sections, err := v.lib.SheetIn(g, v.lang); err == nil {
			for _, s := range sections {
				for _, e := range s.Entries {
					links = append(links, e.TopicID)
				}
			}
		}
		v.related.Add(widget.NewLabelWithStyle(lang.X("rules.sheet_topics", "Topics on this sheet"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	} else {
		t := v.lib.Topic(id)
		md = t.Markdown(nil)
		if note := v.lib.UntranslatedNote(t, v.lang); note != "" {
			title, rest, _ := strings.Cut(md, "\n")
			md = title + "\n\n*" + note + "*\n" + rest
		}
		links = t.Related
		if len(links) > 0 {
			v.related.Add(widget.NewLabelWithStyle(lang.X("rules.see_also", "See also"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		}
	}
	v.page.ParseMarkdown(md)
	v.page.Segments = flattenLists(v.page.Segments, 0)
	v.linkTopics(v.page.Segments)
	v.page.Refresh()
	seen := map[string]bool{}
	for _, rid := range links {
		t := v.lib.Topic(rid)
		if t == nil || seen[rid] {
			continue
		}
		seen[rid] = true
		v.related.Add(wrapButton(t.Title, theme.NavigateNextIcon(), func() { v.open(rid) }))
	}
	v.page.Refresh()
	v.pageBox.ScrollToTop()
}

// showRules opens the rules lookup (one per app), focused on search: a
// window of its own beside a wide window; on a phone-sized window it takes
// the whole window, with Back to return where the player was.
func (sh *Shell) showRules() {
	if sh.rulesWin != nil {
		sh.rulesWin.Show()
		sh.rulesWin.RequestFocus()
		sh.rulesWin.Canvas().Focus(sh.rules.search)
		return
	}
	if sh.rulesPage != nil && slices.Contains(sh.pages, sh.rulesPage) {
		sh.uncover(sh.rulesPage)
		sh.win.Canvas().Focus(sh.rules.search)
		return
	}
	sh.rulesPage = nil
	if sh.lib == nil {
		lib, err := reference.Load()
		if err != nil {
			sh.showError(lang.X("rules.window", "Rules reference"), err)
			return
		}
		sh.lib = lib
	}
	sh.rules = newRulesViewIn(sh.lib, i18n.Resolve(sh.app.Preferences().String(i18n.PreferenceKey)))
	if sh.game != nil && sh.game.game.Kind() == tracker.KindAscendancy {
		sh.rules.startOn(reference.Ascendancy) // the sheet of the game at the table
	}
	if sh.win.Canvas().Size().Width < screen.WideWidth {
		sh.showRulesInPlace()
		return
	}
	w := sh.app.NewWindow(lang.X("rules.window", "Rules reference"))
	w.SetContent(sh.rules.content)
	w.Resize(sh.windowSize(900, 700)) // a whole phone screen in a browser (platform_*.go)
	w.SetOnClosed(func() { sh.rulesWin, sh.rules = nil, nil })
	sh.rulesWin = w
	w.Show()
	w.Canvas().Focus(sh.rules.search)
}

// showRulesInPlace shows the rules view over the whole main window, with a
// Close button that returns to what was there (home or the game).
func (sh *Shell) showRulesInPlace() {
	var p *page
	p = sh.pushPage(lang.X("rules.window", "Rules reference"), sh.rules.content, func() {
		if sh.rulesPage == p {
			sh.rulesPage, sh.rules = nil, nil
		}
	})
	sh.rulesPage = p
	sh.win.Canvas().Focus(sh.rules.search)
}

// closeRules closes the rules, as a window or over the main window.
func (sh *Shell) closeRules() {
	if sh.rulesWin != nil {
		sh.rulesWin.Close()
		return
	}
	if sh.rulesPage != nil {
		sh.closePage(sh.rulesPage)
	}
}

// linkTopics makes the topic: links among segs (in paragraphs and list
// items too) open their topic here.
func (v *rulesView) linkTopics(segs []widget.RichTextSegment) {
	for _, seg := range segs {
		switch x := seg.(type) {
		case *widget.HyperlinkSegment:
			if x.URL != nil && x.URL.Scheme == "topic" {
				target := x.URL.Opaque
				x.OnTapped = func() { v.open(target) }
			}
		case *widget.ParagraphSegment:
			v.linkTopics(x.Texts)
		case *widget.ListSegment:
			v.linkTopics(x.Items)
		}
	}
}

// flattenLists turns each list of segs into one paragraph per item that
// starts with its number or bullet. Fyne 2.8.1 wraps the second and later
// lines of a list item at the full width and then indents them, so on a
// phone their ends run past the screen's edge; as plain paragraphs they
// wrap inside it. depth indents nested lists.
func flattenLists(segs []widget.RichTextSegment, depth int) []widget.RichTextSegment {
	var out []widget.RichTextSegment
	for _, seg := range segs {
		l, ok := seg.(*widget.ListSegment)
		if !ok {
			out = append(out, seg)
			continue
		}
		n := l.StartNumber()
		for _, item := range l.Items {
			if _, sub := item.(*widget.ListSegment); sub {
				out = append(out, flattenLists([]widget.RichTextSegment{item}, depth+1)...)
				continue
			}
			mark := "• "
			if l.Ordered {
				mark = strconv.Itoa(n) + ". "
				n++
			}
			bullet := &widget.TextSegment{Text: strings.Repeat("    ", depth) + mark, Style: widget.RichTextStyleStrong}
			bullet.Style.Inline = true
			texts := []widget.RichTextSegment{bullet}
			if p, ok := item.(*widget.ParagraphSegment); ok {
				texts = append(texts, p.Texts...)
			} else {
				texts = append(texts, item)
			}
			if last := texts[len(texts)-1]; last.Inline() { // the next item starts a line of its own
				texts = append(texts, &widget.TextSegment{Style: widget.RichTextStyleParagraph})
			}
			out = append(out, &widget.ParagraphSegment{Texts: texts})
		}
	}
	return out
}

// shortGameName is a game's name on a small button.
func shortGameName(g reference.Game) string {
	switch g {
	case reference.AwayMissions:
		return "Away Missions"
	case reference.Ascendancy:
		return "Ascendancy"
	case reference.Borg:
		return "Borg"
	}
	return g.Title()
}

// wrapButton is a button whose text wraps, so that long titles fit a phone.
func wrapButton(text string, icon fyne.Resource, tapped func()) fyne.CanvasObject {
	b := widget.NewButton("", tapped)
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	var content fyne.CanvasObject = l
	if icon == nil {
		l.Alignment = fyne.TextAlignCenter
	} else {
		content = container.NewBorder(nil, nil, widget.NewIcon(icon), nil, l)
	}
	return container.NewStack(b, content)
}
