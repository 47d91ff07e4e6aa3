package scan_test

import (
	"fmt"

	"tableops/scan"
)

func ExampleEncode() {
	kirk := scan.Tag{Kind: scan.KindCharacter, ID: "AM-KIRK", Character: &scan.Character{
		Name:   "James T. Kirk",
		Tracks: scan.Tracks{Attack: []int{5, 4, 3}, Defense: []int{4, 3}, Skill: []int{6, 5}, Move: []int{4, 4}},
	}}
	payload, err := scan.Encode(kirk)
	if err != nil {
		fmt.Println(err)
		return
	}
	sym, err := scan.EncodeQR(payload)
	if err != nil {
		fmt.Println(err)
		return
	}
	back, err := scan.Decode(payload)
	fmt.Println(payload)
	fmt.Println("QR version", sym.Version, "level", scan.ECLevel)
	fmt.Println(back, err)
	// Output:
	// TO1F/JAMES T. KIRK/543/43/65/44/AM-KIRK/EIN
	// QR version 3 level Q
	// character AM-KIRK: James T. Kirk (attack 5 4 3, defense 4 3, skill 6 5, move 4 4) <nil>
}

func ExampleDecode() {
	for _, text := range []string{"TO1B/BC-EXPEDITED/A84", "TO1B/BC-EXPEDITED/A85", "https://example.com"} {
		tag, err := scan.Decode(text)
		fmt.Println(tag.Kind, tag.ID, err)
	}
	// Output:
	// borg-command BC-EXPEDITED <nil>
	// kind(0)  decode tag: tag check digits do not match (damaged or mis-read)
	// kind(0)  decode tag: not a Table Ops tag
}
