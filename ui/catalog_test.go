package ui

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"

	"tableops/rules/reference"
	"tableops/tracker/store"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

const catalogSearchHint = "Search cards: name, affiliation, keyword…"

// openCatalog taps Catalog on the home screen and returns the catalog at
// the given window size.
func openCatalog(t *testing.T, sh *Shell, w, h float32) (*catalogView, fyne.Window) {
	t.Helper()
	if w >= screen.WideWidth { // beside a wide window the catalog opens a window of its own
		sh.win.Resize(fyne.NewSize(w, h))
	}
	test.Tap(screentest.Button(t, sh.win, "Catalog"))
	v := sh.catalog()
	require.NotNil(t, v, "the catalog is open")
	v.win.Resize(fyne.NewSize(w, h))
	return v, v.win
}

// catalogNew taps New character or New card (label): on a phone they
// open from the "+" beside the search first.
func catalogNew(t *testing.T, w fyne.Window, label string) {
	t.Helper()
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Text == "" && b.Icon != nil && b.Icon.Name() == theme.ContentAddIcon().Name() {
			test.Tap(b)
			break
		}
	}
	test.Tap(screentest.Button(t, w, label))
}

// catalogTool taps one of the catalog's file and tag tools: on a phone
// they open from one button first.
func catalogTool(t *testing.T, w fyne.Window, label string) {
	t.Helper()
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Text == "" && b.Icon != nil && b.Icon.Name() == theme.MoreHorizontalIcon().Name() {
			test.Tap(b)
			break
		}
	}
	var found *widget.Button
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Text == label {
			found = b
		}
	}
	require.NotNil(t, found, "no tool %q", label)
	test.Tap(found)
}

// selectOption picks a choice in the visible select that shows current
// (the n-th such select when several do).
func selectOption(t *testing.T, w fyne.Window, current string, n int, choice string) {
	t.Helper()
	var found []*widget.Select
	for _, s := range screentest.Objects[*widget.Select](w) {
		if s.Selected == current {
			found = append(found, s)
		}
	}
	require.Greater(t, len(found), n, "no select showing %q", current)
	found[n].SetSelected(choice)
}

// fillCharacter types a whole character into the open editor.
func fillCharacter(t *testing.T, w fyne.Window) {
	t.Helper()
	screentest.TypeInto(w, screentest.Entry(t, w, "Character name"), "Ro Laren")
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Science Officer"), "Flight Controller")
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Federation"), "Bajoran")
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Human, Officer"), "Bajoran, Ensign")
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Command x2"), "Security x2, Command")
	tracks := screentest.Entries(w, trackPlaceholder)
	require.Len(t, tracks, 4)
	for i, vals := range []string{"1 2 3", "1 2 2 3", "1 1 2", "2 3 4"} {
		screentest.TypeInto(w, tracks[i], vals)
	}
	test.Tap(screentest.Button(t, w, "Add attack action"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Attack name, e.g. Phaser"), "Type 2 Phaser")
	selectOption(t, w, "not given", 0, "+1")
	selectOption(t, w, "not given", 0, "+0")
	screentest.TypeInto(w, screentest.Entry(t, w, "Rules, e.g. Stun, Melee"), "Stun")
	test.Tap(screentest.Button(t, w, "Add special ability"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Ability name"), "Maquis Training")
	screentest.TypeInto(w, screentest.Entry(t, w, "What it does, in your words"), "Re-roll one die when attacking from cover.")
	selectOption(t, w, "From the start", 0, "Round 2")
	screentest.TypeInto(w, screentest.Entry(t, w, "Your notes"), "Copied from our card.")
}

func TestCatalogCreateEditFindCharacter(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	v, w := openCatalog(t, sh, 400, 800)
	assert.Equal(t, v.search, w.Canvas().Focused())
	screentest.SelectTab(t, w, "Cards")
	assert.Contains(t, screentest.ScreenText(w), "cards")

	catalogNew(t, w, "New character")
	assert.Equal(t, "Card", selectedTab(w), "the editor takes the screen on a phone")
	fillCharacter(t, w)
	previews := screentest.Objects[*widgets.PegTrack](w)
	require.Len(t, previews, 4, "each track shows as pegs while typing")
	assert.Equal(t, []int{1, 2, 2, 3}, previews[1].Values())
	test.Tap(screentest.Button(t, w, "Save card"))

	cat, err := st.LoadCatalog()
	require.NoError(t, err)
	ro, ok := cat.Character("MY-RO-LAREN")
	require.True(t, ok, "saved in the store under an id made from the name")
	assert.Equal(t, "Bajoran", ro.Affiliation)
	assert.Equal(t, 2, ro.SkillDice("Security"))
	assert.Equal(t, reference.Tracks{Attack: []int{1, 2, 3}, Defense: []int{1, 2, 2, 3}, Skill: []int{1, 1, 2}, Move: []int{2, 3, 4}}, ro.Tracks)
	require.Len(t, ro.Attacks, 1)
	assert.Equal(t, 1, *ro.Attacks[0].Dice)
	assert.Equal(t, 0, *ro.Attacks[0].Damage)
	assert.Equal(t, []string{"Stun"}, ro.Attacks[0].Rules)
	assert.Equal(t, "Maquis Training", ro.Abilities[0].Name)
	assert.Equal(t, 2, ro.Escalation)
	assert.True(t, ro.Complete())

	// The card page shows it like the printed card.
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Ro Laren")
	assert.Contains(t, text, "Security x2, Command")
	assert.Contains(t, text, "Type 2 Phaser: dice +1, damage +0 (Stun)")
	assert.Contains(t, text, "Arrives in round 2")
	assert.Len(t, screentest.Objects[*widgets.PegTrack](w), 4)

	// Edit: a typo is refused with the reason, and nothing is saved.
	test.Tap(screentest.Button(t, w, "Edit"))
	tracks := screentest.Entries(w, trackPlaceholder)
	require.Len(t, tracks, 4)
	assert.Equal(t, "1 2 3", tracks[0].Text, "the editor shows the saved values")
	screentest.TypeInto(w, tracks[0], "1 2 30")
	test.Tap(screentest.Button(t, w, "Save card"))
	assert.Contains(t, screentest.ScreenText(w), "Not saved: Attack track, value 3: 30 is not allowed here: 0 to 20.")
	screentest.TypeInto(w, tracks[1], "1 2 x")
	test.Tap(screentest.Button(t, w, "Save card"))
	assert.Contains(t, screentest.ScreenText(w), `Not saved: Defense track: "x" is not a number`)
	cat, _ = st.LoadCatalog()
	ro, _ = cat.Character("MY-RO-LAREN")
	assert.Equal(t, []int{1, 2, 3}, ro.Tracks.Attack, "unchanged in the store")

	screentest.TypeInto(w, tracks[0], "1 2 3 4")
	screentest.TypeInto(w, tracks[1], "1 2 3")
	test.Tap(screentest.Button(t, w, "Save card"))
	assert.Contains(t, screentest.ScreenText(w), "Saved Ro Laren.")
	cat, _ = st.LoadCatalog()
	ro, _ = cat.Character("MY-RO-LAREN")
	assert.Equal(t, []int{1, 2, 3, 4}, ro.Tracks.Attack)
	assert.Equal(t, "Flight Controller", ro.Role, "fields not touched are kept")

	// Find it by searching as you type, in the Cards panel.
	screentest.SelectTab(t, w, "Cards")
	builtin, err := reference.Builtin()
	require.NoError(t, err)
	cat, _ = st.LoadCatalog()
	for _, b := range builtin.Characters() {
		got, _ := cat.Character(b.ID)
		assert.Equal(t, b, got, "saving and loading leaves built-in cards as they are")
	}
	for _, b := range builtin.References() {
		got, _ := cat.Reference(b.ID)
		assert.Equal(t, b, got, "saving and loading leaves built-in cards as they are")
	}
	screentest.TypeInto(w, screentest.Entry(t, w, catalogSearchHint), "bajoran ensign")
	require.Len(t, v.rows, 1)
	assert.Equal(t, "MY-RO-LAREN", v.rows[0].id)
	assert.Contains(t, screentest.ScreenText(w), "Character · Bajoran · ready to play · yours")
	screentest.TypeInto(w, screentest.Entry(t, w, catalogSearchHint), "nobody-like-this")
	assert.Empty(t, v.rows)
	assert.Contains(t, screentest.ScreenText(w), "No card matches")
	screentest.TypeInto(w, screentest.Entry(t, w, catalogSearchHint), "ro laren")
	tapText(t, w, "Ro Laren")
	assert.Equal(t, "Card", selectedTab(w))
	assert.Contains(t, screentest.ScreenText(w), "Maquis Training")

	// A second new card with the same name gets its own id.
	test.Tap(screentest.Button(t, w, "Edit"))
	test.Tap(screentest.Button(t, w, "Cancel"))
	screentest.SelectTab(t, w, "Cards")
	catalogNew(t, w, "New character")
	screentest.TypeInto(w, screentest.Entry(t, w, "Character name"), "Ro Laren")
	test.Tap(screentest.Button(t, w, "Save card"))
	cat, _ = st.LoadCatalog()
	assert.True(t, cat.Has("MY-RO-LAREN-2"))
	assert.Contains(t, screentest.ScreenText(w), "Track values not entered: attack, defense, skill, move")

	// Everything fits a phone.
	for _, p := range v.layout.Panels() {
		assert.LessOrEqual(t, p.Content.MinSize().Width, float32(390), "panel %s", p.Title)
	}
}

func TestCatalogReferenceCardsDeleteAndRestore(t *testing.T) {
	sh, st := newTestShell(t, 420, 820)
	v, w := openCatalog(t, sh, 1280, 800)

	catalogNew(t, w, "New card")
	selectOption(t, w, "Mission", 0, "Equipment")
	screentest.TypeInto(w, screentest.Entry(t, w, "Card name"), "Tricorder")
	selectOption(t, w, anyGame(), 0, reference.AwayMissions.Title())
	screentest.TypeInto(w, screentest.Entry(t, w, "as printed"), "two")
	test.Tap(screentest.Button(t, w, "Save card"))
	assert.Contains(t, screentest.ScreenText(w), "Not saved: Points: “two” is not a whole number")
	screentest.TypeInto(w, screentest.Entry(t, w, "as printed"), "2")
	screentest.TypeInto(w, screentest.Entry(t, w, "What the card does, in your words"), "Look at the next exploration card.")
	test.Tap(screentest.Button(t, w, "Save card"))
	cat, _ := st.LoadCatalog()
	tri, ok := cat.Reference("MY-TRICORDER")
	require.True(t, ok)
	assert.Equal(t, reference.KindEquipment, tri.Kind)
	assert.Equal(t, reference.AwayMissions, tri.Game)
	assert.Equal(t, 2, *tri.Points)

	// Listed under its kind.
	v.kind.SetSelected("Equipment")
	require.NotEmpty(t, v.rows)
	for _, r := range v.rows {
		assert.Equal(t, reference.KindEquipment, r.kind)
	}
	v.kind.SetSelected(allCards())

	// The players' own card can be deleted, after a question.
	v.open("MY-TRICORDER")
	test.Tap(screentest.Button(t, w, "Delete"))
	test.Tap(screentest.Button(t, w, "No"))
	cat, _ = st.LoadCatalog()
	assert.True(t, cat.Has("MY-TRICORDER"))
	test.Tap(screentest.Button(t, w, "Delete"))
	test.Tap(screentest.Button(t, w, "Yes"))
	cat, _ = st.LoadCatalog()
	assert.False(t, cat.Has("MY-TRICORDER"))
	assert.Contains(t, screentest.ScreenText(w), "Deleted “Tricorder”.")

	// A built-in card cannot be deleted; an edit of it can be undone.
	v.open("AM-RIKER")
	assert.Contains(t, screentest.ScreenText(w), "built-in")
	for _, b := range screentest.Objects[*widget.Button](w) {
		assert.NotEqual(t, "Delete", b.Text)
	}
	test.Tap(screentest.Button(t, w, "Edit"))
	screentest.TypeInto(w, screentest.Entries(w, trackPlaceholder)[0], "1 2 2")
	test.Tap(screentest.Button(t, w, "Save card"))
	assert.Contains(t, screentest.ScreenText(w), "built-in, edited")
	cat, _ = st.LoadCatalog()
	riker, _ := cat.Character("AM-RIKER")
	assert.Equal(t, []int{1, 2, 2}, riker.Tracks.Attack)
	test.Tap(screentest.Button(t, w, "Restore built-in"))
	cat, _ = st.LoadCatalog()
	riker, _ = cat.Character("AM-RIKER")
	assert.Empty(t, riker.Tracks.Attack)

	// Reopening the catalog brings the same window to front.
	sh.showCatalog()
	assert.Same(t, v, sh.catalog())
	w.Close()
	assert.Nil(t, sh.catalog())
}

// brokenCatalog has a track value out of range in the tracks on line 7.
const brokenCatalog = `{
  "schema": 1,
  "characters": [
    {
      "id": "IMP-ONE",
      "name": "Imported One",
      "tracks": {
        "attack": [1, 2],
        "defense": [1, 99]
      }
    }
  ],
  "references": []
}
`

const goodCatalog = `{
  "schema": 1,
  "characters": [
    {"id": "imp-one", "name": "Imported One", "affiliation": "Romulan",
     "tracks": {"attack": [1, 2], "defense": [1, 2], "skill": [1, 2], "move": [1, 2]},
     "attacks": [{"name": "Disruptor", "dice": 1, "damage": 1}]},
    {"id": "AM-RIKER", "name": "William T. Riker", "notes": "replaced by the file"}
  ],
  "references": [{"id": "IMP-EV", "kind": "event", "name": "Red Alert"}]
}
`

func TestCatalogImportExport(t *testing.T) {
	sh, st := newTestShell(t, 420, 820)
	v, w := openCatalog(t, sh, 1280, 800)
	before, err := st.LoadCatalog()
	require.NoError(t, err)

	// Export writes a catalog file that reads back the same.
	var buf bytes.Buffer
	v.exportTo(&buf, "cards.json")
	assert.Contains(t, screentest.ScreenText(w), "Exported")
	again, err := reference.ParseCatalog(buf.Bytes())
	require.NoError(t, err)
	assert.Equal(t, before.Characters(), again.Characters())
	assert.Contains(t, buf.String(), `"schema": 1`)

	// The Import and Export buttons ask for a file.
	catalogTool(t, w, "Import")
	assert.NotEmpty(t, w.Canvas().Overlays().List(), "a file dialog opens")
	w.Canvas().Overlays().Top().Hide()
	w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())

	// A broken file: the line and field are shown, nothing changes.
	v.importFrom(strings.NewReader(brokenCatalog), "bad.json")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "The file bad.json was not imported, and nothing was changed.")
	assert.Contains(t, text, "Line 7, field characters[0].tracks.defense[1]: must be 0 to 20, got 99")
	after, err := st.LoadCatalog()
	require.NoError(t, err)
	assert.Equal(t, before.Len(), after.Len())
	assert.False(t, after.Has("IMP-ONE"))
	assert.False(t, v.cat.Has("IMP-ONE"))
	for _, o := range w.Canvas().Overlays().List() {
		o.Hide()
		w.Canvas().Overlays().Remove(o)
	}

	// Not JSON at all.
	v.importFrom(strings.NewReader("name,attack\nRiker,1 2 3\n"), "cards.csv")
	assert.Contains(t, screentest.ScreenText(w), "Line 1")

	// A good file adds and replaces cards, saved in the store.
	v.importFrom(strings.NewReader(goodCatalog), "good.json")
	assert.Contains(t, screentest.ScreenText(w), "Imported good.json: 2 new cards, 1 cards updated.")
	after, err = st.LoadCatalog()
	require.NoError(t, err)
	assert.Equal(t, before.Len()+2, after.Len())
	one, ok := after.Character("IMP-ONE")
	require.True(t, ok)
	assert.True(t, one.Complete())
	riker, _ := after.Character("AM-RIKER")
	assert.Equal(t, "replaced by the file", riker.Notes)
	screentest.TypeInto(w, screentest.Entry(t, w, catalogSearchHint), "imported romulan")
	require.Len(t, v.rows, 1)
	assert.Equal(t, "IMP-ONE", v.rows[0].id)
}

func TestCatalogUnreadableSavedCardsAreKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	require.NoError(t, st.Close())
	db, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte("catalog"))
		if err != nil {
			return err
		}
		return b.Put([]byte("cards"), []byte(`{"schema": 7, "characters": [], "references": []}`))
	}))
	require.NoError(t, db.Close())
	st, err = store.Open(path, store.Options{})
	require.NoError(t, err)
	defer st.Close()

	sh := NewShell(test.NewTempApp(t), st, nil)
	v, w := openCatalog(t, sh, 1280, 800)
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Your saved cards cannot be read")
	assert.Contains(t, text, "newer Table Ops")
	assert.True(t, v.cat.Has("AM-RIKER"), "the built-in cards are shown")

	// Changes are refused rather than written over the saved cards.
	catalogNew(t, w, "New character")
	screentest.TypeInto(w, screentest.Entry(t, w, "Character name"), "Lost")
	test.Tap(screentest.Button(t, w, "Save card"))
	assert.Contains(t, screentest.ScreenText(w), "Not saved")
	assert.False(t, v.cat.Has("MY-LOST"))

	// Starting over sets them aside, then saving works.
	test.Tap(screentest.Button(t, w, "Start over from the built-in cards"))
	test.Tap(screentest.Button(t, w, "Yes"))
	assert.NotContains(t, screentest.ScreenText(w), "Your saved cards cannot be read")
	test.Tap(screentest.Button(t, w, "Save card"))
	cat, err := st.LoadCatalog()
	require.NoError(t, err)
	assert.True(t, cat.Has("MY-LOST"))
}

func TestPickCharacterFromCatalog(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	var got reference.Character
	sh.pickCharacter(func(ch reference.Character) { got = ch })
	screentest.TypeInto(w, screentest.Entry(t, w, "Search characters: name, affiliation, keyword…"), "locutus")
	assert.Contains(t, screentest.ScreenText(w), "1 characters")
	tapText(t, w, "Locutus of Borg")
	require.Equal(t, "AM-LOCUTUS", got.ID)
	assert.Empty(t, w.Canvas().Overlays().List(), "the picker closes")
	// The card picked becomes an AddCharacter command: ui/away's
	// TestAddCharacterFromCatalog.
}

// TestCatalogEditorRendersToMarkup renders the character editor of a
// built-in card on a phone-sized window.
func TestCatalogEditorRendersToMarkup(t *testing.T) {
	sh, _ := newTestShell(t, 420, 820)
	v, w := openCatalog(t, sh, 400, 800)
	v.open("AM-LOCUTUS")
	test.Tap(screentest.Button(t, w, "Edit"))
	content := v.editing.content()
	w.Close()
	tw := test.NewTempWindow(t, content)
	tw.Resize(fyne.NewSize(400, 800))
	test.AssertRendersToMarkup(t, "catalog_editor.xml", tw.Canvas())
}

func TestReadSpecs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []reference.Specialization
		err  bool
	}{
		{"", nil, false},
		{"Command", []reference.Specialization{{Name: "Command", Count: 1}}, false},
		{"Security x2, Command", []reference.Specialization{{Name: "Security", Count: 2}, {Name: "Command", Count: 1}}, false},
		{"Science ×3", []reference.Specialization{{Name: "Science", Count: 3}}, false},
		{"science, Science", []reference.Specialization{{Name: "science", Count: 2}}, false},
		{"Command x4", nil, true},
		{"x2", nil, true},
		{"Medical\nScience", nil, true},
	} {
		got, err := readSpecs(tc.in)
		if tc.err {
			assert.Error(t, err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

// FuzzReadSpecs: whatever is typed, the specializations either read or are
// refused with a reason; what reads is a valid card field.
func FuzzReadSpecs(f *testing.F) {
	for _, s := range []string{"Command x2, Science", "a x", "x9999999999999999999", ",,", "Ω×2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		specs, err := readSpecs(s)
		if err != nil {
			return
		}
		for _, sp := range specs {
			if sp.Name == "" || sp.Count < 1 {
				t.Fatalf("%q read as %+v", s, specs)
			}
		}
	})
}

func TestCardProblem(t *testing.T) {
	for _, tc := range []struct{ err, field, want string }{
		{"tracks.attack[2]: must be 0 to 20, got 30", "tracks.attack", "Attack track, value 3: 30 is not allowed here: 0 to 20."},
		{"specializations[0].count: must be 1 to 3, got 4", "specializations", "Specializations: 4 is not allowed here: 1 to 3."},
		{"attacks[1].rules[0]: is required", "attacks[1]", "Attack action 2: This cannot be empty."},
		{"abilities[0].name: is required", "abilities[0]", "Special ability 1, name: This cannot be empty."},
		{"name: is required", "name", "Name: This cannot be empty."},
		{"keywords: has more than 12 entries", "keywords", "Keywords: Too many: at most 12."},
		{"notes: is longer than 2000 bytes", "notes", "Notes: Too long: at most 2000 letters."},
		{`id: id "A B" may only use 0-9, A-Z and $%*+-./: (the QR alphanumeric set, no spaces)`, "id", "Card id: Use only 0-9, A-Z and $ % * + - . / : (no spaces)."},
		{"catalog is full (2000 cards)", "", "The catalog is full (2000 cards): delete a card first."},
		{"plain words: stay as they are", "", "plain words: stay as they are"},
	} {
		field, msg := cardProblem(errors.New(tc.err))
		assert.Equal(t, tc.field, field, tc.err)
		assert.Equal(t, tc.want, msg, tc.err)
	}
}

// noteUnder is the text of the note shown under the editor field whose
// entry has placeholder ("" when none shows).
// isEntry reports whether o is the entry e (or the screen.TextEntry around it).
func isEntry(o fyne.CanvasObject, e *widget.Entry) bool {
	if te, ok := o.(*screen.TextEntry); ok {
		return &te.Entry == e
	}
	return o == e
}

func noteUnder(t *testing.T, w fyne.Window, placeholder string) string {
	t.Helper()
	e := screentest.Entry(t, w, placeholder)
	for _, c := range screentest.Objects[*fyne.Container](w) {
		for i, o := range c.Objects {
			if !slices.ContainsFunc(screentest.Under[fyne.CanvasObject](o), func(x fyne.CanvasObject) bool { return isEntry(x, e) }) || i+1 >= len(c.Objects) {
				continue
			}
			if l, ok := c.Objects[i+1].(*widget.Label); ok && l.Importance == widget.DangerImportance {
				if l.Visible() {
					return l.Text
				}
				return ""
			}
		}
	}
	return ""
}

// TestCatalogEditorsKeepWhatWasTyped types what players get wrong ("thirty"
// as points, letters in a track, an empty name, a value out of range) in
// both editors, in English and Italian: each reason shows under its field
// and above Save, in the player's language without field codes, and
// nothing typed is lost.
func TestCatalogEditorsKeepWhatWasTyped(t *testing.T) {
	for _, language := range []string{"en", "it"} {
		t.Run(language, func(t *testing.T) {
			tr := func(en, it string) string {
				if language == "it" {
					return it
				}
				return en
			}
			if language == "it" {
				screentest.Italian(t)
			}
			sh, st := newTestShell(t, 400, 800)
			test.Tap(screentest.Button(t, sh.win, tr("Catalog", "Catalogo")))
			v := sh.catalog()
			require.NotNil(t, v)
			w := v.win
			before := v.cat.Len()

			// A reference card: "thirty" as points, then no name.
			screentest.SelectTab(t, w, tr("Cards", "Carte"))
			catalogNew(t, w, tr("New card", "Nuova carta"))
			name := screentest.Entry(t, w, tr("Card name", "Nome della carta"))
			screentest.TypeInto(w, name, "Red Alert")
			points := screentest.Entry(t, w, tr("as printed", "come stampato"))
			screentest.TypeInto(w, points, "thirty")
			test.Tap(screentest.Button(t, w, tr("Save card", "Salva carta")))
			assert.Contains(t, noteUnder(t, w, tr("as printed", "come stampato")), "thirty")
			assert.Equal(t, "", noteUnder(t, w, tr("Card name", "Nome della carta")))
			assert.Contains(t, screentest.ScreenText(w), tr("Not saved: Points", "Non salvata: Punti"))
			assert.Equal(t, "Red Alert", name.Text, "what was typed stays")
			assert.Equal(t, "thirty", points.Text, "what was typed stays")
			screentest.TypeInto(w, points, "30")
			screentest.TypeInto(w, name, "  ")
			test.Tap(screentest.Button(t, w, tr("Save card", "Salva carta")))
			assert.Equal(t, tr("This cannot be empty.", "Non può restare vuoto."), noteUnder(t, w, tr("Card name", "Nome della carta")))
			assert.Equal(t, "", noteUnder(t, w, tr("as printed", "come stampato")), "the old reason is gone")
			assert.Equal(t, "30", points.Text)
			assert.Equal(t, before, v.cat.Len(), "nothing saved")
			screentest.TypeInto(w, name, "Red Alert")
			test.Tap(screentest.Button(t, w, tr("Save card", "Salva carta")))
			assert.Equal(t, before+1, v.cat.Len(), "saved once right")

			// A character: letters in a track, then a value out of range.
			screentest.SelectTab(t, w, tr("Cards", "Carte"))
			catalogNew(t, w, tr("New character", "Nuovo personaggio"))
			screentest.TypeInto(w, screentest.Entry(t, w, tr("Character name", "Nome del personaggio")), "Ro Laren")
			tracks := screentest.Entries(w, tr(trackPlaceholder, "dal più basso, per es. 1 2 3 3"))
			require.Len(t, tracks, 4)
			screentest.TypeInto(w, tracks[1], "1 2 x")
			test.Tap(screentest.Button(t, w, tr("Save card", "Salva carta")))
			text := screentest.ScreenText(w)
			assert.Contains(t, text, tr(`Not saved: Defense track: "x" is not a number`, `Non salvata: Traccia Defense: "x" non è un numero`))
			screentest.TypeInto(w, tracks[1], "1 2 3")
			screentest.TypeInto(w, tracks[0], "1 2 30")
			test.Tap(screentest.Button(t, w, tr("Save card", "Salva carta")))
			text = screentest.ScreenText(w)
			assert.Contains(t, text, tr("Not saved: Attack track, value 3: 30 is not allowed here: 0 to 20.",
				"Non salvata: Traccia Attack, valore 3: 30 non è ammesso qui: da 0 a 20."))
			assert.Contains(t, text, tr("30 is not allowed here: 0 to 20.", "30 non è ammesso qui: da 0 a 20."), "under the track")
			for _, code := range []string{"tracks.", "[2]", "must be", "got 30", "create", "card MY-"} {
				assert.NotContains(t, text, code, "no field codes or error chains")
			}
			assert.Equal(t, "1 2 30", tracks[0].Text, "what was typed stays")
			assert.Equal(t, "Ro Laren", screentest.Entry(t, w, tr("Character name", "Nome del personaggio")).Text)
			assert.Equal(t, before+1, v.cat.Len(), "nothing saved")
			saved, err := st.LoadCatalog()
			require.NoError(t, err)
			assert.Equal(t, before+1, saved.Len(), "nothing saved in the store")
			screentest.AssertFits(t, w, "editor with its notes")
		})
	}
}

// TestCatalogOnAPhoneTakesTheWindow counts the taps from a game to editing
// a card and back on a phone: Catalog, the card's row, Edit (3 taps to the
// editor), Save; Close (or Escape, or the phone's Back) goes back to the
// game exactly as it was.
func TestCatalogOnAPhoneTakesTheWindow(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	w := sh.win
	taps := 0
	tap := func(label string) {
		t.Helper()
		test.Tap(screentest.Button(t, w, label))
		taps++
	}
	tap("Catalog")
	v := sh.catalog()
	require.NotNil(t, v)
	assert.Same(t, w, v.win, "the catalog takes the main window")
	assert.Equal(t, "Card catalog", w.Title())
	screentest.TypeInto(w, v.search, "lukara")
	require.NotEmpty(t, v.rows)
	tapText(t, w, v.rows[0].name)
	taps++
	tap("Edit")
	assert.Equal(t, 3, taps, "taps from home to the editor")
	notes := screentest.Entry(t, w, "Your notes")
	screentest.TypeInto(w, notes, "Our copy is worn.")
	tap("Save card")
	cat, err := st.LoadCatalog()
	require.NoError(t, err)
	ch, ok := cat.Character(v.selected)
	require.True(t, ok)
	assert.Equal(t, "Our copy is worn.", ch.Notes)
	tap("Close")
	assert.Nil(t, sh.catalog())
	assert.Contains(t, screentest.ScreenText(w), "Resume a game")
	t.Logf("home → catalog → card → edit → save → home: %d taps", taps)

	// From a game, Escape (a keyboard) or Back (a phone) returns to it.
	test.Tap(screentest.Button(t, w, "New Ascendancy game"))
	test.Tap(screentest.Button(t, w, "Create"))
	require.NotNil(t, sh.game)
	game, title := w.Content(), w.Title()
	sh.showCatalog()
	require.NotNil(t, sh.catalog())
	w.Canvas().Unfocus()
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	assert.Nil(t, sh.catalog())
	assert.Same(t, game, w.Content(), "back to the game")
	assert.Equal(t, title, w.Title())
	sh.showRules()
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: mobile.KeyBack})
	assert.Nil(t, sh.rules)
	assert.Same(t, game, w.Content(), "back to the game")
}
