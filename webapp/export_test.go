package webapp

import "io/fs"

// BundleOf serves a bundle built into a folder as Bundle serves the
// embedded one (for the browser tests' other bundles).
func BundleOf(files fs.FS) (fs.FS, bool) {
	a, ok := bundleOf(files)
	if !ok {
		return nil, false
	}
	return a, true
}
