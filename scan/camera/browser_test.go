package camera

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// causes are every error a screen tells apart.
var causes = []error{ErrInsecure, ErrDenied, ErrNoCameraAPI, ErrPermission, ErrNoCamera, ErrBusy, ErrUnsupported, ErrNoMode}

// only asserts that err is want and none of the other causes.
func only(t *testing.T, err, want error) {
	t.Helper()
	for _, c := range causes {
		assert.Equal(t, c == want, errors.Is(err, c), "%v is %v: %v", err, c, c == want)
	}
}

// TestPageProblem: a page over plain http on a network address is not a
// secure context and has no navigator.mediaDevices: that is ErrInsecure,
// never a refused permission.
func TestPageProblem(t *testing.T) {
	tests := []struct {
		name          string
		secure, gum   bool
		want          error
		wantNoProblem bool
	}{
		{name: "http on a LAN address", secure: false, gum: false, want: ErrInsecure},
		{name: "https without getUserMedia", secure: true, gum: false, want: ErrNoCameraAPI},
		{name: "https with getUserMedia", secure: true, gum: true, wantNoProblem: true},
		{name: "localhost over http (secure) with getUserMedia", secure: true, gum: true, wantNoProblem: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := pageProblem(tc.secure, tc.gum)
			if tc.wantNoProblem {
				assert.NoError(t, err)
				return
			}
			only(t, err, tc.want)
		})
	}
}

// TestDOMProblem maps the browser's refusals to their true causes.
func TestDOMProblem(t *testing.T) {
	tests := []struct {
		name, msg string
		want      error
	}{
		{"NotAllowedError", "Permission denied", ErrDenied},
		{"NotAllowedError", "Permission dismissed", ErrDenied},
		{"NotAllowedError", "Permission denied by system", ErrPermission},
		{"SecurityError", "The operation is insecure.", ErrNoCameraAPI},
		{"NotFoundError", "Requested device not found", ErrNoCamera},
		{"OverconstrainedError", "", ErrNoCamera},
		{"NotReadableError", "Could not start video source", ErrBusy},
		{"AbortError", "Starting videoinput failed", ErrBusy},
		{"TypeError", "odd", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name+" "+tc.msg, func(t *testing.T) {
			err := domProblem(tc.name, tc.msg)
			only(t, err, tc.want)
			assert.Contains(t, err.Error(), tc.name, "the browser's words stay in the chain")
		})
	}
}
