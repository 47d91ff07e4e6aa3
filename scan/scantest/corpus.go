package scantest

import (
	"fmt"
	"math/rand/v2"

	"tableops/scan"
)

// Condition is one kind of difficulty in the robustness corpus.
type Condition string

// The corpus conditions.
const (
	Clean       Condition = "clean"       // flat, upright, well lit
	Rotated     Condition = "rotation"    // any angle in the image plane
	Perspective Condition = "perspective" // card tilted 25 to 45 degrees
	Blurred     Condition = "blur"        // out of focus or moving
	Noisy       Condition = "noise"       // sensor noise
	Glare       Condition = "glare"       // a bright reflection across the tag
	LowLight    Condition = "low-light"   // dim room: dark and noisy
	Small       Condition = "small"       // the card far away: about 2 pixels a module
	Several     Condition = "several"     // three cards in view at once
)

// Conditions lists every corpus condition, easiest first.
func Conditions() []Condition {
	return []Condition{Clean, Rotated, Perspective, Blurred, Noisy, Glare, LowLight, Small, Several}
}

// Sample is one corpus frame and the payloads shown in it.
type Sample struct {
	Scene    Scene
	Payloads []string
}

// CorpusPayloads returns realistic tag payloads: references of every card
// kind and self-describing characters.
func CorpusPayloads() ([]string, error) {
	tags := []scan.Tag{
		{Kind: scan.KindMission, ID: "AM-MISSION-03"},
		{Kind: scan.KindEquipment, ID: "TYPE-2-PHASER"},
		{Kind: scan.KindEvent, ID: "RED-ALERT"},
		{Kind: scan.KindBorgCommand, ID: "BORG-COMMAND-12"},
		{Kind: scan.KindBorgTech, ID: "BORG-TECH-4"},
		{Kind: scan.KindExploration, ID: "EXPLORATION-21"},
		{Kind: scan.KindAdvancement, ID: "ADVANCEMENT-9"},
		{Kind: scan.KindCharacter, ID: "KIRK"},
		{Kind: scan.KindCharacter, ID: "AM-KIRK", Character: &scan.Character{
			Name:   "James T. Kirk",
			Tracks: scan.Tracks{Attack: []int{5, 4, 3, 2}, Defense: []int{4, 3, 3}, Skill: []int{6, 5, 4}, Move: []int{4, 4, 3}}}},
		{Kind: scan.KindCharacter, ID: "AM-BELANNA", Character: &scan.Character{
			Name:   "B'Elanna Torres",
			Tracks: scan.Tracks{Attack: []int{4, 3, 2}, Defense: []int{3, 3, 2}, Skill: []int{6, 6, 5, 4}, Move: []int{4, 3}}}},
	}
	out := make([]string, len(tags))
	for i, t := range tags {
		p, err := scan.Encode(t)
		if err != nil {
			return nil, fmt.Errorf("corpus payload %d: %w", i, err)
		}
		out[i] = p
	}
	return out, nil
}

// Corpus returns n samples of the condition at the given frame size,
// generated from seed.
func Corpus(c Condition, width, height, n int, seed uint64) ([]Sample, error) {
	payloads, err := CorpusPayloads()
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, uint64(len(c))))
	between := func(a, b float64) float64 { return a + rng.Float64()*(b-a) }
	W, H := float64(width), float64(height)
	out := make([]Sample, 0, n)
	for i := 0; i < n; i++ {
		sc := Scene{Width: width, Height: height, Seed: rng.Uint64(), Noise: 2}
		size := between(0.28, 0.4) * H
		card := func(size float64) Placement {
			p := payloads[rng.IntN(len(payloads))]
			return Placement{
				Payload:  p,
				X:        between(0.35, 0.65) * W,
				Y:        between(0.3, 0.6) * H,
				Size:     size,
				Rotation: between(-8, 8),
				DarkCard: rng.IntN(2) == 0,
			}
		}
		p := card(size)
		switch c {
		case Clean:
		case Rotated:
			p.Rotation = between(0, 360)
		case Perspective:
			p.TiltX = between(25, 45) * sign(rng)
			p.TiltY = between(0, 30) * sign(rng)
			if rng.IntN(2) == 0 {
				p.TiltX, p.TiltY = p.TiltY, p.TiltX
			}
		case Blurred:
			sc.Blur = between(1.5, 3.5) * H / 480
		case Noisy:
			sc.Noise = between(15, 35)
		case Glare:
			sc.Glare = between(0.75, 0.95)
			sc.GlareX = p.X + between(-0.3, 0.3)*size
			sc.GlareY = p.Y + between(-0.3, 0.3)*size
			sc.GlareR = between(0.25, 0.45) * size
		case LowLight:
			sc.Light = between(0.08, 0.2)
			sc.Noise = between(4, 8)
		case Small:
			// About 1.7 to 2.5 pixels a module for a version 2-3 symbol.
			p.Size = between(55, 80)
		case Several:
			p.Size = H * 0.26
			p.X, p.Y = W*0.2, H*0.35
		default:
			return nil, fmt.Errorf("corpus: unknown condition %q", c)
		}
		sc.Cards = []Placement{p}
		if c == Several {
			q, r := card(H*0.26), card(H*0.26)
			q.X, q.Y = W*0.5, H*0.65
			r.X, r.Y = W*0.8, H*0.35
			sc.Cards = append(sc.Cards, q, r)
		}
		s := Sample{Scene: sc}
		for _, cd := range sc.Cards {
			s.Payloads = append(s.Payloads, cd.Payload)
		}
		out = append(out, s)
	}
	return out, nil
}

func sign(rng *rand.Rand) float64 {
	if rng.IntN(2) == 0 {
		return -1
	}
	return 1
}
