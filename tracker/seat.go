package tracker

import (
	"encoding/json"
	"slices"
)

// SeatChoice is a player a device may sit as: a civilization in
// Ascendancy, a player (or team) in Away Missions.
type SeatChoice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// SeatChoices returns the players of the game, in the order of play, for a
// device to pick the one it sits as.
func SeatChoices(st *State) []SeatChoice {
	var out []SeatChoice
	switch {
	case st == nil:
	case st.Away != nil:
		for _, p := range st.Away.Players {
			out = append(out, SeatChoice{ID: p.ID, Name: p.Name})
		}
	case st.Ascendancy != nil:
		for _, p := range st.Ascendancy.Players {
			out = append(out, SeatChoice{ID: p.ID, Name: p.Name})
		}
	}
	return out
}

// PlayerName returns the name of the player with id, or "" when the game
// has no such player.
func PlayerName(st *State, id string) string {
	for _, c := range SeatChoices(st) {
		if c.ID == id {
			return c.Name
		}
	}
	return ""
}

// CommandPlayers returns the players whose pieces cmd changes: the players
// it names, and the controllers of the Away Missions characters it names,
// in the game's order. Commands for the whole table (the next phase, game
// options) name none.
func CommandPlayers(st *State, cmd Command) []string {
	if st == nil || cmd == nil {
		return nil
	}
	b, err := json.Marshal(cmd)
	if err != nil {
		return nil
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	owner := map[string]string{}
	for _, c := range SeatChoices(st) {
		owner[c.ID] = c.ID
	}
	if st.Away != nil {
		for _, c := range st.Away.Characters {
			owner[c.ID] = c.Controller
		}
	}
	named := map[string]bool{}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(k, e)
			}
		case []any:
			for _, e := range x {
				walk(key, e)
			}
		case string:
			// Free text (names, reasons) never names a piece.
			if key == "name" || key == "label" || key == "reason" || key == "note" {
				return
			}
			if p, ok := owner[x]; ok && p != "" {
				named[p] = true
			}
		}
	}
	walk("", v)
	var out []string
	for _, c := range SeatChoices(st) {
		if named[c.ID] {
			out = append(out, c.ID)
		}
	}
	return out
}

// OthersPieces reports the players other than seat whose pieces cmd
// changes, when seat is not one of them: a device sitting as seat changes
// its own pieces (and those of the players it deals with, as in a battle it
// fights) freely, and asks before changing only somebody else's.
func OthersPieces(st *State, seat string, cmd Command) []string {
	ps := CommandPlayers(st, cmd)
	if len(ps) == 0 || slices.Contains(ps, seat) {
		return nil
	}
	return ps
}
