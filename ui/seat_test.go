package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// openAscForSeats opens a started Ascendancy game of Ann and Ben.
func openAscForSeats(t *testing.T, sh *Shell) {
	t.Helper()
	g, err := sh.store.Create(tracker.KindAscendancy, "Seats")
	require.NoError(t, err)
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	for _, c := range []tracker.Command{
		tracker.AddAscPlayer{Name: "Ann", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Ben", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		tracker.StartAscendancy{},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	info, _ := g.Info()
	sh.openGame(info.ID)
	require.NotNil(t, sh.game)
}

// textLines counts the lines a wrapped label shows.
func textLines(l *widget.Label) int {
	ys := map[float32]bool{}
	for _, x := range screentest.Under[*canvas.Text](l) {
		if x.Text != "" {
			ys[x.Position().Y] = true
		}
	}
	return len(ys)
}

// TestSeatChooserIsWideEnough: on a 390 px phone and on a desktop the
// seat chooser's question and why it asks read in at most 3 lines each
// (they used to wrap into an 8-line column as narrow as the player
// buttons), and the dialog fits.
func TestSeatChooserIsWideEnough(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 390, Height: 844}, {Width: 360, Height: 640}, {Width: 1280, Height: 800}} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			openAscForSeats(t, sh)
			var seat string
			sh.chooseSeat(sh.game, "", func(s string) { seat = s })
			for _, text := range []string{"Which player is this device?", "It changes that player's pieces freely"} {
				var q *widget.Label
				for _, l := range screentest.Objects[*widget.Label](sh.win) {
					if strings.HasPrefix(l.Text, text) {
						q = l
					}
				}
				require.NotNil(t, q, "%q is shown", text)
				lines := textLines(q)
				assert.LessOrEqual(t, lines, 3, "%q takes %d lines", text, lines)
			}
			screentest.AssertFits(t, sh.win, "seat chooser")
			for _, o := range sh.win.Canvas().Overlays().List() {
				assert.LessOrEqual(t, o.MinSize().Height, size.Height, "the chooser is taller than the window")
			}
			screentest.Button(t, sh.win, "Ann")
			test.Tap(screentest.Button(t, sh.win, "Ben"))
			assert.Equal(t, "p2", seat)
			assert.Empty(t, sh.win.Canvas().Overlays().List(), "the chooser closed")
		})
	}
}

func TestJoinCodeFromHash(t *testing.T) {
	for _, tc := range []struct {
		hash, code string
		ok         bool
	}{
		{"#join=ABC123", "ABC123", true},
		{"#join=abc-123", "ABC123", true},
		{"#join=ABC%20123", "ABC123", true},
		{"#x=1&join=QWERTY", "QWERTY", true},
		{"", "", false},
		{"#", "", false},
		{"#join=", "", false},
		{"#joinABC", "", false},
		{"#join=" + strings.Repeat("A", 40), "", false},
	} {
		code, ok := joinCodeFromHash(tc.hash)
		require.Equal(t, tc.ok, ok, tc.hash)
		require.Equal(t, tc.code, code, tc.hash)
	}
}

func FuzzJoinCodeFromHash(f *testing.F) {
	f.Add("#join=ABC123")
	f.Add("#join=%zz&join=1")
	f.Fuzz(func(t *testing.T, hash string) {
		code, ok := joinCodeFromHash(hash)
		if ok && (code == "" || len(code) > 32 || strings.ContainsAny(code, " -\t")) {
			t.Fatalf("%q gave %q", hash, code)
		}
	})
}
