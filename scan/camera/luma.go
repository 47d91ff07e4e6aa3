package camera

// lumaFromRGBA writes the luma of RGBA pixels (4 bytes each) into y, one
// byte a pixel, with the BT.601 weights a camera's Y plane uses (full
// range): Y = 0.299 R + 0.587 G + 0.114 B. y must hold len(rgba)/4 bytes.
func lumaFromRGBA(y, rgba []byte) {
	for i, j := 0, 0; j+3 < len(rgba) && i < len(y); i, j = i+1, j+4 {
		y[i] = byte((19595*uint32(rgba[j]) + 38470*uint32(rgba[j+1]) + 7471*uint32(rgba[j+2]) + 1<<15) >> 16)
	}
}
