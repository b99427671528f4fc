package ast

// LazyArgs stands for the arguments of a custom-form signature that the
// parser read but did not keep (parser.Options.Lazy): a signature of
// hundreds of thousands of arguments would otherwise hold a tree many
// times the size of what is made of it. Each argument is kept as its
// span; Decode reads a run of them again, as the parser would have
// returned them, into memory a Buffer reuses. A Func with LazyArgs has
// nil Args (and its Sig nil Args); Func.EachArgs reads either form.
type LazyArgs struct {
	// Spans holds each argument's span: its first byte and the byte
	// after it, as Arg.Pos and Arg.EndPos.
	Spans []ArgSpan
	// Decode returns arguments [from, to), decoded again from src, the
	// input the parser read (or all of it, when it was still arriving).
	// The nodes, and the strings they hold, are valid until the next call
	// with the same buf, which a caller uses from one goroutine at a time.
	// Its error, an *Error, means the input is not what the parser read.
	Decode func(buf *Buffer, src []byte, from, to int) ([]*Arg, error)
}

// ArgSpan is where an argument is: Arg.Pos and Arg.EndPos.
type ArgSpan struct {
	Pos    At
	EndPos At
}

// Buffer is memory that LazyArgs.Decode reuses from call to call; its
// zero value is ready. What it holds belongs to the parser.
type Buffer struct {
	State any
}

// NumArgs is the number of the function's arguments.
func (f *Func) NumArgs() int {
	if f.Lazy != nil {
		return len(f.Lazy.Spans)
	}
	return len(f.Args)
}

// ArgPos is where argument i starts.
func (f *Func) ArgPos(i int) At {
	if f.Lazy != nil {
		return f.Lazy.Spans[i].Pos
	}
	return f.Args[i].Pos
}

// EachArgs calls fn with the arguments [from, to) of src in order, in runs of
// at most batch (all at once when they are kept), first being the index
// of args[0]; it stops at the first error, fn's or Decode's. buf is the
// memory decoded runs reuse: the nodes fn gets are valid during the call.
func (f *Func) EachArgs(buf *Buffer, src []byte, from, to, batch int, fn func(first int, args []*Arg) error) error {
	if f.Lazy == nil {
		if from >= to {
			return nil
		}
		return fn(from, f.Args[from:to])
	}
	for i := from; i < to; i += batch {
		j := min(i+batch, to)
		args, err := f.Lazy.Decode(buf, src, i, j)
		if err != nil {
			return err
		}
		if err := fn(i, args); err != nil {
			return err
		}
	}
	return nil
}
