//go:build !js

package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// upright returns the narrow layout's tabs as they are (see platform_js.go).
func upright(tabs *container.AppTabs) fyne.CanvasObject { return tabs }
