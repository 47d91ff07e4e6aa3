package scan

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/multi"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"github.com/makiuchi-d/gozxing/qrcode/detector"
	"github.com/makiuchi-d/gozxing/qrcode/encoder"
)

// ECLevel is the QR error correction level tags are printed with: Q, which
// recovers about a quarter of the symbol (printed cards get scuffed).
const ECLevel = "Q"

// Symbol is an encoded QR code: a square of dark and light modules, without
// the quiet zone.
type Symbol struct {
	// Version is the QR version (1 to 40); the symbol is 17+4*Version modules wide.
	Version int
	// Size is the width and height in modules.
	Size int
	dark []bool
}

// Dark reports whether the module at column x, row y is dark.
func (s Symbol) Dark(x, y int) bool {
	if x < 0 || y < 0 || x >= s.Size || y >= s.Size {
		return false
	}
	return s.dark[y*s.Size+x]
}

// EncodeQR encodes text as a QR symbol at error correction level ECLevel.
// Tag payloads use only the alphanumeric set, so the encoder picks the
// compact alphanumeric mode; other text falls back to byte mode.
func EncodeQR(text string) (Symbol, error) {
	if text == "" {
		return Symbol{}, errors.New("encode QR: empty text")
	}
	hints := map[gozxing.EncodeHintType]any{
		gozxing.EncodeHintType_ERROR_CORRECTION: decoder.ErrorCorrectionLevel_Q,
	}
	code, err := encoder.Encoder_encode(text, decoder.ErrorCorrectionLevel_Q, hints)
	if err != nil {
		return Symbol{}, fmt.Errorf("encode QR: %w", err)
	}
	m := code.GetMatrix()
	n := m.GetWidth()
	s := Symbol{Version: code.GetVersion().GetVersionNumber(), Size: n, dark: make([]bool, n*n)}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			s.dark[y*n+x] = m.Get(x, y) == 1
		}
	}
	return s, nil
}

// Image draws the symbol as a grey picture: modulePx pixels a module and a
// light quiet zone of quiet modules around it.
func (s Symbol) Image(modulePx, quiet int) *image.Gray {
	if modulePx < 1 {
		modulePx = 1
	}
	if quiet < 0 {
		quiet = 0
	}
	side := (s.Size + 2*quiet) * modulePx
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y := 0; y < s.Size; y++ {
		for x := 0; x < s.Size; x++ {
			if !s.Dark(x, y) {
				continue
			}
			for dy := 0; dy < modulePx; dy++ {
				row := img.Pix[((y+quiet)*modulePx+dy)*img.Stride:]
				for dx := 0; dx < modulePx; dx++ {
					row[(x+quiet)*modulePx+dx] = 0
				}
			}
		}
	}
	return img
}

// Point is a position in frame pixels.
type Point struct{ X, Y float64 }

// Code is one QR code found in a frame.
type Code struct {
	// Text is the code's raw content.
	Text string
	// Corners are the symbol's outer corners in frame pixels, clockwise
	// from the top-left module as the symbol reads (so the code may appear
	// rotated): top-left, top-right, bottom-right, bottom-left.
	Corners [4]Point
	// Finders are the centres of the finder patterns gozxing located
	// (bottom-left, top-left, top-right, then the alignment pattern if any).
	Finders []Point
}

// Center is the middle of the code's corners.
func (c Code) Center() Point {
	var p Point
	for _, q := range c.Corners {
		p.X += q.X / 4
		p.Y += q.Y / 4
	}
	return p
}

// DecodeOptions chooses how hard Decoder tries on a frame.
type DecodeOptions struct {
	// NoHybrid skips the hybrid (local threshold) binarizer fallback used
	// when the global histogram binarizer finds nothing.
	NoHybrid bool
	// NoEnhance skips the smoothing and contrast stretch (noise, dim
	// rooms), sharpening (blur), halving (glare, blur) and two-times
	// enlargement (tiny codes) fallbacks.
	NoEnhance bool
	// NoInverted skips the light-on-dark fallback.
	NoInverted bool
	// NoRotate skips the quarter-turn fallback.
	NoRotate bool
}

// Decoder finds QR codes in grey frames. It keeps reusable readers, so one
// Decoder must not be used by two goroutines at once; make one each.
type Decoder struct {
	passes []pass
	multi  multi.MultipleBarcodeReader
	single gozxing.Reader
	hard   map[gozxing.DecodeHintType]any
	next   int // next fallback for DecodeLive
}

type transform int

const (
	asIs transform = iota
	invert
	rotate
	stretch
	sharpen
	downscale
	upscale
)

type pass struct {
	hybrid bool
	t      transform
}

// NewDecoder returns a decoder with the given fallbacks.
func NewDecoder(opts DecodeOptions) *Decoder {
	d := &Decoder{
		multi:  multiqr.NewQRCodeMultiReader(),
		single: qrcode.NewQRCodeReader(),
		hard:   map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true},
	}
	h := !opts.NoHybrid
	d.passes = []pass{{t: asIs}}
	if h {
		d.passes = append(d.passes, pass{hybrid: true})
	}
	if !opts.NoEnhance {
		d.passes = append(d.passes, pass{hybrid: h, t: stretch}, pass{hybrid: h, t: sharpen})
	}
	if !opts.NoInverted {
		d.passes = append(d.passes, pass{hybrid: h, t: invert})
	}
	if !opts.NoRotate {
		d.passes = append(d.passes, pass{hybrid: h, t: rotate})
	}
	if !opts.NoEnhance {
		d.passes = append(d.passes, pass{hybrid: h, t: downscale}, pass{hybrid: h, t: upscale})
	}
	return d
}

// Decode returns every QR code found in the frame (none is not an error).
// It tries, stopping at the first pass that finds something: the global
// histogram binarizer (fast, and enough for a well-lit frame), then the
// hybrid binarizer, then the hybrid binarizer on the frame smoothed and
// contrast-stretched, sharpened, inverted, turned a quarter turn, halved
// (which steadies glare and blur) and enlarged twice. Corners are always
// in the frame's own coordinates.
// Use it for photos; DecodeLive bounds the work per camera frame.
func (d *Decoder) Decode(f Frame) ([]Code, error) {
	if err := f.Validate(); err != nil {
		return nil, fmt.Errorf("decode frame: %w", err)
	}
	for _, p := range d.passes {
		codes, err := d.run(f, p)
		if err != nil || len(codes) > 0 {
			return codes, err
		}
	}
	return nil, nil
}

// DecodeLive is Decode for a stream of camera frames: it tries the fast
// global pass and then only one fallback, a different one each call, so
// every fallback gets its turn within a few frames while no single frame
// costs more than about two passes.
func (d *Decoder) DecodeLive(f Frame) ([]Code, error) {
	if err := f.Validate(); err != nil {
		return nil, fmt.Errorf("decode frame: %w", err)
	}
	codes, err := d.run(f, d.passes[0])
	if err != nil || len(codes) > 0 || len(d.passes) == 1 {
		return codes, err
	}
	p := d.passes[1+d.next%(len(d.passes)-1)]
	d.next++
	return d.run(f, p)
}

// ErrDecoder reports a failure inside the QR library (a bug there, caught
// rather than crashing the app).
var ErrDecoder = errors.New("QR decoder failed")

// run applies one pass's transform, decodes, and maps corners back.
func (d *Decoder) run(f Frame, p pass) (codes []Code, err error) {
	defer func() {
		if r := recover(); r != nil {
			codes, err = nil, fmt.Errorf("%w: %v", ErrDecoder, r)
		}
	}()
	src := f
	lumInvert := false
	switch p.t {
	case invert:
		lumInvert = true
	case rotate:
		src = f.Rotate90()
	case stretch:
		// Smooth away sensor noise, then stretch a dim frame's levels.
		src, _ = f.Smooth().Stretch()
	case sharpen:
		src = f.Sharpen()
	case downscale:
		if f.Width < 200 || f.Height < 200 {
			return nil, nil
		}
		src = f.Downscale2()
	case upscale:
		if f.Width*f.Height > 1920*1080 {
			return nil, nil
		}
		src = f.Upscale2()
	}
	codes, err = d.decodePass(src, p.hybrid, lumInvert, p.t != asIs || p.hybrid)
	if err != nil {
		return nil, err
	}
	back := func(c Point) Point { return c }
	switch p.t {
	case rotate:
		// Rotate90 sent (x, y) to (H-1-y, x).
		back = func(c Point) Point { return Point{X: c.Y, Y: float64(f.Height-1) - c.X} }
	case upscale:
		back = func(c Point) Point { return Point{X: (c.X+0.5)/2 - 0.5, Y: (c.Y+0.5)/2 - 0.5} }
	case downscale:
		back = func(c Point) Point { return Point{X: (c.X+0.5)*2 - 0.5, Y: (c.Y+0.5)*2 - 0.5} }
	}
	for i := range codes {
		for j, c := range codes[i].Corners {
			codes[i].Corners[j] = back(c)
		}
		for j, c := range codes[i].Finders {
			codes[i].Finders[j] = back(c)
		}
	}
	return codes, nil
}

func (d *Decoder) decodePass(f Frame, hybrid, inverted, hard bool) ([]Code, error) {
	var lum gozxing.LuminanceSource
	lum, err := gozxing.NewPlanarYUVLuminanceSource(f.Y, f.Stride, f.Height, 0, 0, f.Width, f.Height, false)
	if err != nil {
		return nil, fmt.Errorf("decode frame: %w", err)
	}
	if inverted {
		lum = gozxing.NewInvertedLuminanceSource(lum)
	}
	var bin gozxing.Binarizer
	if hybrid {
		bin = gozxing.NewHybridBinarizer(lum)
	} else {
		bin = gozxing.NewGlobalHistgramBinarizer(lum)
	}
	bmp, err := gozxing.NewBinaryBitmap(bin)
	if err != nil {
		return nil, fmt.Errorf("decode frame: %w", err)
	}
	var hints map[gozxing.DecodeHintType]any
	if hard {
		hints = d.hard
	}
	// The single-code reader is the cheaper and more tolerant detector;
	// the multi reader then finds any further codes in view.
	var results []*gozxing.Result
	if r, err := d.single.Decode(bmp, hints); err == nil {
		results = append(results, r)
	}
	if rs, err := d.multi.DecodeMultiple(bmp, hints); err == nil {
		results = append(results, rs...)
	}
	codes := make([]Code, 0, len(results))
	for _, r := range results {
		c := toCode(r)
		if !duplicate(codes, c) {
			codes = append(codes, c)
		}
	}
	sortReadingOrder(codes)
	return codes, nil
}

// sortReadingOrder sorts codes in rows from the top, each row from the
// left; codes whose centres are within half a code's height share a row.
func sortReadingOrder(codes []Code) {
	sort.SliceStable(codes, func(i, j int) bool {
		a, b := codes[i].Center(), codes[j].Center()
		h := math.Min(codes[i].height(), codes[j].height())
		if math.Abs(a.Y-b.Y) > h/2 {
			return a.Y < b.Y
		}
		return a.X < b.X
	})
}

// height is the length of the code's left edge, in pixels.
func (c Code) height() float64 {
	return math.Hypot(c.Corners[3].X-c.Corners[0].X, c.Corners[3].Y-c.Corners[0].Y)
}

// duplicate reports whether c is already in codes: same text, centre
// within a symbol's width.
func duplicate(codes []Code, c Code) bool {
	cc := c.Center()
	for _, o := range codes {
		if o.Text != c.Text {
			continue
		}
		oc := o.Center()
		w := math.Hypot(o.Corners[1].X-o.Corners[0].X, o.Corners[1].Y-o.Corners[0].Y)
		if math.Hypot(oc.X-cc.X, oc.Y-cc.Y) <= w {
			return true
		}
	}
	return false
}

func toCode(r *gozxing.Result) Code {
	c := Code{Text: r.GetText()}
	pts := r.GetResultPoints()
	for _, p := range pts {
		c.Finders = append(c.Finders, Point{p.GetX(), p.GetY()})
	}
	if len(pts) < 3 {
		for i := range c.Corners {
			if i < len(c.Finders) {
				c.Corners[i] = c.Finders[i]
			}
		}
		return c
	}
	bl, tl, tr := c.Finders[0], c.Finders[1], c.Finders[2]
	ms := 0.0
	for _, p := range pts[:3] {
		if fp, ok := p.(*detector.FinderPattern); ok {
			ms += fp.GetEstimatedModuleSize() / 3
		}
	}
	dist := func(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
	dim := 21.0
	if ms > 0 {
		d := int(math.Round((dist(tl, tr)/ms+dist(tl, bl)/ms)/2)) + 7
		switch d % 4 { // sizes are 17+4v: snap to 1 mod 4
		case 0:
			d++
		case 2:
			d--
		case 3:
			d -= 2
		}
		dim = float64(max(d, 21))
	}
	// Unit module vectors along the top edge (u) and down the left edge (v).
	span := dim - 7
	u := Point{(tr.X - tl.X) / span, (tr.Y - tl.Y) / span}
	v := Point{(bl.X - tl.X) / span, (bl.Y - tl.Y) / span}
	at := func(o Point, a, b float64) Point { return Point{o.X + a*u.X + b*v.X, o.Y + a*u.Y + b*v.Y} }
	c.Corners = [4]Point{
		at(tl, -3.5, -3.5),
		at(tr, 3.5, -3.5),
		at(tl, dim-3.5, dim-3.5),
		at(bl, -3.5, 3.5),
	}
	return c
}
