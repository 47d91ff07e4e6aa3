package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPickEntryOpensFromAnywhere taps the middle of the text, not the
// arrow: the choices open, and picking one fills the entry.
func TestPickEntryOpensFromAnywhere(t *testing.T) {
	test.NewTempApp(t)
	p := NewPickEntry([]string{"Federation", "Borg", "Klingon"})
	w := test.NewTempWindow(t, container.NewVBox(p))
	w.Resize(fyne.NewSize(300, 200))
	assert.Empty(t, w.Canvas().Overlays().List(), "closed at first")
	test.TapAt(p, fyne.NewPos(20, p.Size().Height/2))
	require.Len(t, w.Canvas().Overlays().List(), 1, "the choices opened from the text area")
	pick := w.Canvas().Overlays().List()[0]
	assert.Greater(t, pick.MinSize().Height, 3*p.MinSize().Height/2, "the menu lists the choices")

	// Typed text that is no choice stays.
	p.SetText("Ferengi Alliance")
	assert.Equal(t, "Ferengi Alliance", p.Text)
	p.Disable()
	w.Canvas().Overlays().Remove(pick)
	test.TapAt(p, fyne.NewPos(20, p.Size().Height/2))
	assert.Empty(t, w.Canvas().Overlays().List(), "a disabled entry offers nothing")
}
