//go:build js

package ui

// inBrowser is true in the web build: the app runs in a browser page,
// which cannot host a game or look for games on the network.
const inBrowser = true
