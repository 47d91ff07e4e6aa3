//go:build !unix

package chrometest

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// killGroup kills Chromium (its helpers end with it).
func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
