package ast

// Lazy stands for the arguments (T Arg) or the results (T Result) of a
// custom-form signature that the parser read but did not keep
// (parser.Options.Lazy): a signature of hundreds of thousands of
// arguments would otherwise hold a tree many times the size of what is
// made of it. Each is kept as its span; Decode reads a run of them
// again, as the parser would have returned them, into memory a Buffer
// reuses. A Func with Lazy arguments has nil Args (and its Sig nil Args);
// one with Lazy results nil Results (and its Sig's ResultList nil
// Results). Func.EachArgs reads either form of the arguments.
type Lazy[T any] struct {
	// Spans holds each one's span: its first byte and the byte after it,
	// as its Pos and EndPos.
	Spans []ArgSpan
	// Decode returns [from, to), decoded again from src, the input the
	// parser read (or all of it, when it was still arriving). The nodes,
	// and the strings they hold, are valid until the next call with the
	// same buf, which a caller uses from one goroutine at a time. Its
	// error, an *Error, means the input is not what the parser read.
	Decode func(buf *Buffer, src []byte, from, to int) ([]*T, error)
}

// LazyArgs is a signature's arguments kept as their spans.
type LazyArgs = Lazy[Arg]

// LazyResults is a signature's results kept as their spans.
type LazyResults = Lazy[Result]

// ArgSpan is where an argument or a result is: its Pos and EndPos.
type ArgSpan struct {
	Pos    At
	EndPos At
}

// Buffer is memory that LazyArgs.Decode reuses from call to call; its
// zero value is ready. What it holds belongs to the parser.
type Buffer struct {
	State any
}

// Release hands the memory the buffer holds back to the parser, which
// reuses it for the next Buffer that decodes: the next reader of a long
// signature then touches no memory that has not been touched before. The
// nodes decoded into the buffer must not be used after; the buffer is
// ready again.
func (b *Buffer) Release() {
	if r, ok := b.State.(interface{ Release() }); ok {
		r.Release()
	}
	b.State = nil
}

// NumArgs is the number of the function's arguments.
func (f *Func) NumArgs() int {
	if f.Lazy != nil {
		return len(f.Lazy.Spans)
	}
	return len(f.Args)
}

// NumResults is the number of the function's results.
func (f *Func) NumResults() int {
	if f.LazyResults != nil {
		return len(f.LazyResults.Spans)
	}
	return len(f.Results)
}

// ResultPos is where result i starts.
func (f *Func) ResultPos(i int) At {
	if f.LazyResults != nil {
		return f.LazyResults.Spans[i].Pos
	}
	return f.Results[i].Pos
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
