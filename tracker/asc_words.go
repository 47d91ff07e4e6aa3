package tracker

import (
	ascrules "tableops/rules/ascendancy"
)

// The log rows of a player's own actions say, in the player's words, who
// did what and what they have after it ("Ann built a ship: 4 ships, 2
// production left"): the status line shows the row after each tap, so a
// player sees that the tap counted without scrolling to the counters
// (issue 27, "An answer to every tap"). Rows name the player, never the
// civilization.

// after appends the counts after an action to its row: ": 4 ships, 2
// production left".
func (w *words) after(counts ...Texts) *words {
	first := true
	for _, c := range counts {
		if len(c) == 0 {
			continue
		}
		if first {
			w.addRaw(": ")
			first = false
		} else {
			w.addRaw(", ")
		}
		w.addTexts(c)
	}
	return w
}

// leftOf is what np has left of the resources a cost took: "2 production
// left", "0 research, 1 culture left"; nothing for a cost of nothing.
func leftOf(np AscPlayer, cost ascrules.Resources) Texts {
	var have Texts
	part := func(m Msg) {
		if len(have) > 0 {
			have = append(have, raw(", "))
		}
		have = append(have, m)
	}
	if cost.Production > 0 {
		part(msgf("track.res.production", "%d production", np.Resources.Production))
	}
	if cost.Research > 0 {
		part(msgf("track.res.research", "%d research", np.Resources.Research))
	}
	if cost.Culture > 0 {
		part(msgf("track.res.culture", "%d culture", np.Resources.Culture))
	}
	if len(have) == 0 {
		return nil
	}
	return Texts{msgf("track.res_left", "%s left", have)}
}

// shipsCount is "1 ship", "4 ships".
func shipsCount(n int) Texts {
	if n == 1 {
		return Texts{msgf("track.count.ship", "%d ship", n)}
	}
	return Texts{msgf("track.count.ships", "%d ships", n)}
}

// fleetsCount is "1 fleet", "2 fleets".
func fleetsCount(n int) Texts {
	if n == 1 {
		return Texts{msgf("track.count.fleet", "%d fleet", n)}
	}
	return Texts{msgf("track.count.fleets", "%d fleets", n)}
}

// readyCount is the commands np has ready of all its commands: "3 of 5
// commands ready".
func readyCount(np AscPlayer) Texts {
	return Texts{msgf("track.commands_ready_of", "%d of %d commands ready", np.Ready(), np.Commands)}
}

// starbasesCount is "1 starbase", "2 starbases".
func starbasesCount(n int) Texts {
	if n == 1 {
		return Texts{msgf("track.count.starbase", "%d starbase", n)}
	}
	return Texts{msgf("track.count.starbases", "%d starbases", n)}
}

// systemsCount is "1 system", "4 systems".
func systemsCount(n int) Texts {
	if n == 1 {
		return Texts{msgf("track.count.system", "%d system", n)}
	}
	return Texts{msgf("track.count.systems", "%d systems", n)}
}

// nodeBuilt is the row of a node built, with the nodes of its kind after
// and more counts: "Ann built a production node: 2 production nodes, 1
// production left".
func nodeBuilt(name, kind string, n int, more ...Texts) *words {
	var w *words
	var nodes Msg
	switch kind {
	case CounterProduction:
		w = say("track.built_production_node", "%s built a production node", name)
		nodes = msgf("track.count.production_nodes", "%d production nodes", n)
		if n == 1 {
			nodes = msgf("track.count.production_node", "%d production node", n)
		}
	case CounterResearch:
		w = say("track.built_research_node", "%s built a research node", name)
		nodes = msgf("track.count.research_nodes", "%d research nodes", n)
		if n == 1 {
			nodes = msgf("track.count.research_node", "%d research node", n)
		}
	default:
		w = say("track.built_culture_node", "%s built a culture node", name)
		nodes = msgf("track.count.culture_nodes", "%d culture nodes", n)
		if n == 1 {
			nodes = msgf("track.count.culture_node", "%d culture node", n)
		}
	}
	return w.after(append([]Texts{{nodes}}, more...)...)
}
