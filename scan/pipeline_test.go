package scan_test

import (
	"context"
	"errors"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
	"tableops/scan/scantest"
)

func payload(t testing.TB, tag scan.Tag) string {
	t.Helper()
	p, err := scan.Encode(tag)
	require.NoError(t, err)
	return p
}

// scene renders a 640x480 frame showing the given payloads side by side.
func scene(t testing.TB, payloads ...string) scan.Frame {
	t.Helper()
	s := scantest.Scene{Width: 640, Height: 480, Seed: 1}
	for i, p := range payloads {
		s.Cards = append(s.Cards, scantest.Placement{Payload: p, X: 130 + 190*float64(i), Y: 170, Size: 140})
	}
	f, err := scantest.Render(s)
	require.NoError(t, err)
	return f
}

// steppedClock returns the given times in turn, then the last one forever.
func steppedClock(times ...time.Time) func() time.Time {
	i := 0
	return func() time.Time {
		t := times[min(i, len(times)-1)]
		i++
		return t
	}
}

func collect(p *scan.Pipeline) []scan.Update {
	var out []scan.Update
	for u := range p.Updates() {
		out = append(out, u)
	}
	return out
}

func texts(fs []scan.Found) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Text)
	}
	return out
}

func TestPipelineReportsEachTagOnceUntilItLeaves(t *testing.T) {
	a := payload(t, scan.Tag{Kind: scan.KindMission, ID: "M1"})
	b := payload(t, scan.Tag{Kind: scan.KindBorgCommand, ID: "B7"})
	withA, withAB, empty := scene(t, a), scene(t, a, b), scene(t)
	t0 := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	frames := []scan.Frame{withA, withA, withAB, empty, withA, empty, withA}
	clock := steppedClock(at(0), at(100), at(200), at(300), at(1000), at(2000), at(5000))
	src := scan.NewFramesSource(frames, 1, false)
	p := scan.Start(context.Background(), src, scan.PipelineOptions{Forget: 2 * time.Second, Now: clock})
	ups := collect(p)
	require.NoError(t, p.Wait())
	require.Len(t, ups, len(frames), "a still source is never dropped from")
	want := [][]string{
		{a}, // first sight
		nil, // still in view
		{b}, // b joins; a still known
		nil, // nothing in view
		nil, // a back after 0.8 s: within the forget window
		nil, // gone
		{a}, // back after 4 s away: new again
	}
	for i, u := range ups {
		assert.Equal(t, i+1, u.Seq)
		assert.NoError(t, u.Err)
		assert.Equal(t, want[i], texts(u.New), "frame %d", i)
	}
	assert.ElementsMatch(t, []string{a, b}, texts(ups[2].InView))
	for _, f := range ups[2].InView {
		assert.NoError(t, f.TagErr)
	}
	st := p.Stats()
	assert.Equal(t, scan.Stats{Frames: 7, Decoded: 7}, st)
}

func TestPipelineForeignCode(t *testing.T) {
	src := scan.NewFramesSource([]scan.Frame{scene(t, "HELLO WORLD")}, 1, false)
	p := scan.Start(context.Background(), src, scan.PipelineOptions{})
	ups := collect(p)
	require.NoError(t, p.Wait())
	require.Len(t, ups, 1)
	require.Len(t, ups[0].New, 1)
	assert.Equal(t, "HELLO WORLD", ups[0].New[0].Text)
	assert.ErrorIs(t, ups[0].New[0].TagErr, scan.ErrForeign)
}

func TestPipelineDropsLiveFrames(t *testing.T) {
	a := payload(t, scan.Tag{Kind: scan.KindEvent, ID: "E1"})
	gate := make(chan struct{})
	const n = 20
	src := scan.NewFramesSource([]scan.Frame{scene(t, a)}, n, true).Paced(gate)
	p := scan.Start(context.Background(), src, scan.PipelineOptions{})
	// Deliver every frame while nobody reads the updates: the decoder can
	// hold only a few frames, the rest must be dropped, not queued.
	for range n {
		gate <- struct{}{}
	}
	close(gate)
	ups := collect(p)
	require.NoError(t, p.Wait())
	st := p.Stats()
	assert.Equal(t, int64(n), st.Frames)
	assert.Equal(t, st.Frames, st.Decoded+st.Dropped)
	assert.GreaterOrEqual(t, st.Dropped, int64(n/2))
	assert.Len(t, ups, int(st.Decoded))
	news := 0
	for _, u := range ups {
		news += len(u.New)
	}
	assert.Equal(t, 1, news, "the tag is reported once")
}

func TestPipelineCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	src := scan.NewFramesSource([]scan.Frame{scene(t)}, 1, true).Paced(make(chan struct{}))
	p := scan.Start(ctx, src, scan.PipelineOptions{})
	cancel()
	assert.Empty(t, collect(p))
	assert.ErrorIs(t, p.Wait(), context.Canceled)
}

type failingSource struct{ err error }

func (s failingSource) Next(context.Context) (scan.Frame, error) { return scan.Frame{}, s.err }
func (s failingSource) Close() error                             { return nil }

func TestPipelineSourceError(t *testing.T) {
	boom := errors.New("camera unplugged")
	p := scan.Start(context.Background(), failingSource{boom}, scan.PipelineOptions{})
	assert.Empty(t, collect(p))
	assert.ErrorIs(t, p.Wait(), boom)
}

func TestPipelineBadFrame(t *testing.T) {
	bad := scan.Frame{Y: make([]byte, 10), Width: 100, Height: 100, Stride: 100}
	p := scan.Start(context.Background(), scan.NewFramesSource([]scan.Frame{bad}, 1, false), scan.PipelineOptions{})
	ups := collect(p)
	require.NoError(t, p.Wait())
	require.Len(t, ups, 1)
	assert.ErrorIs(t, ups[0].Err, scan.ErrBadFrame)
}

func writePNG(t *testing.T, path string, f scan.Frame) {
	t.Helper()
	out, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, png.Encode(out, f.Gray()))
	require.NoError(t, out.Close())
}

func TestDirSource(t *testing.T) {
	dir := t.TempDir()
	a := payload(t, scan.Tag{Kind: scan.KindExploration, ID: "X1"})
	writePNG(t, filepath.Join(dir, "b.png"), scene(t))
	writePNG(t, filepath.Join(dir, "a.PNG"), scene(t, a))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hi"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.jpg"), []byte("not a jpeg"), 0o600))

	src, err := scan.NewDirSource(dir)
	require.NoError(t, err)
	defer src.Close()
	ctx := context.Background()
	f, err := src.Next(ctx)
	require.NoError(t, err)
	assert.Equal(t, "a.PNG", filepath.Base(src.Path()))
	codes, err := scan.NewDecoder(scan.DecodeOptions{}).Decode(f)
	require.NoError(t, err)
	require.Len(t, codes, 1)
	assert.Equal(t, a, codes[0].Text)
	_, err = src.Next(ctx)
	require.NoError(t, err)
	_, err = src.Next(ctx)
	assert.ErrorContains(t, err, "c.jpg", "a broken file is named")
	_, err = src.Next(ctx)
	assert.ErrorIs(t, err, io.EOF)

	_, err = scan.NewDirSource(t.TempDir())
	assert.ErrorIs(t, err, scan.ErrNoImages)
	_, err = scan.NewDirSource(filepath.Join(dir, "missing"))
	assert.ErrorIs(t, err, os.ErrNotExist)
	_, err = scan.ReadImageFile(filepath.Join(dir, "missing.png"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestScanImage(t *testing.T) {
	a := payload(t, scan.Tag{Kind: scan.KindAdvancement, ID: "ADV-3"})
	found, err := scan.ScanImage(scene(t, a, "WIFI:S:x;;").Gray())
	require.NoError(t, err)
	require.Len(t, found, 2)
	assert.Equal(t, scan.Tag{Kind: scan.KindAdvancement, ID: "ADV-3"}, found[0].Tag)
	assert.NoError(t, found[0].TagErr)
	assert.ErrorIs(t, found[1].TagErr, scan.ErrForeign)
	found, err = scan.ScanImage(scene(t).Gray())
	require.NoError(t, err)
	assert.Empty(t, found)
}
