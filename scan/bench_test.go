package scan_test

import (
	"image"
	"testing"

	"github.com/stretchr/testify/require"

	"tableops/scan"
	"tableops/scan/scantest"
)

// benchFrame is a 1280x720 camera-like frame: a character card held up
// with its 200-pixel tag slightly turned, mild noise.
func benchFrame(b *testing.B, withTag bool) scan.Frame {
	b.Helper()
	s := scantest.Scene{Width: 1280, Height: 720, Seed: 7, Noise: 3}
	if withTag {
		payloads, err := scantest.CorpusPayloads()
		require.NoError(b, err)
		s.Cards = []scantest.Placement{{Payload: payloads[8], X: 600, Y: 300, Size: 200, Rotation: 6}}
	}
	f, err := scantest.Render(s)
	require.NoError(b, err)
	return f
}

// BenchmarkDecode1280x720OneTag is the speed goal: under 5 ms a frame on one
// core (go test -bench Decode -cpu 1 ./scan/).
func BenchmarkDecode1280x720OneTag(b *testing.B) {
	f := benchFrame(b, true)
	d := scan.NewDecoder(scan.DecodeOptions{})
	codes, err := d.Decode(f)
	require.NoError(b, err)
	require.Len(b, codes, 1)
	b.ResetTimer()
	for b.Loop() {
		if codes, _ := d.Decode(f); len(codes) != 1 {
			b.Fatal("tag not found")
		}
	}
}

// BenchmarkDecodeLive1280x720OneTag is the same frame through the live path.
func BenchmarkDecodeLive1280x720OneTag(b *testing.B) {
	f := benchFrame(b, true)
	d := scan.NewDecoder(scan.DecodeOptions{})
	for b.Loop() {
		if codes, _ := d.DecodeLive(f); len(codes) != 1 {
			b.Fatal("tag not found")
		}
	}
}

// BenchmarkDecodeLive1280x720Empty is a camera frame with nothing to find:
// the fast pass plus one fallback in turn.
func BenchmarkDecodeLive1280x720Empty(b *testing.B) {
	f := benchFrame(b, false)
	d := scan.NewDecoder(scan.DecodeOptions{})
	for b.Loop() {
		_, _ = d.DecodeLive(f)
	}
}

// BenchmarkDecode1280x720Empty is a photo with nothing to find: every
// fallback runs (the worst case, photos only).
func BenchmarkDecode1280x720Empty(b *testing.B) {
	f := benchFrame(b, false)
	d := scan.NewDecoder(scan.DecodeOptions{})
	for b.Loop() {
		_, _ = d.Decode(f)
	}
}

// BenchmarkFrameFromYCbCr is the camera path: the Y plane is used in place.
func BenchmarkFrameFromYCbCr(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 1280, 720), image.YCbCrSubsampleRatio422)
	for b.Loop() {
		_ = scan.FrameFromImage(img)
	}
}

// BenchmarkFrameFromRGBA is the photo path: one conversion to grey.
func BenchmarkFrameFromRGBA(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	for b.Loop() {
		_ = scan.FrameFromImage(img)
	}
}

func BenchmarkTagDecode(b *testing.B) {
	payloads, err := scantest.CorpusPayloads()
	require.NoError(b, err)
	for b.Loop() {
		if _, err := scan.Decode(payloads[8]); err != nil {
			b.Fatal(err)
		}
	}
}
