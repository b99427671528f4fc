package lower

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// Stream lowers a module whose entry results and arguments it is handed
// one by one as the parser decodes them (it is a parser.ValueReader):
// each is read whole when it comes, its tree not kept, so that a
// signature of any length costs the model of its values, not their
// trees. Pass it as parser.Options.Values, then call Lower with the file
// ParseFile returned.
type Stream struct {
	src  []byte
	opts Options
	l    *lowerer
	// args says the arguments have begun: the results are all read.
	args bool
}

// NewStream returns a Stream for the module in src.
func NewStream(src []byte, opts Options) *Stream {
	return &Stream{src: src, opts: opts}
}

// Begin starts the lowering once the file has its module and alias
// definitions, before the entry function's results. About n arguments
// follow them.
func (s *Stream) Begin(f *ast.File, n int) {
	l := &lowerer{file: f, src: s.src, opts: s.opts, lines: ast.NewCursor(f.Lines)}
	l.startArgs(-1, n)
	s.l, s.args = l, false
}

// Result reads result i, the next in order; it keeps none of r's nodes.
func (s *Stream) Result(i int, r *ast.Result) {
	s.l.readResult(i, r, nil)
}

// Arg reads argument i, the next in order; it keeps none of a's nodes.
// The results are all read by then, and the signature's attributes.
func (s *Stream) Arg(i int, a *ast.Arg) {
	s.endResults()
	s.l.readOne(i, a, nil)
}

// endResults ends the results' reading, and checks the keys of the other
// dictionaries, as Lower's first step does (duplicateKeys).
func (s *Stream) endResults() {
	if !s.args {
		s.args = true
		s.l.endResults()
		s.l.beginKeys()
	}
}

// Abandon drops what was read: the parser reads the file whole after
// all, or fails.
func (s *Stream) Abandon() { s.l = nil }

// Lower finishes the lowering of f, the file ParseFile returned, as
// Lower does. When the parser did not hand the values out (a generic
// form, or a signature read whole after all), it is Lower.
func (s *Stream) Lower(f *ast.File) (*model.Config, ast.ErrorList) {
	l := s.l
	if l == nil || f.Entry == nil || f.Entry.Args != nil || f.Entry.ArgSpans == nil {
		s.l = nil
		return Lower(f, s.src, s.opts)
	}
	l.file = f
	s.endResults()
	s.l = nil
	l.endArgs()
	return l.run(1, nil)
}
