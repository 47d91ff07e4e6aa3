//go:build windows

package main

import (
	"os"
	"syscall"
)

// The Windows build is a GUI program (linked with -H windowsgui) so that
// starting it from the desktop opens no console window. Such a program has
// no console of its own: when a headless command is run from a terminal,
// attach to the terminal's console so that its output shows there.
func init() {
	if len(os.Args) > 1 {
		attachParentConsole()
	}
}

// attachParentProcess is ATTACH_PARENT_PROCESS ((DWORD)-1).
const attachParentProcess = ^uintptr(0)

// attachParentConsole attaches to the console of the process that started
// this one, if it has one, and points stdout and stderr at it unless they
// already go somewhere (a pipe or a file given by the shell).
func attachParentConsole() {
	attach := syscall.NewLazyDLL("kernel32.dll").NewProc("AttachConsole")
	if attach.Find() != nil {
		return
	}
	if r, _, _ := attach.Call(attachParentProcess); r == 0 {
		return // started from the desktop or from a program without a console
	}
	if !usable(os.Stdout) || !usable(os.Stderr) {
		if out, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
			if !usable(os.Stdout) {
				os.Stdout = out
			}
			if !usable(os.Stderr) {
				os.Stderr = out
			}
		}
	}
	if !usable(os.Stdin) {
		if in, err := os.OpenFile("CONIN$", os.O_RDONLY, 0); err == nil {
			os.Stdin = in
		}
	}
}

// usable reports whether f is a handle the process was given (redirected
// output, a pipe) rather than the invalid handle a GUI program starts with.
func usable(f *os.File) bool {
	if f == nil {
		return false
	}
	h := syscall.Handle(f.Fd())
	if h == syscall.InvalidHandle || h == 0 {
		return false
	}
	_, err := syscall.GetFileType(h)
	return err == nil
}
