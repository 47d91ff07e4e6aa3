package awaytext

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/i18n"
	"tableops/rules/away"
	"tableops/rules/dice"
)

// TestEnglishIsTheRulesOwnAndItalianIsItalian: in English the lines are
// the rules engine's Explain; in Italian they are worded in Italian (the
// Away Missions terms stay English).
func TestEnglishIsTheRulesOwnAndItalianIsItalian(t *testing.T) {
	t.Cleanup(func() { _, _ = i18n.Setup("") })
	att, err := away.ResolveAttack(away.AttackSetup{Stun: true, TargetStun: 1}, dice.Pool{6, 4, 2, 2}, dice.Pool{5, 4, 1})
	require.NoError(t, err)
	skill, err := away.ResolveSkill(dice.Pool{5, 2}, nil, 1)
	require.NoError(t, err)
	opposed, err := away.ResolveSkill(dice.Pool{6, 3}, dice.Pool{5}, 1)
	require.NoError(t, err)

	_, err = i18n.Setup("en")
	require.NoError(t, err)
	assert.Equal(t, att.Explain(), Attack(att))
	assert.Equal(t, skill.Explain(), Skill(skill))
	assert.Equal(t, opposed.Explain(), Skill(opposed))

	_, err = i18n.Setup("it")
	require.NoError(t, err)
	assert.Equal(t, []string{
		"coppia 1: Attack 6 contro Defense 5: il dado di Attack è più alto, 1 danno",
		"coppia 2: Attack 4 contro Defense 4: annullato (Defense uguale o più alto)",
		"coppia 3: Attack 2 contro Defense 1: il dado di Attack è più alto, 1 danno",
		"coppia 4: Attack 2 senza avversario: sotto il 4, annullato",
		"arma Stun: un segnalino Stun invece di 2 danni",
		"secondo segnalino Stun: il bersaglio è Incapacitated",
		"risultato: 1 segnalino Stun, nessun danno",
	}, Attack(att))
	assert.Equal(t, []string{"dado 1: 5 è 4 o più, 1 successo", "dado 2: 2 è sotto il 4, nessun successo", "risultato: 1 successo, 1 richiesti: superato"}, Skill(skill))
}
