// Package camera is the desktop camera frame source for scan, built on
// github.com/pion/mediadevices (V4L2 on Linux, AVFoundation on macOS, Media
// Foundation on Windows; cgo). Builds without cgo or on other platforms get
// a stub whose Devices and Open return ErrUnsupported: importing a photo is
// the path there.
//
// A missing camera, a camera in use by another program, or a refused
// permission are errors (ErrNoCamera, ErrBusy, ErrPermission) for the
// screen to show, never a crash. In a browser page each reason the live
// camera cannot be had is an error of its own (browser.go): a connection
// that is not secure (ErrInsecure: nobody refused anything), the browser's
// refusal for this page (ErrDenied), the system's refusal to the browser
// (ErrPermission), a browser that offers pages no camera (ErrNoCameraAPI).
package camera

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"slices"
	"syscall"
	"time"

	"tableops/scan"
)

// Errors from Devices, Open and Source.Next, wrapped with details.
var (
	// ErrNoCamera reports that no camera is connected (or the chosen one
	// is gone).
	ErrNoCamera = errors.New("no camera found")
	// ErrPermission reports that the system refused access to the camera
	// (to the app, or to the browser the page runs in).
	ErrPermission = errors.New("permission to use the camera was refused")
	// ErrBusy reports a camera in use by another program.
	ErrBusy = errors.New("the camera is in use by another program")
	// ErrUnsupported reports a build without camera support.
	ErrUnsupported = errors.New("camera not supported on this platform or build; import a photo instead")
	// ErrNoMode reports a camera with no picture format this package reads.
	ErrNoMode = errors.New("the camera offers no usable picture format")
)

// Device is one camera the system offers.
type Device struct {
	// ID identifies the device until the list is next refreshed (every
	// Devices or Open call rescans and hands out new IDs).
	ID string
	// Label is the system's stable name (on Linux "video0;video0" or a
	// by-path name): keep this one in settings. Config.Device accepts both.
	Label string
	// Name is the human name ("Integrated Camera: ...") when known.
	Name string
}

// Mode is one picture size and format a camera offers.
type Mode struct {
	Width, Height int
	// FPS is the frame rate (0 when the camera does not say).
	FPS float32
	// Format is the pixel format ("YUYV", "NV12", "I420", "MJPEG", ...).
	Format string
}

// Config chooses the camera and the picture size.
type Config struct {
	// Device is a Device's ID or Label; empty picks the system's default.
	Device string
	// Width and Height are the wanted picture size; zero means 1280x720.
	// The nearest size the camera offers is used.
	Width, Height int
	// FPS is the wanted frame rate; zero means 30.
	FPS float32
}

// formatCost ranks pixel formats: formats that carry a luma plane are free
// to turn grey; MJPEG needs a JPEG decode per frame; others are unusable.
var formatCost = map[string]int{
	"I420": 0, "NV12": 0, "NV21": 0, "YUYV": 1, "YUY2": 1, "UYVY": 1, "MJPEG": 3,
}

// ChooseMode picks the mode nearest to the wanted size and rate, preferring
// cheap-to-grey formats among modes of the same size. It fails with
// ErrNoMode when no mode has a usable format.
func ChooseMode(modes []Mode, cfg Config) (Mode, error) {
	w, h, fps := cfg.Width, cfg.Height, cfg.FPS
	if w <= 0 || h <= 0 {
		w, h = 1280, 720
	}
	if fps <= 0 {
		fps = 30
	}
	type scored struct {
		m     Mode
		score float64
	}
	var cands []scored
	for _, m := range modes {
		cost, ok := formatCost[m.Format]
		if !ok || m.Width <= 0 || m.Height <= 0 {
			continue
		}
		// Size distance dominates; then the format cost; then the rate.
		dw, dh := float64(m.Width-w), float64(m.Height-h)
		s := (dw*dw+dh*dh)*100 + float64(cost)*10
		if m.FPS > 0 {
			df := float64(m.FPS - fps)
			if df < 0 {
				df = -df * 2 // too slow is worse than too fast
			}
			s += df
		}
		cands = append(cands, scored{m, s})
	}
	if len(cands) == 0 {
		return Mode{}, fmt.Errorf("choose camera mode: %w (%d modes offered)", ErrNoMode, len(modes))
	}
	best := slices.MinFunc(cands, func(a, b scored) int {
		switch {
		case a.score < b.score:
			return -1
		case a.score > b.score:
			return 1
		}
		return 0
	})
	return best.m, nil
}

// classify maps a system error from opening or reading a camera to this
// package's errors, keeping the original in the chain.
func classify(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return fmt.Errorf("%w: %w", ErrPermission, err)
	case errors.Is(err, syscall.EBUSY):
		return fmt.Errorf("%w: %w", ErrBusy, err)
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENODEV), errors.Is(err, syscall.ENXIO):
		return fmt.Errorf("%w: %w", ErrNoCamera, err)
	}
	return err
}

// readFunc reads one picture; release gives its memory back to the driver.
type readFunc func() (img image.Image, release func(), err error)

// Source is a live scan.Source reading an open camera. Close it when done.
type Source struct {
	device Device
	mode   Mode
	read   readFunc
	close  func() error
	now    func() time.Time
}

var _ scan.LiveSource = (*Source)(nil)

// Device returns the camera being read.
func (s *Source) Device() Device { return s.device }

// Mode returns the picture size and format in use.
func (s *Source) Mode() Mode { return s.mode }

// Live reports true: camera frames are dropped when decoding falls behind.
func (s *Source) Live() bool { return true }

// Next waits for the next camera frame and returns it as a grey frame
// (with a colour copy in Frame.Image for the preview). It returns io.EOF
// once the source is closed.
func (s *Source) Next(ctx context.Context) (scan.Frame, error) {
	if err := ctx.Err(); err != nil {
		return scan.Frame{}, err
	}
	img, release, err := s.read()
	if release != nil {
		defer release()
	}
	if err != nil {
		if errors.Is(err, io.EOF) {
			return scan.Frame{}, io.EOF
		}
		return scan.Frame{}, fmt.Errorf("camera %s: read frame: %w", s.device.Label, classify(err))
	}
	if img == nil {
		return scan.Frame{}, fmt.Errorf("camera %s: read frame: empty picture", s.device.Label)
	}
	f := ownFrame(img)
	f.Time = s.now()
	return f, nil
}

// ownFrame converts a driver picture into a frame that owns its memory
// (the driver may reuse its buffers after release).
func ownFrame(img image.Image) scan.Frame {
	if y, ok := img.(*image.YCbCr); ok {
		c := &image.YCbCr{
			Y:              slices.Clone(y.Y),
			Cb:             slices.Clone(y.Cb),
			Cr:             slices.Clone(y.Cr),
			YStride:        y.YStride,
			CStride:        y.CStride,
			SubsampleRatio: y.SubsampleRatio,
			Rect:           y.Rect,
		}
		return scan.FrameFromImage(c)
	}
	f := scan.FrameFromImage(img)
	if _, shared := img.(*image.Gray); shared {
		f.Y = slices.Clone(f.Y)
	}
	f.Image = nil
	return f
}

// Close stops the camera. Next then returns io.EOF.
func (s *Source) Close() error {
	if err := s.close(); err != nil {
		return fmt.Errorf("camera %s: close: %w", s.device.Label, err)
	}
	return nil
}
