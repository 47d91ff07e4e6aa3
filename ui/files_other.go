//go:build !js

package ui

import "errors"

// errNotBrowser: downloads and uploads go through file dialogs outside the
// browser (see files_js.go).
var errNotBrowser = errors.New("only the web app downloads and uploads files")

func browserDownload(string, string, []byte) error { return errNotBrowser }

func browserUpload(_ string, _ bool, fn func(string, []byte, error)) {
	go fn("", nil, errNotBrowser)
}
