package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
)

func TestTableThemeIsLargerAndFollowsVariant(t *testing.T) {
	tt, def := NewTableTheme(), theme.DefaultTheme()
	for _, n := range []fyne.ThemeSizeName{theme.SizeNameText, theme.SizeNameCaptionText,
		theme.SizeNameHeadingText, theme.SizeNameSubHeadingText, theme.SizeNamePadding, theme.SizeNameInnerPadding} {
		assert.Greater(t, tt.Size(n), def.Size(n), n)
	}
	assert.Equal(t, def.Size(theme.SizeNameInputRadius), tt.Size(theme.SizeNameInputRadius))
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		for _, n := range []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameForeground, theme.ColorNamePrimary} {
			assert.Equal(t, def.Color(n, v), tt.Color(n, v), "%s in variant %d", n, v)
		}
	}
	assert.NotEqual(t, tt.Color(theme.ColorNameBackground, theme.VariantLight),
		tt.Color(theme.ColorNameBackground, theme.VariantDark))
	assert.Equal(t, def.Font(fyne.TextStyle{Bold: true}), tt.Font(fyne.TextStyle{Bold: true}))
	assert.Equal(t, def.Icon(theme.IconNameContentAdd), tt.Icon(theme.IconNameContentAdd))
}
