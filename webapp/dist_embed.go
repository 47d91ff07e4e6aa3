//go:build !js

package webapp

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var distFiles embed.FS

// dist returns the embedded build output (the folder dist/).
func dist() fs.FS { return distFiles }
