//go:build js

package ui

import (
	"errors"
	"syscall/js"
)

// browserDownload hands data to the browser as a download named name.
func browserDownload(name, mime string, data []byte) error {
	doc := js.Global().Get("document")
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	parts := js.Global().Get("Array").New(arr)
	opts := js.Global().Get("Object").New()
	opts.Set("type", mime)
	blob := js.Global().Get("Blob").New(parts, opts)
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	js.Global().Call("setTimeout", js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		return nil
	}), 60000)
	return nil
}

// browserUpload asks the browser for a file (accept: the input's accept
// list; capture: open the camera on a phone) and calls fn with its name
// and bytes, from a new goroutine, unless the person cancels.
func browserUpload(accept string, capture bool, fn func(name string, data []byte, err error)) {
	doc := js.Global().Get("document")
	in := doc.Call("createElement", "input")
	in.Set("type", "file")
	in.Set("accept", accept)
	if capture {
		in.Call("setAttribute", "capture", "environment")
	}
	in.Get("style").Set("display", "none")
	var onChange js.Func
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		defer onChange.Release()
		files := in.Get("files")
		in.Call("remove")
		if files.Length() == 0 {
			return nil
		}
		f := files.Index(0)
		name := f.Get("name").String()
		var then, fail js.Func
		then = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer then.Release()
			defer fail.Release()
			arr := js.Global().Get("Uint8Array").New(args[0])
			b := make([]byte, arr.Length())
			js.CopyBytesToGo(b, arr)
			go fn(name, b, nil)
			return nil
		})
		fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer then.Release()
			defer fail.Release()
			go fn(name, nil, errors.New("the browser could not read the file"))
			return nil
		})
		f.Call("arrayBuffer").Call("then", then, fail)
		return nil
	})
	in.Call("addEventListener", "change", onChange)
	doc.Get("body").Call("appendChild", in)
	in.Call("click")
}
