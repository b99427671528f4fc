package passes

import (
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// Pass is one of the compiler's alias passes. Passes are plain values; the
// registry is the ordered slice All.
type Pass struct {
	// Name is the compiler's registry name, as --passes accepts it.
	Name string
	// Alias is a shorter name --passes also accepts, or "".
	Alias string
	// Doc is a title line (lowercase, no period), a blank line and prose.
	Doc string
	// Options are the settings the pass takes, in the order --list-passes
	// shows them; nil for a pass without any.
	Options []Option
	// Run rewrites the config and reports whether it changed: whether the
	// aliases or donors, as printed by Config.LongString, differ afterwards.
	// opts holds the values of the pass's options. On error the config may
	// be partly rewritten.
	Run func(c *model.Config, opts Options) (changed bool, err error)
}

// Title is the first line of the pass's doc.
func (p *Pass) Title() string {
	title, _, _ := strings.Cut(p.Doc, "\n")
	return title
}

// AssumeHint ends the donation passes' error about an unresolved layout:
// the way past it.
const AssumeHint = "--assume-default-layouts assumes XLA's default layout for every unresolved one"

// unresolved is the error of pass, which needs resolved layouts, about the
// leaf what, written shape, whose layout is unresolved.
func unresolved(pos ast.Pos, pass, what, shape string) *ast.Error {
	return ast.Errorf(pos, "%s needs resolved layouts, but the layout of %s (%s) is unresolved; %s", pass, what, shape, AssumeHint)
}
