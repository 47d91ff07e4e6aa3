package camera

import (
	"context"
	"errors"
	"image"
	"io"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
)

// TestNoCamera checks the path this machine (and CI) takes: no camera is a
// clear error from Devices and Open, not a crash.
func TestNoCamera(t *testing.T) {
	want := ErrNoCamera
	if !Supported {
		want = ErrUnsupported
	} else if ds, err := Devices(); err == nil {
		t.Skipf("a camera is connected (%d found); the no-camera path cannot be tested here", len(ds))
	}
	ds, err := Devices()
	assert.ErrorIs(t, err, want)
	assert.Empty(t, ds)
	src, err := Open(Config{})
	assert.ErrorIs(t, err, want)
	assert.Nil(t, src)
	_, err = Open(Config{Device: "video7"})
	assert.ErrorIs(t, err, want)
}

func TestChooseMode(t *testing.T) {
	modes := []Mode{
		{640, 480, 30, "YUYV"},
		{1280, 720, 30, "MJPEG"},
		{1280, 720, 10, "YUYV"},
		{1280, 720, 30, "NV12"},
		{1920, 1080, 30, "MJPEG"},
		{1280, 720, 30, "Z16"},
	}
	tests := []struct {
		name string
		cfg  Config
		want Mode
	}{
		{"default prefers a luma format at full rate", Config{}, Mode{1280, 720, 30, "NV12"}},
		{"exact size", Config{Width: 640, Height: 480}, Mode{640, 480, 30, "YUYV"}},
		{"nearest size", Config{Width: 1920, Height: 1200}, Mode{1920, 1080, 30, "MJPEG"}},
		{"wanted low rate", Config{Width: 1280, Height: 720, FPS: 10}, Mode{1280, 720, 10, "YUYV"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ChooseMode(modes, tc.cfg)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	_, err := ChooseMode([]Mode{{640, 480, 30, "Z16"}}, Config{})
	assert.ErrorIs(t, err, ErrNoMode)
	_, err = ChooseMode(nil, Config{})
	assert.ErrorIs(t, err, ErrNoMode)
}

func TestClassify(t *testing.T) {
	tests := []struct {
		err  error
		want error
	}{
		{&os.PathError{Op: "open", Path: "/dev/video0", Err: syscall.EACCES}, ErrPermission},
		{syscall.EPERM, ErrPermission},
		{syscall.EBUSY, ErrBusy},
		{&os.PathError{Op: "open", Path: "/dev/video0", Err: syscall.ENOENT}, ErrNoCamera},
		{syscall.ENODEV, ErrNoCamera},
	}
	for _, tc := range tests {
		got := classify(tc.err)
		assert.ErrorIs(t, got, tc.want)
		assert.ErrorIs(t, got, tc.err, "the system error stays in the chain")
	}
	other := errors.New("odd")
	assert.Equal(t, other, classify(other))
	assert.NoError(t, classify(nil))
}

func TestSourceNext(t *testing.T) {
	buf := image.NewYCbCr(image.Rect(0, 0, 8, 4), image.YCbCrSubsampleRatio420)
	buf.Y[0] = 200
	released := 0
	reads := []func() (image.Image, func(), error){
		func() (image.Image, func(), error) { return buf, func() { released++ }, nil },
		func() (image.Image, func(), error) { return image.NewGray(image.Rect(0, 0, 2, 2)), nil, nil },
		func() (image.Image, func(), error) { return nil, func() {}, syscall.EBUSY },
		func() (image.Image, func(), error) { return nil, func() {}, nil },
		func() (image.Image, func(), error) { return nil, func() {}, io.EOF },
	}
	i := 0
	closed := false
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := &Source{
		device: Device{ID: "x", Label: "video0;video0"},
		mode:   Mode{8, 4, 30, "YUYV"},
		read: func() (image.Image, func(), error) {
			r := reads[i]
			i++
			return r()
		},
		close: func() error { closed = true; return nil },
		now:   func() time.Time { return at },
	}
	var _ scan.LiveSource = s
	assert.True(t, scan.IsLive(s))
	ctx := context.Background()

	f, err := s.Next(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, released)
	assert.Equal(t, byte(200), f.At(0, 0))
	assert.Equal(t, at, f.Time)
	buf.Y[0] = 7 // the driver reuses its buffer
	assert.Equal(t, byte(200), f.At(0, 0), "the frame owns its pixels")
	require.IsType(t, &image.YCbCr{}, f.Image)
	assert.Equal(t, byte(200), f.Image.(*image.YCbCr).Y[0])

	f, err = s.Next(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, f.Width)
	assert.Nil(t, f.Image)

	_, err = s.Next(ctx)
	assert.ErrorIs(t, err, ErrBusy)
	assert.ErrorContains(t, err, "video0")
	_, err = s.Next(ctx)
	assert.ErrorContains(t, err, "empty picture")
	_, err = s.Next(ctx)
	assert.ErrorIs(t, err, io.EOF)

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = s.Next(cctx)
	assert.ErrorIs(t, err, context.Canceled)

	require.NoError(t, s.Close())
	assert.True(t, closed)
	assert.Equal(t, "YUYV", s.Mode().Format)
	assert.Equal(t, "x", s.Device().ID)
}
