// Package scan reads and writes the QR tags players stick on their cards.
//
// It holds the tag payload format (Encode, Decode), QR encoding and decoding
// of grey camera frames (Decoder), frame sources (still photos, image
// directories, synthetic frames; the camera lives in scan/camera), a
// decoding pipeline that runs off the caller's goroutine (Start), and
// printable PDF tag sheets (WriteSheet).
//
// The package never imports Fyne: screens use it through these types.
package scan
