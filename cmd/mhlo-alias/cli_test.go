package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const simple = `module {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
`

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--nope"}, "mhlo-alias: unknown flag --nope (see --help)\n"},
		{[]string{"-nope"}, "mhlo-alias: unknown flag -nope (see --help)\n"},
		{[]string{"-o"}, "mhlo-alias: flag -o needs a value (see --help)\n"},
		{[]string{"--verify-each", "false", "a.mlir"}, "write --verify-each=false (a file named false: write ./false)"},
		{[]string{"-w", "true", "a.mlir"}, "write -w=true"},
		{[]string{"--passes=nope"}, "flip-may-aliases"},
		{[]string{"--passes=add-may-aliases,,remove-aliases"}, "remove-aliases"},
		{[]string{"--emit=json"}, "valid encodings are result-alias, module, tf"},
		{[]string{"--print-config=xml"}, "valid forms are long, short, json"},
		{[]string{"-w"}, "-w needs at least one file"},
		{[]string{"-w", "-"}, "-w cannot rewrite standard input"},
		{[]string{"-o", "x", "a.mlir", "b.mlir"}, "-o takes one input file"},
		{[]string{"--entry="}, "--entry needs a function name"},
	}
	for _, tt := range tests {
		code, _, stderr := runTool(tt.args, nil)
		if strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: a usage error is one line: %q", tt.args, stderr)
		}
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}

func TestInputErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.mlir")
	if err := os.WriteFile(bad, []byte("module {\n  func.func @f()\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{bad}, "", bad + ":1:1: error: entry function @main not found; functions found: @f"},
		{nil, "func.func @main(%a: tensor<2xf32> {tf.aliasing_output = 1 : i32}) -> tensor<2xf32>", "<stdin>:1:36: error: Aliasing output must be 0 if only one output exists"},
		{[]string{"-"}, "module {", "<stdin>:1:8: error: unbalanced '{': no matching '}'"},
		{[]string{filepath.Join(dir, "missing.mlir")}, "", "no such file or directory"},
		{[]string{"--entry=g", "-"}, simple, "<stdin>:1:1: error: entry function @g not found; functions found: @main"},
	}
	for _, tt := range tests {
		code, stdout, stderr := runTool(tt.args, []byte(tt.stdin))
		if code != 1 || !strings.Contains(stderr, tt.want) || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", tt.args, code, stdout, stderr, tt.want)
		}
	}
}

func TestStdinAndFlagsAfterFiles(t *testing.T) {
	code, stdout, stderr := runTool([]string{"-", "--print-config=short"}, []byte(simple))
	if code != 0 || stdout != "input_output_alias={ {}: (0, {}, may-alias) }\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = runTool(nil, []byte(simple))
	if code != 0 || stdout != simple {
		t.Errorf("a plain run must echo a valid module: exit %d, %q", code, stdout)
	}
}

func TestPassesWithPrintConfig(t *testing.T) {
	code, stdout, stderr := runTool([]string{"--passes=flip-may-aliases", "--print-config=short"}, []byte(simple))
	if code != 0 || stdout != "input_output_alias={ {}: (0, {}, must-alias) }\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestListPassesAndVersion(t *testing.T) {
	code, stdout, _ := runTool([]string{"--list-passes"}, nil)
	for _, name := range []string{"remove-aliases", "add-must-aliases", "add-may-aliases", "flip-must-aliases",
		"flip-may-aliases", "aws_neuron_alias_to_must_alias", "alias-to-must-alias",
		"aws_neuron_buffer_donation_to_alias", "buffer-donation-to-alias"} {
		if code != 0 || !strings.Contains(stdout, name) {
			t.Errorf("--list-passes lacks %s: %q", name, stdout)
		}
	}
	code, stdout, _ = runTool([]string{"--version"}, nil)
	if code != 0 || !strings.HasPrefix(stdout, "mhlo-alias ") {
		t.Errorf("--version: exit %d, %q", code, stdout)
	}
}

func TestHelp(t *testing.T) {
	for _, flag := range []string{"--help", "-h"} {
		code, stdout, stderr := runTool([]string{flag}, nil)
		if !strings.Contains(stdout, "Reads MLIR modules, HLO text modules and HLO protobufs") {
			t.Errorf("%s: the usage must say which inputs it reads: %.200q", flag, stdout)
		}
		if code != 0 || !strings.HasPrefix(stdout, "usage: mhlo-alias") || stderr != "" {
			t.Errorf("%s: exit %d, stdout %.40q, stderr %q; want the usage on stdout and exit 0", flag, code, stdout, stderr)
		}
	}
}

// TestExitCodes checks the exit code table of the user guide, as diff(1)
// has it: with -d or -l, 0 when nothing differs, 1 when -d printed a
// difference or -l listed an input, 2 for any trouble; without them, 0
// success, 1 an error in a module (a failed --unused-donors=error gate
// too), 2 usage. "-o -" is standard output.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(file, []byte(simple), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.mlir")
	if err := os.WriteFile(bad, []byte("func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 5 : i32}) -> tensor<2xf32>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	unused := filepath.Join(dir, "unused.mlir")
	if err := os.WriteFile(unused, []byte(donated), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.mlir")
	flip := "--passes=flip-may-aliases"
	donate := "--passes=buffer-donation-to-alias"
	gate := "--unused-donors=error"
	tests := []struct {
		args       []string
		code       int
		wantStdout string // a substring
	}{
		{[]string{"-o", "-", file}, 0, "func.func @main"},
		{[]string{"-d", file}, 0, ""},
		{[]string{"-d", flip, file}, 1, "+++ b/" + file},
		{[]string{"-l", file}, 0, ""},
		{[]string{"-l", flip, file}, 1, file + "\n"},
		{[]string{"-l", "-o", "x", file}, 2, ""},
		{[]string{"-w", "-o", "-", file}, 2, ""},
		{[]string{"--bogus", file}, 2, ""},
		{[]string{"-d", "--bogus", file}, 2, ""},
		{[]string{"--passes=no-such-pass", file}, 2, ""},
		{[]string{"-l", "--passes=no-such-pass", file}, 2, ""},
		{[]string{"-w"}, 2, ""},
		// A failed write is an error (1), trouble (2) with -d or -l.
		{[]string{"-o", filepath.Join(dir, "no", "such", "out.mlir"), file}, 1, ""},
		// An error in a module: 1 alone, trouble (2) with -d or -l, even
		// when another input differs.
		{[]string{"-o", "-", bad}, 1, ""},
		{[]string{"-d", bad}, 2, ""},
		{[]string{"-l", bad}, 2, ""},
		{[]string{"-l", flip, file, bad}, 2, file + "\n"},
		{[]string{"-d", flip, bad, file}, 2, "+++ b/" + file},
		{[]string{"-o", "-", missing}, 1, ""},
		{[]string{"-d", missing}, 2, ""},
		{[]string{"-l", missing}, 2, ""},
		// A failed gate is an error in the module.
		{[]string{donate, gate, "-o", os.DevNull, unused}, 1, ""},
		{[]string{donate, gate, "-l", unused}, 2, ""},
		{[]string{donate, "-l", unused}, 1, unused + "\n"},
	}
	for _, tt := range tests {
		code, stdout, stderr := runTool(tt.args, nil)
		if code != tt.code || !strings.Contains(stdout, tt.wantStdout) || (tt.wantStdout == "" && stdout != "") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.args, code, stdout, stderr, tt.code, tt.wantStdout)
		}
	}
	if _, err := os.Stat("-"); err == nil {
		t.Errorf(`-o - created a file named "-"`)
	}
	code, stdout, _ := runTool([]string{"-w", "-l", flip, file}, nil)
	if code != 1 || stdout != file+"\n" {
		t.Errorf("-w -l: exit %d, stdout %q; want 1 and the file", code, stdout)
	}
	code, stdout, _ = runTool([]string{"-w", "-l", flip, file}, nil)
	if code != 0 || stdout != "" {
		t.Errorf("-w -l of an unchanged file: exit %d, stdout %q; want 0 and nothing", code, stdout)
	}
}

// TestErrorLimit checks that a flood of errors is capped per module, the
// exit status still 1.
func TestErrorLimit(t *testing.T) {
	var args []string
	for i := range 40 {
		args = append(args, fmt.Sprintf("%%arg%d: tensor<2xf32> {tf.aliasing_output = 5 : i32}", i))
	}
	src := "func.func @main(" + strings.Join(args, ", ") + ") -> tensor<2xf32> {\n  return %arg0 : tensor<2xf32>\n}\n"
	for _, tt := range []struct {
		flags []string
		lines int
		last  string
	}{
		{nil, 21, "20 more errors not shown"},
		{[]string{"--error-limit=5"}, 6, "35 more errors not shown"},
		{[]string{"--error-limit=0"}, 40, "only one output exists"},
	} {
		code, _, stderr := runTool(tt.flags, []byte(src))
		var lines []string
		for _, l := range strings.Split(stderr, "\n") {
			if strings.Contains(l, "error:") || strings.Contains(l, "not shown") {
				lines = append(lines, l)
			}
		}
		if code != 1 || len(lines) != tt.lines || !strings.HasSuffix(lines[len(lines)-1], tt.last) {
			t.Errorf("%v: exit %d, %d lines ending %q; want 1, %d lines ending %q", tt.flags, code, len(lines), lines[len(lines)-1], tt.lines, tt.last)
		}
	}
}
