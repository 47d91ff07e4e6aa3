package ui

import (
	"bytes"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// In the web app the toolkit's file dialogs cannot reach the phone's
// files: saving a file is a download and opening one an upload (the
// browser's own file picker), see files_js.go. These are the browser's
// ways for the catalog and the printed tags; a game's export and import
// are in home.go.

// download collects what is written to it and hands it to the browser as
// a download named name when it is closed.
type download struct {
	bytes.Buffer
	name, mime string
}

// Close starts the download.
func (d *download) Close() error { return browserDownload(d.name, d.mime, d.Bytes()) }

// exportDownload downloads the whole catalog as a JSON file.
func (v *catalogView) exportDownload() {
	d := &download{name: "tableops-catalog.json", mime: "application/json"}
	err := v.cat.Export(d)
	if err == nil {
		err = d.Close()
	}
	if err != nil {
		v.say(lang.X("catalog.not_exported_a", "Not exported: {{.A}}", map[string]any{"A": plainError(err)}), true)
		return
	}
	v.say(lang.X("catalog.exported_a_cards_to", "Exported {{.A}} cards to {{.B}}.", map[string]any{"A": v.cat.Len(), "B": d.name}), false)
}

// importUpload asks the browser for a catalog file and imports it.
func (v *catalogView) importUpload() {
	browserUpload(".json,application/json", false, func(name string, data []byte, err error) {
		fyne.Do(func() {
			if err != nil {
				v.say(lang.X("catalog.not_imported_a", "Not imported: {{.A}}", map[string]any{"A": plainError(err)}), true)
				return
			}
			v.importFrom(bytes.NewReader(data), name)
		})
	})
}
