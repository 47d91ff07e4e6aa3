package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/ui/screen/screentest"
)

// TestCubeActivationAsksForASystem: the Borg turn asks for the system a
// cube stops in, a name the log can say "at" (issue 27: "Borg cube 1
// activates at towards Romulus" came of a field asking where it moves).
func TestCubeActivationAsksForASystem(t *testing.T) {
	sh, w := borgGame(t, 390, 844)
	e := screentest.Entry(t, w, "System it stops in (name, optional)")
	screentest.TypeInto(w, e, "Romulus")
	test.Tap(enabledButton(t, w, "Activate cube 1"))
	h := sh.game.game.History()
	require.NotEmpty(t, h.Undo)
	assert.Equal(t, "Borg cube 1 activates at Romulus", h.Undo[0].Label)
	assert.Equal(t, "Romulus", ascState(sh).Borg.Cubes[0].System)
}
