//go:build !js

package scan

// MaxDecodedBytes bounds the memory a decoded picture may take on a
// desktop: a 40-megapixel picture in 8-bit colour, and a deep-colour one
// (16 bits a channel, 8 bytes a pixel) of up to 24 megapixels.
const MaxDecodedBytes = 192 << 20
