package ascendancy

// Trade agreement rules (seed 002 "Trade Agreements" [Accordi
// Commerciali]; seed 003 "Trade agreements").

// Revocable reports whether the agreement may be revoked or exchanged for
// another of the giver's cards now: not while it is exhausted, until it is
// refreshed during maintenance (seed 002 "Exhausted Trade Agreement Cards"
// [Carte Accordo Commerciale Esaurite]: exhausted agreements "cannot be
// revoked or exchanged until they are refreshed"; seed 003 "Generate
// resources" the same).
func (t TradeAgreement) Revocable() bool { return !t.Exhausted }

// CanTrade reports whether two players may give each other a trade
// agreement: both must have made first contact (seed 002 "Establishing
// Trade Agreements" [Stabilire Accordi Commerciali]: to give or receive an
// agreement with a rival "you must have made First Contact"). First contact
// is a civilization's home system connected to another home system by
// space lanes and systems (seed 002 glossary, "First Contact").
func CanTrade(firstContact, rivalFirstContact bool) bool {
	return firstContact && rivalFirstContact
}
