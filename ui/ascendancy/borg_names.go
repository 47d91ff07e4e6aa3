package ascendancy

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"tableops/tracker"
)

// borgName words a cube's or a spire's id ("cube 2", "spire 1", as the
// tracker numbers them) in the player's language; any other id is shown
// as it is.
func borgName(id string) string {
	if n, ok := strings.CutPrefix(id, "cube "); ok {
		if _, err := strconv.Atoi(n); err == nil {
			return lang.X("borg.cube_n", "cube {{.N}}", map[string]any{"N": n})
		}
	}
	if n, ok := strings.CutPrefix(id, "spire "); ok {
		if _, err := strconv.Atoi(n); err == nil {
			return lang.X("borg.spire_n", "spire {{.N}}", map[string]any{"N": n})
		}
	}
	return id
}

// borgIDOf is the id of the cube or spire named name by borgName among
// ids; name itself when none is.
func borgIDOf(name string, ids []string) string {
	for _, id := range ids {
		if borgName(id) == name {
			return id
		}
	}
	return name
}

// cubeID is the id of the cube on the board named name by borgName.
func cubeID(bs *tracker.BorgState, name string) string {
	var ids []string
	for _, c := range bs.Cubes {
		ids = append(ids, c.ID)
	}
	return borgIDOf(name, ids)
}
