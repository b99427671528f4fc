package mhloalias

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// mainFirstModule is a module whose entry function comes first, with n
// bytes of body after it: the output of -o and -w is written while the
// scan reads the body.
func mainFirstModule(n int) []byte {
	var b strings.Builder
	b.WriteString("module {\n  func.func public @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}) -> tensor<4xf32> {\n    return %arg0 : tensor<4xf32>\n  }\n")
	b.WriteString("  func.func private @weights() {\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "    %%c%d = \"stablehlo.constant\"() {value = dense<\"0x00000000000000000000000000000000\"> : tensor<4xf32>} : () -> tensor<4xf32>\n", i)
	}
	b.WriteString("    return\n  }\n}\n")
	return []byte(b.String())
}

// A file truncated or rewritten while it is mapped is the error "FILE
// changed while being read", whether the scan faults on it, the output's
// copy comes up short, or the file's stat tells: no panic, no output, no
// temporary file.
func TestFileChangedWhileMapped(t *testing.T) {
	src := mainFirstModule(24 << 20)
	changes := map[string]func(path string){
		"truncated to half": func(path string) { os.Truncate(path, int64(len(src)/2)) },
		"truncated to zero": func(path string) { os.Truncate(path, 0) },
		"rewritten in place": func(path string) {
			f, _ := os.OpenFile(path, os.O_WRONLY, 0)
			f.WriteAt([]byte("xx"), int64(len(src)-10))
			f.Close()
		},
	}
	for name, change := range changes {
		for _, mode := range []string{"-o", "-w", "stdout"} {
			t.Run(name+" "+mode, func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "m.mlir")
				if err := os.WriteFile(path, src, 0o644); err != nil {
					t.Fatal(err)
				}
				// The change moves the modification time, however coarse
				// the file system's clock.
				old := time.Now().Add(-time.Hour)
				if err := os.Chtimes(path, old, old); err != nil {
					t.Fatal(err)
				}
				out := filepath.Join(dir, "out.mlir")
				fileio.OpenedHook = change
				defer func() { fileio.OpenedHook = nil }()
				o := Options{Passes: "buffer-donation-to-alias"}
				var res *Result
				var err error
				switch mode {
				case "-o":
					res, err = ProcessFileTo(path, out, o)
				case "-w":
					res, err = ProcessFileTo(path, path, o)
				default:
					res, err = ProcessFile(path, o)
					if err == nil {
						var b bytes.Buffer
						_, err = res.WriteTo(&b)
					}
				}
				if res != nil {
					res.Close()
				}
				var ce *ChangedError
				if !errors.As(err, &ce) || err.Error() != path+" changed while being read" {
					t.Fatalf("error %v; want %s changed while being read", err, path)
				}
				entries, _ := os.ReadDir(dir)
				if len(entries) != 1 {
					var names []string
					for _, e := range entries {
						names = append(names, e.Name())
					}
					t.Errorf("files left: %v", names)
				}
			})
		}
	}
}
