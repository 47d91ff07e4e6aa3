// Package scantest renders synthetic camera frames of QR-tagged cards lying
// on a table: tags on card-like backgrounds seen with rotation, perspective,
// blur, noise, glare, low light and at small sizes. It is test support (as
// tracker/trackertest is): the tests of scan and internal/cli use it as a
// robustness corpus and as a frame source.
//
// Rendering is deterministic: the same Scene (including its Seed) always
// gives the same frame.
package scantest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"tableops/scan"
)

// Placement puts one tagged card in the scene.
type Placement struct {
	// Payload is the QR text printed on the card's tag.
	Payload string
	// X, Y is where the tag's centre lands in the frame, in pixels.
	X, Y float64
	// Size is the printed tag's width in frame pixels before tilting
	// (symbol plus its white margin).
	Size float64
	// Rotation turns the card in the image plane, in degrees.
	Rotation float64
	// TiltX and TiltY lean the card away from the camera around the
	// horizontal and vertical axes, in degrees (perspective).
	TiltX, TiltY float64
	// DarkCard prints the card with a dark background (as many Star Trek
	// cards are); the tag keeps its white margin.
	DarkCard bool
}

// Scene describes one frame.
type Scene struct {
	Width, Height int
	Cards         []Placement
	// Blur is the blur radius in pixels (0 for sharp).
	Blur float64
	// Noise is the standard deviation of sensor noise, in grey levels.
	Noise float64
	// Glare is the strength (0 to 1) of a bright reflection centred on
	// GlareX, GlareY (frame pixels) with radius GlareR.
	Glare                  float64
	GlareX, GlareY, GlareR float64
	// Light scales the brightness (1 normal, 0.2 a dim room); zero means 1.
	Light float64
	// Seed makes the table texture and the noise repeatable.
	Seed uint64
}

// Render draws the scene as a grey frame.
func Render(s Scene) (scan.Frame, error) {
	if s.Width <= 0 || s.Height <= 0 || s.Width*s.Height > 4096*4096 {
		return scan.Frame{}, fmt.Errorf("render scene: bad size %dx%d", s.Width, s.Height)
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x5eed))
	f := scan.NewFrame(s.Width, s.Height)
	img := make([]float64, s.Width*s.Height)
	table(img, s.Width, s.Height, rng)
	for i, c := range s.Cards {
		if err := drawCard(img, s.Width, s.Height, c, rng); err != nil {
			return scan.Frame{}, fmt.Errorf("render scene card %d: %w", i, err)
		}
	}
	if s.Blur > 0 {
		blur(img, s.Width, s.Height, s.Blur)
	}
	light := s.Light
	if light <= 0 {
		light = 1
	}
	for y := 0; y < s.Height; y++ {
		for x := 0; x < s.Width; x++ {
			v := img[y*s.Width+x]
			if s.Glare > 0 && s.GlareR > 0 {
				d2 := ((float64(x)-s.GlareX)*(float64(x)-s.GlareX) + (float64(y)-s.GlareY)*(float64(y)-s.GlareY)) / (s.GlareR * s.GlareR)
				g := s.Glare * math.Exp(-d2*2)
				v = v*(1-g) + 255*g
			}
			v *= light
			if s.Noise > 0 {
				v += rng.NormFloat64() * s.Noise
			}
			f.Y[y*f.Stride+x] = clamp(v)
		}
	}
	return f, nil
}

func clamp(v float64) byte {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return byte(v + 0.5)
}

// table paints a wood-like table top: dark grain stripes and blotches.
func table(img []float64, w, h int, rng *rand.Rand) {
	base := 70 + rng.Float64()*50
	fx := 0.01 + rng.Float64()*0.03
	phase := rng.Float64() * 6
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			grain := math.Sin(float64(x)*fx+math.Sin(float64(y)*0.013+phase)*3) * 12
			img[y*w+x] = base + grain + math.Sin(float64(y)*0.002*float64(1+x%3))*4
		}
	}
}

// card raster layout, in card units (1 unit = 1/100 of the tag's width).
const (
	cardW = 180.0 // poker card 63x88 mm with a 35 mm tag
	cardH = 250.0
)

type homography [9]float64

func (m homography) apply(x, y float64) (float64, float64, bool) {
	w := m[6]*x + m[7]*y + m[8]
	if math.Abs(w) < 1e-12 {
		return 0, 0, false
	}
	return (m[0]*x + m[1]*y + m[2]) / w, (m[3]*x + m[4]*y + m[5]) / w, true
}

func (m homography) inverse() (homography, error) {
	a, b, c, d, e, f, g, h, i := m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]
	det := a*(e*i-f*h) - b*(d*i-f*g) + c*(d*h-e*g)
	if math.Abs(det) < 1e-12 {
		return homography{}, errors.New("degenerate card placement")
	}
	return homography{
		(e*i - f*h) / det, (c*h - b*i) / det, (b*f - c*e) / det,
		(f*g - d*i) / det, (a*i - c*g) / det, (c*d - a*f) / det,
		(d*h - e*g) / det, (b*g - a*h) / det, (a*e - b*d) / det,
	}, nil
}

// squareToQuad maps the unit square's corners (0,0),(1,0),(1,1),(0,1) to q.
func squareToQuad(q [4][2]float64) homography {
	x0, y0, x1, y1, x2, y2, x3, y3 := q[0][0], q[0][1], q[1][0], q[1][1], q[2][0], q[2][1], q[3][0], q[3][1]
	dx3 := x0 - x1 + x2 - x3
	dy3 := y0 - y1 + y2 - y3
	if dx3 == 0 && dy3 == 0 {
		return homography{x1 - x0, x2 - x1, x0, y1 - y0, y2 - y1, y0, 0, 0, 1}
	}
	dx1, dx2 := x1-x2, x3-x2
	dy1, dy2 := y1-y2, y3-y2
	den := dx1*dy2 - dx2*dy1
	g := (dx3*dy2 - dx2*dy3) / den
	h := (dx1*dy3 - dx3*dy1) / den
	return homography{
		x1 - x0 + g*x1, x3 - x0 + h*x3, x0,
		y1 - y0 + g*y1, y3 - y0 + h*y3, y0,
		g, h, 1,
	}
}

// drawCard renders one card into img through a perspective mapping.
func drawCard(img []float64, w, h int, c Placement, rng *rand.Rand) error {
	sym, err := scan.EncodeQR(c.Payload)
	if err != nil {
		return err
	}
	if c.Size <= 0 {
		return errors.New("tag size must be positive")
	}
	// The tag (symbol + 2-module white margin) is 100 card units wide,
	// centred horizontally, in the upper part of the card.
	const tagX0, tagY0 = (cardW - 100) / 2, 40.0
	mods := float64(sym.Size + 4)
	art := cardArt(rng)

	// Card corners in 3-D around the tag centre, in frame pixels.
	scale := c.Size / 100
	cx, cy := tagX0+50, tagY0+50
	rot := c.Rotation * math.Pi / 180
	tx, ty := c.TiltX*math.Pi/180, c.TiltY*math.Pi/180
	focal := 1.2 * float64(max(w, h))
	var quad [4][2]float64
	for i, p := range [4][2]float64{{0, 0}, {cardW, 0}, {cardW, cardH}, {0, cardH}} {
		x, y, z := (p[0]-cx)*scale, (p[1]-cy)*scale, 0.0
		// tilt around the horizontal axis, then the vertical one
		y, z = y*math.Cos(tx), y*math.Sin(tx)
		x, z = x*math.Cos(ty)+z*math.Sin(ty), -x*math.Sin(ty)+z*math.Cos(ty)
		// turn in the image plane
		x, y = x*math.Cos(rot)-y*math.Sin(rot), x*math.Sin(rot)+y*math.Cos(rot)
		k := focal / (focal + z)
		quad[i] = [2]float64{c.X + x*k, c.Y + y*k}
	}
	fwd := squareToQuad(quad)
	inv, err := fwd.inverse()
	if err != nil {
		return err
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range quad {
		minX, maxX = math.Min(minX, q[0]), math.Max(maxX, q[0])
		minY, maxY = math.Min(minY, q[1]), math.Max(maxY, q[1])
	}
	x0, x1 := max(int(minX), 0), min(int(maxX)+1, w-1)
	y0, y1 := max(int(minY), 0), min(int(maxY)+1, h-1)
	paper := 215.0
	if c.DarkCard {
		paper = 45
	}
	// 2x2 supersampling per pixel.
	const ss = 2
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			sum, n := 0.0, 0
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					u, v, ok := inv.apply(float64(x)+(float64(sx)+0.5)/ss, float64(y)+(float64(sy)+0.5)/ss)
					if !ok || u < 0 || u >= 1 || v < 0 || v >= 1 {
						continue
					}
					px, py := u*cardW, v*cardH
					n++
					switch {
					case px >= tagX0 && px < tagX0+100 && py >= tagY0 && py < tagY0+100:
						mx := int((px-tagX0)/100*mods) - 2
						my := int((py-tagY0)/100*mods) - 2
						if sym.Dark(mx, my) {
							sum += 20
						} else {
							sum += 245
						}
					case px < 4 || py < 4 || px > cardW-4 || py > cardH-4:
						sum += paper * 0.5 // printed border
					default:
						sum += paper + art(px, py)
					}
				}
			}
			if n > 0 {
				i := y*w + x
				img[i] = (img[i]*float64(ss*ss-n) + sum) / (ss * ss)
			}
		}
	}
	return nil
}

// cardArt returns a shading function for the card's printed art: a few
// soft blobs and text-like bars below the tag.
func cardArt(rng *rand.Rand) func(x, y float64) float64 {
	type blob struct{ x, y, r, a float64 }
	blobs := make([]blob, 4)
	for i := range blobs {
		blobs[i] = blob{rng.Float64() * cardW, rng.Float64() * cardH, 20 + rng.Float64()*40, (rng.Float64() - 0.5) * 80}
	}
	return func(x, y float64) float64 {
		v := 0.0
		for _, b := range blobs {
			d2 := ((x-b.x)*(x-b.x) + (y-b.y)*(y-b.y)) / (b.r * b.r)
			if d2 < 4 {
				v += b.a * math.Exp(-d2)
			}
		}
		if y > 160 && y < 235 && x > 12 && x < cardW-12 && int(y)%12 < 5 && int(x*0.7+y)%23 < 17 {
			v -= 90 // text lines
		}
		return v
	}
}

// blur applies three box blurs (close to a Gaussian of the given radius).
func blur(img []float64, w, h int, radius float64) {
	r := max(int(radius/math.Sqrt(3)+0.5), 1)
	tmp := make([]float64, len(img))
	for range 3 {
		boxH(img, tmp, w, h, r)
		boxV(tmp, img, w, h, r)
	}
}

func boxH(src, dst []float64, w, h, r int) {
	for y := 0; y < h; y++ {
		row := src[y*w : (y+1)*w]
		sum, n := 0.0, 0
		for x := 0; x <= min(r, w-1); x++ {
			sum += row[x]
			n++
		}
		for x := 0; x < w; x++ {
			dst[y*w+x] = sum / float64(n)
			if x+r+1 < w {
				sum += row[x+r+1]
				n++
			}
			if x-r >= 0 {
				sum -= row[x-r]
				n--
			}
		}
	}
}

func boxV(src, dst []float64, w, h, r int) {
	for x := 0; x < w; x++ {
		sum, n := 0.0, 0
		for y := 0; y <= min(r, h-1); y++ {
			sum += src[y*w+x]
			n++
		}
		for y := 0; y < h; y++ {
			dst[y*w+x] = sum / float64(n)
			if y+r+1 < h {
				sum += src[(y+r+1)*w+x]
				n++
			}
			if y-r >= 0 {
				sum -= src[(y-r)*w+x]
				n--
			}
		}
	}
}
