//go:build js && wasm

package camera

import (
	"errors"
	"fmt"
	"image"
	"io"
	"sync"
	"syscall/js"
	"time"
)

// In the browser the camera is the page's getUserMedia: the back camera
// when there is one, at the size asked for. Each frame is drawn from a
// video element to a canvas and its luma computed from the pixels.

// Supported reports whether this build can use cameras.
const Supported = true

// backCamera is the Device ID that asks the browser for the camera facing
// away from the person (the one a phone scans cards with).
const backCamera = "back"

// await waits for a JavaScript promise; it must not run on the page's event
// loop (call it from a goroutine, as the scanner does).
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		var v js.Value
		if len(args) > 0 {
			v = args[0]
		}
		ch <- result{v: v}
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		err := errors.New("the browser refused")
		if len(args) > 0 {
			err = jsError(args[0])
		}
		ch <- result{err: err}
		return nil
	})
	p.Call("then", ok, fail)
	r := <-ch
	ok.Release()
	fail.Release()
	return r.v, r.err
}

// domError is an error the browser gave, with its name (NotAllowedError, ...).
type domError struct{ name, msg string }

func (e domError) Error() string { return e.name + ": " + e.msg }

func jsError(v js.Value) error {
	if v.Type() != js.TypeObject {
		return errors.New(v.String())
	}
	return domError{name: v.Get("name").String(), msg: v.Get("message").String()}
}

// classifyDOM maps getUserMedia's errors to the package's (domProblem).
func classifyDOM(err error) error {
	var d domError
	if !errors.As(err, &d) {
		return err
	}
	return domProblem(d.name, d.msg)
}

// mediaDevices returns navigator.mediaDevices, or why the page may not
// ask for a camera: browsers offer cameras only to secure pages (https,
// or localhost), so a page over plain http on a network address is
// ErrInsecure, and a secure page without the API is ErrNoCameraAPI.
func mediaDevices() (js.Value, error) {
	g := js.Global()
	secure := g.Get("isSecureContext").Truthy()
	md := g.Get("navigator").Get("mediaDevices")
	has := !md.IsUndefined() && !md.IsNull() && md.Get("getUserMedia").Type() == js.TypeFunction
	if err := pageProblem(secure, has); err != nil {
		return js.Value{}, err
	}
	return md, nil
}

// Devices lists the cameras the browser offers, the back camera first.
// Before the person allowed the camera their names may be empty.
func Devices() ([]Device, error) {
	md, err := mediaDevices()
	if err != nil {
		return nil, fmt.Errorf("list cameras: %w", err)
	}
	list, err := await(md.Call("enumerateDevices"))
	if err != nil {
		return nil, fmt.Errorf("list cameras: %w", classifyDOM(err))
	}
	out := []Device{{ID: backCamera, Label: backCamera, Name: "Back camera"}}
	n := 0
	for i := 0; i < list.Length(); i++ {
		d := list.Index(i)
		if d.Get("kind").String() != "videoinput" {
			continue
		}
		n++
		name := d.Get("label").String()
		if name == "" {
			name = fmt.Sprintf("Camera %d", n)
		}
		id := d.Get("deviceId").String()
		if id != "" {
			out = append(out, Device{ID: id, Label: id, Name: name})
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("list cameras: %w", ErrNoCamera)
	}
	return out, nil
}

// Open asks the browser for the camera (the back camera unless cfg.Device
// names another) at the size nearest to cfg. The person may be asked to
// allow it first.
func Open(cfg Config) (*Source, error) {
	md, err := mediaDevices()
	if err != nil {
		return nil, fmt.Errorf("open camera: %w", err)
	}
	w, h := cfg.Width, cfg.Height
	if w <= 0 || h <= 0 {
		w, h = 1280, 720
	}
	fps := cfg.FPS
	if fps <= 0 {
		fps = 30
	}
	obj := js.Global().Get("Object")
	video := obj.New()
	video.Set("width", map[string]any{"ideal": w})
	video.Set("height", map[string]any{"ideal": h})
	video.Set("frameRate", map[string]any{"ideal": fps})
	if cfg.Device == "" || cfg.Device == backCamera {
		video.Set("facingMode", map[string]any{"ideal": "environment"})
	} else {
		video.Set("deviceId", map[string]any{"exact": cfg.Device})
	}
	constraints := obj.New()
	constraints.Set("video", video)
	constraints.Set("audio", false)
	stream, err := await(md.Call("getUserMedia", constraints))
	if err != nil {
		return nil, fmt.Errorf("open camera: %w", classifyDOM(err))
	}
	tracks := stream.Call("getVideoTracks")
	if tracks.Length() == 0 {
		return nil, fmt.Errorf("open camera: %w", ErrNoCamera)
	}
	track := tracks.Index(0)
	set := track.Call("getSettings")
	dev := Device{ID: backCamera, Label: backCamera, Name: track.Get("label").String()}
	if id := set.Get("deviceId"); id.Type() == js.TypeString && cfg.Device != "" && cfg.Device != backCamera {
		dev.ID, dev.Label = id.String(), id.String()
	}

	doc := js.Global().Get("document")
	el := doc.Call("createElement", "video")
	el.Set("muted", true)
	el.Set("playsInline", true)
	el.Call("setAttribute", "playsinline", "")
	el.Set("srcObject", stream)
	if _, err := await(el.Call("play")); err != nil {
		stopStream(stream)
		return nil, fmt.Errorf("open camera: %w", classifyDOM(err))
	}
	g := &grabber{stream: stream, video: el, canvas: doc.Call("createElement", "canvas"), every: time.Duration(float64(time.Second) / float64(fps))}
	opts := obj.New()
	opts.Set("willReadFrequently", true)
	g.ctx = g.canvas.Call("getContext", "2d", opts)
	mode := Mode{Width: el.Get("videoWidth").Int(), Height: el.Get("videoHeight").Int(), Format: "RGBA"}
	if fr := set.Get("frameRate"); fr.Type() == js.TypeNumber {
		mode.FPS = float32(fr.Float())
	}
	return &Source{device: dev, mode: mode, read: g.read, close: g.close, now: time.Now}, nil
}

func stopStream(stream js.Value) {
	tracks := stream.Call("getTracks")
	for i := 0; i < tracks.Length(); i++ {
		tracks.Index(i).Call("stop")
	}
}

// grabber reads frames of a playing video element.
type grabber struct {
	mu     sync.Mutex
	stream js.Value
	video  js.Value
	canvas js.Value
	ctx    js.Value
	every  time.Duration
	last   time.Time
	rgba   []byte
	closed bool
}

// read waits for the camera's next frame and returns its luma.
func (g *grabber) read() (image.Image, func(), error) {
	if wait := g.every - time.Since(g.last); wait > 0 {
		time.Sleep(wait)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return nil, nil, io.EOF
	}
	g.last = time.Now()
	if ended := g.stream.Call("getVideoTracks"); ended.Length() == 0 || ended.Index(0).Get("readyState").String() == "ended" {
		return nil, nil, fmt.Errorf("%w: the camera stopped", ErrNoCamera)
	}
	w, h := g.video.Get("videoWidth").Int(), g.video.Get("videoHeight").Int()
	if w <= 0 || h <= 0 {
		return nil, nil, errors.New("the camera sent no picture yet")
	}
	if g.canvas.Get("width").Int() != w || g.canvas.Get("height").Int() != h {
		g.canvas.Set("width", w)
		g.canvas.Set("height", h)
	}
	g.ctx.Call("drawImage", g.video, 0, 0, w, h)
	data := g.ctx.Call("getImageData", 0, 0, w, h).Get("data")
	if cap(g.rgba) < w*h*4 {
		g.rgba = make([]byte, w*h*4)
	}
	g.rgba = g.rgba[:w*h*4]
	js.CopyBytesToGo(g.rgba, data)
	grey := image.NewGray(image.Rect(0, 0, w, h))
	lumaFromRGBA(grey.Pix, g.rgba)
	return grey, nil, nil
}

func (g *grabber) close() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return nil
	}
	g.closed = true
	stopStream(g.stream)
	g.video.Set("srcObject", js.Null())
	return nil
}
