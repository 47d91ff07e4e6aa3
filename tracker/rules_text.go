package tracker

// The rules the tracker holds the games to, in our own words, each with
// where the rulebooks state it. A refusal quotes the rule (Rejection.Rule,
// Rejection.Source).
var (
	ruleStartResources      = Rule{"Each player starts with 3 production, 3 research and 3 culture", srcAscRulebook + ", Setup"}
	ruleStartExtra          = Rule{"With extra starting resources each player starts with 8 production, 6 research and 4 culture", srcAscSummary + ", optional rules"}
	ruleStartHumble         = Rule{"With humble origins each player starts with no resources and no ascendancy (the Vulcans with 3 ascendancy)", srcAscRulebook + ", optional rules: Humble Origins"}
	ruleStartAscendancy     = Rule{"Each player starts with 1 ascendancy", srcAscRulebook + ", Starting Ascendancy"}
	ruleVulcanAscendancy    = Rule{"The Vulcans start with 3 ascendancy", srcAscRulebook + ", Starting Ascendancy"}
	ruleStartHome           = Rule{"Each home system starts with 1 node of each kind and 3 ships", srcAscSummary + ", Setup"}
	ruleVulcanHome          = Rule{"The Vulcan home system starts fully developed, with 3 ships", srcAscRulebook + ", Adding the Vulcans"}
	ruleOneCubePerSector    = Rule{"A sector never holds more than one cube", srcBorgBook + ", Collective Efficiency"}
	ruleRetreatLeaves       = Rule{"A player who retreats from a cube, or is forced out by its shields, has left that battle", srcBorgBook + ", Borg Adaptive Shields"}
	ruleBorgHitsInTurnOrder = Rule{"Several defenders share the Borg hits in turn order, one at a time, until all are placed", srcBorgBook + ", Borg Hit Rolls"}
	ruleBorgCards           = Rule{"The Borg get one turn order card; once players are assimilated, each assimilated player gets their own", srcBorgBook + ", Assimilated Players"}
)
