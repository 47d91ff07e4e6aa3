//go:build !js

package ui

// idleCollector does nothing outside a browser page: there the collector
// marks on other threads while the app runs (see idlegc.go).
type idleCollector struct{}

// request does nothing.
func (*idleCollector) request() {}
