// Command genzoo writes one input of the shape zoo (package zoo), or
// lists the shapes:
//
//	genzoo -list                      # NAME UNIT FORMAT VALID PASSES REMARKS SPLIT, one a line
//	genzoo -shape attributes -n 20000 -o attrs.mlir
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/mhlo-alias/mhlo-alias/bench/zoo"
)

func main() {
	list := flag.Bool("list", false, "list the shapes")
	name := flag.String("shape", "", "the shape to write")
	n := flag.Int("n", 1000, "its size, in the shape's unit")
	out := flag.String("o", "", "output file (default stdout)")
	flag.Parse()
	if *list {
		for _, s := range zoo.Shapes() {
			fmt.Println(s.Name, s.Unit, s.Format, s.Valid, s.Passes, s.Remarks, s.Split)
		}
		return
	}
	s, ok := zoo.Find(*name)
	if !ok {
		fmt.Fprintf(os.Stderr, "genzoo: no shape %q (genzoo -list lists them)\n", *name)
		os.Exit(2)
	}
	f := os.Stdout
	if *out != "" {
		var err error
		if f, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, "genzoo:", err)
			os.Exit(1)
		}
	}
	if err := s.Write(f, *n); err != nil {
		fmt.Fprintln(os.Stderr, "genzoo:", err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "genzoo:", err)
		os.Exit(1)
	}
}
