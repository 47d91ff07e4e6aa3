package tracker

// The rules the tracker holds the games to, in our own words, each with
// where the rulebooks state it. A refusal quotes the rule (Rejection.Rule,
// Rejection.Source).
var (
	ruleStartResources         = Rule{"rule.start_resources", "Each player starts with 3 production, 3 research and 3 culture", srcAscRulebook + ", Setup"}
	ruleStartExtra             = Rule{"rule.start_extra", "With extra starting resources each player starts with 8 production, 6 research and 4 culture", srcAscSummary + ", optional rules"}
	ruleStartHumble            = Rule{"rule.start_humble", "With humble origins each player starts with no resources and no ascendancy (the Vulcans with 3 ascendancy)", srcAscRulebook + ", optional rules: Humble Origins"}
	ruleStartAscendancy        = Rule{"rule.start_ascendancy", "Each player starts with 1 ascendancy", srcAscRulebook + ", Starting Ascendancy"}
	ruleVulcanAscendancy       = Rule{"rule.vulcan_ascendancy", "The Vulcans start with 3 ascendancy", srcAscRulebook + ", Starting Ascendancy"}
	ruleStartHome              = Rule{"rule.start_home", "Each home system starts with 1 node of each kind and 3 ships", srcAscSummary + ", Setup"}
	ruleVulcanHome             = Rule{"rule.vulcan_home", "The Vulcan home system starts fully developed, with 3 ships", srcAscRulebook + ", Adding the Vulcans"}
	ruleOneCubePerSector       = Rule{"rule.one_cube_per_sector", "A sector never holds more than one cube", srcBorgBook + ", Collective Efficiency"}
	ruleRetreatLeaves          = Rule{"rule.retreat_leaves", "A player who retreats from a cube, or is forced out by its shields, has left that battle", srcBorgBook + ", Borg Adaptive Shields"}
	ruleBorgHitsInTurnOrder    = Rule{"rule.borg_hits_in_turn_order", "Several defenders share the Borg hits in turn order, one at a time, until all are placed", srcBorgBook + ", Borg Hit Rolls"}
	ruleBorgCards              = Rule{"rule.borg_cards", "The Borg get one turn order card; once players are assimilated, each assimilated player gets their own", srcBorgBook + ", Assimilated Players"}
	ruleOwnTurn                = Rule{"rule.own_turn", "Players build and issue commands only on their own turn, in turn order", srcAscRulebook + ", Execution Stage"}
	ruleCommandPhase           = Rule{"rule.command_phase", "Commands are issued in the Command phase, which follows the Building phase", srcAscRulebook + ", Execution Stage"}
	ruleNoBuildInCommand       = Rule{"rule.no_build_in_command", "Once your Command phase has started you may not spend resources to build", srcAscSummary + ", Command phase"}
	ruleCommandToken           = Rule{"rule.command_token", "Every command (a battle, an invasion, a hegemony attempt, a starbase, a fleet, a project) exhausts a command token", srcAscSummary + ", Command phase"}
	ruleStarbaseLimit          = Rule{"rule.starbase_limit", "A player commissions at most 3 starbases over the game, one per ascendancy level reached", srcAscRulebook + ", Building a Starbase"}
	ruleStarbaseLimitSummary   = Rule{"rule.starbase_limit_summary", "A player commissions at most 4 starbases over the game, one per ascendancy level reached", srcAscSummary + ", Commission fleets and starbases"}
	ruleVulcanStarbases        = Rule{"rule.vulcan_starbases", "The Vulcans build no starbases (they may capture them)", srcAscRulebook + ", Vulcan Ambassadors"}
	ruleFleetCards             = Rule{"rule.fleet_cards", "Each civilization has 3 fleet cards", srcAscSummary + ", Setup"}
	ruleFleetsAscendancy       = Rule{"rule.fleets_ascendancy", "You may not have more fleets in play than your ascendancy", srcAscRulebook + ", Number of Fleets"}
	ruleVulcanFleets           = Rule{"rule.vulcan_fleets", "The Vulcans may not have more fleets in play than their ascendancy", srcAscSummary + ", Vulcans"}
	ruleProjects               = Rule{"rule.projects", "A player may have no more projects than the research nodes they control", srcAscSummary + ", Commit research"}
	rulePrimeDirective         = Rule{"rule.prime_directive", "The Prime Directive: the Federation never invades planets or colonizes pre-warp inhabited systems", srcAscRulebook + ", The Prime Directive"}
	ruleLogicalObservers       = Rule{"rule.logical_observers", "Logical Observers: the Vulcans never invade or try hegemony on a rival with lower ascendancy", srcAscSummary + ", Vulcans"}
	ruleDomination             = Rule{"rule.domination", "Domination: the Dominion uses hegemony only on independent systems", srcAscSummary + ", The Dominion"}
	rulePreWarpHegemony        = Rule{"rule.pre_warp_hegemony", "Pre-warp inhabited systems cannot be taken by hegemony: they are colonized in the building phase", srcAscSummary + ", Cultural hegemony"}
	ruleFerengiCulture         = Rule{"rule.ferengi_culture", "Profit over Profundity: the Ferengi never build culture nodes", srcAscSummary + ", Ferengi"}
	ruleBidOrder               = Rule{"rule.bid_order", "Bids are placed in the order of last round's turn order cards", srcAscSummary + ", Initiative Stage"}
	ruleBattleStart            = Rule{"rule.battle_start", "A new battle starts at round 1, where first strike counts", srcAscRulebook + ", Space Battles"}
	ruleShipsLost              = Rule{"rule.ships_lost", "Ships destroyed in a round take no further part in the battle", srcAscRulebook + ", Space Battles"}
	ruleInvasionGoesOn         = Rule{"rule.invasion_goes_on", "An invasion goes on round after round without another command, until the attacker retreats, the defender surrenders or a round has an outcome; a new invasion starts at round 1", srcAscRulebook + ", The Battle Continues"}
	ruleInvasionLosses         = Rule{"rule.invasion_losses", "Ships and nodes destroyed in an invasion round take no further part in the invasion", srcAscRulebook + ", Planetary Invasion"}
	ruleCollateralDamage       = Rule{"rule.collateral_damage", "On collateral damage the attacker destroys as many of the defender's resource nodes as they scored hits, of their choice; never the control node", srcAscRulebook + ", Collateral Damage"}
	ruleTotalAnnihilation      = Rule{"rule.total_annihilation", "Total annihilation destroys every node on the planet, the control node included", srcAscRulebook + ", Total Annihilation"}
	ruleReclaimCommand         = Rule{"rule.reclaim_command", "Reclaiming a Borg system is an invasion: it starts with a command of the attacker's own turn, in the Command phase (a command token); its later rounds need no new command", srcBorgBook + ", Reclaiming Borg Systems"}
	ruleTradeExhausted         = Rule{"rule.trade_exhausted", "An exhausted trade agreement cannot be revoked or exchanged until it is refreshed in maintenance", srcAscRulebook + ", Exhausted Trade Agreement Cards"}
	ruleTradeFirstContact      = Rule{"rule.trade_first_contact", "Players give and receive trade agreements only once they have made first contact", srcAscRulebook + ", Establishing Trade Agreements"}
	ruleStarbaseDie            = Rule{"rule.starbase_die", "A starbase adds a die only to its controller's ships in that system", srcAscRulebook + ", Starbases in Space Battles"}
	ruleOccupationCardassian   = Rule{"rule.occupation_cardassian", "Occupation is a Cardassian rule: only Cardassian systems need a Cardassian ship in orbit to generate", srcAscSummary + ", Cardassians: Occupation"}
	ruleStarbaseDieOnce        = Rule{"rule.starbase_die_once", "Ships in orbit of your own system with a starbase roll one additional die (one, however many starbases)", srcAscRulebook + ", Starbases in Space Battles"}
	ruleStarbaseDiePerStarbase = Rule{"rule.starbase_die_per_starbase", "Each side rolls one die per ship plus one die per starbase of its own", srcAscSummary + ", quick reference: Attack"}
	ruleReconPhenomena         = Rule{"rule.recon_phenomena", "The Andorian reconnaissance fleet never leaves its token on a phenomenon", srcAscRulebook + ", Andorian Reconnaissance Fleet"}
	ruleReconRival             = Rule{"rule.recon_rival", "The Andorian reconnaissance fleet leaves its token only on a rival-controlled system", srcAscSummary + ", Andorians"}
	ruleStunned                = Rule{"rule.stunned", "A stunned character may only Recover", srcAway + ", Stun"}
	ruleIncapacitated          = Rule{"rule.incapacitated", "An Incapacitated character cannot Move, Attack, take Skill tests or give Backup", srcAway + ", Stun"}
	ruleActivatedActs          = Rule{"rule.activated_acts", "Only the activated character takes Actions (a Hivemind character may act through friendly Borg Drones, but not Move them)", srcAway + ", Activation and Hivemind"}
	ruleAttackDice             = Rule{"rule.attack_dice", "An attacker rolls its Attack rating plus the weapon's dice (+1 with Backup); the target its Defense rating (+1 Backup, +1 Take Cover, -1 per Stun token)", srcAway + ", Attack Actions"}
	ruleSkillDice              = Rule{"rule.skill_dice", "A Skill test rolls the Skill rating plus the specialization (+1 with Backup)", srcAway + ", Skill Tests"}
	ruleTwoActions             = Rule{"rule.two_actions", "An activated character takes two Actions; a Bonus Action token gives one Action", srcAway + ", Activating a Character"}
	ruleOneActivation          = Rule{"rule.one_activation", "Each character activates only once in each Action Phase (a Bonus Action token lets it take one more Action)", srcAway + ", Subsequent Activations"}
	ruleFinishActivation       = Rule{"rule.finish_activation", "An activated character takes its Actions before the next player activates: the turn passes once they are taken (or its player ends the activation)", srcAway + ", Activating a Character and Subsequent Activations"}
	ruleActivationTurns        = Rule{"rule.activation_turns", "Players take turns activating one character each (or using a Bonus Action token) until all have activated", srcAway + ", Subsequent Activations"}
	ruleTeamsAlternate         = Rule{"rule.teams_alternate", "In a team game the teams roll off, then take turns activating, one team then the other", srcAway + ", Four-Player Team Games"}
)

const srcAway = "Away Missions rulebook"
