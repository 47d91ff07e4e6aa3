//go:build unix

package chrometest

import (
	"os/exec"
	"syscall"
)

// ownGroup puts Chromium in its own process group, killed as a whole.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills Chromium and its helper processes.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
