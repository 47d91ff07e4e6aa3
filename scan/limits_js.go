//go:build js

package scan

// MaxDecodedBytes bounds the memory a decoded picture may take in a
// phone's browser, which has far less than a desktop: any JPEG photo the
// app takes (40 megapixels at most), a PNG in 8-bit colour of up to 33
// megapixels, a deep-colour one of up to 16.
const MaxDecodedBytes = 128 << 20
