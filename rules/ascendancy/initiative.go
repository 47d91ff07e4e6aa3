package ascendancy

import (
	"math/rand/v2"
	"slices"
	"sort"
)

// Bid is one player's bid in the initiative stage: resources placed on
// their last turn order card. Only players who have made first contact may
// bid; a bid of nothing is no bid.
type Bid struct {
	Player       string    `json:"player"`
	FirstContact bool      `json:"first_contact"`
	Spent        Resources `json:"spent"`
}

// Initiative is the initiative stage of a round (seed 002 "Initiative
// Stage" [Stadio Iniziativa], "Choosing Turn Order Cards"; seed 003; seed
// 004 "Playing with the Borg").
type Initiative struct {
	// Bids are in the order the players bid (last round's turn order).
	Bids []Bid `json:"bids"`
	// Cards are the turn order card numbers in use this round.
	Cards []int `json:"cards"`
	// Borg is true when the Borg (or the assimilated players, one card
	// each) take turn order cards; BorgCards is how many (1 when nobody is
	// assimilated yet).
	Borg      bool `json:"borg,omitempty"`
	BorgCards int  `json:"borg_cards,omitempty"`
}

// PickOrder is the result of the bidding: who chooses a card, in order.
type PickOrder struct {
	// Pickers choose a turn order card, highest total spent first.
	Pickers []string `json:"pickers"`
	// Random lists the players who get a random card from those left after
	// the pickers chose: no first contact or nothing spent.
	Random []string `json:"random"`
}

// ValidateBids checks the bids: only players with first contact may bid,
// and no two players may spend the same total (seed 002: you may not spend
// the same number of resources another player already bid).
func ValidateBids(bids []Bid) error {
	seen := map[int]string{}
	names := map[string]bool{}
	for _, b := range bids {
		if b.Player == "" {
			return bad("rules.asc.every_bid_needs_player", "every bid needs a player")
		}
		if names[b.Player] {
			return bad("rules.asc.bid_twice", "%s bid twice", b.Player)
		}
		names[b.Player] = true
		if b.Spent.Negative() {
			return bad("rules.asc.bid_cannot_be_negative", "%s: a bid cannot be negative", b.Player)
		}
		total := b.Spent.Total()
		if total == 0 {
			continue
		}
		if !b.FirstContact {
			return bad("rules.asc.has_not_made_first_contact_and", "%s has not made first contact and cannot bid", b.Player)
		}
		if other, ok := seen[total]; ok {
			return bad("rules.asc.cannot_bid_already_bid_that_total", "%s cannot bid %d: %s already bid that total", b.Player, total, other)
		}
		seen[total] = b.Player
	}
	return nil
}

// Order returns who picks turn order cards and in what order: bidders by
// total spent, highest first; the rest get random cards.
func Order(bids []Bid) (PickOrder, error) {
	if err := ValidateBids(bids); err != nil {
		return PickOrder{}, err
	}
	var po PickOrder
	var bidders []Bid
	for _, b := range bids {
		if b.Spent.Total() > 0 {
			bidders = append(bidders, b)
		} else {
			po.Random = append(po.Random, b.Player)
		}
	}
	sort.SliceStable(bidders, func(i, j int) bool { return bidders[i].Spent.Total() > bidders[j].Spent.Total() })
	for _, b := range bidders {
		po.Pickers = append(po.Pickers, b.Player)
	}
	return po, nil
}

// Assignment is the final turn order of a round.
type Assignment struct {
	// Cards maps each player to their turn order card.
	Cards map[string]int `json:"cards"`
	// BorgCards are the Borg's card(s), drawn at random after the bidders.
	BorgCards []int `json:"borg_cards,omitempty"`
	// Seed is the seed the random cards were dealt with.
	Seed uint64 `json:"seed"`
}

// AssignCards completes the initiative stage: chosen maps each picker to the
// card they chose (pickers choose any card, in PickOrder), then the players
// who did not bid and the Borg get random cards from those left, dealt from
// seed (seed 002 "Choosing Turn Order Cards"; seed 004: the Borg never bid
// and always get a random card after the bidders, even with no Borg in
// play). Without any first contact every card is random.
func AssignCards(in Initiative, chosen map[string]int, seed uint64) (Assignment, error) {
	po, err := Order(in.Bids)
	if err != nil {
		return Assignment{}, err
	}
	borg := 0
	if in.Borg {
		borg = max(1, in.BorgCards)
	}
	if len(in.Cards) != len(in.Bids)+borg {
		return Assignment{}, bad("rules.asc.turn_order_cards_for_players_and", "%d turn order cards for %d players and %d Borg cards", len(in.Cards), len(in.Bids), borg)
	}
	left := slices.Clone(in.Cards)
	out := Assignment{Cards: map[string]int{}, Seed: seed}
	for _, p := range po.Pickers {
		c, ok := chosen[p]
		if !ok {
			return Assignment{}, bad("rules.asc.bid_and_must_choose_turn_order", "%s bid and must choose a turn order card", p)
		}
		i := slices.Index(left, c)
		if i < 0 {
			return Assignment{}, bad("rules.asc.chose_card_not_available", "%s chose card %d, which is not available", p, c)
		}
		out.Cards[p] = c
		left = slices.Delete(left, i, i+1)
	}
	for p := range chosen {
		if !slices.Contains(po.Pickers, p) {
			return Assignment{}, bad("rules.asc.did_not_bid_and_gets_random", "%s did not bid and gets a random card", p)
		}
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	r.Shuffle(len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
	for _, p := range po.Random {
		out.Cards[p], left = left[0], left[1:]
	}
	out.BorgCards = left
	return out, nil
}

// AssignDrawn completes the initiative stage with the cards the table
// actually drew instead of a random deal: chosen as in AssignCards for the
// bidders, drawn gives every other player their card, and the Borg take
// the cards left.
func AssignDrawn(in Initiative, chosen, drawn map[string]int) (Assignment, error) {
	po, err := Order(in.Bids)
	if err != nil {
		return Assignment{}, err
	}
	borg := 0
	if in.Borg {
		borg = max(1, in.BorgCards)
	}
	if len(in.Cards) != len(in.Bids)+borg {
		return Assignment{}, bad("rules.asc.turn_order_cards_for_players_and", "%d turn order cards for %d players and %d Borg cards", len(in.Cards), len(in.Bids), borg)
	}
	left := slices.Clone(in.Cards)
	out := Assignment{Cards: map[string]int{}}
	take := func(p string, c int, drew bool) error {
		i := slices.Index(left, c)
		if i < 0 {
			if drew {
				return bad("rules.asc.drew_card_not_available", "%s drew card %d, which is not available", p, c)
			}
			return bad("rules.asc.chose_card_not_available", "%s chose card %d, which is not available", p, c)
		}
		out.Cards[p] = c
		left = slices.Delete(left, i, i+1)
		return nil
	}
	for _, p := range po.Pickers {
		c, ok := chosen[p]
		if !ok {
			return Assignment{}, bad("rules.asc.bid_and_must_choose_turn_order", "%s bid and must choose a turn order card", p)
		}
		if err := take(p, c, false); err != nil {
			return Assignment{}, err
		}
	}
	for p := range chosen {
		if !slices.Contains(po.Pickers, p) {
			return Assignment{}, bad("rules.asc.did_not_bid_and_draws_card", "%s did not bid and draws a card", p)
		}
	}
	for p := range drawn {
		if !slices.Contains(po.Random, p) {
			return Assignment{}, bad("rules.asc.bid_and_chooses_card_only_others", "%s bid and chooses a card; only the others draw", p)
		}
	}
	for _, p := range po.Random {
		c, ok := drawn[p]
		if !ok {
			return Assignment{}, bad("rules.asc.enter_card_drew", "enter the card %s drew", p)
		}
		if err := take(p, c, true); err != nil {
			return Assignment{}, err
		}
	}
	out.BorgCards = left
	return out, nil
}

// TurnOrder lists players (and "Borg" for each Borg card) by card number.
func TurnOrder(a Assignment) []string {
	type seat struct {
		who  string
		card int
	}
	var seats []seat
	for p, c := range a.Cards {
		seats = append(seats, seat{p, c})
	}
	for _, c := range a.BorgCards {
		seats = append(seats, seat{"Borg", c})
	}
	sort.Slice(seats, func(i, j int) bool { return seats[i].card < seats[j].card })
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.who
	}
	return out
}
