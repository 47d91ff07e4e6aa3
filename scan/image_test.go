package scan

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pngChunk appends one PNG chunk (length, type, data, CRC).
func pngChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// bombPNG returns a grey PNG that claims w x h pixels. With rows > 0 it
// carries that many real rows of zeros (the rest of the picture is
// missing); with rows == 0 its pixel data is a few bytes.
func bombPNG(t testing.TB, w, h, rows int) []byte {
	t.Helper()
	b := []byte("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 0, 0, 0, 0) // 8-bit grey, deflate, no filter, no interlace
	b = pngChunk(b, "IHDR", ihdr)
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, zlib.BestCompression)
	require.NoError(t, err)
	row := make([]byte, w+1)
	for range rows {
		_, err = zw.Write(row)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	b = pngChunk(b, "IDAT", z.Bytes())
	return pngChunk(b, "IEND", nil)
}

// bombJPEG returns the start of a baseline JFIF JPEG whose frame header
// claims w x h pixels.
func bombJPEG(w, h int) []byte {
	b := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0}
	b = append(b, 0xFF, 0xC0, 0, 11, 8)
	b = binary.BigEndian.AppendUint16(b, uint16(h))
	b = binary.BigEndian.AppendUint16(b, uint16(w))
	return append(b, 1, 1, 0x11, 0, 0xFF, 0xD9)
}

// bombGIF returns a GIF header whose logical screen is w x h pixels.
func bombGIF(w, h int) []byte {
	b := []byte("GIF89a")
	b = binary.LittleEndian.AppendUint16(b, uint16(w))
	b = binary.LittleEndian.AppendUint16(b, uint16(h))
	return append(b, 0, 0, 0, 0x3B)
}

// allocated returns the bytes fn allocates on the heap.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// The attack of a hostile photo: a tiny file whose header claims billions
// of pixels. Before the size check, ReadImageFile died with "fatal error:
// runtime: out of memory" on the first one. Each is now refused from its
// header, with a plain message, having allocated almost nothing.
func TestReadImageFileRefusesImageBombs(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		data []byte
	}{
		{"bomb-100000.png", bombPNG(t, 100_000, 100_000, 0)},
		{"bomb-30000.png", bombPNG(t, 30_000, 30_000, 64)},
		{"bomb-8000.png", bombPNG(t, 8_000, 8_000, 8_000)}, // a whole, valid 64-megapixel PNG
		{"bomb.jpg", bombJPEG(65_000, 65_000)},
		{"bomb.gif", bombGIF(65_000, 65_000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name)
			require.NoError(t, os.WriteFile(path, tt.data, 0o600))
			var err error
			n := allocated(func() { _, err = ReadImageFile(path) })
			require.ErrorIs(t, err, ErrImageTooLarge)
			assert.Contains(t, err.Error(), tt.name)
			assert.Contains(t, err.Error(), "megapixels")
			assert.Less(t, n, uint64(8<<20), "allocated %d bytes to refuse it", n)
		})
	}
	assert.Len(t, tests[0].data, 68, "the bomb of the report is 68 bytes")
}

func TestDecodeImage(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 40, 30))
	img.SetGray(3, 4, color.Gray{Y: 200})
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))

	got, err := DecodeImage(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, img.Bounds(), got.Bounds())
	assert.Equal(t, color.Gray{Y: 200}, color.GrayModel.Convert(got.At(3, 4)))

	_, err = DecodeImage(bytes.NewReader([]byte("not a picture")))
	assert.ErrorIs(t, err, ErrNotImage)
	_, err = DecodeImage(bytes.NewReader(bombPNG(t, 0, 10, 0)))
	assert.ErrorIs(t, err, ErrNotImage)
	_, err = DecodeImage(bytes.NewReader(buf.Bytes()[:buf.Len()/2]))
	assert.ErrorIs(t, err, ErrNotImage, "a truncated picture")

	// The largest picture allowed is read; one pixel more is refused.
	assert.NoError(t, CheckImageSize(8000, MaxPixels/8000))
	assert.ErrorIs(t, CheckImageSize(8000, MaxPixels/8000+1), ErrImageTooLarge)
}

func TestReadPhotoNamesTheFile(t *testing.T) {
	_, _, err := ReadPhoto(bytes.NewReader(bombPNG(t, 100_000, 100_000, 0)), "holiday.png")
	require.ErrorIs(t, err, ErrImageTooLarge)
	assert.Contains(t, err.Error(), "holiday.png")
	assert.Contains(t, err.Error(), "100000 x 100000")
}

// FuzzDecodeImage feeds damaged and hostile pictures to the decoder: it
// must never panic, and never return a picture over the size limit.
func FuzzDecodeImage(f *testing.F) {
	var buf bytes.Buffer
	_ = png.Encode(&buf, image.NewGray(image.Rect(0, 0, 8, 8)))
	f.Add(buf.Bytes())
	f.Add(bombPNG(f, 100_000, 100_000, 0))
	f.Add(bombJPEG(65_000, 65_000))
	f.Add(bombGIF(65_000, 65_000))
	f.Fuzz(func(t *testing.T, b []byte) {
		img, err := DecodeImage(bytes.NewReader(b))
		if err != nil {
			return
		}
		r := img.Bounds()
		require.LessOrEqual(t, int64(r.Dx())*int64(r.Dy()), int64(MaxPixels))
	})
}
