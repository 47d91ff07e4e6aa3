package scan

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"time"
)

// Frame is one grey (luma) picture: the Y plane of a camera frame or a photo
// converted once. Y holds Height rows of Stride bytes, of which the first
// Width are pixels (0 black, 255 white).
type Frame struct {
	Y      []byte
	Width  int
	Height int
	Stride int
	// Time is when the frame was captured (zero when unknown).
	Time time.Time
	// Image is the original picture when the source has one (for a colour
	// preview); it may share memory with Y. Nil when not available.
	Image image.Image
}

// ErrBadFrame reports a frame whose sizes do not match its pixel buffer.
var ErrBadFrame = errors.New("bad frame")

// NewFrame returns a blank (black) frame of the given size.
func NewFrame(width, height int) Frame {
	if width < 0 {
		width = 0
	}
	if height < 0 {
		height = 0
	}
	return Frame{Y: make([]byte, width*height), Width: width, Height: height, Stride: width}
}

// Validate reports whether the frame's sizes fit its buffer.
func (f Frame) Validate() error {
	switch {
	case f.Width <= 0 || f.Height <= 0:
		return fmt.Errorf("%w: size %dx%d", ErrBadFrame, f.Width, f.Height)
	case f.Stride < f.Width:
		return fmt.Errorf("%w: stride %d below width %d", ErrBadFrame, f.Stride, f.Width)
	case len(f.Y) < (f.Height-1)*f.Stride+f.Width:
		return fmt.Errorf("%w: %d bytes for %dx%d (stride %d)", ErrBadFrame, len(f.Y), f.Width, f.Height, f.Stride)
	}
	return nil
}

// At returns the luma at (x, y); 0 outside the frame.
func (f Frame) At(x, y int) byte {
	if x < 0 || y < 0 || x >= f.Width || y >= f.Height {
		return 0
	}
	return f.Y[y*f.Stride+x]
}

// Gray returns the frame as an *image.Gray sharing its pixels.
func (f Frame) Gray() *image.Gray {
	return &image.Gray{Pix: f.Y, Stride: f.Stride, Rect: image.Rect(0, 0, f.Width, f.Height)}
}

// Rotate90 returns a new frame turned a quarter turn clockwise.
func (f Frame) Rotate90() Frame {
	out := NewFrame(f.Height, f.Width)
	for y := 0; y < f.Height; y++ {
		row := f.Y[y*f.Stride : y*f.Stride+f.Width]
		nx := f.Height - 1 - y
		for x, v := range row {
			out.Y[x*out.Stride+nx] = v
		}
	}
	out.Time = f.Time
	return out
}

// FrameFromImage converts a picture to a grey frame, once. A YCbCr picture
// (camera frames, JPEG photos) and a Gray picture share their pixels with
// the frame; other pictures are converted with the BT.601 luma weights.
func FrameFromImage(img image.Image) Frame {
	r := img.Bounds()
	w, h := r.Dx(), r.Dy()
	switch m := img.(type) {
	case *image.YCbCr:
		off := m.YOffset(r.Min.X, r.Min.Y)
		return Frame{Y: m.Y[off:], Width: w, Height: h, Stride: m.YStride, Image: img}
	case *image.Gray:
		off := m.PixOffset(r.Min.X, r.Min.Y)
		return Frame{Y: m.Pix[off:], Width: w, Height: h, Stride: m.Stride, Image: img}
	}
	f := NewFrame(w, h)
	f.Image = img
	switch m := img.(type) {
	case *image.RGBA:
		for y := 0; y < h; y++ {
			src := m.Pix[m.PixOffset(r.Min.X, r.Min.Y+y):]
			dst := f.Y[y*f.Stride : y*f.Stride+w]
			for x := range dst {
				p := src[4*x : 4*x+3 : 4*x+3]
				dst[x] = luma(p[0], p[1], p[2])
			}
		}
	case *image.NRGBA:
		for y := 0; y < h; y++ {
			src := m.Pix[m.PixOffset(r.Min.X, r.Min.Y+y):]
			dst := f.Y[y*f.Stride : y*f.Stride+w]
			for x := range dst {
				p := src[4*x : 4*x+4 : 4*x+4]
				// Composite over white: a transparent tag background reads as paper.
				a := uint32(p[3])
				c := func(v byte) byte { return byte((uint32(v)*a + 255*(255-a)) / 255) }
				dst[x] = luma(c(p[0]), c(p[1]), c(p[2]))
			}
		}
	default:
		for y := 0; y < h; y++ {
			dst := f.Y[y*f.Stride : y*f.Stride+w]
			for x := range dst {
				g := color.GrayModel.Convert(img.At(r.Min.X+x, r.Min.Y+y)).(color.Gray)
				dst[x] = g.Y
			}
		}
	}
	return f
}

// luma is the BT.601 luma of an 8-bit RGB pixel.
func luma(r, g, b byte) byte {
	return byte((19595*uint32(r) + 38470*uint32(g) + 7471*uint32(b) + 1<<15) >> 16)
}
