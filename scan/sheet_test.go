package scan_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
)

func sheetItems(n int) []scan.SheetItem {
	names := []string{"James T. Kirk", "B'Elanna Torres", "Jean-Luc Picard", "Seven of Nine", "Worf, Son of Mogh"}
	kinds := scan.Kinds()
	var items []scan.SheetItem
	for i := 0; i < n; i++ {
		k := kinds[i%(len(kinds)-1)] // every card kind, not join
		t := scan.Tag{Kind: k, ID: strings.ToUpper(fmt.Sprintf("%s-%d", k, i))}
		if k == scan.KindCharacter && i%2 == 0 {
			t.Character = &scan.Character{Name: names[i%len(names)], Tracks: scan.Tracks{
				Attack: []int{5, 4, 3, 2}, Defense: []int{4, 3, 2}, Skill: []int{6, 5, 4}, Move: []int{4, 4, 3}}}
		}
		items = append(items, scan.SheetItem{Tag: t})
	}
	return items
}

// TestSheetScansBack prints sheets, rasterizes them with pdftoppm and
// decodes every tag back from its place on the page.
func TestSheetScansBack(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed: cannot rasterize the PDF to check it")
	}
	tests := []struct {
		name  string
		opts  scan.SheetOptions
		items int
	}{
		{"a4 default size, two pages", scan.SheetOptions{}, 70},
		{"letter 15 mm", scan.SheetOptions{Paper: scan.PaperLetter, CodeMM: 15}, 20},
		{"a4 35 mm", scan.SheetOptions{Paper: scan.PaperA4, CodeMM: 35}, 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			items := sheetItems(tc.items)
			var buf bytes.Buffer
			require.NoError(t, scan.WriteSheet(&buf, items, tc.opts))
			pdfPath := filepath.Join(dir, "sheet.pdf")
			require.NoError(t, os.WriteFile(pdfPath, buf.Bytes(), 0o600))
			const dpi = 150
			out, err := exec.Command("pdftoppm", "-r", fmt.Sprint(dpi), "-gray", "-png", pdfPath, filepath.Join(dir, "page")).CombinedOutput()
			require.NoError(t, err, "pdftoppm: %s", out)

			l, err := scan.LayoutSheet(tc.opts)
			require.NoError(t, err)
			wantPages := (tc.items + l.PerPage() - 1) / l.PerPage()
			pngs, err := filepath.Glob(filepath.Join(dir, "page-*.png"))
			require.NoError(t, err)
			require.Len(t, pngs, wantPages)

			px := func(mm float64) int { return int(mm * dpi / 25.4) }
			dec := scan.NewDecoder(scan.DecodeOptions{})
			pages := map[int]scan.Frame{}
			for i, it := range items {
				pg, x, y, size := l.Code(i)
				page, ok := pages[pg]
				if !ok {
					// pdftoppm numbers pages from 1, zero-padded to the page count's width.
					name := fmt.Sprintf("page-%0*d.png", len(fmt.Sprint(wantPages)), pg+1)
					page, err = scan.ReadImageFile(filepath.Join(dir, name))
					require.NoError(t, err)
					pages[pg] = page
				}
				// Crop the tag's cell (code plus margin) out of the page.
				x0, y0 := px(x-l.Quiet), px(y-l.Quiet)
				side := px(size + 2*l.Quiet)
				crop := scan.Frame{Y: page.Y[y0*page.Stride+x0:], Width: side, Height: side, Stride: page.Stride}
				codes, err := dec.Decode(crop)
				require.NoError(t, err)
				want, err := scan.Encode(it.Tag)
				require.NoError(t, err)
				if assert.Len(t, codes, 1, "item %d (%s) on page %d", i, it.Tag, pg+1) {
					assert.Equal(t, want, codes[0].Text)
				}
			}

			if _, err := exec.LookPath("pdftotext"); err == nil {
				txt, err := exec.Command("pdftotext", "-layout", pdfPath, "-").Output()
				require.NoError(t, err)
				for _, it := range items[:min(len(items), 10)] {
					label := it.Tag.Label()
					if len(label) > 14 {
						label = label[:10] // long names may be shrunk or shortened
					}
					assert.Contains(t, string(txt), label)
				}
				assert.Contains(t, string(txt), "Cut along the dashed lines")
			}
		})
	}
}

func TestSheetErrors(t *testing.T) {
	var buf bytes.Buffer
	assert.ErrorIs(t, scan.WriteSheet(&buf, nil, scan.SheetOptions{}), scan.ErrNoItems)
	err := scan.WriteSheet(&buf, sheetItems(1), scan.SheetOptions{Paper: "a3"})
	assert.ErrorContains(t, err, "unknown paper")
	for _, mm := range []float64{5, 100, -1} {
		err = scan.WriteSheet(&buf, sheetItems(1), scan.SheetOptions{CodeMM: mm})
		assert.ErrorContains(t, err, "code size")
	}
	err = scan.WriteSheet(&buf, []scan.SheetItem{{Tag: scan.Tag{Kind: scan.KindEvent}}}, scan.SheetOptions{})
	assert.ErrorIs(t, err, scan.ErrInvalid)
	assert.Zero(t, buf.Len())

	l, err := scan.LayoutSheet(scan.SheetOptions{})
	require.NoError(t, err)
	assert.Equal(t, scan.DefaultCodeMM, l.CodeMM)
	assert.Greater(t, l.PerPage(), 30, "a default A4 sheet holds a good number of tags")
	require.NoError(t, scan.WriteSheet(&buf, []scan.SheetItem{{Tag: scan.Tag{Kind: scan.KindEvent, ID: "E"}, Label: strings.Repeat("Long label ", 10)}}, scan.SheetOptions{}))
	assert.True(t, bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")))
}
