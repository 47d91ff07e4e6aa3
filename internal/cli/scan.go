package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"fyne.io/fyne/v2/lang"

	"tableops/rules/reference"
	"tableops/scan"
	"tableops/scan/cards"
)

// scanCommand decodes tags from photos: "tableops scan [--raw] IMAGE...".
func scanCommand() command {
	return command{
		summary: lang.X("cli.cmd.scan", "[--raw] [--json] IMAGE|DIR...   decode card tags (or raw QR text) from photos"),
		run:     runScan,
	}
}

// tagsCommand prints a PDF tag sheet: "tableops tags --out FILE.pdf [IDs...]".
func tagsCommand() command {
	return command{
		summary: lang.X("cli.cmd.tags", "--out FILE.pdf [--paper a4|letter] [--size MM] [--catalog FILE] [--reference-only] [IDs...]   printable tag sheet"),
		run:     runTags,
	}
}

// scanHit is one code in --json output.
type scanHit struct {
	File    string       `json:"file"`
	Text    string       `json:"text"`
	Corners [4][2]int    `json:"corners"`
	Tag     *scanTagJSON `json:"tag,omitempty"`
	Error   string       `json:"error,omitempty"`
}

// scanTagJSON is a decoded tag in --json output.
type scanTagJSON struct {
	Kind    string            `json:"kind"`
	ID      string            `json:"id,omitempty"`
	Name    string            `json:"name,omitempty"`
	Tracks  *reference.Tracks `json:"tracks,omitempty"`
	Address string            `json:"address,omitempty"`
	Code    string            `json:"code,omitempty"`
	// CatalogName is the card's name in the built-in catalog, when known.
	CatalogName string `json:"catalog_name,omitempty"`
}

func runScan(args []string, out io.Writer) error {
	fs := newFlagSet("scan")
	raw := fs.Bool("raw", false, lang.X("cli.flag.raw", "print the raw text of every QR code, one line each"))
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return badInput("%s", lang.X("cli.scan.usage", "usage: tableops scan [--raw] [--json] IMAGE|DIR... (PNG, JPEG or GIF)"))
	}
	if fs.seedSet {
		return badInput("%s", lang.X("cli.err.seed_scan", "--seed does not apply to scan"))
	}
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return badInput("%v", err)
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		list, err := scan.ImageFiles(p)
		if err != nil {
			return badInput("%v", err)
		}
		files = append(files, list...)
	}
	cat, _ := reference.Builtin() // only to name known cards; scanning works without it

	dec := scan.NewDecoder(scan.DecodeOptions{})
	var hits []scanHit
	var readErrs []string
	found := 0
	prefix := len(files) > 1
	for _, file := range files {
		f, err := scan.ReadImageFile(file)
		if err != nil {
			readErrs = append(readErrs, explain(err))
			continue
		}
		f.Image = nil // the grey frame is enough: the picture's memory may go
		codes, err := dec.DecodePicture(f)
		if err != nil {
			readErrs = append(readErrs, file+": "+explain(err))
			continue
		}
		for _, c := range codes {
			h := scanHit{File: file, Text: c.Text}
			for i, p := range c.Corners {
				h.Corners[i] = [2]int{int(p.X + 0.5), int(p.Y + 0.5)}
			}
			tag, terr := scan.Decode(c.Text)
			line := ""
			switch {
			case *raw:
				found++
				line = oneLineText(c.Text)
			case terr != nil:
				line = lang.X("cli.scan.not_usable", "not a usable tag: {{.Problem}}", tv{"Problem": cards.ProblemIn(terr, translate)})
			default:
				found++
				line = tag.String()
			}
			if terr != nil {
				h.Error = cards.Problem(terr)
			} else {
				h.Tag = tagJSON(tag, cat)
				if !*raw && h.Tag.CatalogName != "" && tag.Character == nil {
					line += " (" + h.Tag.CatalogName + ")"
				}
			}
			hits = append(hits, h)
			if !fs.json {
				if prefix {
					line = file + ": " + line
				}
				fmt.Fprintln(out, line)
			}
		}
	}
	if fs.json {
		if hits == nil {
			hits = []scanHit{}
		}
		if err := writeJSON(out, hits); err != nil {
			return err
		}
	}
	if len(readErrs) > 0 {
		return fmt.Errorf("%s", strings.Join(readErrs, "; "))
	}
	if found == 0 {
		if *raw {
			return fmt.Errorf("%s", lang.X("cli.scan.no_qr_found", "no QR code found in {{.N}} image(s)", tv{"N": len(files)}))
		}
		return fmt.Errorf("%s", lang.X("cli.scan.no_tag_found", "no Table Ops tag found in {{.N}} image(s)", tv{"N": len(files)}))
	}
	return nil
}

// oneLineText shows QR text on one line: line breaks become \n.
func oneLineText(s string) string {
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}

func tagJSON(t scan.Tag, cat *reference.Catalog) *scanTagJSON {
	j := &scanTagJSON{Kind: t.Kind.String(), ID: t.ID}
	if c := t.Character; c != nil {
		j.Name = c.Name
		j.Tracks = &reference.Tracks{Attack: c.Tracks.Attack, Defense: c.Tracks.Defense, Skill: c.Tracks.Skill, Move: c.Tracks.Move}
	}
	if jn := t.Join; jn != nil {
		j.Address, j.Code = jn.Addr, jn.Code
	}
	if cat != nil && t.ID != "" {
		if c := cards.Lookup(cat, t); c.InCatalog {
			j.CatalogName = c.Name()
		}
	}
	return j
}

func runTags(args []string, out io.Writer) error {
	fs := newFlagSet("tags")
	outPath := fs.String("out", "", lang.X("cli.flag.out", "PDF file to write (required)"))
	paper := fs.String("paper", "a4", lang.X("cli.flag.paper", "paper size: a4 or letter"))
	size := fs.Float64("size", scan.DefaultCodeMM, lang.X("cli.flag.size", "printed code width in mm"))
	catalogPath := fs.String("catalog", "", lang.X("cli.flag.catalog", "catalog JSON file exported by the app (merged over the built-in cards)"))
	refOnly := fs.Bool("reference-only", false, lang.X("cli.flag.reference_only", "print characters as plain references, not self-describing tags"))
	ids, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *outPath == "" {
		return badInput("%s", lang.X("cli.tags.need_out", "--out FILE.pdf is required"))
	}
	if fs.seedSet {
		return badInput("%s", lang.X("cli.err.seed_tags", "--seed does not apply to tags"))
	}
	opts := scan.SheetOptions{Paper: scan.Paper(strings.ToLower(*paper)), CodeMM: *size}
	if _, err := scan.LayoutSheet(opts); err != nil {
		return badInput("%v", err)
	}
	cat, err := reference.Builtin()
	if err != nil {
		return err
	}
	if *catalogPath != "" {
		f, err := os.Open(*catalogPath)
		if err != nil {
			return badInput("--catalog: %v", err)
		}
		cat, err = cat.Import(f)
		f.Close()
		if err != nil {
			return badInput("--catalog %s: %v", *catalogPath, err)
		}
	}
	items, err := cards.SheetItems(cat, ids, !*refOnly)
	switch {
	case errors.Is(err, cards.ErrNoCards), errors.Is(err, cards.ErrUnknownCard):
		return badInput("%s", lang.X("cli.tags.no_card", "{{.Reason}} (see the catalog screen, or pass --catalog FILE)", tv{"Reason": explain(err)}))
	case err != nil:
		return err
	}
	var buf bytes.Buffer
	if err := scan.WriteSheet(&buf, items, opts); err != nil {
		return err
	}
	if err := os.WriteFile(*outPath, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing tag sheet: %w", err)
	}
	l, _ := scan.LayoutSheet(opts)
	pages := (len(items) + l.PerPage() - 1) / l.PerPage()
	if fs.json {
		return writeJSON(out, map[string]any{"file": *outPath, "tags": len(items), "pages": pages})
	}
	fmt.Fprintln(out, lang.X("cli.tags.wrote", "wrote {{.Tags}} tag(s) on {{.Pages}} page(s) to {{.File}}", tv{"Tags": len(items), "Pages": pages, "File": *outPath}))
	return nil
}
