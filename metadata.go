//go:build !js

// Command tableops is Table Ops, a companion app for Star Trek: Away Missions
// and Star Trek: Ascendancy with its Borg Assimilation expansion.
//
// Without arguments it starts the GUI. With a subcommand it runs headless and
// prints human text, or JSON with --json (run "tableops help" for the list):
// the commands live in internal/cli. Built with -tags headless it has no GUI
// at all and links no display libraries (main_headless.go), for a home server
// or a Raspberry Pi that hosts the table.
package main

import _ "embed"

// fyneAppTOML is the app metadata that `fyne package` also reads: the one
// place the version number is kept (tableops version prints it).
//
//go:embed FyneApp.toml
var fyneAppTOML []byte
