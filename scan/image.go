package scan

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"

	"tableops/rules/rulerr"
)

// MaxPixels is the largest picture the app decodes: about 40 megapixels,
// more than a phone camera takes, and small enough that decoding cannot
// exhaust memory (a decoded picture costs up to 8 bytes a pixel).
const MaxPixels = 40_000_000

// ErrImageTooLarge reports a picture with more pixels than MaxPixels, or
// one whose header claims so; errors.Is matches a *SizeError with it.
var ErrImageTooLarge = rulerr.New("scan.err.picture_too_large", "picture too large")

// ErrNotImage reports data that is not a PNG, JPEG or GIF picture the app
// can read.
var ErrNotImage = rulerr.New("scan.err.not_picture_app_can_read_png", "not a picture the app can read (PNG, JPEG or GIF)")

// SizeError is a picture refused for its size, read from its header
// before any pixel was decoded.
type SizeError struct {
	Width, Height int
	// Bytes, when set, is the memory the decoded picture would take, over
	// MaxDecodedBytes (deep colour: 16 bits a channel).
	Bytes int64
}

func (e *SizeError) Error() string {
	if e.Width <= 0 || e.Height <= 0 {
		return fmt.Sprintf("the picture claims %d x %d pixels, which is no picture", e.Width, e.Height)
	}
	if e.Bytes > 0 {
		return fmt.Sprintf("the picture is %d x %d pixels in deep colour and would take %d MB to read; the app reads pictures of up to %d MB, so scale it down or save it with 8-bit colour first",
			e.Width, e.Height, e.Bytes>>20, MaxDecodedBytes>>20)
	}
	return fmt.Sprintf("the picture is %d x %d pixels (%d megapixels); the app reads pictures up to %d megapixels, so scale it down first",
		e.Width, e.Height, int64(e.Width)*int64(e.Height)/1_000_000, MaxPixels/1_000_000)
}

// Is makes errors.Is(err, ErrImageTooLarge) true for a picture that is too
// large, and errors.Is(err, ErrNotImage) for one without pixels.
func (e *SizeError) Is(target error) bool {
	if e.Width <= 0 || e.Height <= 0 {
		return target == ErrNotImage
	}
	return target == ErrImageTooLarge
}

// CheckImageSize refuses a picture without pixels or with more than
// MaxPixels, with a *SizeError.
func CheckImageSize(width, height int) error {
	if width <= 0 || height <= 0 || int64(width)*int64(height) > MaxPixels {
		return &SizeError{Width: width, Height: height}
	}
	return nil
}

// DecodeImage decodes a PNG, JPEG or GIF picture after checking, from its
// header alone (image.DecodeConfig), that it has at most MaxPixels pixels.
// A file whose header claims a huge size (68 bytes can claim 100000 x
// 100000) is refused before any pixel memory is taken. Every picture the
// app reads from outside goes through here.
func DecodeImage(r io.Reader) (image.Image, error) {
	// Keep the bytes DecodeConfig reads, then decode from them followed by
	// the rest of r: the stream is read once and never held whole.
	var head bytes.Buffer
	cfg, _, err := image.DecodeConfig(io.TeeReader(r, &head))
	if err != nil {
		return nil, rulerr.Errorf("scan.err.not_image_because", "%w: %v", ErrNotImage, err)
	}
	if err := CheckImageSize(cfg.Width, cfg.Height); err != nil {
		return nil, err
	}
	if n := decodedBytes(cfg); n > MaxDecodedBytes {
		return nil, &SizeError{Width: cfg.Width, Height: cfg.Height, Bytes: n}
	}
	img, _, err := image.Decode(io.MultiReader(&head, r))
	if err != nil {
		return nil, rulerr.Errorf("scan.err.not_image_because", "%w: %v", ErrNotImage, err)
	}
	if b := img.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		if err := CheckImageSize(b.Dx(), b.Dy()); err != nil {
			return nil, err
		}
	}
	return img, nil
}

// decodedBytes is the memory the standard decoders take for a picture of
// cfg's size and colour model: its pixels at the model's bytes a pixel
// (a JPEG's YCbCr counted at 3, its largest; an unknown model at 8).
func decodedBytes(cfg image.Config) int64 {
	bpp := int64(8)
	switch cfg.ColorModel {
	case color.GrayModel, color.AlphaModel:
		bpp = 1
	case color.Gray16Model, color.Alpha16Model:
		bpp = 2
	case color.YCbCrModel:
		bpp = 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel, color.NYCbCrAModel:
		bpp = 4
	}
	if _, ok := cfg.ColorModel.(color.Palette); ok {
		bpp = 1
	}
	return int64(cfg.Width) * int64(cfg.Height) * bpp
}

// ReadPhoto decodes a photo (DecodeImage) and scans it for QR codes
// (ScanImage); name is only for messages. The error says in plain words
// what went wrong: not a picture, too large, or a failed scan.
func ReadPhoto(r io.Reader, name string) (image.Image, []Found, error) {
	img, err := DecodeImage(r)
	switch {
	case errors.Is(err, ErrNotImage):
		return nil, nil, rulerr.Errorf("scan.err.file_not_image", "%s is %w", name, ErrNotImage)
	case err != nil:
		return nil, nil, rulerr.Errorf("scan.err.file_reason", "%s: %w", name, err)
	}
	found, err := ScanImage(img)
	if err != nil {
		return nil, nil, rulerr.Errorf("scan.err.file_reason", "%s: %w", name, err)
	}
	return img, found, nil
}
