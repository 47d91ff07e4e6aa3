//go:build unix

package webapp_test

import (
	"bufio"
	"image"
	"image/draw"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/scan"
)

// writeTagVideo writes a Y4M video (what Chromium's fake camera plays) of
// a printed character tag on a white table: frames of w x h, the tag in the
// middle.
func writeTagVideo(t *testing.T, path string, w, h, frames int) {
	t.Helper()
	payload, err := scan.Encode(scan.Tag{Kind: scan.KindCharacter, ID: "WEB-KIRK", Character: &scan.Character{
		Name:   "Kirk",
		Tracks: scan.Tracks{Attack: []int{5, 4, 3}, Defense: []int{4, 3}, Skill: []int{6, 5}, Move: []int{4, 4}},
	}})
	require.NoError(t, err)
	sym, err := scan.EncodeQR(payload)
	require.NoError(t, err)
	tag := sym.Image(8, 4)
	frame := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(frame, frame.Bounds(), image.White, image.Point{}, draw.Src)
	off := image.Pt((w-tag.Bounds().Dx())/2, (h-tag.Bounds().Dy())/2)
	draw.Draw(frame, tag.Bounds().Add(off), tag, tag.Bounds().Min, draw.Src)

	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	bw := bufio.NewWriter(f)
	_, err = bw.WriteString("YUV4MPEG2 W" + strconv.Itoa(w) + " H" + strconv.Itoa(h) + " F10:1 Ip A1:1 C420jpeg\n")
	require.NoError(t, err)
	chroma := make([]byte, 2*(w/2)*(h/2))
	for i := range chroma {
		chroma[i] = 128 // grey: no colour
	}
	for range frames {
		_, _ = bw.WriteString("FRAME\n")
		_, _ = bw.Write(frame.Pix)
		_, _ = bw.Write(chroma)
	}
	require.NoError(t, bw.Flush())
}

// TestCameraScansATagInTheBrowser: Chromium's fake camera plays a video of
// a printed tag; the web app's scanner, on the browser camera, decodes it
// and offers the card's action.
func TestCameraScansATagInTheBrowser(t *testing.T) {
	url := serveStatic(t, bundle(t))
	video := filepath.Join(t.TempDir(), "tag.y4m")
	writeTagVideo(t, video, 640, 480, 10)
	c := startChrome(t, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
		"--use-file-for-fake-video-capture="+video)
	p := newPage(t, c)
	p.Navigate(url)
	p.tapText("widget.Button", "Scan a card")
	p.tapText("widget.Button", "Start camera")
	deadline := time.Now().Add(slow)
	var last screen
	for time.Now().Before(deadline) {
		if sc, ok := p.look(); ok {
			last = sc
			_, save := sc.find("widget.Button", "Save to the catalog")
			_, open := sc.find("widget.Button", "Open in the catalog")
			if save || open {
				shots(t, p, "web-scanner.png")
				return
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("the scanner did not offer the tag's action; it shows: %s", last.texts())
}
