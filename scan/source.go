package scan

import (
	"context"
	"image"
	_ "image/gif"  // photos may be GIF
	_ "image/jpeg" // photos are usually JPEG
	_ "image/png"  // screenshots and rendered sheets are PNG
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"tableops/rules/rulerr"
)

// Source yields frames: a camera, a still photo, a directory of images, or
// a synthetic source in tests.
type Source interface {
	// Next blocks until the next frame, returning io.EOF after the last one
	// and ctx.Err() when ctx is done first. The frame is the caller's to
	// keep: a source never reuses its pixel buffer.
	Next(ctx context.Context) (Frame, error)
	// Close releases the source (the camera device, open files).
	Close() error
}

// LiveSource is implemented by sources that produce frames on their own
// clock (cameras). The pipeline drops frames of a live source that it
// cannot keep up with, and never drops frames of other sources.
type LiveSource interface {
	Source
	// Live reports whether frames arrive in real time.
	Live() bool
}

// IsLive reports whether src is a live source.
func IsLive(src Source) bool {
	l, ok := src.(LiveSource)
	return ok && l.Live()
}

// ErrNoImages reports a directory without any image file.
var ErrNoImages = rulerr.New("scan.err.no_images_found", "no images found")

// ImageExts are the file name extensions the file sources read.
var imageExts = []string{".png", ".jpg", ".jpeg", ".gif"}

// IsImageFile reports whether the name has an image extension the file
// sources read (PNG, JPEG, GIF; case does not matter).
func IsImageFile(name string) bool {
	return slices.Contains(imageExts, strings.ToLower(filepath.Ext(name)))
}

// ReadImageFile decodes one picture file into a grey frame. A picture over
// MaxPixels is refused from its header (see DecodeImage).
func ReadImageFile(path string) (Frame, error) {
	f, err := os.Open(path)
	if err != nil {
		return Frame{}, rulerr.Errorf("scan.err.read_image", "read image: %w", err)
	}
	defer f.Close()
	img, err := DecodeImage(f)
	if err != nil {
		return Frame{}, rulerr.Errorf("scan.err.read_image_2", "read image %s: %w", path, err)
	}
	return FrameFromImage(img), nil
}

// FileSource yields one frame for each picture file, in order.
type FileSource struct {
	paths []string
	next  int
}

// NewFileSource returns a source reading the given picture files.
func NewFileSource(paths ...string) *FileSource {
	return &FileSource{paths: slices.Clone(paths)}
}

// NewDirSource returns a source reading every picture in dir (not its
// subdirectories), in name order. A directory without pictures is
// ErrNoImages.
func NewDirSource(dir string) (*FileSource, error) {
	paths, err := ImageFiles(dir)
	if err != nil {
		return nil, err
	}
	return NewFileSource(paths...), nil
}

// ImageFiles lists the pictures in dir (not its subdirectories) in name
// order. A directory without pictures is ErrNoImages.
func ImageFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, rulerr.Errorf("scan.err.image_directory", "image directory: %w", err)
	}
	var paths []string
	for _, e := range entries {
		if !e.IsDir() && IsImageFile(e.Name()) {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	if len(paths) == 0 {
		return nil, rulerr.Errorf("scan.err.image_directory_2", "image directory %s: %w", dir, ErrNoImages)
	}
	return paths, nil
}

// Path returns the file the most recent frame came from ("" before the first).
func (s *FileSource) Path() string {
	if s.next == 0 {
		return ""
	}
	return s.paths[s.next-1]
}

// Next reads the next file. A file that cannot be read is an error naming
// it; the following call moves on to the next file.
func (s *FileSource) Next(ctx context.Context) (Frame, error) {
	if err := ctx.Err(); err != nil {
		return Frame{}, err
	}
	if s.next >= len(s.paths) {
		return Frame{}, io.EOF
	}
	s.next++
	return ReadImageFile(s.paths[s.next-1])
}

// Close does nothing: files are closed after each read.
func (s *FileSource) Close() error { return nil }

// FramesSource yields frames held in memory: still photos already decoded,
// or synthetic frames in tests. It can repeat them and pretend to be live.
type FramesSource struct {
	frames []Frame
	repeat int
	live   bool
	i      int
	gate   <-chan struct{}
}

// NewFramesSource returns a source yielding the frames repeat times over
// (repeat <= 1 means once). A live source is dropped from when the
// pipeline falls behind.
func NewFramesSource(frames []Frame, repeat int, live bool) *FramesSource {
	return &FramesSource{frames: frames, repeat: max(repeat, 1), live: live}
}

// NewImagesSource returns a source yielding the pictures once each,
// converted to grey.
func NewImagesSource(imgs ...image.Image) *FramesSource {
	frames := make([]Frame, len(imgs))
	for i, img := range imgs {
		frames[i] = FrameFromImage(img)
	}
	return NewFramesSource(frames, 1, false)
}

// Paced makes Next wait for a value on gate before each frame, so a test
// controls when frames "arrive".
func (s *FramesSource) Paced(gate <-chan struct{}) *FramesSource {
	s.gate = gate
	return s
}

// Live reports whether the source was made live.
func (s *FramesSource) Live() bool { return s.live }

// Next returns the next frame (a copy, so callers may keep it).
func (s *FramesSource) Next(ctx context.Context) (Frame, error) {
	if err := ctx.Err(); err != nil {
		return Frame{}, err
	}
	if s.i >= len(s.frames)*s.repeat {
		return Frame{}, io.EOF
	}
	if s.gate != nil {
		select {
		case <-ctx.Done():
			return Frame{}, ctx.Err()
		case _, ok := <-s.gate:
			if !ok {
				return Frame{}, io.EOF
			}
		}
	}
	f := s.frames[s.i%len(s.frames)]
	s.i++
	f.Y = slices.Clone(f.Y)
	return f, nil
}

// Close does nothing.
func (s *FramesSource) Close() error { return nil }
