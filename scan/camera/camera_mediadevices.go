//go:build (linux || darwin || windows) && cgo

package camera

import (
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/pion/mediadevices/pkg/driver"
	mdcamera "github.com/pion/mediadevices/pkg/driver/camera"
	"github.com/pion/mediadevices/pkg/frame"
	"github.com/pion/mediadevices/pkg/prop"
)

// Supported reports whether this build can use cameras.
const Supported = true

// discoverMu serialises rescans of the driver registry (mediadevices keeps
// one per process).
var discoverMu sync.Mutex

// cameras rescans the system and returns the camera drivers, default first.
func cameras() []driver.Driver {
	discoverMu.Lock()
	defer discoverMu.Unlock()
	mdcamera.Initialize()
	ds := driver.GetManager().Query(driver.FilterAnd(
		driver.FilterVideoRecorder(),
		driver.FilterDeviceType(driver.Camera),
	))
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].Info().Priority != ds[j].Info().Priority {
			return ds[i].Info().Priority > ds[j].Info().Priority
		}
		return ds[i].Info().Label < ds[j].Info().Label
	})
	return ds
}

func deviceOf(d driver.Driver) Device {
	return Device{ID: d.ID(), Label: d.Info().Label, Name: d.Info().Name}
}

// Devices lists the connected cameras, the system's default first. No
// camera is ErrNoCamera.
func Devices() ([]Device, error) {
	ds := cameras()
	if len(ds) == 0 {
		return nil, fmt.Errorf("list cameras: %w", ErrNoCamera)
	}
	out := make([]Device, len(ds))
	for i, d := range ds {
		out[i] = deviceOf(d)
	}
	return out, nil
}

// Open starts the chosen camera at the mode nearest to cfg. Errors:
// ErrNoCamera (none connected, or cfg.Device not found), ErrPermission,
// ErrBusy, ErrNoMode.
func Open(cfg Config) (*Source, error) {
	ds := cameras()
	if len(ds) == 0 {
		return nil, fmt.Errorf("open camera: %w", ErrNoCamera)
	}
	d := ds[0]
	if cfg.Device != "" {
		d = nil
		for _, c := range ds {
			if c.ID() == cfg.Device || c.Info().Label == cfg.Device {
				d = c
				break
			}
		}
		if d == nil {
			return nil, fmt.Errorf("open camera %q: %w", cfg.Device, ErrNoCamera)
		}
	}
	dev := deviceOf(d)
	if err := d.Open(); err != nil {
		return nil, fmt.Errorf("open camera %s: %w", dev.Label, classify(err))
	}
	ok := false
	defer func() {
		if !ok {
			_ = d.Close()
		}
	}()
	props := d.Properties()
	modes := make([]Mode, len(props))
	for i, p := range props {
		modes[i] = Mode{Width: p.Width, Height: p.Height, FPS: p.FrameRate, Format: string(p.FrameFormat)}
	}
	mode, err := ChooseMode(modes, cfg)
	if err != nil {
		return nil, fmt.Errorf("open camera %s: %w", dev.Label, err)
	}
	rec, isRec := d.(driver.VideoRecorder)
	if !isRec {
		return nil, fmt.Errorf("open camera %s: %w", dev.Label, ErrNoCamera)
	}
	r, err := rec.VideoRecord(prop.Media{
		DeviceID: d.ID(),
		Video: prop.Video{
			Width:       mode.Width,
			Height:      mode.Height,
			FrameRate:   mode.FPS,
			FrameFormat: frame.Format(mode.Format),
			// Skip stale buffered frames after a pause in reading.
			DiscardFramesOlderThan: 500 * time.Millisecond,
		},
	})
	if err != nil {
		return nil, fmt.Errorf("open camera %s at %dx%d %s: %w", dev.Label, mode.Width, mode.Height, mode.Format, classify(err))
	}
	ok = true
	var once sync.Once
	return &Source{
		device: dev,
		mode:   mode,
		read:   r.Read,
		close: func() error {
			var err error
			once.Do(func() { err = d.Close() })
			return err
		},
		now: time.Now,
	}, nil
}
