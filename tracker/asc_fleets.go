package tracker

// freeFleetShips is the ships that may be grouped into a fleet as they are
// built, without a command (seed 003 "Build ships": "If you build 3 or
// more ships in the same system, you may immediately group them into a
// fleet, without exhausting a command").
const freeFleetShips = 3

// ruleFreeFleet: a fleet is free only with the ships just built.
var ruleFreeFleet = Rule{"rule.free_fleet", "A fleet needs no command only when 3 or more ships just built in one system are grouped into it at once; any other fleet is a command", srcAscSummary + ", Build ships"}
