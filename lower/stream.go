package lower

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// Stream lowers a module whose entry arguments it is handed one by one as
// the parser decodes them (it is a parser.ArgReader): each argument is
// read whole when it comes, its tree not kept, so that a signature of any
// length costs the model of its arguments, not their trees. Pass it as
// parser.Options.Args, then call Lower with the file ParseFile returned.
type Stream struct {
	src  []byte
	opts Options
	l    *lowerer
}

// NewStream returns a Stream for the module in src.
func NewStream(src []byte, opts Options) *Stream {
	return &Stream{src: src, opts: opts}
}

// Begin starts the lowering once the file has its module, alias
// definitions and the entry function's results: their dictionaries'
// keys are checked and the results read, as Lower's first step does.
// About n arguments follow.
func (s *Stream) Begin(f *ast.File, n int) {
	l := &lowerer{file: f, src: s.src, opts: s.opts, lines: ast.NewCursor(f.Lines)}
	// As Lower's first step does (duplicateKeys), the results first.
	l.readResults(l.beginKeys())
	l.startArgs(-1, n)
	s.l = l
}

// Arg reads argument i, the next in order; it keeps none of a's nodes.
func (s *Stream) Arg(i int, a *ast.Arg) {
	s.l.readOne(i, a, nil)
}

// Abandon drops what was read: the parser reads the file whole after
// all, or fails.
func (s *Stream) Abandon() { s.l = nil }

// Lower finishes the lowering of f, the file ParseFile returned, as
// Lower does. When the parser did not hand the arguments out (a generic
// form, or a signature read whole after all), it is Lower.
func (s *Stream) Lower(f *ast.File) (*model.Config, ast.ErrorList) {
	l := s.l
	s.l = nil
	if l == nil || f.Entry == nil || f.Entry.Args != nil || f.Entry.ArgSpans == nil {
		return Lower(f, s.src, s.opts)
	}
	l.file = f
	l.endArgs()
	return l.run(1, nil)
}
