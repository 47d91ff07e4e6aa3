//go:build !js

package share

// pageSecure reports whether the page runs over https: never outside a
// browser (the desktop app joins over plain http, which the host's port
// answers beside https).
func pageSecure() bool { return false }
