//go:build js

package ui

import "io/fs"

// appBuildHint is the command that builds the web app; a browser does not
// host games, so it serves none.
const appBuildHint = "go generate ./webapp"

// appBundle is nil in the browser: it cannot host a game.
func appBundle() fs.FS { return nil }
