package scantest

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
)

// corpusSamples is the number of frames per condition and frame size.
const corpusSamples = 12

// minRate is the decode rate each condition must reach (the corpus is
// seeded, so these are fixed figures, not timing-dependent).
var minRate = map[Condition]float64{
	Clean:       1.0,
	Rotated:     0.9,
	Perspective: 0.75,
	Blurred:     0.6,
	Noisy:       0.9,
	Glare:       0.6,
	LowLight:    0.8,
	Small:       0.8,
	Several:     0.9,
}

// TestCorpusDecodeRate renders the robustness corpus and reports how many
// tags decode under each condition, at 640x480 and 1280x720.
// Set TABLEOPS_CORPUS_DIR to also write the frames there as PNG files.
func TestCorpusDecodeRate(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus rendering skipped in -short mode")
	}
	dump := os.Getenv("TABLEOPS_CORPUS_DIR")
	dec := scan.NewDecoder(scan.DecodeOptions{})
	sizes, n, conditions := [][2]int{{640, 480}, {1280, 720}}, corpusSamples, Conditions()
	if raceEnabled {
		// The race detector makes this CPU-bound test ten times slower and
		// it has no goroutines to check: a first few frames of the easy
		// conditions only (the same frames the full run starts with).
		sizes, n, conditions = sizes[:1], 3, []Condition{Clean, Rotated, Several}
	}
	for _, size := range sizes {
		for _, c := range conditions {
			t.Run(fmt.Sprintf("%dx%d/%s", size[0], size[1], c), func(t *testing.T) {
				samples, err := Corpus(c, size[0], size[1], n, 42)
				require.NoError(t, err)
				want, got := 0, 0
				for i, s := range samples {
					f, err := Render(s.Scene)
					require.NoError(t, err)
					codes, err := dec.Decode(f)
					require.NoError(t, err)
					var texts []string
					for _, cd := range codes {
						texts = append(texts, cd.Text)
						_, err := scan.Decode(cd.Text)
						assert.NoError(t, err, "a decoded code must be an intact tag")
					}
					for _, p := range s.Payloads {
						want++
						if i := slices.Index(texts, p); i >= 0 {
							got++
							texts = slices.Delete(texts, i, i+1)
						}
					}
					if dump != "" {
						name := filepath.Join(dump, fmt.Sprintf("%dx%d-%s-%02d.png", size[0], size[1], c, i))
						out, err := os.Create(name)
						require.NoError(t, err)
						require.NoError(t, png.Encode(out, f.Gray()))
						require.NoError(t, out.Close())
					}
				}
				rate := float64(got) / float64(want)
				t.Logf("%dx%d %-12s decoded %2d/%2d tags (%.0f%%)", size[0], size[1], c, got, want, 100*rate)
				if m, ok := minRate[c]; ok {
					assert.GreaterOrEqual(t, rate, m, "decode rate for %s", c)
				}
			})
		}
	}
}
