package scan

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"sync/atomic"
	"time"
)

// DefaultForget is how long a code must stay out of view before the
// pipeline reports it again.
const DefaultForget = 2 * time.Second

// PipelineOptions configures Start.
type PipelineOptions struct {
	// Decode chooses the decoder's fallbacks.
	Decode DecodeOptions
	// Forget is how long a code must be out of view before it counts as new
	// again (DefaultForget when zero). A code still in view is refreshed by
	// every frame that shows it.
	Forget time.Duration
	// Now is the clock (time.Now when nil); tests inject their own.
	Now func() time.Time
}

// Found is one code in a frame, decoded as a tag when it is one.
type Found struct {
	Code
	// Tag is the decoded tag when TagErr is nil.
	Tag Tag
	// TagErr says why the code is not a usable tag (ErrForeign for any other
	// QR code, ErrChecksum for a mis-read, ...).
	TagErr error
}

// NewFound decodes a code's text as a tag.
func NewFound(c Code) Found {
	t, err := Decode(c.Text)
	return Found{Code: c, Tag: t, TagErr: err}
}

// Update is the pipeline's result for one decoded frame.
type Update struct {
	// Seq counts decoded frames from 1.
	Seq int
	// Frame is the frame that was decoded (for the preview and to scale the
	// outlines).
	Frame Frame
	// InView holds every code found in this frame, for outlining.
	InView []Found
	// New holds the codes in InView that were not in view during the last
	// Forget period: act on these (open, add to team, apply).
	New []Found
	// Err is set when the frame could not be decoded (a bad frame); the
	// pipeline carries on with the next one.
	Err error
}

// Stats counts the pipeline's work so far.
type Stats struct {
	Frames  int64 // frames read from the source
	Decoded int64 // frames decoded
	Dropped int64 // live frames skipped because decoding was busy
}

// Pipeline decodes frames from a Source on its own goroutines. Make one with
// Start; read Updates until the channel closes, then call Wait.
type Pipeline struct {
	updates chan Update
	done    chan struct{}
	err     error

	frames, decoded, dropped atomic.Int64
}

// Start reads frames from src and decodes them off the caller's goroutine.
// A live source's frames are dropped while the decoder is busy, so the
// newest frame is always the next one decoded; other sources are decoded
// frame by frame. The updates channel closes when the source ends, fails,
// or ctx is done. Start does not close src. Live frames go through
// Decoder.DecodeLive (bounded work a frame), others through Decoder.Decode.
func Start(ctx context.Context, src Source, opts PipelineOptions) *Pipeline {
	if opts.Forget <= 0 {
		opts.Forget = DefaultForget
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	p := &Pipeline{updates: make(chan Update, 1), done: make(chan struct{})}
	frames := make(chan Frame, 1)
	var srcErr error // written by the reader before it closes frames
	live := IsLive(src)

	// Reader: pulls frames as fast as the source gives them.
	go func() {
		defer close(frames)
		for {
			f, err := src.Next(ctx)
			if err != nil {
				srcErr = err
				return
			}
			p.frames.Add(1)
			if live {
				select {
				case frames <- f:
					continue
				default:
				}
				// The decoder is busy: replace the waiting frame by this one.
				select {
				case <-frames:
					p.dropped.Add(1)
				default:
				}
			}
			select {
			case frames <- f:
			case <-ctx.Done():
				return
			}
		}
	}()

	// Decoder.
	go func() {
		defer close(p.done)
		defer close(p.updates)
		dec := NewDecoder(opts.Decode)
		seen := map[string]time.Time{}
		seq := 0
		for {
			var f Frame
			var ok bool
			select {
			case <-ctx.Done():
				p.err = ctx.Err()
				return
			case f, ok = <-frames:
			}
			if !ok {
				if ctx.Err() != nil {
					p.err = ctx.Err()
				} else if srcErr != nil && !errors.Is(srcErr, io.EOF) {
					p.err = srcErr
				}
				return
			}
			seq++
			u := Update{Seq: seq, Frame: f}
			var codes []Code
			var err error
			if live {
				codes, err = dec.DecodeLive(f)
			} else {
				codes, err = dec.Decode(f)
			}
			p.decoded.Add(1)
			u.Err = err
			now := opts.Now()
			for _, c := range codes {
				fd := NewFound(c)
				u.InView = append(u.InView, fd)
				if last, ok := seen[c.Text]; !ok || now.Sub(last) > opts.Forget {
					u.New = append(u.New, fd)
				}
				seen[c.Text] = now
			}
			for text, last := range seen {
				if now.Sub(last) > opts.Forget {
					delete(seen, text)
				}
			}
			select {
			case p.updates <- u:
			case <-ctx.Done():
				p.err = ctx.Err()
				return
			}
		}
	}()
	return p
}

// Updates returns the channel of per-frame results. It closes when the
// pipeline stops.
func (p *Pipeline) Updates() <-chan Update { return p.updates }

// Wait blocks until the pipeline stops and returns why: nil when the source
// ended, ctx.Err() when cancelled, or the source's error.
func (p *Pipeline) Wait() error {
	<-p.done
	return p.err
}

// Stats returns the counts so far.
func (p *Pipeline) Stats() Stats {
	return Stats{Frames: p.frames.Load(), Decoded: p.decoded.Load(), Dropped: p.dropped.Load()}
}

// ScanImage finds every QR code in one picture (a photo the player
// imported) with all of Decoder's fallbacks (DecodePicture), and decodes
// each as a tag.
func ScanImage(img image.Image) ([]Found, error) {
	f := FrameFromImage(img)
	f.Image = nil // the grey frame is enough: the picture's memory may go
	codes, err := NewDecoder(DecodeOptions{}).DecodePicture(f)
	if err != nil {
		return nil, fmt.Errorf("scan image: %w", err)
	}
	out := make([]Found, len(codes))
	for i, c := range codes {
		out[i] = NewFound(c)
	}
	return out, nil
}

// DecodePicture is Decode for a still picture, which may be far larger
// than a camera frame: a picture of more than ScanPixels is decoded at half
// its size (or a quarter, …) until it has no more. The decoder's passes
// each make frames of the size they decode, so this bounds their memory,
// and a tag that fills a card in a photo of a sheet still has pixels to
// spare. The corners found are in f's own pixels.
func (d *Decoder) DecodePicture(f Frame) ([]Code, error) {
	scale := 1
	for f.Width*f.Height > ScanPixels && f.Width >= 400 && f.Height >= 400 {
		f = f.Downscale2()
		scale *= 2
	}
	codes, err := d.Decode(f)
	if err != nil || scale == 1 {
		return codes, err
	}
	for i := range codes {
		codes[i] = codes[i].scaled(float64(scale))
	}
	return codes, nil
}

// ScanPixels is the most pixels ScanImage decodes a picture at.
const ScanPixels = 12_000_000

// scaled maps a code found in a frame scaled down by k back to the
// frame's own pixels (as Decoder does for its downscale pass).
func (c Code) scaled(k float64) Code {
	back := func(p Point) Point { return Point{X: (p.X+0.5)*k - 0.5, Y: (p.Y+0.5)*k - 0.5} }
	for i := range c.Corners {
		c.Corners[i] = back(c.Corners[i])
	}
	fs := make([]Point, len(c.Finders))
	for i, p := range c.Finders {
		fs[i] = back(p)
	}
	c.Finders = fs
	return c
}
