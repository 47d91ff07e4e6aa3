package scan

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pngHeader returns the start of a PNG of w x h pixels with 16 bits a
// channel and alpha (colour type 6): what image.DecodeConfig reads. The
// pixels never come: the picture must be refused before they are needed.
func pngHeader(w, h int) []byte {
	ihdr := binary.BigEndian.AppendUint32([]byte("IHDR"), uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 16, 6, 0, 0, 0)
	b := []byte("\x89PNG\r\n\x1a\n")
	b = binary.BigEndian.AppendUint32(b, uint32(len(ihdr)-4))
	b = append(b, ihdr...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(ihdr))
}

// TestDeepColourPictureRefusedBeforeDecoding: a 16-bit PNG of a few
// hundred KB decodes to 8 bytes a pixel; under the pixel cap it still
// took 970 MB before answering "no tag". It is refused from its header,
// with the memory it would take, before any pixel is decoded (today the
// decoder goes on to read pixels that never come: "not a picture").
func TestDeepColourPictureRefusedBeforeDecoding(t *testing.T) {
	w := 5200 // 27 megapixels: under MaxPixels, over MaxDecodedBytes at 8 bytes a pixel
	require.Greater(t, int64(w)*int64(w)*8, int64(MaxDecodedBytes))
	data := pngHeader(w, w)
	var err error
	n := allocated(func() { _, err = DecodeImage(bytes.NewReader(data)) })
	require.ErrorIs(t, err, ErrImageTooLarge)
	assert.Contains(t, err.Error(), "deep colour")
	assert.Less(t, n, uint64(16<<20), "refused before the pixels were decoded")
}

// TestLargePictureScannedWithinBounds: the decoder's passes each make
// frames the size of what they decode; a 27-megapixel photo is decoded at
// a size under ScanPixels, so scanning it takes a bounded part of what it
// took at full size (a 39 KB PNG cost 416 MB in "tableops scan").
func TestLargePictureScannedWithinBounds(t *testing.T) {
	const w = 5200
	f := NewFrame(w, w)
	for i := range f.Y {
		f.Y[i] = 255
	}
	var codes []Code
	var err error
	n := allocated(func() { codes, err = NewDecoder(DecodeOptions{}).DecodePicture(f) })
	require.NoError(t, err)
	assert.Empty(t, codes)
	assert.Less(t, n, uint64(160<<20), "scanning a %d-megapixel picture allocated %d MB", w*w/1_000_000, n>>20)
}
