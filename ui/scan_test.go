package ui

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/reference"
	"tableops/scan"
	"tableops/scan/camera"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// placedTag is a QR code drawn on a test photo: its text and the square
// its symbol covers, in picture pixels.
type placedTag struct {
	text string
	box  image.Rectangle
}

// tagPhoto draws the QR codes of the texts side by side on a light,
// card-coloured picture, as a photo of cards on a table would show them.
func tagPhoto(t *testing.T, texts ...string) (image.Image, []placedTag) {
	t.Helper()
	const module, quiet, gap = 6, 4, 40
	img := image.NewRGBA(image.Rect(0, 0, 1200, 700))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{200, 190, 170, 255}}, image.Point{}, draw.Src)
	var placed []placedTag
	x := gap
	for _, text := range texts {
		sym, err := scan.EncodeQR(text)
		require.NoError(t, err)
		code := sym.Image(module, quiet)
		at := image.Pt(x, 120)
		draw.Draw(img, code.Bounds().Add(at), code, image.Point{}, draw.Src)
		inner := image.Rect(0, 0, sym.Size*module, sym.Size*module).Add(at).Add(image.Pt(quiet*module, quiet*module))
		placed = append(placed, placedTag{text: text, box: inner})
		x += code.Bounds().Dx() + gap
	}
	require.LessOrEqual(t, x, img.Bounds().Dx(), "the codes fit the photo")
	return img, placed
}

// writePNG saves a picture in the test's temp dir and returns its path.
func writePNG(t *testing.T, img image.Image, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, img))
	require.NoError(t, f.Close())
	return path
}

// encodeTag is scan.Encode that must succeed.
func encodeTag(t *testing.T, tag scan.Tag) string {
	t.Helper()
	s, err := scan.Encode(tag)
	require.NoError(t, err)
	return s
}

// fakeCameras is a camera list for tests: its devices, or the error the
// system gives, and the source Open returns.
type fakeCameras struct {
	devs    []camera.Device
	err     error
	openErr error
	// page makes them a browser page's cameras.
	page   bool
	src    scan.Source
	opened atomic.Int32
	cfg    camera.Config
}

func (f *fakeCameras) devices() ([]camera.Device, error) { return f.devs, f.err }

func (f *fakeCameras) inPage() bool { return f.page }

func (f *fakeCameras) open(cfg camera.Config) (scan.Source, error) {
	f.opened.Add(1)
	f.cfg = cfg
	if f.openErr != nil {
		return nil, f.openErr
	}
	return f.src, nil
}

// closingSource records that the scanner closed it.
type closingSource struct {
	*scan.FramesSource
	closed atomic.Bool
}

func (s *closingSource) Close() error { s.closed.Store(true); return nil }

// settleScanner waits for the scanner's background step to reach the
// screen.
func settleScanner(t *testing.T, v *scannerView) {
	t.Helper()
	screentest.Await(t, v.settled, 20*time.Second, "the scanner did not update")
}

// importPhotoFile imports a photo file as the file dialog would.
func importPhotoFile(t *testing.T, v *scannerView, path string) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	v.importPhoto(f, filepath.Base(path))
	settleScanner(t, v)
}

// outlineInside asserts that an outline's corners lie on the drawn code.
func outlineInside(t *testing.T, o scanOutline, box image.Rectangle) {
	t.Helper()
	const slack = 8.0
	for _, c := range o.corners {
		assert.GreaterOrEqual(t, c.X, float64(box.Min.X)-slack)
		assert.LessOrEqual(t, c.X, float64(box.Max.X)+slack)
		assert.GreaterOrEqual(t, c.Y, float64(box.Min.Y)-slack)
		assert.LessOrEqual(t, c.Y, float64(box.Max.Y)+slack)
	}
	// The outline spans the code, not a point of it.
	assert.Greater(t, o.corners[1].X-o.corners[0].X, float64(box.Dx())*0.8)
}

var spockTag = scan.Tag{Kind: scan.KindCharacter, ID: "THEIR-SPOCK", Character: &scan.Character{Name: "Spock",
	Tracks: scan.Tracks{Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{2, 3, 4, 5}, Move: []int{1, 2, 3}}}}

// TestScanPhotoNamesTagsAndOutlinesThem imports a photo of three codes (a
// Borg command card, a character described by its tag, a web address) and
// checks what the screen says, the outlines, and Open in the catalog.
func TestScanPhotoNamesTagsAndOutlinesThem(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	img, placed := tagPhoto(t,
		encodeTag(t, scan.Tag{Kind: scan.KindBorgCommand, ID: "BC-EXPEDITED"}),
		encodeTag(t, spockTag),
		"https://example.com/not-a-card")
	path := writePNG(t, img, "table.png")

	v := sh.openScanner(nil, &fakeCameras{err: camera.ErrNoCamera})
	settleScanner(t, v)
	w := v.win
	assert.Contains(t, screentest.ScreenText(w), "No camera found on this device. Import a photo of your cards instead.")
	test.Tap(screentest.Button(t, w, "Import a photo"))
	require.NotEmpty(t, w.Canvas().Overlays().List(), "a file dialog opens")
	w.Canvas().Overlays().Top().Hide()
	w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())

	importPhotoFile(t, v, path)
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "table.png: 2 tag(s) found.")
	assert.Contains(t, text, "Assimilation Expedited")
	assert.Contains(t, text, "Borg command")
	assert.Contains(t, text, "Spock")
	assert.Contains(t, text, "Attack 1 2 3 · Defense 1 2 3 · Skill 2 3 4 5 · Move 1 2 3")
	assert.Contains(t, text, "described by its tag (not in this device's catalog)")
	assert.Contains(t, text, "Not a Table Ops tag")
	assert.Contains(t, text, "https://example.com/not-a-card")

	// Every code is outlined where it was drawn, numbered like the list.
	p := v.preview
	require.Len(t, p.outlines, 3)
	assert.Equal(t, 1200, p.w)
	for i, o := range p.outlines {
		outlineInside(t, o, placed[i].box)
		assert.Equal(t, i+1, o.n)
		assert.Equal(t, i < 2, o.good, "tags in green, the foreign code in orange")
	}
	require.Len(t, p.lines, 12, "four edges a code")
	size := p.Size()
	require.Greater(t, size.Width, float32(0))
	for _, l := range p.lines {
		for _, pos := range []fyne.Position{l.Position1, l.Position2} {
			assert.True(t, pos.X >= 0 && pos.X <= size.Width && pos.Y >= 0 && pos.Y <= size.Height, "edges inside the preview")
		}
	}

	// The character described by its tag can be kept in this device's catalog.
	test.Tap(screentest.Button(t, w, "Save to the catalog"))
	assert.Contains(t, screentest.ScreenText(w), "Saved Spock to the catalog.")
	assert.True(t, screentest.Button(t, w, "Save to the catalog").Disabled())
	saved, err := st.LoadCatalog()
	require.NoError(t, err)
	spock, ok := saved.Character("THEIR-SPOCK")
	require.True(t, ok)
	assert.Equal(t, "Spock", spock.Name)
	assert.Equal(t, []int{2, 3, 4, 5}, spock.Tracks.Skill)

	// The Borg command card opens in the catalog; the foreign code has no action.
	test.Tap(screentest.Button(t, w, "Open in the catalog"))
	cv := sh.catalog()
	require.NotNil(t, cv, "the catalog is open")
	assert.Equal(t, "BC-EXPEDITED", cv.selected)
	assert.Contains(t, screentest.ScreenText(cv.win), "Assimilation Expedited")
	// On a phone the catalog covers the scanner; its Close goes back to it.
	test.Tap(screentest.Button(t, w, "Close"))
	assert.Nil(t, sh.catalog())
	assert.Len(t, screentest.Objects[*widget.Button](w), 5, "Save to the catalog, Show its rules and Open in the catalog (the Borg card), Import a photo, Close")
	assert.Contains(t, screentest.ScreenText(w), "Spock")

	// Closing the scanner leaves nothing running.
	test.Tap(screentest.Button(t, w, "Close"))
	assert.True(t, v.closed)
	assert.Nil(t, sh.scanner())
}

// TestScanCharacterIntoAwaySetup scans a self-describing character card
// that this device's catalog does not hold, from the Away Missions setup,
// and adds it to the player's team with one tap. The scanner uses this
// machine's real cameras: there are none, and the screen says so.
func TestScanCharacterIntoAwaySetup(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	screentest.TypeInto(w, screentest.Objects[*screen.TextEntry](w)[0], "Scanned")
	test.Tap(screentest.Button(t, w, "Create"))
	require.NotNil(t, sh.game)
	screentest.SelectTab(t, w, "Round")
	addPlayer(t, w, "Ann", "Federation")

	test.Tap(screentest.Button(t, w, "Add a character to Ann"))
	test.Tap(screentest.Button(t, w, "Scan its tag"))
	v := sh.scanner()
	require.NotNil(t, v, "the scanner opens")
	settleScanner(t, v)
	assert.Contains(t, screentest.ScreenText(v.win), "Import a photo", "no camera here: the photo is the way")
	assert.NotContains(t, screentest.ScreenText(v.win), "Looking for cameras")

	img, _ := tagPhoto(t, encodeTag(t, scan.Tag{Kind: scan.KindMission, ID: "AM-MAIN-COMPUTER"}), encodeTag(t, spockTag))
	importPhotoFile(t, v, writePNG(t, img, "spock.png"))
	assert.Contains(t, screentest.ScreenText(v.win), "Spock")
	require.Len(t, v.entries, 2)
	assert.Same(t, v.entries[1].box, v.found.Objects[0], "the character card, what the scanner is for, is listed first")
	assert.Equal(t, 2, v.preview.outlines[1].n, "numbered as on the photo")
	// Only the character card offers to join the team.
	require.Len(t, screentest.Objects[*widget.Button](v.win), 6, "Add to Ann's team, Save to the catalog, Show its rules and Open in the catalog (mission), Import, and Close on the phone's page")
	assert.Empty(t, w.Canvas().Overlays().List(), "no dialog over the scanner")

	test.Tap(screentest.Button(t, v.win, "Add to Ann's team"))
	assert.Contains(t, screentest.ScreenText(v.win), "Spock joins Ann's team.")
	assert.True(t, screentest.Button(t, v.win, "Add to Ann's team").Disabled(), "one tap adds once")

	a := sh.game.game.State().Away
	require.Len(t, a.Characters, 1)
	ch := a.Characters[0]
	assert.Equal(t, "Spock", ch.Name)
	assert.Equal(t, "THEIR-SPOCK", ch.CatalogID)
	assert.Equal(t, a.Players[0].ID, ch.Owner)
	assert.Equal(t, []int{2, 3, 4, 5}, ch.Tracks.Skill.Values)
	v.dismiss()
	assert.Contains(t, screentest.ScreenText(w), "Spock · A 1-2-3 · D 1-2-3 · S 2-3-4-5 · M 1-2-3")
}

// TestScanCatalogCharacterNeedsTheForm scans a reference tag of a catalog
// character whose tracks are not entered: the scanner closes and the
// character form opens on the game screen, filled with the name.
func TestScanCatalogCharacterNeedsTheForm(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	screentest.TypeInto(w, screentest.Objects[*screen.TextEntry](w)[0], "Scanned")
	test.Tap(screentest.Button(t, w, "Create"))
	screentest.SelectTab(t, w, "Round")
	addPlayer(t, w, "Ann", "Federation")
	test.Tap(screentest.Button(t, w, "Add a character to Ann"))
	test.Tap(screentest.Button(t, w, "Scan its tag"))
	v := sh.scanner()
	require.NotNil(t, v)
	settleScanner(t, v)

	img, _ := tagPhoto(t, encodeTag(t, scan.Tag{Kind: scan.KindCharacter, ID: "AM-RIKER"}))
	importPhotoFile(t, v, writePNG(t, img, "riker.png"))
	assert.Contains(t, screentest.ScreenText(v.win), "William T. Riker")
	test.Tap(screentest.Button(t, v.win, "Add to Ann's team"))
	assert.Nil(t, sh.scanner(), "the scanner closed for the form")
	assert.Equal(t, "William T. Riker", screentest.Entry(t, w, "Character name").Text)
	assert.Empty(t, sh.game.game.State().Away.Characters, "nothing added until the form is complete")
}

// TestScanLiveCameraSource feeds the pipeline from a synthetic live
// source standing in for a camera: device choice, outlines of each frame,
// one card per tag however many frames show it, and a clean stop.
func TestScanLiveCameraSource(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	img, placed := tagPhoto(t, encodeTag(t, spockTag))
	frame := scan.FrameFromImage(img)
	gate := make(chan struct{})
	src := &closingSource{FramesSource: scan.NewFramesSource([]scan.Frame{frame}, 100, true).Paced(gate)}
	cams := &fakeCameras{devs: []camera.Device{{ID: "0", Label: "video0", Name: "Test camera"}}, src: src}

	v := sh.openScanner(nil, cams)
	settleScanner(t, v)
	w := v.win
	assert.Contains(t, screentest.ScreenText(w), "1 camera(s) found.")
	assert.Equal(t, "Test camera", v.device.Selected)
	assert.Equal(t, "1280 × 720", v.res.Selected)

	test.Tap(screentest.Button(t, w, "Start camera"))
	settleScanner(t, v) // opened
	assert.EqualValues(t, 1, cams.opened.Load())
	screentest.Button(t, w, "Stop camera")
	for range 3 {
		gate <- struct{}{}
		settleScanner(t, v)
	}
	require.Len(t, v.preview.outlines, 1)
	outlineInside(t, v.preview.outlines[0], placed[0].box)
	assert.Len(t, v.entries, 1, "a tag in view is reported once")
	assert.Contains(t, screentest.ScreenText(w), "Spock")

	test.Tap(screentest.Button(t, w, "Stop camera"))
	assert.Contains(t, screentest.ScreenText(w), "Camera stopped.")
	settleScanner(t, v) // the pipeline ended
	assert.True(t, src.closed.Load(), "the camera is closed when stopped")
	screentest.Button(t, w, "Start camera")
	w.Close()
}

// TestScanRemembersTheCamera starts the second camera at 640x480 and finds
// it chosen the next time.
func TestScanRemembersTheCamera(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	devs := []camera.Device{{ID: "a", Label: "video0", Name: "Front"}, {ID: "b", Label: "video2", Name: "Back"}}
	cams := &fakeCameras{devs: devs, openErr: camera.ErrBusy}
	v := sh.openScanner(nil, cams)
	settleScanner(t, v)
	assert.Equal(t, "Front", v.device.Selected)
	v.device.SetSelected("Back")
	v.res.SetSelected("640 × 480")
	test.Tap(screentest.Button(t, v.win, "Start camera"))
	settleScanner(t, v)
	assert.Equal(t, camera.Config{Device: "b", Width: 640, Height: 480}, cams.cfg)
	v.dismiss()

	v = sh.openScanner(nil, cams)
	settleScanner(t, v)
	assert.Equal(t, "Back", v.device.Selected)
	assert.Equal(t, "640 × 480", v.res.Selected)
	v.dismiss()
}

// TestScanCameraProblems shows each camera failure as a message.
func TestScanCameraProblems(t *testing.T) {
	tests := []struct {
		name        string
		cams        *fakeCameras
		tapStart    bool
		want        string
		cameraShown bool
	}{
		{name: "no camera", cams: &fakeCameras{err: camera.ErrNoCamera}, want: "No camera found on this device."},
		{name: "permission", cams: &fakeCameras{err: camera.ErrPermission}, want: "did not allow the app to use the camera"},
		{name: "unsupported build", cams: &fakeCameras{err: camera.ErrUnsupported}, want: "cannot use a camera here"},
		{name: "empty list", cams: &fakeCameras{}, want: "No camera found on this device."},
		{name: "busy on open", cams: &fakeCameras{devs: []camera.Device{{ID: "0", Label: "video0"}}, openErr: camera.ErrBusy},
			tapStart: true, want: "in use by another program", cameraShown: true},
		{name: "permission on open", cams: &fakeCameras{devs: []camera.Device{{ID: "0", Label: "video0"}}, openErr: errors.Join(camera.ErrPermission, os.ErrPermission)},
			tapStart: true, want: "did not allow the app", cameraShown: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh, _ := newTestShell(t, 400, 800)
			v := sh.openScanner(nil, tc.cams)
			settleScanner(t, v)
			if tc.tapStart {
				test.Tap(screentest.Button(t, v.win, "Start camera"))
				settleScanner(t, v)
			}
			assert.Contains(t, screentest.ScreenText(v.win), tc.want)
			assert.Contains(t, screentest.ScreenText(v.win), "photo")
			assert.Equal(t, tc.cameraShown, v.camBox.Visible())
			screentest.Button(t, v.win, "Import a photo")
			v.dismiss()
		})
	}
}

// TestScanBadCodesAndPhotos gives clear messages for foreign, damaged and
// newer tags, unknown cards, photos without codes and files that are not
// pictures.
func TestScanBadCodesAndPhotos(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	v := sh.openScanner(nil, &fakeCameras{err: camera.ErrNoCamera})
	settleScanner(t, v)

	good := encodeTag(t, scan.Tag{Kind: scan.KindEquipment, ID: "AM-HYPOSPRAY"})
	damaged := good[:len(good)-3] + "000"
	if damaged == good {
		damaged = good[:len(good)-3] + "111"
	}
	img, _ := tagPhoto(t, "WIFI:S:home;T:WPA;P:secret;;", damaged, "TO9B/X/ABC")
	importPhotoFile(t, v, writePNG(t, img, "odd.png"))
	text := screentest.ScreenText(v.win)
	assert.Contains(t, text, "odd.png: 3 QR code(s), none of them a Table Ops tag.")
	assert.Contains(t, text, "Not a Table Ops tag")
	assert.Contains(t, text, "This QR code holds “WIFI:S:home;T:WPA;P:secret;;”, not a card.")
	assert.Contains(t, text, "The tag is damaged or mis-read (check digits do not match).")
	assert.Contains(t, text, "The tag is made by a newer Table Ops (update the app).")
	for _, o := range v.preview.outlines {
		assert.False(t, o.good)
	}

	img, _ = tagPhoto(t, encodeTag(t, scan.Tag{Kind: scan.KindCharacter, ID: "SOMEONE-ELSE"}))
	importPhotoFile(t, v, writePNG(t, img, "unknown.png"))
	assert.Contains(t, screentest.ScreenText(v.win), "Unknown card SOMEONE-ELSE (character)")
	assert.Contains(t, screentest.ScreenText(v.win), "This device's catalog has no card SOMEONE-ELSE.")
	assert.NotContains(t, screentest.ScreenText(v.win), "WIFI", "a new photo replaces the last one's list")

	blank := image.NewGray(image.Rect(0, 0, 400, 300))
	importPhotoFile(t, v, writePNG(t, blank, "blank.png"))
	assert.Contains(t, screentest.ScreenText(v.win), "No QR code found in blank.png.")

	notes := filepath.Join(t.TempDir(), "notes.png")
	require.NoError(t, os.WriteFile(notes, []byte("not a picture"), 0o600))
	importPhotoFile(t, v, notes)
	assert.Contains(t, screentest.ScreenText(v.win), "Could not scan the photo: notes.png is not a picture the app can read")
	v.dismiss()
}

// TestScanJoinTag opens the Join a game form filled from a host's QR code.
func TestScanJoinTag(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	v := sh.openScanner(nil, &fakeCameras{err: camera.ErrNoCamera})
	settleScanner(t, v)
	img, _ := tagPhoto(t, encodeTag(t, scan.Tag{Kind: scan.KindJoin, Join: &scan.Join{Addr: "192.168.1.20:8765", Code: "K7Q2"}}))
	importPhotoFile(t, v, writePNG(t, img, "host.png"))
	assert.Contains(t, screentest.ScreenText(v.win), "Join a shared game")
	assert.Contains(t, screentest.ScreenText(v.win), "Shared from 192.168.1.20:8765 (join code K7Q2).")
	test.Tap(screentest.Button(t, v.win, "Join this game"))
	assert.Nil(t, sh.scanner())
	assert.Equal(t, "192.168.1.20:8765", screentest.Entry(t, sh.win, "Address, e.g. 192.168.1.20:8765").Text)
	assert.Equal(t, "K7Q2", screentest.Entry(t, sh.win, "Join code").Text)
}

// TestScanBorgCommandIntoTheLog records a drawn Borg command card in an
// Ascendancy game with the Borg: the tracker has no command for Borg
// command cards, so it is a note in the game log.
func TestScanBorgCommandIntoTheLog(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	setUpAscByTapping(t, sh)
	notes := sh.game.game.State().Notes

	v := sh.openScanner(nil, &fakeCameras{err: camera.ErrNoCamera})
	settleScanner(t, v)
	img, _ := tagPhoto(t, encodeTag(t, scan.Tag{Kind: scan.KindBorgCommand, ID: "BC-EXPEDITED"}))
	importPhotoFile(t, v, writePNG(t, img, "drawn.png"))
	test.Tap(screentest.Button(t, v.win, "Record as drawn in the game log"))
	assert.Contains(t, screentest.ScreenText(v.win), "Recorded in the game log: Assimilation Expedited drawn.")
	assert.True(t, screentest.Button(t, v.win, "Record as drawn").Disabled())
	assert.Equal(t, notes+1, sh.game.game.State().Notes)
	h := sh.game.game.History()
	require.NotEmpty(t, h.Undo)
	assert.Contains(t, h.Undo[0].Label, "Borg command card drawn: Assimilation Expedited")
	v.dismiss()

	// Without a Borg game there is nothing to record into.
	sh.showHome()
	v = sh.openScanner(nil, &fakeCameras{err: camera.ErrNoCamera})
	settleScanner(t, v)
	importPhotoFile(t, v, writePNG(t, img, "drawn.png"))
	assert.NotContains(t, screentest.ScreenText(v.win), "Record as drawn")
	v.dismiss()
}

// TestScanFromHomeAndCatalog opens the scanner from the home screen and
// the catalog.
func TestScanFromHomeAndCatalog(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	test.Tap(screentest.Button(t, sh.win, "Scan a card"))
	v := sh.scanner()
	require.NotNil(t, v)
	settleScanner(t, v)
	v.dismiss()

	sh.showCatalog()
	cv := sh.catalog()
	require.NotNil(t, cv)
	catalogTool(t, cv.win, "Scan a card")
	v = sh.scanner()
	require.NotNil(t, v)
	settleScanner(t, v)

	// Saving a scanned character goes through the open catalog window.
	img, _ := tagPhoto(t, encodeTag(t, spockTag))
	importPhotoFile(t, v, writePNG(t, img, "spock.png"))
	test.Tap(screentest.Button(t, v.win, "Save to the catalog"))
	_, ok := cv.cat.Character("THEIR-SPOCK")
	assert.True(t, ok, "the catalog window shows the new card")
	screentest.TypeInto(cv.win, cv.search, "spock")
	assert.Contains(t, screentest.ScreenText(cv.win), "Spock")
	v.dismiss()
}

// scanPDF rasterizes a one-page tag sheet (with pdftoppm, when installed)
// and decodes the printed tag back.
func scanPDF(t *testing.T, pdf []byte, wantID string) {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Log("pdftoppm not installed: the printed page is not scanned back")
		return
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "sheet.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command("pdftoppm", "-r", "150", "-png", "-singlefile", in, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, string(out))
	f, err := os.Open(filepath.Join(dir, "page.png"))
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	found, err := scan.ScanImage(img)
	require.NoError(t, err)
	require.Len(t, found, 1)
	require.NoError(t, found[0].TagErr)
	assert.Equal(t, wantID, found[0].Tag.ID)
}

// nopWriteCloser collects a PDF in memory.
type nopWriteCloser struct{ bytes.Buffer }

func (*nopWriteCloser) Close() error { return nil }

// TestPrintTagsFromTheCatalog prints the tags of one card, of the listed
// cards and of all cards, on A4 and US Letter, and checks the PDF.
func TestPrintTagsFromTheCatalog(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	cat, err := reference.Builtin()
	require.NoError(t, err)
	cat, err = cat.WithCharacter(reference.Character{ID: "MY-KIRK", Name: "James T. Kirk",
		Tracks: reference.Tracks{Attack: []int{2, 3}, Defense: []int{3}, Skill: []int{4, 5}, Move: []int{3}}})
	require.NoError(t, err)
	require.NoError(t, st.SaveCatalog(cat))

	sh.showCatalog()
	cv := sh.catalog()
	require.NotNil(t, cv)
	w := cv.win
	screentest.TypeInto(w, cv.search, "kirk")
	cv.open("MY-KIRK")
	screentest.SelectTab(t, w, "Cards") // on a phone the tools are under the list
	catalogTool(t, w, "Print tags")
	forms := screentest.Objects[*tagPrintForm](w)
	require.Len(t, forms, 1)
	f := forms[0]
	assert.Equal(t, "The card shown", f.which.Selected)
	assert.Contains(t, screentest.ScreenText(w), "The tag of James T. Kirk on 1 page(s)")

	f.paper.SetSelected(paperLetter)
	f.size.SetSelected("30 mm")
	var pdf nopWriteCloser
	f.writeTo(&pdf, "kirk.pdf")
	assert.True(t, bytes.HasPrefix(pdf.Bytes(), []byte("%PDF")))
	scanPDF(t, pdf.Bytes(), "MY-KIRK")
	assert.Contains(t, screentest.ScreenText(w), "Saved 1 tag(s) on 1 page(s) to kirk.pdf.")
	items, l, err := f.sheet()
	require.NoError(t, err)
	require.Len(t, items, 1)
	require.NotNil(t, items[0].Tag.Character, "a self-describing character tag")
	assert.Equal(t, 30.0, l.CodeMM)
	assert.InDelta(t, 215.9, l.PageW, 0.01)

	f.selfDesc.SetChecked(false)
	items, _, err = f.sheet()
	require.NoError(t, err)
	assert.Nil(t, items[0].Tag.Character)

	all := fmt.Sprintf("All %d cards", cat.Len())
	assert.Equal(t, []string{"The card shown", all}, f.which.Options, "one card listed: no third choice")
	f.which.SetSelected(f.which.Options[len(f.which.Options)-1])
	assert.Contains(t, f.which.Selected, "All")
	items, _, err = f.sheet()
	require.NoError(t, err)
	assert.Len(t, items, cat.Len())
	pdf.Reset()
	f.writeTo(&pdf, "all.pdf")
	assert.Contains(t, screentest.ScreenText(w), fmt.Sprintf("Saved %d tag(s) on ", cat.Len()))
	assert.Contains(t, screentest.ScreenText(w), "to all.pdf.")
	test.Tap(screentest.Button(t, w, "Cancel"))
	assert.Empty(t, screentest.Objects[*tagPrintForm](w))

	// The cards in the list: the three Borg command cards.
	screentest.TypeInto(w, cv.search, "BC-")
	catalogTool(t, w, "Print tags")
	f = screentest.Objects[*tagPrintForm](w)[0]
	assert.Equal(t, []string{"The card shown", "The 3 cards in the list", all}, f.which.Options)
	f.which.SetSelected("The 3 cards in the list")
	assert.Contains(t, screentest.ScreenText(w), "3 tag(s) on 1 page(s)")
	items, _, err = f.sheet()
	require.NoError(t, err)
	require.Len(t, items, 3)
	for _, it := range items {
		assert.Equal(t, scan.KindBorgCommand, it.Tag.Kind)
	}
}
