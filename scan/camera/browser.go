package camera

import (
	"errors"
	"fmt"
	"strings"
)

// Why a browser page cannot have the live camera. Each is its own error, so
// that the screen says the true cause (a page over plain http is not
// refused by anybody: the browser never offers it a camera) and never sends
// the player to settings that are not the cause.
var (
	// ErrInsecure reports a page that is not a secure context (plain http
	// on a network address): browsers keep the camera closed to it, with
	// no question asked. A photo taken with the phone's camera app works.
	ErrInsecure = errors.New("this connection is not secure, so the browser keeps the camera closed")
	// ErrDenied reports that the browser refused this page the camera:
	// the person said no, or the site's camera setting is "block".
	ErrDenied = errors.New("the browser refused this page the camera")
	// ErrNoCameraAPI reports a secure page whose browser offers web pages
	// no camera at all (an old browser, an app's built-in viewer, or a
	// browser setting that turns cameras off for pages).
	ErrNoCameraAPI = errors.New("this browser offers web pages no camera")
)

// pageProblem says why a browser page may not ask for a camera, from what
// the page knows: whether it is a secure context, and whether the browser
// gives it navigator.mediaDevices.getUserMedia. nil: it may ask.
func pageProblem(secure, hasGetUserMedia bool) error {
	switch {
	case hasGetUserMedia:
		return nil
	case !secure:
		return ErrInsecure
	}
	return ErrNoCameraAPI
}

// domProblem maps an error the browser gave getUserMedia or
// enumerateDevices (a DOMException's name and message) to the package's
// errors, keeping the browser's words in the chain.
func domProblem(name, msg string) error {
	err := fmt.Errorf("%s: %s", name, msg)
	switch name {
	case "NotAllowedError":
		// Chrome says "Permission denied by system" when the phone's or
		// the computer's own settings keep the camera from the browser.
		if strings.Contains(strings.ToLower(msg), "by system") {
			return fmt.Errorf("%w: %w", ErrPermission, err)
		}
		return fmt.Errorf("%w: %w", ErrDenied, err)
	case "SecurityError":
		// Cameras are turned off for pages (a browser setting or the
		// page's policy): nobody was asked.
		return fmt.Errorf("%w: %w", ErrNoCameraAPI, err)
	case "NotFoundError", "OverconstrainedError", "DevicesNotFoundError":
		return fmt.Errorf("%w: %w", ErrNoCamera, err)
	case "NotReadableError", "AbortError", "TrackStartError":
		return fmt.Errorf("%w: %w", ErrBusy, err)
	}
	return err
}
