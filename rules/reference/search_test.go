package reference

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func loadLib(t testing.TB) *Library {
	t.Helper()
	lib, err := Load()
	require.NoError(t, err)
	return lib
}

// TestSearchAccuracy measures the player questions: the expected topic must
// rank in the top three; top-3 accuracy must reach 95% and top-1 80%.
func TestSearchAccuracy(t *testing.T) {
	lib := loadLib(t)
	require.GreaterOrEqual(t, len(playerQuestions), 60)
	top1, top3 := 0, 0
	for _, pq := range playerQuestions {
		require.NotNil(t, lib.Topic(pq.want), "question %q expects unknown topic %q", pq.q, pq.want)
		res := lib.Search(pq.q, 3)
		rank := -1
		for i, r := range res {
			if r.Topic.ID == pq.want {
				rank = i
				break
			}
		}
		switch {
		case rank == 0:
			top1++
			top3++
		case rank > 0:
			top3++
			t.Logf("not first: %q -> %s (want %s at %d)", pq.q, ids(res), pq.want, rank+1)
		default:
			t.Logf("MISSED: %q -> %s (want %s)", pq.q, ids(res), pq.want)
		}
	}
	n := float64(len(playerQuestions))
	a1, a3 := float64(top1)/n, float64(top3)/n
	t.Logf("questions: %d, top-1 accuracy %.1f%%, top-3 accuracy %.1f%%", len(playerQuestions), 100*a1, 100*a3)
	assert.GreaterOrEqual(t, a3, 0.95, "top-3 accuracy")
	assert.GreaterOrEqual(t, a1, 0.80, "top-1 accuracy")
}

func ids(rs []Result) string {
	var s []string
	for _, r := range rs {
		s = append(s, r.Topic.ID)
	}
	return strings.Join(s, ",")
}

// TestQuestionsFoundFirst: the questions of issue 29 and their neighbours
// in wording find their topic first, in English and in Italian.
func TestQuestionsFoundFirst(t *testing.T) {
	lib := loadLib(t)
	want := map[string]string{}
	for _, pq := range playerQuestions {
		want["en|"+pq.q] = pq.want
	}
	for _, pq := range playerQuestionsIT {
		want["it|"+pq.q] = pq.want
	}
	check := func(lang string, qs []string) {
		for _, q := range qs {
			w, ok := want[lang+"|"+q]
			require.True(t, ok, "%q is not among the player questions", q)
			res := lib.SearchIn(q, lang, 3)
			require.NotEmpty(t, res, q)
			assert.Equal(t, w, res[0].Topic.ID, "%q -> %s", q, ids(res))
		}
	}
	check(English, firstQuestions)
	check(Italian, firstQuestionsIT)
}
