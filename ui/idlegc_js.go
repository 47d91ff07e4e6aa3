//go:build js

package ui

import (
	"runtime"
	"syscall/js"
)

// idleCollector runs the garbage collector when the page is idle after a
// change the game screen showed (see idlegc.go): requestIdleCallback
// calls back once the page has drawn its frames and has no event waiting.
//
// The page's window.tableopsGC notes when each collection ended (the
// page's performance.now(), in the list ends) and how many ran in an idle
// moment (idle): TestMeasureActionLatency reads them to tell a collection
// from other work that delayed a tap.
type idleCollector struct {
	pending bool
	cb      js.Func
	idle    int
	noted   bool
}

// request asks for a collection in the page's next idle moment, if enough
// garbage is there by then; a request already waiting counts for this one.
func (c *idleCollector) request() {
	if !c.noted {
		c.noted = true
		noteCollections()
	}
	ric := js.Global().Get("requestIdleCallback")
	if c.pending || ric.Type() != js.TypeFunction {
		return
	}
	if c.cb.IsUndefined() {
		c.cb = js.FuncOf(func(js.Value, []js.Value) any {
			c.pending = false
			if worthCollecting() {
				runtime.GC()
				c.idle++
				js.Global().Get("tableopsGC").Set("idle", c.idle)
			}
			return nil
		})
	}
	c.pending = true
	ric.Invoke(c.cb)
}

// gcSentinel is garbage whose finalizer notes the end of the collection
// that found it, then leaves a new one for the next.
type gcSentinel struct{ _ [16]byte }

// noteCollections starts noting, in window.tableopsGC.ends, when each
// collection ends.
func noteCollections() {
	w := js.Global()
	note := w.Get("Object").New()
	note.Set("ends", w.Get("Array").New())
	note.Set("idle", 0)
	w.Set("tableopsGC", note)
	var arm func()
	arm = func() {
		s := new(gcSentinel)
		runtime.SetFinalizer(s, func(*gcSentinel) {
			w.Get("tableopsGC").Get("ends").Call("push", w.Get("performance").Call("now"))
			arm()
		})
	}
	arm()
}
