//go:build !((linux || darwin || windows) && cgo) && !(js && wasm)

package camera

import "fmt"

// Supported reports whether this build can use cameras.
const Supported = false

// Devices returns ErrUnsupported: this build has no camera driver.
func Devices() ([]Device, error) {
	return nil, fmt.Errorf("list cameras: %w", ErrUnsupported)
}

// Open returns ErrUnsupported: this build has no camera driver.
func Open(cfg Config) (*Source, error) {
	return nil, fmt.Errorf("open camera: %w", ErrUnsupported)
}
