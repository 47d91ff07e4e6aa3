//go:build js && no_emoji

package widgets

import (
	_ "unsafe" // for go:linkname

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// The web app is built with -tags no_emoji (webapp/gen): Fyne's colour
// emoji font is 4.2 MB, 3.5 MB of the 12.7 MB a phone downloaded, and the
// app's text needs it for one sign only, the "▶" that marks who acts now.
// Without it Fyne's text has no fallback beyond its small symbol font, so
// the page would draw "▶" (and the "●", "○" and "−" that the Noto Sans it
// embeds lacks, which the page drew as boxes even with the emoji font) as
// empty boxes. The monospaced font Fyne embeds anyway (DejaVu Sans Mono)
// has all four, so the page takes it as the fallback where Fyne would take
// the emoji font. Fyne has no call to set that fallback, so this sets the
// variable behind theme.DefaultEmojiFont, which the no_emoji tag leaves
// nil; the desktop build keeps Fyne's emoji font.
//
//go:linkname fyneEmojiFont fyne.io/fyne/v2/theme.emoji
var fyneEmojiFont fyne.Resource

func init() {
	if fyneEmojiFont == nil {
		fyneEmojiFont = theme.DefaultTextMonospaceFont()
	}
}
