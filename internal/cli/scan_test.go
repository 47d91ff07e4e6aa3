package cli

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
	"tableops/scan/scantest"
)

// photo writes a synthetic photo of cards carrying the payloads and
// returns its path.
func photo(t *testing.T, dir, name string, payloads ...string) string {
	t.Helper()
	s := scantest.Scene{Width: 640, Height: 480, Seed: 5, Noise: 3}
	for i, p := range payloads {
		s.Cards = append(s.Cards, scantest.Placement{Payload: p, X: 130 + 190*float64(i), Y: 170, Size: 130, Rotation: 4})
	}
	f, err := scantest.Render(s)
	require.NoError(t, err)
	path := filepath.Join(dir, name)
	out, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, png.Encode(out, f.Gray()))
	require.NoError(t, out.Close())
	return path
}

func encodeTag(t *testing.T, tag scan.Tag) string {
	t.Helper()
	p, err := scan.Encode(tag)
	require.NoError(t, err)
	return p
}

func TestScanCommand(t *testing.T) {
	dir := t.TempDir()
	riker := encodeTag(t, scan.Tag{Kind: scan.KindCharacter, ID: "AM-RIKER"})
	custom := encodeTag(t, scan.Tag{Kind: scan.KindCharacter, ID: "MY-KIRK", Character: &scan.Character{
		Name: "James T. Kirk", Tracks: scan.Tracks{Attack: []int{5, 4, 3}, Defense: []int{4, 3}, Skill: []int{6, 5}, Move: []int{4, 4}}}})
	both := photo(t, dir, "both.png", riker, custom)
	foreign := photo(t, dir, "foreign.png", "https://example.com/card")
	empty := photo(t, dir, "empty.png")

	code, out, errOut := run(t, "scan", both)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "character AM-RIKER (William T. Riker)\n"+
		"character MY-KIRK: James T. Kirk (attack 5 4 3, defense 4 3, skill 6 5, move 4 4)\n", out)

	code, out, errOut = run(t, "scan", "--raw", both, foreign)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, both+": "+riker+"\n"+both+": "+custom+"\n"+foreign+": https://example.com/card\n", out)

	// A foreign code alone is reported but is not a tag: exit 1.
	code, out, errOut = run(t, "scan", foreign)
	assert.Equal(t, 1, code)
	assert.Equal(t, "not a usable tag: not a Table Ops tag\n", out)
	assert.Contains(t, errOut, "no Table Ops tag found in 1 image(s)")

	code, out, errOut = run(t, "scan", "--raw", empty)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "tableops scan: no QR code found in 1 image(s)\n", errOut)

	// A directory is every picture in it.
	code, out, errOut = run(t, "scan", "--json", dir)
	require.Equal(t, 0, code, errOut)
	var hits []struct {
		File string `json:"file"`
		Text string `json:"text"`
		Tag  *struct {
			Kind        string `json:"kind"`
			ID          string `json:"id"`
			Name        string `json:"name"`
			CatalogName string `json:"catalog_name"`
			Tracks      *struct {
				Attack []int `json:"attack"`
			} `json:"tracks"`
		} `json:"tag"`
		Error string `json:"error"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &hits))
	require.Len(t, hits, 3)
	assert.Equal(t, "William T. Riker", hits[0].Tag.CatalogName)
	assert.Equal(t, "James T. Kirk", hits[1].Tag.Name)
	assert.Equal(t, []int{5, 4, 3}, hits[1].Tag.Tracks.Attack)
	assert.Nil(t, hits[2].Tag)
	assert.Equal(t, "not a Table Ops tag", hits[2].Error)
}

func TestScanCommandBadInput(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.png")
	require.NoError(t, os.WriteFile(broken, []byte("not a png"), 0o600))
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no images", []string{"scan"}, 2, "usage"},
		{"missing file", []string{"scan", filepath.Join(dir, "nope.png")}, 2, "no such file"},
		{"empty dir", []string{"scan", t.TempDir()}, 2, "no images found"},
		{"unknown flag", []string{"scan", "--frobnicate", broken}, 2, "frobnicate"},
		{"broken image", []string{"scan", broken}, 1, "broken.png"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := run(t, tc.args...)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, errOut, tc.msg)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		})
	}
}

func TestTagsCommand(t *testing.T) {
	dir := t.TempDir()
	// A players' catalog adding a character with its tracks entered.
	catalog := filepath.Join(dir, "mine.json")
	require.NoError(t, os.WriteFile(catalog, []byte(`{"schema": 1, "characters": [
		{"id": "MY-KIRK", "name": "James T. Kirk", "tracks": {"attack": [5, 4, 3], "defense": [4, 3], "skill": [6, 5], "move": [4, 4]}}
	], "references": []}`), 0o600))
	sheet := filepath.Join(dir, "sheet.pdf")
	code, out, errOut := run(t, "tags", "--out", sheet, "--paper", "letter", "--size", "25", "--catalog", catalog,
		"AM-RIKER", "MY-KIRK", "BC-EXPEDITED")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, fmt.Sprintf("wrote 3 tag(s) on 1 page(s) to %s\n", sheet), out)

	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed: cannot rasterize the sheet to scan it back")
	}
	res, err := exec.Command("pdftoppm", "-r", "150", "-gray", "-png", sheet, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, "pdftoppm: %s", res)
	code, out, errOut = run(t, "scan", filepath.Join(dir, "page-1.png"))
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "character AM-RIKER (William T. Riker)\n"+
		"character MY-KIRK: James T. Kirk (attack 5 4 3, defense 4 3, skill 6 5, move 4 4)\n"+
		"borg-command BC-EXPEDITED (Assimilation Expedited)\n", out)

	// --reference-only prints the same character as a plain reference.
	code, _, errOut = run(t, "tags", "--out", sheet, "--catalog", catalog, "--reference-only", "MY-KIRK")
	require.Equal(t, 0, code, errOut)
	res, err = exec.Command("pdftoppm", "-r", "150", "-gray", "-png", sheet, filepath.Join(dir, "ref")).CombinedOutput()
	require.NoError(t, err, "pdftoppm: %s", res)
	code, out, errOut = run(t, "scan", "--raw", filepath.Join(dir, "ref-1.png"))
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "TO1C/MY-KIRK/"), out)

	// Without ids: every card of the built-in catalog.
	code, out, errOut = run(t, "tags", "--json", "--out", sheet)
	require.Equal(t, 0, code, errOut)
	var summary struct{ Tags, Pages int }
	require.NoError(t, json.Unmarshal([]byte(out), &summary))
	assert.Greater(t, summary.Tags, 10)
	assert.GreaterOrEqual(t, summary.Pages, 1)
}

func TestTagsCommandBadInput(t *testing.T) {
	dir := t.TempDir()
	sheet := filepath.Join(dir, "s.pdf")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"schema": 1, "characters": [{"id": "x y"}]}`), 0o600))
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"no out", []string{"tags", "AM-RIKER"}, "--out"},
		{"unknown id", []string{"tags", "--out", sheet, "NO-SUCH-CARD"}, "NO-SUCH-CARD"},
		{"bad paper", []string{"tags", "--out", sheet, "--paper", "a3"}, "unknown paper"},
		{"bad size", []string{"tags", "--out", sheet, "--size", "3"}, "code size"},
		{"missing catalog", []string{"tags", "--out", sheet, "--catalog", filepath.Join(dir, "none.json")}, "--catalog"},
		{"bad catalog", []string{"tags", "--out", sheet, "--catalog", bad}, "--catalog"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := run(t, tc.args...)
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, tc.msg)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		})
	}
	_, err := os.Stat(sheet)
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing written on bad input")
}

// TestScanCommandRefusesImageBomb: a 68-byte PNG claiming 100000 x 100000
// pixels used to kill "tableops scan" with "fatal error: runtime: out of
// memory". It is refused from its header with one plain line, and the
// other images of the run are still scanned.
func TestScanCommandRefusesImageBomb(t *testing.T) {
	dir := t.TempDir()
	chunk := func(b []byte, typ string, data []byte) []byte {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		start := len(b)
		b = append(append(b, typ...), data...)
		return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
	}
	bomb := chunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", []byte{0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 0, 0, 0, 0})
	bomb = chunk(bomb, "IDAT", []byte{0x78, 0xDA, 1, 0, 0, 0xFF, 0xFF, 0, 0, 0, 1})
	bomb = chunk(bomb, "IEND", nil)
	require.Len(t, bomb, 68)
	path := filepath.Join(dir, "bomb.png")
	require.NoError(t, os.WriteFile(path, bomb, 0o600))
	good := photo(t, dir, "good.png", "HELLO")

	code, out, errOut := run(t, "scan", "--raw", path, good)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "HELLO")
	assert.Contains(t, errOut, "bomb.png: the picture is 100000 x 100000 pixels (10000 megapixels); the app reads pictures up to 40 megapixels")
	assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
}
