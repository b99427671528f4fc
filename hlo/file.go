package hlo

import (
	"errors"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// File is what ParseFile found in an HLO text module: the header with its
// attributes, and the entry computation's parameters and root.
type File struct {
	Name string
	// partitioned is Options.Partitioned.
	partitioned string
	// release is Options.Release, for Lower's passes over the entry.
	release func(from, to int)
	Header  *Header
	Entry   *Computation
	// Computations is the number of computations in the module.
	Computations int

	// The header values the tool reads, parsed; nil when absent.
	Aliases *AliasList
	Donors  *DonorList
	Layout  *ComputationLayout
}

// Header is the module header: `HloModule NAME, key=value, ...`.
type Header struct {
	Pos     ast.Pos // the keyword HloModule
	Name    string
	NameEnd int // the offset after the module's name
	End     int // the offset after the last attribute's value
	// Attrs are the attributes the tool reads, in order.
	Attrs []*HeaderAttr
}

// HeaderAttr is one `key=value` attribute of the header.
type HeaderAttr struct {
	Key   string
	Pos   ast.Pos  // the key
	Comma int      // the offset of the ',' before the key
	Value ast.Span // the value, `{...}` included
}

// Attr returns the header attribute named key, or nil.
func (h *Header) Attr(key string) *HeaderAttr {
	for _, a := range h.Attrs {
		if a.Key == key {
			return a
		}
	}
	return nil
}

// Computation is the entry computation as the scanner saw it.
type Computation struct {
	Name   string
	Pos    ast.Pos // the name
	Entry  bool    // marked ENTRY (otherwise it is the last computation)
	Params []*Instr
	Root   *Instr
}

// Instr is an instruction of the entry computation: `[ROOT] name = SHAPE
// opcode(operands)`. Its positions are points in the file (File.Pos
// makes them positions): an entry can have 200000 parameters.
type Instr struct {
	Name     string      // cut in its middle when longer than 1 KiB
	At       model.Point // ROOT or the name
	ShapeAt  model.Point // where the shape is written, if HasShape
	ShapeEnd int         // the offset after the shape
	HasShape bool        // the shape is written (XLA may infer it)
	Param    int64       // the number of a parameter instruction; -1 for others
	ParamAt  model.Point // the position of that number
	// Label is a parameter instruction's name for people (names.go).
	Label model.Name
	// nameEnd is the offset after its name (Name is cut when long).
	nameEnd int
	// outNames is the inside of the string of the instruction's
	// frontend attribute neff_output_names, [0, 0) when it has none.
	outNames [2]int
	// sharding is the value of its sharding= attribute, `{...}`, and sdy
	// the inside of the string of its frontend attribute
	// xla.sdy.sharding; [0, 0) when it has none (sharding.go).
	sharding, sdy [2]int

	// Without entry_computation_layout, ParseFile reads the shapes of the
	// parameters and the root: shape is the shape lowered, or shapeErr
	// says why it does not lower.
	shape    *model.Shape
	shapeErr *ast.Error
}

// Pos is the position of the point p of f.
func (f *File) Pos(p model.Point) ast.Pos { return p.Pos(ast.Pos{Filename: f.Name}) }

// shapeSpan is the span of the instruction's shape in the file named
// file.
func (in *Instr) shapeSpan(file string) ast.Span {
	pos := in.ShapeAt.Pos(ast.Pos{Filename: file})
	return ast.Span{Pos: pos, End: ast.Pos{Filename: file, Offset: in.ShapeEnd}}
}

// Options say how to read a module.
type Options struct {
	// LineOffset is added to every line number, for a chunk of a larger
	// file (--split-input-file): offsets stay relative to the chunk.
	LineOffset int
	// Release, if set, is called with a range of the text that the
	// reading is done with for now (every ast.ReleaseStep bytes): behind
	// the scan as it moves on, and behind Lower's passes over the entry's
	// parameters; a caller that mapped the input may drop those pages.
	// The text stays readable (a position, a name or a shape may be read
	// there again); the lines before a range's end are already counted.
	Release func(from, to int)
	// Partitioned overrides the guess of whether the shapes are already
	// per device: "yes" or "no"; "" or "auto" keeps the guess (the entry
	// computation's name ends in _spmd).
	Partitioned string
}

// The header attributes the tool reads and writes.
const (
	keyAlias  = "input_output_alias"
	keyDonor  = "buffer_donor"
	keyLayout = "entry_computation_layout"
)

// ParseFile reads the structure of the HLO module in src: the header and
// its attributes, and the entry computation's parameter instructions and
// ROOT. Computation bodies other than the entry's are skipped, never
// tokenized. Errors are an ast.ErrorList.
func ParseFile(filename string, src []byte, opts Options) (*File, error) {
	s := &scanner{src: src, name: filename, lineOffset: opts.LineOffset, file: &File{Name: filename, partitioned: opts.Partitioned, release: opts.Release}, release: opts.Release}
	if err := s.scanFile(); err != nil {
		return nil, asList(err)
	}
	if err := s.parseValues(); err != nil {
		return nil, err
	}
	return s.file, nil
}

func asList(err error) error {
	var e *ast.Error
	if errors.As(err, &e) {
		return ast.ErrorList{e}
	}
	return err
}

// parseValues parses the header values the tool reads
// (input_output_alias, buffer_donor and entry_computation_layout) and,
// without entry_computation_layout, the shapes of the entry's parameters
// and root. Errors are gathered, sorted.
func (s *scanner) parseValues() error {
	f := s.file
	var errs ast.ErrorList
	add := func(err error) {
		if err != nil {
			errs = append(errs, asList(err).(ast.ErrorList)...)
		}
	}
	var err error
	if a := f.Header.Attr(keyAlias); a != nil && f.Aliases == nil { // nil: not read during the scan
		f.Aliases, err = readAliases(s.src, a.Value, s.release)
		add(err)
	}
	if a := f.Header.Attr(keyDonor); a != nil && f.Donors == nil {
		f.Donors, err = readDonors(s.src, a.Value, s.release)
		add(err)
	}
	if a := f.Header.Attr(keyLayout); a != nil {
		// Lower reads an instruction's shape only when its text differs
		// from the layout's.
		params := 0
		if f.Entry != nil {
			params = len(f.Entry.Params)
		}
		f.Layout, err = readLayout(s.src, a.Value, s.release, params)
		add(err)
	} else {
		for i, in := range append(f.Entry.Params, f.Entry.Root) {
			if in.HasShape && (i < len(f.Entry.Params) || in.Param < 0) { // the root may be a parameter
				add(in.readShape(s.src, s.name, s.release))
			}
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return errs
	}
	return nil
}

// readShape reads the instruction's shape into in.shape, or in.shapeErr
// when it parses but does not lower; it returns the error of a shape
// that does not parse.
func (in *Instr) readShape(src []byte, file string, release func(from, to int)) error {
	var s model.Shape
	lerr, err := readInstrShape(src, in.shapeSpan(file), &s, release)
	switch {
	case err != nil:
		return err
	case lerr != nil:
		in.shapeErr = lerr
	default:
		in.shape = &s
	}
	return nil
}
