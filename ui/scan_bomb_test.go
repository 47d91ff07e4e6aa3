package ui

import (
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan/camera"
	"tableops/ui/screen/screentest"
)

// A 68-byte PNG that claims 100000 x 100000 pixels: importing it used to
// take the app down with "fatal error: runtime: out of memory". It is now
// refused from its header, in plain words, and the scanner stays usable.
func TestScanPhotoRefusesImageBomb(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	v := sh.openScanner(nil, &fakeCameras{err: camera.ErrNoCamera})
	settleScanner(t, v)

	chunk := func(b []byte, typ string, data []byte) []byte {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		start := len(b)
		b = append(append(b, typ...), data...)
		return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
	}
	bomb := chunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", []byte{0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 0, 0, 0, 0})
	bomb = chunk(bomb, "IDAT", []byte{0x78, 0xDA, 1, 0, 0, 0xFF, 0xFF, 0, 0, 0, 1})
	bomb = chunk(bomb, "IEND", nil)
	path := filepath.Join(t.TempDir(), "bomb.png")
	require.NoError(t, os.WriteFile(path, bomb, 0o600))

	importPhotoFile(t, v, path)
	text := screentest.ScreenText(v.win)
	assert.Contains(t, text, "Could not scan the photo: bomb.png: the picture is 100000 x 100000 pixels")
	assert.Contains(t, text, "up to 40 megapixels")
	assert.True(t, !v.photoBtn.Disabled(), "the photo button works again")
	v.dismiss()
}
