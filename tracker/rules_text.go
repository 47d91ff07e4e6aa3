package tracker

// The rules the tracker holds the games to, in our own words, each with
// where the rulebooks state it. A refusal quotes the rule (Rejection.Rule,
// Rejection.Source).
var (
	ruleStartResources         = Rule{"Each player starts with 3 production, 3 research and 3 culture", srcAscRulebook + ", Setup"}
	ruleStartExtra             = Rule{"With extra starting resources each player starts with 8 production, 6 research and 4 culture", srcAscSummary + ", optional rules"}
	ruleStartHumble            = Rule{"With humble origins each player starts with no resources and no ascendancy (the Vulcans with 3 ascendancy)", srcAscRulebook + ", optional rules: Humble Origins"}
	ruleStartAscendancy        = Rule{"Each player starts with 1 ascendancy", srcAscRulebook + ", Starting Ascendancy"}
	ruleVulcanAscendancy       = Rule{"The Vulcans start with 3 ascendancy", srcAscRulebook + ", Starting Ascendancy"}
	ruleStartHome              = Rule{"Each home system starts with 1 node of each kind and 3 ships", srcAscSummary + ", Setup"}
	ruleVulcanHome             = Rule{"The Vulcan home system starts fully developed, with 3 ships", srcAscRulebook + ", Adding the Vulcans"}
	ruleOneCubePerSector       = Rule{"A sector never holds more than one cube", srcBorgBook + ", Collective Efficiency"}
	ruleRetreatLeaves          = Rule{"A player who retreats from a cube, or is forced out by its shields, has left that battle", srcBorgBook + ", Borg Adaptive Shields"}
	ruleBorgHitsInTurnOrder    = Rule{"Several defenders share the Borg hits in turn order, one at a time, until all are placed", srcBorgBook + ", Borg Hit Rolls"}
	ruleBorgCards              = Rule{"The Borg get one turn order card; once players are assimilated, each assimilated player gets their own", srcBorgBook + ", Assimilated Players"}
	ruleOwnTurn                = Rule{"Players build and issue commands only on their own turn, in turn order", srcAscRulebook + ", Execution Stage"}
	ruleCommandPhase           = Rule{"Commands are issued in the Command phase, which follows the Building phase", srcAscRulebook + ", Execution Stage"}
	ruleNoBuildInCommand       = Rule{"Once your Command phase has started you may not spend resources to build", srcAscSummary + ", Command phase"}
	ruleCommandToken           = Rule{"Every command (a battle, an invasion, a hegemony attempt, a starbase, a fleet, a project) exhausts a command token", srcAscSummary + ", Command phase"}
	ruleStarbaseLimit          = Rule{"A player commissions at most 3 starbases over the game, one per ascendancy level reached", srcAscRulebook + ", Building a Starbase"}
	ruleStarbaseLimitSummary   = Rule{"A player commissions at most 4 starbases over the game, one per ascendancy level reached", srcAscSummary + ", Commission fleets and starbases"}
	ruleVulcanStarbases        = Rule{"The Vulcans build no starbases (they may capture them)", srcAscRulebook + ", Vulcan Ambassadors"}
	ruleFleetCards             = Rule{"Each civilization has 3 fleet cards", srcAscSummary + ", Setup"}
	ruleFleetsAscendancy       = Rule{"You may not have more fleets in play than your ascendancy", srcAscRulebook + ", Number of Fleets"}
	ruleVulcanFleets           = Rule{"The Vulcans may not have more fleets in play than their ascendancy", srcAscSummary + ", Vulcans"}
	ruleProjects               = Rule{"A player may have no more projects than the research nodes they control", srcAscSummary + ", Commit research"}
	rulePrimeDirective         = Rule{"The Prime Directive: the Federation never invades planets or colonizes pre-warp inhabited systems", srcAscRulebook + ", The Prime Directive"}
	ruleLogicalObservers       = Rule{"Logical Observers: the Vulcans never invade or try hegemony on a rival with lower ascendancy", srcAscSummary + ", Vulcans"}
	ruleDomination             = Rule{"Domination: the Dominion uses hegemony only on independent systems", srcAscSummary + ", The Dominion"}
	rulePreWarpHegemony        = Rule{"Pre-warp inhabited systems cannot be taken by hegemony: they are colonized in the building phase", srcAscSummary + ", Cultural hegemony"}
	ruleFerengiCulture         = Rule{"Profit over Profundity: the Ferengi never build culture nodes", srcAscSummary + ", Ferengi"}
	ruleBidOrder               = Rule{"Bids are placed in the order of last round's turn order cards", srcAscSummary + ", Initiative Stage"}
	ruleBattleStart            = Rule{"A new battle starts at round 1, where first strike counts", srcAscRulebook + ", Space Battles"}
	ruleShipsLost              = Rule{"Ships destroyed in a round take no further part in the battle", srcAscRulebook + ", Space Battles"}
	ruleStarbaseDie            = Rule{"A starbase adds a die only to its controller's ships in that system", srcAscRulebook + ", Starbases in Space Battles"}
	ruleOccupationCardassian   = Rule{"Occupation is a Cardassian rule: only Cardassian systems need a Cardassian ship in orbit to generate", srcAscSummary + ", Cardassians: Occupation"}
	ruleStarbaseDieOnce        = Rule{"Ships in orbit of your own system with a starbase roll one additional die (one, however many starbases)", srcAscRulebook + ", Starbases in Space Battles"}
	ruleStarbaseDiePerStarbase = Rule{"Each side rolls one die per ship plus one die per starbase of its own", srcAscSummary + ", quick reference: Attack"}
	ruleReconPhenomena         = Rule{"The Andorian reconnaissance fleet never leaves its token on a phenomenon", srcAscRulebook + ", Andorian Reconnaissance Fleet"}
	ruleReconRival             = Rule{"The Andorian reconnaissance fleet leaves its token only on a rival-controlled system", srcAscSummary + ", Andorians"}
	ruleStunned                = Rule{"A stunned character may only Recover", srcAway + ", Stun"}
	ruleIncapacitated          = Rule{"An Incapacitated character cannot Move, Attack, take Skill tests or give Backup", srcAway + ", Stun"}
	ruleActivatedActs          = Rule{"Only the activated character takes Actions (a Hivemind character may act through friendly Borg Drones, but not Move them)", srcAway + ", Activation and Hivemind"}
	ruleAttackDice             = Rule{"An attacker rolls its Attack rating plus the weapon's dice (+1 with Backup); the target its Defense rating (+1 Backup, +1 Take Cover, -1 per Stun token)", srcAway + ", Attack Actions"}
	ruleSkillDice              = Rule{"A Skill test rolls the Skill rating plus the specialization (+1 with Backup)", srcAway + ", Skill Tests"}
	ruleTwoActions             = Rule{"An activated character takes two Actions; a Bonus Action token gives one Action", srcAway + ", Activating a Character"}
	ruleOneActivation          = Rule{"Each character activates only once in each Action Phase (a Bonus Action token lets it take one more Action)", srcAway + ", Subsequent Activations"}
	ruleActivationTurns        = Rule{"Players take turns activating one character each (or using a Bonus Action token) until all have activated", srcAway + ", Subsequent Activations"}
	ruleTeamsAlternate         = Rule{"In a team game the teams roll off, then take turns activating, one team then the other", srcAway + ", Four-Player Team Games"}
)

const srcAway = "Away Missions rulebook"
