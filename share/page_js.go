//go:build js

package share

import "syscall/js"

// pageSecure reports whether the page runs over https (a phone that
// opened the host's https link): the invitation it shows is then the
// https link too.
func pageSecure() bool {
	loc := js.Global().Get("location")
	return loc.Truthy() && loc.Get("protocol").String() == "https:"
}
