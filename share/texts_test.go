//go:build !js

package share

import (
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScoreboardTexts: the host puts the texts for the browser's language
// into the page, as data that cannot break out of the script.
func TestScoreboardTexts(t *testing.T) {
	var asked string
	texts := func(al string) []byte {
		asked = al
		return []byte(`{"web.live":"in diretta","web.footer":"</script><b>x</b>"}`)
	}
	h, _ := startHost(t, awayGame(t), Options{Texts: texts})
	req, err := http.NewRequest(http.MethodGet, h.URL(), nil)
	require.NoError(t, err)
	req.Header.Set("Accept-Language", "it-IT,it;q=0.9")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	page := string(body)
	assert.Equal(t, "it-IT,it;q=0.9", asked)
	assert.Contains(t, page, `"web.live":"in diretta"`)
	assert.NotContains(t, page, "</script><b>", "a text cannot end the script")
	assert.NotContains(t, page, "/*TEXTS*/{}")

	// Without texts, or with unusable ones, the page stays English.
	h2, _ := startHost(t, awayGame(t), Options{Texts: func(string) []byte { return []byte("not json") }})
	resp, err = http.Get(h2.URL())
	require.NoError(t, err)
	body, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	assert.Equal(t, string(scoreboardHTML), string(body))
}
