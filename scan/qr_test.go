package scan

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// paste returns a grey frame of the given size with the payload's symbol
// drawn at (x, y), modulePx pixels a module, 4 modules of margin.
func paste(t *testing.T, w, h, x, y, modulePx int, text string) (Frame, Symbol) {
	t.Helper()
	s, err := EncodeQR(text)
	require.NoError(t, err)
	img := s.Image(modulePx, 4)
	f := NewFrame(w, h)
	for i := range f.Y {
		f.Y[i] = 150
	}
	b := img.Bounds()
	for r := 0; r < b.Dy(); r++ {
		copy(f.Y[(y+r)*f.Stride+x:], img.Pix[r*img.Stride:r*img.Stride+b.Dx()])
	}
	return f, s
}

func near(t *testing.T, want, got Point, tol float64) {
	t.Helper()
	assert.LessOrEqual(t, math.Hypot(want.X-got.X, want.Y-got.Y), tol, "want %v got %v", want, got)
}

func TestDecodeCornersEveryPass(t *testing.T) {
	text := "TO1M/AM-MISSION-03/X"
	f, s := paste(t, 640, 480, 200, 100, 5, text)
	x0, y0 := 200.0+4*5, 100.0+4*5
	side := float64(s.Size * 5)
	want := [4]Point{{x0, y0}, {x0 + side, y0}, {x0 + side, y0 + side}, {x0, y0 + side}}
	inv := NewFrame(f.Width, f.Height)
	for i, v := range f.Y {
		inv.Y[i] = 255 - v
	}
	d := NewDecoder(DecodeOptions{})
	for _, p := range d.passes {
		in := f
		if p.t == invert {
			in = inv
		}
		codes, err := d.run(in, p)
		require.NoError(t, err)
		require.Len(t, codes, 1, "pass %+v", p)
		assert.Equal(t, text, codes[0].Text)
		for i := range want {
			near(t, want[i], codes[0].Corners[i], 3)
		}
		near(t, Point{x0 + side/2, y0 + side/2}, codes[0].Center(), 3)
	}
}

func TestDecodeInvertedAndSeveral(t *testing.T) {
	f, _ := paste(t, 640, 480, 50, 50, 4, "TO1E/A/X")
	for i := range f.Y {
		f.Y[i] = 255 - f.Y[i]
	}
	codes, err := NewDecoder(DecodeOptions{}).Decode(f)
	require.NoError(t, err)
	require.Len(t, codes, 1)
	assert.Equal(t, "TO1E/A/X", codes[0].Text)

	codes, err = NewDecoder(DecodeOptions{NoInverted: true}).Decode(f)
	require.NoError(t, err)
	assert.Empty(t, codes)

	g, _ := paste(t, 640, 480, 20, 20, 4, "TO1E/A/X")
	h, _ := paste(t, 640, 480, 350, 250, 4, "TO1E/B/X")
	for i := range g.Y {
		g.Y[i] = min(g.Y[i], h.Y[i])
	}
	codes, err = NewDecoder(DecodeOptions{}).Decode(g)
	require.NoError(t, err)
	var got []string
	for _, c := range codes {
		got = append(got, c.Text)
	}
	assert.ElementsMatch(t, []string{"TO1E/A/X", "TO1E/B/X"}, got)
}

func TestDecodeLiveCyclesFallbacks(t *testing.T) {
	f, _ := paste(t, 320, 240, 40, 40, 4, "TO1E/A/X")
	for i := range f.Y {
		f.Y[i] = 255 - f.Y[i]
	}
	d := NewDecoder(DecodeOptions{})
	found := 0
	for range len(d.passes) - 1 {
		codes, err := d.DecodeLive(f)
		require.NoError(t, err)
		found += len(codes)
	}
	assert.Equal(t, 1, found, "exactly one turn of the cycle is the inverted pass")
}

func TestDecodeEmptyAndBad(t *testing.T) {
	codes, err := NewDecoder(DecodeOptions{}).Decode(NewFrame(64, 48))
	require.NoError(t, err)
	assert.Empty(t, codes)
	for _, f := range []Frame{{}, {Y: make([]byte, 4), Width: 4, Height: 4, Stride: 4}, {Y: make([]byte, 16), Width: 4, Height: 4, Stride: 2}} {
		_, err := NewDecoder(DecodeOptions{}).Decode(f)
		assert.ErrorIs(t, err, ErrBadFrame)
		_, err = NewDecoder(DecodeOptions{}).DecodeLive(f)
		assert.ErrorIs(t, err, ErrBadFrame)
	}
}

func TestEncodeQR(t *testing.T) {
	_, err := EncodeQR("")
	assert.Error(t, err)
	s, err := EncodeQR("HELLO")
	require.NoError(t, err)
	assert.Equal(t, 1, s.Version)
	assert.Equal(t, 21, s.Size)
	assert.True(t, s.Dark(0, 0), "finder pattern corner")
	assert.False(t, s.Dark(-1, 0))
	assert.False(t, s.Dark(21, 0))
	img := s.Image(2, 1)
	assert.Equal(t, image.Rect(0, 0, 46, 46), img.Bounds())
	assert.Equal(t, uint8(255), img.GrayAt(0, 0).Y)
	assert.Equal(t, uint8(0), img.GrayAt(2, 2).Y)
}

func TestFrameFromImage(t *testing.T) {
	r := image.Rect(10, 20, 14, 23)
	rgba := image.NewRGBA(r)
	nrgba := image.NewNRGBA(r)
	gray := image.NewGray(r)
	ycc := image.NewYCbCr(r, image.YCbCrSubsampleRatio420)
	pal := image.NewPaletted(r, color.Palette{color.Black, color.White})
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			nrgba.Set(x, y, color.NRGBA{0, 0, 0, 255})
		}
	}
	rgba.Set(12, 21, color.RGBA{255, 255, 255, 255})
	nrgba.Set(12, 21, color.NRGBA{255, 255, 255, 255})
	nrgba.Set(13, 22, color.NRGBA{0, 0, 0, 0}) // transparent reads as paper
	gray.SetGray(12, 21, color.Gray{255})
	ycc.Y[ycc.YOffset(12, 21)] = 255
	pal.SetColorIndex(12, 21, 1)
	for name, img := range map[string]image.Image{"rgba": rgba, "nrgba": nrgba, "gray": gray, "ycbcr": ycc, "paletted": pal} {
		t.Run(name, func(t *testing.T) {
			f := FrameFromImage(img)
			require.NoError(t, f.Validate())
			assert.Equal(t, 4, f.Width)
			assert.Equal(t, 3, f.Height)
			assert.Equal(t, byte(255), f.At(2, 1))
			assert.Equal(t, byte(0), f.At(0, 0))
			assert.Equal(t, byte(0), f.At(-1, 0))
			assert.Same(t, img, f.Image.(interface{ Bounds() image.Rectangle }))
		})
	}
	assert.Equal(t, byte(255), FrameFromImage(nrgba).At(3, 2))
	sub := gray.SubImage(image.Rect(12, 21, 14, 23)).(*image.Gray)
	assert.Equal(t, byte(255), FrameFromImage(sub).At(0, 0))
}

func TestFrameTransforms(t *testing.T) {
	f := NewFrame(3, 2)
	copy(f.Y, []byte{1, 2, 3, 4, 5, 6})
	r := f.Rotate90()
	assert.Equal(t, 2, r.Width)
	assert.Equal(t, 3, r.Height)
	assert.Equal(t, []byte{4, 1, 5, 2, 6, 3}, r.Y)

	u := f.Upscale2()
	assert.Equal(t, 6, u.Width)
	assert.Equal(t, 4, u.Height)
	assert.Equal(t, byte(1), u.At(0, 0))
	assert.Equal(t, byte(6), u.At(5, 3))

	q := NewFrame(4, 2)
	copy(q.Y, []byte{0, 4, 8, 8, 4, 8, 255, 255})
	ds := q.Downscale2()
	assert.Equal(t, []byte{4, 132}, ds.Y)

	flat := NewFrame(8, 8)
	_, ok := flat.Stretch()
	assert.False(t, ok, "a flat frame has nothing to stretch")
	dim := NewFrame(10, 10)
	for i := range dim.Y {
		dim.Y[i] = byte(10 + i%20)
	}
	s, ok := dim.Stretch()
	require.True(t, ok)
	assert.Equal(t, byte(0), s.At(0, 0))
	assert.Equal(t, byte(255), s.At(9, 1))

	sm := dim.Smooth()
	assert.Equal(t, dim.Width, sm.Width)
	sh := dim.Sharpen()
	assert.Equal(t, dim.Height, sh.Height)
}

// FuzzDecodeFrame feeds arbitrary pictures (camera frames and photos come
// from outside) to every decoding pass: never a panic, only codes or none.
func FuzzDecodeFrame(f *testing.F) {
	g, _ := paste(&testing.T{}, 64, 64, 2, 2, 2, "TO1E/A/X")
	f.Add(g.Y, uint8(64))
	f.Add([]byte{0, 255, 0, 255, 0, 255, 0, 255, 0}, uint8(3))
	f.Fuzz(func(t *testing.T, pix []byte, width uint8) {
		w := int(width)
		if w == 0 || len(pix) < w || len(pix) > 1<<12 {
			return
		}
		fr := Frame{Y: pix, Width: w, Height: len(pix) / w, Stride: w}
		d := NewDecoder(DecodeOptions{})
		for _, p := range d.passes {
			if _, err := d.run(fr, p); err != nil {
				t.Fatalf("pass %+v: %v", p, err)
			}
		}
	})
}
