package ui

import (
	"bytes"
	"context"
	"errors"
	"image"
	_ "image/gif"  // photos the player imports
	_ "image/jpeg" // photos the player imports
	_ "image/png"  // photos the player imports
	"io"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/scan"
	"tableops/scan/camera"
	"tableops/scan/cards"
	"tableops/ui/screen"
)

// cameraAccess lists and opens cameras; tests give a fake one.
type cameraAccess interface {
	devices() ([]camera.Device, error)
	open(cfg camera.Config) (scan.Source, error)
	// inPage reports whether the cameras are a browser page's: the
	// reasons a camera cannot be had, and the way around it (a photo
	// taken with the phone's camera), are the browser's.
	inPage() bool
}

// systemCameras are the machine's cameras (scan/camera).
type systemCameras struct{}

func (systemCameras) devices() ([]camera.Device, error) { return camera.Devices() }

func (systemCameras) inPage() bool { return inBrowser }

func (systemCameras) open(cfg camera.Config) (scan.Source, error) {
	src, err := camera.Open(cfg)
	if err != nil {
		return nil, err
	}
	return src, nil
}

// Preferences that remember the camera chosen last (its stable label) and
// the picture size.
const (
	prefScanCamera     = "scan.camera"
	prefScanResolution = "scan.resolution"
)

// Camera resolutions offered; the camera's nearest mode is used.
var scanResolutions = []struct {
	label string
	w, h  int
}{{"640 × 480", 640, 480}, {"1280 × 720", 1280, 720}, {"1920 × 1080", 1920, 1080}}

// scannerView is the scanner screen: a live camera preview (or an imported
// photo) with the codes found outlined and numbered, and below it a card
// for each tag saying what it is, with its action one tap away.
type scannerView struct {
	sh *Shell
	// win is the scanner's own window, or the main window when the
	// scanner is a page over it (on a phone).
	win  fyne.Window
	page *page
	// uses are what the scanner was opened for: each tag of a use's kind
	// gets its action, the first use's highlighted.
	uses []*screen.ScanUse
	// inGame is set when the game bar opened it: it stays in the game.
	inGame bool
	cams   cameraAccess
	cat    *reference.Catalog

	preview  *scanPreview
	found    *fyne.Container
	entries  []*scanEntry
	status   *widget.Label
	camBox   *fyne.Container
	device   *widget.Select
	res      *widget.Select
	camBtn   *widget.Button
	photoBtn *widget.Button
	// first holds the photo button, under the reason, when the live
	// camera cannot be had; tools holds it (and Done) otherwise.
	first, tools *fyne.Container
	devs         []camera.Device

	// run is the camera pipeline in progress (nil when stopped).
	run *scanRun
	// closed is set when the window is gone: late results are dropped.
	closed bool
	// settled gets a value each time a background step has finished
	// updating the screen (tests wait on it).
	settled chan struct{}
}

// scanRun is one camera session: cancelling ctx stops the pipeline, which
// then closes the source.
type scanRun struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// scanEntry is one tag found in this session.
type scanEntry struct {
	text string
	card cards.Card
	err  error
	box  *fyne.Container
}

// scannerRoot is the scanner window's content; it lets tests and the shell
// find an open scanner among the app's windows.
type scannerRoot struct {
	widget.BaseWidget
	v    *scannerView
	body fyne.CanvasObject
}

func (r *scannerRoot) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.body) }

// scanCards opens the scanner. With use nil it names each tag and offers
// what fits it (open the card in the catalog, join a shared game, record a
// Borg command card in the open game's log); with a use, tags of its kind
// also get its action.
func (sh *Shell) scanCards(use *screen.ScanUse) { sh.openScanner(use, systemCameras{}) }

// scanner returns the open scanner screen, or nil.
func (sh *Shell) scanner() *scannerView {
	for _, p := range sh.pages {
		if r, ok := p.body.(*scannerRoot); ok {
			return r.v
		}
	}
	for _, w := range sh.app.Driver().AllWindows() {
		if r, ok := w.Content().(*scannerRoot); ok && r.v.sh == sh {
			return r.v
		}
	}
	return nil
}

// openScanner opens the scanner (one per app: an open one is closed and
// replaced, since its purpose may differ): a window of its own beside a
// wide window; on a phone-sized window it takes the whole window, with
// Close to return where the player was.
func (sh *Shell) openScanner(use *screen.ScanUse, cams cameraAccess) *scannerView {
	var uses []*screen.ScanUse
	if use != nil {
		uses = append(uses, use)
	}
	return sh.openScannerFor(uses, false, cams)
}

// openScannerFor opens the scanner for several uses (see openScanner);
// inGame says that the game bar opened it.
func (sh *Shell) openScannerFor(uses []*screen.ScanUse, inGame bool, cams cameraAccess) *scannerView {
	if old := sh.scanner(); old != nil {
		old.dismiss()
	}
	v := &scannerView{sh: sh, uses: uses, inGame: inGame, cams: cams, settled: make(chan struct{}, 64)}
	v.cat, _ = sh.loadCatalog() // nil: self-describing tags still work
	v.build()
	title := lang.X("scan.scan_a_card", "Scan a card")
	if sh.phoneSized() {
		v.win = sh.win
		root := &scannerRoot{v: v, body: v.content(false)}
		root.ExtendBaseWidget(root)
		v.page = sh.pushPage(title, root, v.close)
	} else {
		v.win = sh.app.NewWindow(title)
		root := &scannerRoot{v: v, body: v.content(true)}
		root.ExtendBaseWidget(root)
		v.win.SetContent(root)
		v.win.SetOnClosed(v.close)
		v.win.Resize(sh.windowSize(phoneWidth, phoneHeight)) // a phone held upright, as the main window; a whole phone screen in a browser (platform_*.go)
		v.win.Show()
	}
	v.findCameras()
	return v
}

// dismiss closes the scanner's window, or its page over the main window.
func (v *scannerView) dismiss() {
	if v.page != nil {
		v.sh.closePage(v.page)
		return
	}
	v.win.Close()
}

func (v *scannerView) build() {
	v.preview = newScanPreview()
	empty := screen.WrapLabel(lang.X("scan.the_tags_found_show", "The tags found show here, newest first, with what each one is and what you can do with it."))
	empty.SizeName = theme.SizeNameCaptionText
	v.found = container.NewVBox(empty)
	v.status = screen.WrapLabel("")
	v.device = widget.NewSelect(nil, nil)
	v.device.PlaceHolder = lang.X("scan.camera", "Camera")
	names := make([]string, len(scanResolutions))
	for i, r := range scanResolutions {
		names[i] = r.label
	}
	v.res = widget.NewSelect(names, nil)
	v.res.SetSelectedIndex(1)
	v.camBtn = widget.NewButtonWithIcon(lang.X("scan.start_camera", "Start camera"), theme.MediaVideoIcon(), v.toggleCamera)
	v.camBtn.Importance = widget.HighImportance
	v.camBox = container.NewVBox(v.device, screen.FitGrid(2, v.res, v.camBtn))
	v.camBox.Hide()
	v.photoBtn = widget.NewButtonWithIcon(photoLabel(v.cams.inPage()), theme.FileImageIcon(), v.choosePhoto)
	v.first = container.NewVBox()
	v.tools = screen.FitGrid(2, v.photoBtn)
}

// photoLabel names the photo button: in a browser it opens the phone's
// camera (a file input that takes a picture), which works over any
// connection; on a desktop it imports a picture file.
func photoLabel(browser bool) string {
	if browser {
		return lang.X("scan.take_a_photo", "Take a photo of the card")
	}
	return lang.X("scan.import_a_photo", "Import a photo")
}

// photoFirst puts the photo button first, right under the reason the live
// camera cannot be had, as the way to scan now; or back beside Done.
func (v *scannerView) photoFirst(first bool) {
	if first {
		v.tools.Remove(v.photoBtn)
		v.photoBtn.Importance = widget.HighImportance
		screen.SetObjects(v.first, []fyne.CanvasObject{v.photoBtn})
	} else {
		v.first.RemoveAll()
		v.photoBtn.Importance = widget.MediumImportance
		if len(v.tools.Objects) == 0 || v.tools.Objects[0] != v.photoBtn {
			v.tools.Objects = append([]fyne.CanvasObject{v.photoBtn}, v.tools.Objects...)
		}
		v.tools.Refresh()
	}
	v.photoBtn.Refresh()
}

// content is the scanner screen; titled in a window of its own (a page
// over the main window has the title in its bar).
func (v *scannerView) content(titled bool) fyne.CanvasObject {
	top := container.NewVBox()
	if titled {
		top.Add(screen.Heading(lang.X("scan.scan_a_card", "Scan a card")))
	}
	intro := lang.X("scan.intro", "Hold a card's tag up to the camera, or import a photo of your cards.")
	switch {
	case len(v.uses) == 1:
		intro = lang.X("scan.intro_use", "Hold the card's tag up to the camera, or use a photo of it. Then tap “{{.Label}}”.", map[string]any{"Label": v.uses[0].Label})
	case v.inGame:
		intro = lang.X("scan.intro_game", "Hold a card's tag up to the camera, or use a photo of it: what it is shows below, with what it does in this game. Close comes back to the game.")
	}
	l := screen.WrapLabel(intro)
	l.SizeName = theme.SizeNameCaptionText
	top.Add(l)
	top.Add(v.status)
	top.Add(v.first)
	if titled { // a page over the main window has Close in its bar
		v.tools.Add(widget.NewButtonWithIcon(lang.X("common.done", "Done"), theme.ConfirmIcon(), v.dismiss))
	}
	bottom := container.NewVBox(v.camBox, v.tools)
	list := container.NewVScroll(v.found)
	return screen.Padded(container.NewBorder(top, bottom, nil, nil, container.NewGridWithRows(2, v.preview, list)))
}

// say shows a message under the heading (in red when isErr).
func (v *scannerView) say(msg string, isErr bool) {
	v.status.SetText(msg)
	v.status.Importance = widget.MediumImportance
	if isErr {
		v.status.Importance = widget.DangerImportance
	}
	v.status.Refresh()
}

// settle reports a finished background step without blocking.
func (v *scannerView) settle() {
	select {
	case v.settled <- struct{}{}:
	default:
	}
}

// findCameras lists the cameras off the UI goroutine (the system scan may
// take a moment) and offers them, or says why there are none.
func (v *scannerView) findCameras() {
	v.say(lang.X("scan.looking_for_cameras", "Looking for cameras…"), false)
	go func() {
		devs, err := v.cams.devices()
		fyne.Do(func() {
			defer v.settle()
			if v.closed {
				return
			}
			v.showCameras(devs, err)
		})
	}()
}

// showCameras offers the cameras found, or explains why there are none.
func (v *scannerView) showCameras(devs []camera.Device, err error) {
	if err == nil && len(devs) == 0 {
		err = camera.ErrNoCamera
	}
	if err != nil {
		v.camBox.Hide()
		v.say(cameraProblem(err, v.cams.inPage()), false)
		v.photoFirst(true)
		v.preview.setHint(lang.X("scan.no_camera_preview", "No camera preview"))
		return
	}
	v.devs = devs
	names := make([]string, len(devs))
	for i, d := range devs {
		names[i] = cameraName(d, i)
	}
	v.device.SetOptions(names)
	v.device.SetSelectedIndex(0)
	prefs := v.sh.app.Preferences()
	if last := prefs.String(prefScanCamera); last != "" {
		for i, d := range devs {
			if d.Label == last {
				v.device.SetSelectedIndex(i)
			}
		}
	}
	if r := prefs.IntWithFallback(prefScanResolution, 1); r >= 0 && r < len(scanResolutions) {
		v.res.SetSelectedIndex(r)
	}
	v.camBox.Show()
	v.photoFirst(false)
	v.say(lang.X("scan.a_camera_s_found", "{{.A}} camera(s) found. Start the camera, or import a photo.", map[string]any{"A": len(devs)}), false)
	v.preview.setHint(lang.X("scan.tap_start_camera_to", "Tap “Start camera” to see the preview."))
}

// cameraName is what the camera list shows for a device.
func cameraName(d camera.Device, i int) string {
	switch {
	case d.Name != "":
		return d.Name
	case d.Label != "":
		return d.Label
	}
	return lang.X("scan.camera_n", "Camera {{.N}}", map[string]any{"N": i + 1})
}

// cameraProblem says in true words why the live camera cannot be used,
// and the way to scan anyway: a photo (in a browser, taken with the
// phone's camera, which needs no secure connection and no permission).
// It never sends the player to settings that are not the cause: a page
// over plain http is refused by nobody.
func cameraProblem(err error, browser bool) string {
	instead := lang.X("scan.cam.instead_import", "Import a photo of your cards instead.")
	if browser {
		instead = lang.X("scan.cam.instead_photo", "Take a photo of the card instead.")
	}
	var why string
	switch {
	case errors.Is(err, camera.ErrInsecure):
		why = lang.X("scan.cam.insecure", "This connection is not secure (plain http), so the browser keeps the camera closed: no setting on the phone changes that.")
	case errors.Is(err, camera.ErrDenied):
		why = lang.X("scan.cam.browser_denied", "The browser was told not to let this page use the camera. To use it, allow the camera for this site in the browser (the icon beside the address), then start the camera again.")
	case errors.Is(err, camera.ErrNoCameraAPI):
		why = lang.X("scan.cam.no_api", "This browser offers web pages no camera.")
	case errors.Is(err, camera.ErrNoCamera):
		why = lang.X("scan.cam.none", "No camera found on this device.")
	case errors.Is(err, camera.ErrPermission) && browser:
		why = lang.X("scan.cam.system_denied", "The device's own settings keep the camera from this browser. To use it, allow the browser the camera in the system settings.")
	case errors.Is(err, camera.ErrPermission):
		why = lang.X("scan.cam.denied", "This device did not allow the app to use the camera. Allow it in the system settings.")
	case errors.Is(err, camera.ErrBusy):
		why = lang.X("scan.cam.busy", "The camera is in use by another program. Close it and start the camera again.")
	case errors.Is(err, camera.ErrUnsupported):
		why = lang.X("scan.cam.unsupported", "This version of the app cannot use a camera here.")
	case errors.Is(err, camera.ErrNoMode):
		why = lang.X("scan.cam.format", "The camera offers no picture format the app can read.")
	default:
		why = lang.X("scan.cam.other", "The camera cannot be used ({{.Err}}).", map[string]any{"Err": err.Error()})
	}
	return why + " " + instead
}

// toggleCamera starts or stops the live camera.
func (v *scannerView) toggleCamera() {
	if v.run != nil {
		v.stopCamera()
		v.say(lang.X("scan.camera_stopped", "Camera stopped."), false)
		return
	}
	i := v.device.SelectedIndex()
	if i < 0 || i >= len(v.devs) {
		v.say(lang.X("scan.choose_a_camera_first", "Choose a camera first."), true)
		return
	}
	cfg := camera.Config{Device: v.devs[i].ID}
	prefs := v.sh.app.Preferences()
	prefs.SetString(prefScanCamera, v.devs[i].Label)
	if r := v.res.SelectedIndex(); r >= 0 {
		cfg.Width, cfg.Height = scanResolutions[r].w, scanResolutions[r].h
		prefs.SetInt(prefScanResolution, r)
	}
	v.camBtn.Disable()
	v.say(lang.X("scan.starting_the_camera", "Starting the camera…"), false)
	go func() {
		src, err := v.cams.open(cfg)
		fyne.Do(func() {
			defer v.settle()
			v.camBtn.Enable()
			if err != nil {
				v.say(cameraProblem(err, v.cams.inPage()), true)
				v.photoFirst(true)
				return
			}
			if v.closed {
				_ = src.Close()
				return
			}
			v.startSource(src)
		})
	}()
}

// startSource decodes the frames of a live source off the UI goroutine and
// shows each decoded frame with its codes outlined. Closing the window or
// stopping the camera cancels it; the source is closed when it stops.
func (v *scannerView) startSource(src scan.Source) {
	ctx, cancel := context.WithCancel(context.Background())
	run := &scanRun{cancel: cancel, done: make(chan struct{})}
	v.run = run
	v.camBtn.SetText(lang.X("scan.stop_camera", "Stop camera"))
	v.camBtn.SetIcon(theme.MediaStopIcon())
	v.say(lang.X("scan.looking_for_tags", "Looking for tags…"), false)
	p := scan.Start(ctx, src, scan.PipelineOptions{})
	go func() {
		defer close(run.done)
		for u := range p.Updates() {
			// Waiting for the screen holds the pipeline back, so it drops
			// camera frames instead of queueing screen updates.
			fyne.DoAndWait(func() {
				defer v.settle()
				if v.run == run && !v.closed {
					v.showUpdate(u)
				}
			})
		}
		err := p.Wait()
		_ = src.Close()
		fyne.Do(func() {
			defer v.settle()
			if v.run != run || v.closed {
				return
			}
			v.run = nil
			v.resetCamButton()
			switch {
			case err == nil, errors.Is(err, context.Canceled):
				v.say(lang.X("scan.the_camera_stopped", "The camera stopped."), false)
			default:
				v.say(cameraProblem(err, v.cams.inPage()), true)
			}
		})
	}()
}

// stopCamera cancels the camera session, if any.
func (v *scannerView) stopCamera() {
	if v.run == nil {
		return
	}
	run := v.run
	v.run = nil // before cancelling, so the pipeline's goroutine sees it
	run.cancel()
	v.resetCamButton()
}

func (v *scannerView) resetCamButton() {
	v.camBtn.SetText(lang.X("scan.start_camera", "Start camera"))
	v.camBtn.SetIcon(theme.MediaVideoIcon())
}

// close stops everything when the window goes.
func (v *scannerView) close() {
	v.closed = true
	v.stopCamera()
}

// showUpdate shows one decoded camera frame: the picture with every code in
// view outlined, and a card for each new tag.
func (v *scannerView) showUpdate(u scan.Update) {
	var img image.Image = u.Frame.Image
	if img == nil {
		img = u.Frame.Gray()
	}
	for _, f := range u.New {
		v.add(f)
	}
	v.preview.set(img, u.Frame.Width, u.Frame.Height, v.outlines(u.InView))
}

// choosePhoto asks for a photo of cards to scan.
func (v *scannerView) choosePhoto() {
	if inBrowser { // the phone's own camera or photos (files_js.go)
		browserUpload("image/*", true, func(name string, data []byte, err error) {
			fyne.Do(func() {
				if err != nil {
					v.say(lang.X("scan.no_photo_a", "No photo: {{.A}}", map[string]any{"A": plainError(err)}), true)
					return
				}
				v.importPhoto(io.NopCloser(bytes.NewReader(data)), name)
			})
		})
		return
	}
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			v.say(lang.X("scan.no_photo_a", "No photo: {{.A}}", map[string]any{"A": plainError(err)}), true)
			return
		}
		if r == nil {
			return
		}
		v.importPhoto(r, r.URI().Name())
	}, v.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".png", ".jpg", ".jpeg", ".gif", ".PNG", ".JPG", ".JPEG"}))
	d.Show()
	// A file dialog can only be resized once shown.
	size := v.win.Canvas().Size()
	d.Resize(fyne.NewSize(size.Width-20, size.Height-40))
}

// importPhoto reads and scans a photo off the UI goroutine, then shows it
// with every code found outlined and a card for each. It closes r.
func (v *scannerView) importPhoto(r io.ReadCloser, name string) {
	v.stopCamera()
	v.photoBtn.Disable()
	v.say(lang.X("scan.reading_a", "Reading {{.A}}…", map[string]any{"A": name}), false)
	go func() {
		img, found, err := scan.ReadPhoto(r, name)
		_ = r.Close()
		fyne.Do(func() {
			defer v.settle()
			v.photoBtn.Enable()
			if v.closed {
				return
			}
			if err != nil {
				v.say(lang.X("scan.could_not_scan_the", "Could not scan the photo: {{.A}}.", map[string]any{"A": plainError(err)}), true)
				return
			}
			v.showPhoto(img, found, name)
		})
	}()
}

// showPhoto shows a scanned photo: it replaces what was found before.
func (v *scannerView) showPhoto(img image.Image, found []scan.Found, name string) {
	v.entries = nil
	v.found.RemoveAll()
	for _, f := range found {
		v.add(f)
	}
	b := img.Bounds()
	v.preview.set(img, b.Dx(), b.Dy(), v.outlines(found))
	switch tags := v.tagCount(); {
	case len(found) == 0:
		v.say(lang.X("scan.no_qr_code_found", "No QR code found in {{.A}}. Take the photo closer, in good light, with the tags flat and sharp.", map[string]any{"A": name}), true)
	case tags == 0:
		v.say(lang.X("scan.a_b_qr_code", "{{.A}}: {{.B}} QR code(s), none of them a Table Ops tag.", map[string]any{"A": name, "B": len(found)}), true)
	default:
		v.say(lang.X("scan.a_b_tag_s", "{{.A}}: {{.B}} tag(s) found.", map[string]any{"A": name, "B": tags}), false)
	}
}

// tagCount is how many usable tags were found.
func (v *scannerView) tagCount() int {
	n := 0
	for _, e := range v.entries {
		if e.err == nil {
			n++
		}
	}
	return n
}

// outlines numbers the codes in view as the found list does.
func (v *scannerView) outlines(inView []scan.Found) []scanOutline {
	out := make([]scanOutline, 0, len(inView))
	for _, f := range inView {
		n := 0
		for i, e := range v.entries {
			if e.text == f.Text {
				n = i + 1
			}
		}
		out = append(out, scanOutline{corners: f.Corners, n: n, good: f.TagErr == nil})
	}
	return out
}
