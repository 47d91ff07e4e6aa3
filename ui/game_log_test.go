package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestLogRowsFitTheirText adds a long note between short steps and checks,
// on a tablet's log panel and a phone's log sheet, that every row shown is
// at least as tall as its wrapped text and that no two rows overlap; the
// newest step is at the top, in bold.
func TestLogRowsFitTheirText(t *testing.T) {
	long := strings.Repeat("The Klingon fleet retreats from Qo'noS after a long battle with the Borg cube; ", 5)
	for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 400, Height: 800}, {Width: 360, Height: 640}} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := newAscGame(t, sh)
			for _, text := range []string{"first short note", long, "a short note after it", long, "newest note"} {
				_, err := sh.game.game.Execute(tracker.Note{Text: text})
				require.NoError(t, err)
			}
			sh.game.showLog()
			lists := screentest.Objects[*widget.List](w)
			require.NotEmpty(t, lists, "the log is on screen")
			list := lists[len(lists)-1]
			var rows []*widget.Label
			screentest.All(list, func(o fyne.CanvasObject) {
				if l, ok := o.(*widget.Label); ok {
					rows = append(rows, l)
				}
			})
			require.GreaterOrEqual(t, len(rows), 2, "the rows are drawn")
			wrapped := 0
			for i, r := range rows {
				pos, sz := absRect(r)
				assert.GreaterOrEqual(t, sz.Height+0.5, r.MinSize().Height, "row %d %q is shorter than its text", i, r.Text)
				if strings.Contains(r.Text, long[:40]) {
					assert.Greater(t, sz.Height, 2*rows[0].MinSize().Height/1.5, "the long note wraps onto several lines")
					wrapped++
				}
				for j, o := range rows {
					if j == i {
						continue
					}
					opos, osz := absRect(o)
					overlap := pos.Y < opos.Y+osz.Height-0.5 && opos.Y < pos.Y+sz.Height-0.5
					assert.False(t, overlap, "rows %q and %q overlap", r.Text, o.Text)
				}
			}
			assert.Positive(t, wrapped, "a long note is shown")
			top := rows[0]
			for _, r := range rows {
				if p, _ := absRect(r); p.Y < fyne.CurrentApp().Driver().AbsolutePositionForObject(top).Y {
					top = r
				}
			}
			assert.Contains(t, top.Text, "newest note")
			assert.True(t, top.TextStyle.Bold, "the newest step stands out")
		})
	}
}
