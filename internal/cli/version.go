package cli

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/BurntSushi/toml"

	"tableops/webapp"
)

// appMetadata is the part of FyneApp.toml that the version command prints.
type appMetadata struct {
	Website string
	Details struct {
		Name    string
		ID      string
		Version string
		Build   int
	}
}

// loadAppMetadata parses FyneApp.toml as embedded in the binary.
func loadAppMetadata(data []byte) (appMetadata, error) {
	var m appMetadata
	if _, err := toml.Decode(string(data), &m); err != nil {
		return m, fmt.Errorf("reading FyneApp.toml: %w", err)
	}
	if m.Details.Version == "" {
		return m, fmt.Errorf("reading FyneApp.toml: no Version in [Details]")
	}
	return m, nil
}

// versionInfo is the output of "tableops version".
type versionInfo struct {
	Name    string `json:"name"`
	AppID   string `json:"app_id"`
	Version string `json:"version"`
	Build   int    `json:"build"`
	// Go is the Go release the binary was built with.
	Go   string `json:"go"`
	OS   string `json:"os"`
	Arch string `json:"arch"`
	// Commit, CommitTime and Modified come from version control when the
	// binary was built from a checkout with VCS stamping on.
	Commit     string `json:"commit,omitempty"`
	CommitTime string `json:"commit_time,omitempty"`
	Modified   bool   `json:"modified,omitempty"`
	// Settings are the build settings the Go toolchain recorded (cgo, race
	// detector, flags, tags).
	Settings map[string]string `json:"settings,omitempty"`
	// WebApp says whether the web app (which the host serves to phones
	// and "tableops web" writes) is inside, and which build.
	WebApp webAppInfo `json:"web_app"`
}

// webAppInfo is the web app in the binary.
type webAppInfo struct {
	Inside bool `json:"inside"`
	// Build identifies the web app's build (a hash of its files); Files
	// are its file names, Size their size and Embedded their size as
	// embedded (brotli).
	Build    string   `json:"build,omitempty"`
	Files    []string `json:"files,omitempty"`
	Size     int64    `json:"size,omitempty"`
	Embedded int64    `json:"embedded,omitempty"`
	// BuildWith is the command that builds it, when it is not inside.
	BuildWith string `json:"build_with,omitempty"`
}

// webAppOf describes the web app of a build (ok false: none).
func webAppOf(b webapp.Build, ok bool) webAppInfo {
	if !ok {
		return webAppInfo{BuildWith: webapp.BuildCommand}
	}
	return webAppInfo{Inside: true, Build: b.ID, Files: b.Files, Size: b.Size, Embedded: b.Embedded}
}

// String is the web app's line in "tableops version".
func (w webAppInfo) String() string {
	if !w.Inside {
		return fmt.Sprintf("not inside (phones cannot be served the app; build it with %q, then rebuild)", w.BuildWith)
	}
	code := ""
	for _, f := range w.Files {
		if strings.HasSuffix(f, ".wasm") {
			code = f + "; "
		}
	}
	return fmt.Sprintf("inside, build %s (%s%d files, %.1f MB, embedded as brotli %.1f MB)", w.Build, code, len(w.Files), float64(w.Size)/1e6, float64(w.Embedded)/1e6)
}

// buildVersionInfo combines the app metadata with the binary's build info.
func buildVersionInfo(m appMetadata, bi *debug.BuildInfo) versionInfo {
	v := versionInfo{
		Name: m.Details.Name, AppID: m.Details.ID, Version: m.Details.Version, Build: m.Details.Build,
		Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH,
	}
	if bi == nil {
		return v
	}
	v.Go = bi.GoVersion
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.CommitTime = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		case "vcs", "GOOS", "GOARCH":
		default:
			if v.Settings == nil {
				v.Settings = map[string]string{}
			}
			v.Settings[s.Key] = s.Value
		}
	}
	return v
}

// runVersion prints the app's version from FyneApp.toml and how the binary
// was built.
func (p Program) runVersion(args []string, out io.Writer) error {
	fs := newFlagSet("version")
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if fs.seedSet {
		return badInput("--seed does not apply to version")
	}
	m, err := loadAppMetadata(p.Metadata)
	if err != nil {
		return err
	}
	bi, _ := debug.ReadBuildInfo()
	v := buildVersionInfo(m, bi)
	v.WebApp = webAppOf(webapp.Built())
	if fs.json {
		return writeJSON(out, v)
	}
	var b strings.Builder
	line := func(label, value string) { fmt.Fprintf(&b, "%-13s %s\n", label+":", value) }
	fmt.Fprintf(&b, "%s %s (build %d)\n", v.Name, v.Version, v.Build)
	line("app id", v.AppID)
	line("built with", fmt.Sprintf("%s %s/%s", v.Go, v.OS, v.Arch))
	if v.Commit != "" {
		mod := ""
		if v.Modified {
			mod = ", with uncommitted changes"
		}
		line("commit", fmt.Sprintf("%s (%s%s)", v.Commit, v.CommitTime, mod))
	}
	for _, k := range []string{"CGO_ENABLED", "-race", "-tags", "-trimpath", "-ldflags"} {
		if val, ok := v.Settings[k]; ok {
			line(strings.TrimPrefix(k, "-"), val)
		}
	}
	line("web app", v.WebApp.String())
	_, err = io.WriteString(out, b.String())
	return err
}
