package screentest

import (
	"bytes"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Fyne's test driver runs fyne.Do and fyne.DoAndWait at once, on the
// goroutine that calls them (fyne.io/fyne/v2/test, driver.go). A shared
// game's client, a host's network connections and the scanner's pipeline
// call them from goroutines of their own: in a test those goroutines drew
// on the screen while the test walked it, and two goroutines shaping text
// at once made the text shaper panic (index out of range).
//
// NewApp's app hands that work to one goroutine, as the real drivers do:
// the test's own, which plays the app's UI goroutine. Work from other
// goroutines waits in a queue until the test lets it run: Pump, Eventually
// and Await, and every finder of this package (Roots) first run what is
// queued, in the order it was handed over. fyne.Do on the test's goroutine
// runs at once, after what is queued, as before.

// NewApp returns a test app (test.NewTempApp) whose UI goroutine is the
// caller's, the test's: fyne.Do and fyne.DoAndWait from any other goroutine
// queue their work for it (see Pump). Work still queued when the test ends
// is dropped, and a DoAndWait waiting for it returns.
func NewApp(t testing.TB) fyne.App {
	t.Helper()
	inner := test.NewTempApp(t)
	d := &serialDriver{Driver: inner.Driver(), ui: goid(), wake: make(chan struct{}, 1)}
	a := &serialApp{App: inner, drv: d}
	fyne.SetCurrentApp(a)
	t.Cleanup(d.close)
	return a
}

// Pump runs the work other goroutines have handed to the UI (fyne.Do,
// fyne.DoAndWait) so far, when called on the UI goroutine of a NewApp app;
// elsewhere, or with another app, it does nothing. It reports whether any
// work ran.
func Pump() bool {
	d := current()
	if d == nil || goid() != d.ui {
		return false
	}
	return d.pump() > 0
}

// Eventually is require.Eventually for the screens: it checks cond on the
// test's goroutine, every tick and whenever work is handed to the UI, and
// runs that work first (Pump), so cond may read and tap the screen. It
// fails the test when cond is still false after waitFor.
func Eventually(t testing.TB, cond func() bool, waitFor, tick time.Duration, msgAndArgs ...any) {
	t.Helper()
	d := current()
	deadline := time.NewTimer(waitFor)
	defer deadline.Stop()
	ticker := time.NewTicker(tick)
	defer ticker.Stop()
	for {
		Pump()
		if cond() {
			return
		}
		select {
		case <-deadline.C:
			Pump()
			if cond() {
				return
			}
			t.Fatalf("condition never satisfied within %v: %s", waitFor, message(msgAndArgs))
		case <-ticker.C:
		case <-d.woken():
		}
	}
}

// Await waits up to timeout for a value from ch, running the work handed
// to the UI meanwhile (Pump): what ch waits for may be that work. It
// fails the test with what when nothing came.
func Await[T any](t testing.TB, ch <-chan T, timeout time.Duration, what string) T {
	t.Helper()
	d := current()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		Pump()
		select {
		case v := <-ch:
			return v
		default:
		}
		select {
		case v := <-ch:
			return v
		case <-deadline.C:
			t.Fatalf("waited %v: %s", timeout, what)
		case <-d.woken():
		}
	}
}

func message(msgAndArgs []any) string {
	if len(msgAndArgs) == 0 {
		return ""
	}
	if f, ok := msgAndArgs[0].(string); ok {
		return fmt.Sprintf(f, msgAndArgs[1:]...)
	}
	return fmt.Sprint(msgAndArgs...)
}

// serialApp is a test app with a serialDriver.
type serialApp struct {
	fyne.App
	drv *serialDriver
}

// Driver returns the app's serialising driver.
func (a *serialApp) Driver() fyne.Driver { return a.drv }

// serialDriver is Fyne's test driver with fyne.Do and fyne.DoAndWait
// handed to one goroutine.
type serialDriver struct {
	fyne.Driver
	ui   uint64        // the UI goroutine: the test's
	wake chan struct{} // gets a value when work is queued

	mu     sync.Mutex
	queue  []job
	closed bool

	pumping bool // only read and written on the UI goroutine
}

// job is work handed to the UI goroutine; done, when not nil, is closed
// once it ran (or was dropped).
type job struct {
	f    func()
	done chan struct{}
}

// DoFromGoroutine runs f at once on the UI goroutine, after the work
// queued before it; from any other goroutine it queues f and, with wait,
// returns once f ran.
func (d *serialDriver) DoFromGoroutine(f func(), wait bool) {
	if goid() == d.ui {
		if !d.pumping {
			d.pump()
		}
		f()
		return
	}
	j := job{f: f}
	if wait {
		j.done = make(chan struct{})
	}
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return // the test is over: nothing draws any more
	}
	d.queue = append(d.queue, j)
	d.mu.Unlock()
	select {
	case d.wake <- struct{}{}:
	default:
	}
	if wait {
		<-j.done
	}
}

// pump runs the queued work in order, on the UI goroutine, including what
// that work queues; it returns how many ran.
func (d *serialDriver) pump() int {
	d.pumping = true
	defer func() { d.pumping = false }()
	n := 0
	for {
		d.mu.Lock()
		if len(d.queue) == 0 {
			d.mu.Unlock()
			return n
		}
		j := d.queue[0]
		d.queue = d.queue[1:]
		d.mu.Unlock()
		func() {
			if j.done != nil {
				defer close(j.done)
			}
			j.f()
		}()
		n++
	}
}

// close drops the work still queued and frees its waiters.
func (d *serialDriver) close() {
	d.mu.Lock()
	d.closed = true
	q := d.queue
	d.queue = nil
	d.mu.Unlock()
	for _, j := range q {
		if j.done != nil {
			close(j.done)
		}
	}
}

// woken is the channel that gets a value when work is queued (nil, which
// never does, without a serialising driver).
func (d *serialDriver) woken() <-chan struct{} {
	if d == nil {
		return nil
	}
	return d.wake
}

// current is the current app's serialising driver, nil when it has none.
func current() *serialDriver {
	a, ok := fyne.CurrentApp().(*serialApp)
	if !ok {
		return nil
	}
	return a.drv
}

// goid is the calling goroutine's id, read from its stack's header
// ("goroutine 18 [running]:"). Go gives no other way; this is for tests.
func goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		b = b[:i]
	}
	id, err := strconv.ParseUint(string(b), 10, 64)
	if err != nil {
		panic("screentest: no goroutine id in " + strconv.Quote(string(buf[:])))
	}
	return id
}
