//go:build !js

package ui

// inBrowser is true in the web build (see platform_js.go).
const inBrowser = false
