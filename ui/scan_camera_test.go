package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan/camera"
	"tableops/ui/screen/screentest"
)

// TestScanTellsWhyTheCameraCannotBeHad: where the live camera cannot be
// had, the scanner says the true cause, in words for that cause (a page
// over plain http is refused by nobody, so it never sends the player to
// the system settings), and puts the photo first: in a browser "Take a
// photo of the card", the file input that opens the phone's camera.
func TestScanTellsWhyTheCameraCannotBeHad(t *testing.T) {
	cam := []camera.Device{{ID: "back", Label: "back", Name: "Back camera"}}
	tests := []struct {
		name     string
		cams     *fakeCameras
		tapStart bool
		want     []string
		never    []string
		photo    string
		camOffer bool
	}{
		{name: "browser over plain http", cams: &fakeCameras{page: true, err: fmt.Errorf("list cameras: %w", camera.ErrInsecure)},
			want:  []string{"This connection is not secure (plain http), so the browser keeps the camera closed", "Take a photo of the card instead."},
			never: []string{"system settings", "did not allow", "Allow it", "Import a photo"}, photo: "Take a photo of the card"},
		{name: "browser refused the page", cams: &fakeCameras{page: true, devs: cam, openErr: fmt.Errorf("open camera: %w", camera.ErrDenied)}, tapStart: true,
			want:  []string{"The browser was told not to let this page use the camera", "allow the camera for this site in the browser", "Take a photo of the card instead."},
			never: []string{"system settings", "not secure"}, photo: "Take a photo of the card", camOffer: true},
		{name: "system keeps the camera from the browser", cams: &fakeCameras{page: true, devs: cam, openErr: fmt.Errorf("open camera: %w", camera.ErrPermission)}, tapStart: true,
			want:  []string{"The device's own settings keep the camera from this browser", "system settings", "Take a photo of the card instead."},
			never: []string{"not secure", "for this site"}, photo: "Take a photo of the card", camOffer: true},
		{name: "browser without a camera for pages", cams: &fakeCameras{page: true, err: fmt.Errorf("list cameras: %w", camera.ErrNoCameraAPI)},
			want:  []string{"This browser offers web pages no camera.", "Take a photo of the card instead."},
			never: []string{"settings", "not secure"}, photo: "Take a photo of the card"},
		{name: "phone without a camera", cams: &fakeCameras{page: true, err: fmt.Errorf("list cameras: %w", camera.ErrNoCamera)},
			want:  []string{"No camera found on this device.", "Take a photo of the card instead."},
			never: []string{"settings", "not secure"}, photo: "Take a photo of the card"},
		{name: "desktop without a camera", cams: &fakeCameras{},
			want:  []string{"No camera found on this device. Import a photo of your cards instead."},
			never: []string{"settings", "not secure", "Take a photo"}, photo: "Import a photo"},
		{name: "desktop refused by the system", cams: &fakeCameras{err: fmt.Errorf("list cameras: %w", camera.ErrPermission)},
			want:  []string{"did not allow the app to use the camera. Allow it in the system settings.", "Import a photo of your cards instead."},
			never: []string{"not secure", "browser"}, photo: "Import a photo"},
		{name: "desktop build without cameras", cams: &fakeCameras{err: camera.ErrUnsupported},
			want:  []string{"This version of the app cannot use a camera here."},
			never: []string{"settings"}, photo: "Import a photo"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sh, _ := newTestShell(t, 390, 844)
			v := sh.openScanner(nil, tc.cams)
			settleScanner(t, v)
			if tc.tapStart {
				assert.Same(t, v.photoBtn, v.tools.Objects[0], "a camera is offered: the photo stays below it")
				test.Tap(screentest.Button(t, v.win, "Start camera"))
				settleScanner(t, v)
			}
			text := screentest.ScreenText(v.win)
			for _, w := range tc.want {
				assert.Contains(t, text, w)
			}
			for _, n := range tc.never {
				assert.NotContains(t, text, n)
			}
			assert.Equal(t, tc.camOffer, v.camBox.Visible())

			// The photo comes first: right under the reason, highlighted,
			// above the preview and the camera's controls.
			b := screentest.Button(t, v.win, tc.photo)
			require.Same(t, v.photoBtn, b)
			require.Len(t, v.first.Objects, 1)
			assert.Same(t, b, v.first.Objects[0])
			assert.Equal(t, widget.HighImportance, b.Importance)
			d := fyne.CurrentApp().Driver()
			assert.Less(t, d.AbsolutePositionForObject(b).Y, d.AbsolutePositionForObject(v.preview).Y, "the photo is above the preview")
			assert.Less(t, d.AbsolutePositionForObject(b).Y, d.AbsolutePositionForObject(v.status).Y+v.status.Size().Height+40, "right under the reason")
			if tc.camOffer {
				assert.Less(t, d.AbsolutePositionForObject(b).Y, d.AbsolutePositionForObject(v.camBtn).Y, "above Start camera")
			}
			v.dismiss()
		})
	}
}
