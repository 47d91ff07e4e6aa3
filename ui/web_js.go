//go:build js

package ui

import (
	"encoding/json"
	"syscall/js"
	"time"

	"fyne.io/fyne/v2"
)

// StartBrowser starts what the web app does in a browser page, once the app
// runs: it joins the game its link names ("#join=CODE" on the page of the
// host that shares it), and it installs the page's automation hook (which
// describes the screen only when asked: at the start, before the first
// frame, describing it cost a noticeable part of a phone's start).
func StartBrowser(sh *Shell) {
	sh.app.Lifecycle().SetOnStarted(func() {
		loc := js.Global().Get("location")
		if code, ok := joinCodeFromHash(loc.Get("hash").String()); ok {
			sh.joinLink(loc.Get("host").String(), code, sh.publish)
		}
	})
	// window.tableopsAutomation.refresh() asks the app to describe its
	// screen; the answer appears in window.tableopsScreen (JSON) soon after,
	// with the device's seat in window.tableopsSeat.
	hook := js.Global().Get("Object").New()
	hook.Set("refresh", js.FuncOf(func(js.Value, []js.Value) any {
		go fyne.Do(sh.publish)
		return nil
	}))
	// window.tableopsAutomation.redraw() asks the app to draw its screen
	// again unchanged, then tells window.tableopsOnShown as a change
	// does: the page times what drawing the screen costs by itself.
	hook.Set("redraw", js.FuncOf(func(js.Value, []js.Value) any {
		go fyne.Do(func() {
			c := sh.win.Canvas()
			c.Refresh(c.Content())
			if sh.shown != nil {
				sh.shown(0)
			}
		})
		return nil
	}))
	js.Global().Set("tableopsAutomation", hook)
	// window.tableopsOnShown(seq, ms), when the page defines it, is called
	// each time the open game's screen has shown a new state: the log
	// position shown and the milliseconds showing it took. The frame the
	// page draws next holds the change.
	sh.shown = func(took time.Duration) {
		if f := js.Global().Get("tableopsOnShown"); f.Type() == js.TypeFunction {
			f.Invoke(sh.gameSeq(), float64(took.Microseconds())/1000)
		}
	}
}

// publish writes the automation hook's description of the screen.
func (sh *Shell) publish() {
	b, err := json.Marshal(map[string]any{
		"objects": sh.screenObjects(),
		"scale":   sh.win.Canvas().Scale(),
		"seat":    sh.seat(),
		"title":   sh.win.Title(),
		"seq":     sh.gameSeq(),
	})
	if err != nil {
		return
	}
	js.Global().Set("tableopsScreen", string(b))
}
