//go:build js

package main

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"syscall/js"

	"fyne.io/fyne/v2"

	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui"
)

// appID identifies the app to the browser's storage (the desktop's is
// cli.AppID; the headless commands are left out of the WebAssembly).
const appID = "app.tableops.companion"

// runHeadless runs nothing: a browser page has no command line.
func runHeadless([]string) (int, bool) { return 0, false }

// openStore opens the saved games kept in the browser (IndexedDB).
func openStore(fyne.App) (*store.Store, error) {
	return store.OpenDefault(context.Background(), "", store.Options{Seeds: tracker.CryptoSeeds{}})
}

// startPlatform joins the game the page's link names, if any, and gives
// the garbage collector back its usual pace once the app has drawn.
func startPlatform(sh *ui.Shell) {
	ui.StartBrowser(sh)
	afterFirstFrame(func() {
		startMark("tableops-drawn")
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		js.Global().Get("console").Call("log", fmt.Sprintf("tableops: first frame: heap %d MB in use, %d MB allocated since the start, %d MB from the system, %d collections", ms.HeapInuse>>20, ms.TotalAlloc>>20, ms.Sys>>20, ms.NumGC))
		// The page starts Go with the collector off (GOGC=off, bounded
		// by GOMEMLIMIT): the start allocates a lot that lives on.
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

// startMark records a step of the start as a performance mark of the
// page (the start-up budget test reads them).
func startMark(name string) {
	if p := js.Global().Get("performance"); p.Truthy() && p.Get("mark").Truthy() {
		p.Call("mark", name)
	}
}

// afterFirstFrame runs f once the page has shown the app's first frame:
// the app draws its first frame once it runs, and the browser shows a
// frame between two animation frames.
func afterFirstFrame(f func()) {
	raf := js.Global().Get("requestAnimationFrame")
	if !raf.Truthy() {
		f()
		return
	}
	frames := 0
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any {
		// Frames before the canvas exists are not the app's.
		if js.Global().Get("document").Call("querySelector", "canvas").Truthy() {
			frames++
		}
		if frames < 3 {
			raf.Invoke(cb)
			return nil
		}
		cb.Release()
		go f()
		return nil
	})
	raf.Invoke(cb)
}
