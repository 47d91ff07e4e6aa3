package screen

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"
)

// ParseTrack reads printed track values typed as "1 2 3 3" or "1,2,3".
func ParseTrack(what, s string) ([]int, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '-' || r == '/' })
	out := make([]int, 0, len(f))
	for _, x := range f {
		n, err := strconv.Atoi(x)
		if err != nil {
			return nil, errors.New(lang.X("away.setup.not_number", "{{.Track}}: \"{{.Text}}\" is not a number", map[string]any{"Track": what, "Text": x}))
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, errors.New(lang.X("away.setup.enter_values", "{{.Track}}: enter the printed values, lowest first, e.g. 1 2 3", map[string]any{"Track": what}))
	}
	return out, nil
}

// SplitList reads "Command, Science x2" into its items.
func SplitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}
