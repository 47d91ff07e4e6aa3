package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2/lang"

	"tableops/webapp"
)

// webCommand writes the web app as static files.
func webCommand() command {
	return command{
		summary: lang.X("cli.cmd.web", "write the web app (installable, runs offline) as static files: --out DIR"),
		run:     runWeb,
	}
}

func runWeb(args []string, out io.Writer) error {
	fs := newFlagSet("web")
	dir := fs.String("out", "", lang.X("cli.flag.out_2", "folder to write the web app into"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if *dir == "" {
		return badInput("%s", lang.X("cli.err.web_out", "say where to write the web app: --out DIR"))
	}
	if st, err := os.Stat(*dir); err == nil && !st.IsDir() {
		return badInput("%s is a file, not a folder", *dir)
	}
	if err := webapp.WriteDir(*dir); err != nil {
		return err
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		abs = *dir
	}
	if fs.json {
		return json.NewEncoder(out).Encode(map[string]string{"out": abs})
	}
	fmt.Fprintf(out, "Wrote the web app to %s. Serve that folder over HTTPS (or from localhost) to install it and use it offline; each file has .gz and .br copies for servers that send precompressed files.\n", abs)
	return nil
}
