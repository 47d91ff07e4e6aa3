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

// Stretch returns a copy with the grey levels stretched so the darkest 1%
// of pixels become black and the brightest 1% white (for dim rooms), and
// false when the frame already spans most of the range or is flat.
func (f Frame) Stretch() (Frame, bool) {
	var hist [256]int
	for y := 0; y < f.Height; y++ {
		for _, v := range f.Y[y*f.Stride : y*f.Stride+f.Width] {
			hist[v]++
		}
	}
	cut := f.Width * f.Height / 100
	lo, hi := 0, 255
	for n := 0; lo < 255 && n+hist[lo] <= cut; lo++ {
		n += hist[lo]
	}
	for n := 0; hi > 0 && n+hist[hi] <= cut; hi-- {
		n += hist[hi]
	}
	if hi-lo > 160 || hi-lo < 4 {
		return f, false
	}
	var lut [256]byte
	for i := range lut {
		v := (i - lo) * 255 / (hi - lo)
		lut[i] = byte(min(max(v, 0), 255))
	}
	out := NewFrame(f.Width, f.Height)
	out.Time = f.Time
	for y := 0; y < f.Height; y++ {
		src := f.Y[y*f.Stride : y*f.Stride+f.Width]
		dst := out.Y[y*out.Stride : y*out.Stride+f.Width]
		for x, v := range src {
			dst[x] = lut[v]
		}
	}
	return out, true
}

// Upscale2 returns a copy twice as wide and high, interpolated
// bilinearly, so that tiny codes (under 3 pixels a module) have modules
// the detector can measure.
func (f Frame) Upscale2() Frame {
	out := NewFrame(2*f.Width, 2*f.Height)
	out.Time = f.Time
	for y := 0; y < out.Height; y++ {
		// Source position of the output pixel's centre: (y+0.5)/2-0.5.
		sy := y/2 - 1 + y%2
		// Weight of row sy+1, in quarters: 3 for even rows, 1 for odd ones.
		fy := 3 - 2*(y%2)
		r0 := f.Y[max(sy, 0)*f.Stride:]
		r1 := f.Y[min(sy+1, f.Height-1)*f.Stride:]
		dst := out.Y[y*out.Stride : y*out.Stride+out.Width]
		for x := range dst {
			sx := x/2 - 1 + x%2
			fx := 3 - 2*(x%2)
			x0, x1 := max(sx, 0), min(sx+1, f.Width-1)
			a := int(r0[x0])*(4-fx) + int(r0[x1])*fx
			b := int(r1[x0])*(4-fx) + int(r1[x1])*fx
			dst[x] = byte((a*(4-fy) + b*fy + 8) / 16)
		}
	}
	return out
}

// Sharpen returns a copy with an unsharp mask applied (a 5x5 box average
// subtracted), which restores edges of a slightly blurred code.
func (f Frame) Sharpen() Frame {
	w, h := f.Width, f.Height
	const r = 2
	tmp := make([]int32, w*h)
	for y := 0; y < h; y++ {
		row := f.Y[y*f.Stride : y*f.Stride+w]
		var sum int32
		for x := -r; x <= r; x++ {
			sum += int32(row[min(max(x, 0), w-1)])
		}
		for x := 0; x < w; x++ {
			tmp[y*w+x] = sum
			sum += int32(row[min(x+r+1, w-1)]) - int32(row[max(x-r, 0)])
		}
	}
	out := NewFrame(w, h)
	out.Time = f.Time
	for x := 0; x < w; x++ {
		var sum int32
		for y := -r; y <= r; y++ {
			sum += tmp[min(max(y, 0), h-1)*w+x]
		}
		for y := 0; y < h; y++ {
			avg := sum / 25
			v := int32(f.Y[y*f.Stride+x])
			out.Y[y*out.Stride+x] = byte(min(max(v+(v-avg)*3/2, 0), 255))
			sum += tmp[min(y+r+1, h-1)*w+x] - tmp[max(y-r, 0)*w+x]
		}
	}
	return out
}

// Smooth returns a copy averaged over 3x3 neighbourhoods, which tames the
// sensor noise of a dim room before the contrast is stretched.
func (f Frame) Smooth() Frame {
	w, h := f.Width, f.Height
	tmp := make([]uint16, w*h)
	for y := 0; y < h; y++ {
		row := f.Y[y*f.Stride : y*f.Stride+w]
		for x := 0; x < w; x++ {
			tmp[y*w+x] = uint16(row[max(x-1, 0)]) + uint16(row[x]) + uint16(row[min(x+1, w-1)])
		}
	}
	out := NewFrame(w, h)
	out.Time = f.Time
	for y := 0; y < h; y++ {
		up, mid, down := tmp[max(y-1, 0)*w:], tmp[y*w:], tmp[min(y+1, h-1)*w:]
		dst := out.Y[y*out.Stride : y*out.Stride+w]
		for x := range dst {
			dst[x] = byte((uint32(up[x]) + uint32(mid[x]) + uint32(down[x]) + 4) / 9)
		}
	}
	return out
}

// Downscale2 returns a copy half as wide and high, each pixel the average
// of a 2x2 block.
func (f Frame) Downscale2() Frame {
	out := NewFrame(f.Width/2, f.Height/2)
	out.Time = f.Time
	for y := 0; y < out.Height; y++ {
		r0 := f.Y[2*y*f.Stride:]
		r1 := f.Y[(2*y+1)*f.Stride:]
		dst := out.Y[y*out.Stride : y*out.Stride+out.Width]
		for x := range dst {
			dst[x] = byte((uint(r0[2*x]) + uint(r0[2*x+1]) + uint(r1[2*x]) + uint(r1[2*x+1]) + 2) / 4)
		}
	}
	return out
}
