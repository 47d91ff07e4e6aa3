package camera

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLumaFromRGBA(t *testing.T) {
	px := []color.RGBA{{0, 0, 0, 255}, {255, 255, 255, 255}, {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {12, 200, 99, 255}}
	rgba := make([]byte, 0, 4*len(px))
	for _, c := range px {
		rgba = append(rgba, c.R, c.G, c.B, c.A)
	}
	y := make([]byte, len(px))
	lumaFromRGBA(y, rgba)
	for i, c := range px {
		want, _, _ := color.RGBToYCbCr(c.R, c.G, c.B)
		require.InDelta(t, float64(want), float64(y[i]), 1, "pixel %d %v", i, c)
	}
	require.NotPanics(t, func() { lumaFromRGBA(make([]byte, 1), rgba) }, "short output")
	require.NotPanics(t, func() { lumaFromRGBA(y, rgba[:5]) }, "partial pixel")
}
