#!/usr/bin/env bash
# Measures mhlo-alias in one run and prints every figure as a ratio against
# a baseline measured in the same run: mlir-opt-19 on the same file, cp of
# the same file, the same tool at half the parameter count, a Go
# hello-world process. Usage:
#
#   bench/run.sh [SIZE]      # SIZE of the largest module (and proto), default 1g
#
# RUNS (default 9, at least 9 for quoted figures) is how many rounds each
# row runs; a round runs each of the row's commands once, in turn (the
# tool, its baseline, the tool, ...), with a sync before each, so that both
# see the same minutes of a machine whose speed drifts. A figure is the
# median of the rounds, the fastest beside it in brackets, and a ratio is
# of medians. SECTIONS="1 3" runs only the numbered sections named
# (10: a compile cache of 1000 modules; 11-16: the shape zoo, bench/zoo,
# with ZOO="shape ..." limiting its rows to the shapes named).
# TOOL=path measures that mhlo-alias binary instead of building this tree
# (to measure an older version with the same script).
# Needs Go, GNU time (/usr/bin/time, for peak RSS) and, for the mlir-opt
# rows, mlir-opt-19 on PATH. Works in a temporary directory under $TMPDIR
# and needs about 3 x SIZE of free disk.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-1g}
RUNS=${RUNS:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${TOOL:-}" ]; then cp "$TOOL" "$work/mhlo-alias"; else go build -o "$work/mhlo-alias" ./cmd/mhlo-alias; fi
go build -o "$work/genmodule" ./bench/genmodule
go build -o "$work/genproto" ./bench/genproto
go build -o "$work/floor" ./bench/floor
mkdir -p "$work/hello"
cat >"$work/hello/main.go" <<'EOF'
package main

import "fmt"

func main() { fmt.Println("hello") }
EOF
(cd "$work/hello" && GO111MODULE=off go build -o "$work/hello-world" main.go)
tool=$work/mhlo-alias
gen=$work/genmodule
have_opt=false
command -v mlir-opt-19 >/dev/null && have_opt=true

# measure CMD...: runs CMD after a sync; prints "seconds peak-RSS-KB".
# The time is the wall clock around GNU time, to the microsecond (GNU
# time's own %e has a resolution of 10 ms, too coarse for the rows of tens
# of milliseconds).
measure() {
  sync
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || {
    echo "failed: $*" >&2; cat "$work/err" >&2; exit 1; }
  end=$(date +%s%N)
  echo "$(awk -v n=$(( (end - start) / 1000 )) 'BEGIN { printf "%.4f", n / 1e6 }') $(cat "$work/time")"
}

# bestof CMD1... :: CMD2... [:: CMD3...]: RUNS rounds, each running every
# command once in turn after a sync, so that a ratio between them is taken
# on the same machine state (a shared machine drifts over seconds); prints
# "median KB min" for each command, one line each, in order: its median
# time, its largest peak RSS and its fastest time.
bestof() {
  local cmds=() cur=() a
  for a in "$@"; do
    if [ "$a" = "::" ]; then cmds+=("$(printf '%q ' "${cur[@]}")"); cur=(); else cur+=("$a"); fi
  done
  cmds+=("$(printf '%q ' "${cur[@]}")")
  local n=${#cmds[@]} i s k
  local -a ts bm
  for ((i = 0; i < n; i++)); do ts[i]=""; bm[i]=0; done
  for _ in $(seq "$RUNS"); do
    for ((i = 0; i < n; i++)); do
      read -r s k < <(eval "measure ${cmds[i]}")
      rm -f "$work/out.mlir"
      ts[i]="${ts[i]} $s"
      (( k > bm[i] )) && bm[i]=$k
    done
  done
  for ((i = 0; i < n; i++)); do
    echo "$(median ${ts[i]}) ${bm[i]} $(printf '%s\n' ${ts[i]} | sort -n | head -1)"
  done
}

# median T...: the median of the times.
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# want N: whether section N runs (SECTIONS="1 4" runs only those; default all).
want() { [ -z "${SECTIONS:-}" ] || [[ " $SECTIONS " == *" $1 "* ]]; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 0.001; printf "%.2f", a / b }'; }
mib() { echo $(( $1 / 1024 )); }
row() { printf '%-48s %s\n' "$1" "$2"; }
mb() { echo $(( $(stat -c %s "$1") / 1000000 )); }

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), $(go version | cut -d' ' -f3); median of $RUNS interleaved rounds (fastest in brackets)"
echo

# 1. Signatures: a module that is all signature, against mlir-opt-19
# parsing and printing it, and the growth from 60000 to 200000 parameters
# (3.33x the work) in MLIR and in HLO text.
if want 1; then
sigtool() { echo "$tool" --passes=add-may-aliases -o "$work/out.mlir" "$1"; }
for n in 8000 60000 200000; do
  "$gen" -size 0 -params "$n" -o "$work/sig$n.mlir"
  opt=()
  $have_opt && opt=(:: mlir-opt-19 --allow-unregistered-dialect -o "$work/out.mlir" "$work/sig$n.mlir")
  { read -r t m tmin; read -r o _ omin || true; } < <(bestof $(sigtool "$work/sig$n.mlir") "${opt[@]}")
  what="mhlo-alias ${t}s (${tmin}), peak $(mib "$m") MiB"
  [ ${#opt[@]} -gt 0 ] && what="$what; mlir-opt-19 ${o}s (${omin}): $(ratio "$o" "$t")x faster than mlir-opt"
  row "$n parameters, signature only ($(mb "$work/sig$n.mlir") MB)" "$what"
done
# The growth rows run the two sizes interleaved in one bestof, so that
# the machine's drift between the rows above does not enter the ratio.
{ read -r m6 _ _; read -r m20 _ _; } < <(bestof $(sigtool "$work/sig60000.mlir") :: $(sigtool "$work/sig200000.mlir"))
row "  growth 60000 -> 200000, MLIR" "${m6}s -> ${m20}s: $(ratio "$m20" "$m6")x (3.33x is linear)"
for n in 60000 200000; do "$gen" -hlo -size 0 -params "$n" -o "$work/hsig$n.hlo"; done
# The same module with an error in entry_computation_layout, its 200th
# "{1,0}" made "{1,0,}": the grammar reads only that shape.
sed '1s/{1,0}, /{1,0,}, /200' "$work/hsig200000.hlo" >"$work/hbad200000.hlo"
{ read -r h6 _ _; read -r h20 h20m _; read -r hb hbm hbmin; } < <(bestof $(sigtool "$work/hsig60000.hlo") :: $(sigtool "$work/hsig200000.hlo") :: \
  sh -c "! $(sigtool "$work/hbad200000.hlo")")
row "  growth 60000 -> 200000, HLO text" "${h6}s -> ${h20}s: $(ratio "$h20" "$h6")x; peak $(mib "$h20m") MiB at 200000"
row "  200000, an error in entry_computation_layout" "${hb}s (${hbmin}): $(ratio "$hb" "$h20")x the valid module; peak $(mib "$hbm") MiB"
row "  the error" "$($(sigtool "$work/hbad200000.hlo") 2>&1 | head -1 | sed 's|^.*/||' | cut -c1-100)"
rm -f "$work"/sig*.mlir "$work"/hsig*.hlo "$work"/hbad*.hlo

fi

# 2. Matching passes on same-shape parameters: growth when N doubles, and
# the donation pass against mlir-opt-19 on the same file.
if want 2; then
for pass in buffer-donation-to-alias add-may-aliases; do
  flags=(); [ "$pass" = buffer-donation-to-alias ] && flags=(-donors)
  for n in 8000 16000; do "$gen" -size 0 -params "$n" -uniform 'tensor<64x128xf32>' "${flags[@]}" -o "$work/u$n.mlir"; done
  utool() { echo "$tool" --passes="$pass" -o "$work/out.mlir" "$work/u$1.mlir"; }
  opt=()
  if $have_opt && [ "$pass" = buffer-donation-to-alias ]; then
    opt=(:: mlir-opt-19 --allow-unregistered-dialect -o "$work/out.mlir" "$work/u16000.mlir")
  fi
  { read -r t8 _ _; read -r t16 m16 _; read -r topt _ _ || true; } < <(bestof $(utool 8000) :: $(utool 16000) "${opt[@]}")
  what="8000->16000 $(ratio "$t16" "$t8")x (${t8}s -> ${t16}s); peak $(mib "$m16") MiB"
  [ ${#opt[@]} -gt 0 ] && what="$what; mlir-opt-19 ${topt}s: $(ratio "$topt" "$t16")x faster"
  row "16000 same-shape, --passes=$pass" "$what"
  rm -f "$work"/u*.mlir
done

fi

# 3. One 50 MB flat array in an argument's attribute dictionary, valid and
# with a syntax error at its end, against cp of the same file.
if want 3; then
flat() { # flat FILE END: a @main whose argument carries foo = [1, 1, ...END
  { printf 'func.func @main(%%arg0: tensor<4xf32> {foo = ['
    head -c 50000000 < <(yes '1, ' | tr -d '\n')
    printf '%s' "$2"
    printf ' -> tensor<4xf32> {\n  return %%arg0 : tensor<4xf32>\n}\n'; } >"$1"
}
flat "$work/flat.mlir" '1]})'
flat "$work/flatbad.mlir" '1 1]})'
{ read -r c _ cmin; read -r t m tmin; } < <(bestof cp "$work/flat.mlir" "$work/out.mlir" :: "$tool" --passes=add-may-aliases -o "$work/out.mlir" "$work/flat.mlir")
row "50 MB flat array attribute, valid" "cp ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x cp; peak $(mib "$m") MiB"
{ read -r c _ cmin; read -r t m tmin; } < <(bestof cp "$work/flatbad.mlir" "$work/out.mlir" :: sh -c "! '$tool' --passes=add-may-aliases -o '$work/out.mlir' '$work/flatbad.mlir'")
row "50 MB flat array attribute, error at its end" "cp ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x cp; peak $(mib "$m") MiB"
row "  the error" "$("$tool" -o "$work/out.mlir" "$work/flatbad.mlir" 2>&1 | head -1 | cut -c1-100)"
rm -f "$work/flat.mlir" "$work/flatbad.mlir"

fi

# 4. File to file against cp, and from a pipe against the pipe's own floor
# (cat FILE | cat >OUT moves the same bytes through the same pipe).
if want 4; then
"$gen" -size 420m -params 2000 -o "$work/m420.mlir"
for pass in flip-may-aliases add-may-aliases; do
  { read -r c _ cmin; read -r t m tmin; } < <(bestof cp "$work/m420.mlir" "$work/out.mlir" :: \
    "$tool" --passes=$pass -o "$work/out.mlir" "$work/m420.mlir")
  row "420 MB, 2000 parameters, $pass -o" "cp ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x cp; peak $(mib "$m") MiB"
  { read -r c _ cmin; read -r t m tmin; } < <(bestof sh -c "cat '$work/m420.mlir' | cat >'$work/out.mlir'" :: \
    sh -c "cat '$work/m420.mlir' | '$tool' --passes=$pass -o '$work/out.mlir'")
  row "  the same from a pipe" "cat | cat >OUT ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x the pipe; peak $(mib "$m") MiB"
done
# The floor of the pipe rows: read the pipe into one buffer, search it,
# write it (bench/floor stream), against the same cat | cat.
{ read -r c _ cmin; read -r t _ tmin; } < <(bestof sh -c "cat '$work/m420.mlir' | cat >'$work/out.mlir'" :: \
  sh -c "cat '$work/m420.mlir' | '$work/floor' stream /dev/stdin '$work/out.mlir'")
row "  floor of the pipe rows: read and search, one buffer" "cat | cat >OUT ${c}s (${cmin}), bench/floor stream ${t}s (${tmin}): $(ratio "$t" "$c")x the pipe"
# The floor of the file-to-file rows on this machine: bench/floor reads and
# searches every byte while the kernel copies the file, the last quarter
# only once the search has passed it (it parses nothing).
{ read -r c _ cmin; read -r t _ tmin; } < <(bestof cp "$work/m420.mlir" "$work/out.mlir" :: \
  "$work/floor" ordered "$work/m420.mlir" "$work/out.mlir")
row "  floor: read and search beside the copy" "cp ${c}s (${cmin}), bench/floor ordered ${t}s (${tmin}): $(ratio "$t" "$c")x cp"
# The same with the output's own layout: the module's edit (its alias
# attribute dropped) shifts the whole output after the module's first
# line, as it does the tool's output of both passes above, and a copy to
# another alignment costs the kernel more than cp's copy.
{ read -r c _ cmin; read -r k _ kmin; read -r p _ pmin; read -r t _ tmin; read -r f _ fmin; } < <(bestof cp "$work/m420.mlir" "$work/out.mlir" :: \
  "$work/floor" copy "$work/m420.mlir" "$work/out.mlir" :: \
  "$work/floor" pieces "$work/m420.mlir" "$work/out.mlir" :: \
  "$work/floor" shifted "$work/m420.mlir" "$work/out.mlir" :: \
  "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$work/m420.mlir")
row "  the copy alone with the output's layout" "cp ${c}s (${cmin}), bench/floor copy ${k}s (${kmin}): $(ratio "$k" "$c")x cp"
row "  the same in whole pieces of the output" "bench/floor pieces ${p}s (${pmin}): $(ratio "$p" "$c")x cp"
row "  floor with the output's layout" "bench/floor shifted ${t}s (${tmin}): $(ratio "$t" "$c")x cp; mhlo-alias flip ${f}s (${fmin}): $(ratio "$f" "$t")x this floor, $(ratio "$f" "$c")x cp"
"$gen" -hlo -size 420m -params 2000 -o "$work/h420.hlo"
{ read -r c _ cmin; read -r t m tmin; } < <(bestof cp "$work/h420.hlo" "$work/out.mlir" :: \
  "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$work/h420.hlo")
row "420 MB HLO text dump, flip-may-aliases -o" "cp ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x cp; peak $(mib "$m") MiB"
rm -f "$work/h420.hlo" "$work/m420.mlir"

fi

# 5. A named FIFO carrying 200 MB, against the same bytes piped.
if want 5; then
"$gen" -size 200m -params 2000 -o "$work/m200.mlir"
mkfifo "$work/fifo"
{ read -r p _ pmin; read -r f fm fmin; } < <(bestof sh -c "cat '$work/m200.mlir' | '$tool' --passes=flip-may-aliases -o '$work/out.mlir'" :: \
  sh -c "cat '$work/m200.mlir' >'$work/fifo' & '$tool' --passes=flip-may-aliases -o '$work/out.mlir' '$work/fifo'; wait")
row "200 MB through a named FIFO" "piped ${p}s (${pmin}), FIFO ${f}s (${fmin}): $(ratio "$f" "$p")x piped; peak $(mib "$fm") MiB"
rm -f "$work/fifo" "$work/m200.mlir"

fi

# 6. The largest module: peak RSS from a path and from a pipe, time vs cp.
if want 6; then
"$gen" -size "$SIZE" -params 2000 -o "$work/big.mlir"
{ read -r c _ cmin; read -r t m tmin; } < <(bestof cp "$work/big.mlir" "$work/out.mlir" :: \
  "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$work/big.mlir")
row "$SIZE module, file to file" "cp ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x cp; peak $(mib "$m") MiB"
read -r _ bm < <(measure sh -c "cat '$work/big.mlir' | '$tool' --passes=flip-may-aliases -o '$work/out.mlir'")
row "$SIZE module from a pipe" "peak $(mib "$bm") MiB"
rm -f "$work/big.mlir" "$work/out.mlir"

fi

# 7. Per-invocation time on a small module, against a Go hello-world: a
# loop of 100 runs each, in turn, RUNS times.
if want 7; then
"$gen" -size 5k -params 14 -const 32 -o "$work/small.mlir"
loop() { local start end; start=$(date +%s%N); for _ in $(seq 100); do "$@" >/dev/null; done; end=$(date +%s%N); echo $(( (end - start) / 100000 )); }
hs=() ts=()
for _ in $(seq "$RUNS"); do
  hs+=("$(loop "$work/hello-world")")
  ts+=("$(loop "$tool" --passes=flip-may-aliases "$work/small.mlir")")
done
hello_us=$(median "${hs[@]}"); tool_us=$(median "${ts[@]}")
row "small module ($(( $(stat -c %s "$work/small.mlir") / 1000 )) KB), per run" "hello-world ${hello_us} us, mhlo-alias ${tool_us} us: $(ratio "$tool_us" "$hello_us")x hello-world"

fi

# 8. -w on many files: one call for all against one call per file.
if want 8; then
for i in $(seq 8); do "$gen" -size 16m -params 2000 -const 64 -seed "$i" -o "$work/w$i.mlir"; done
sync
start=$(date +%s%N)
for i in $(seq 8); do "$tool" -w --passes=flip-may-aliases "$work/w$i.mlir"; done
seq_ms=$(( ($(date +%s%N) - start) / 1000000 ))
sync
start=$(date +%s%N)
"$tool" -w --passes=flip-must-aliases "$work"/w*.mlir
par_ms=$(( ($(date +%s%N) - start) / 1000000 ))
row "-w on 8 x 16 MB files" "one call per file ${seq_ms} ms, one call for all ${par_ms} ms ($(ratio "$seq_ms" "$par_ms")x faster, $(nproc) cores)"
fi

# 9. An xla.HloModuleProto of SIZE whose entry computation holds large
# literal constants (4 MiB each), 8 parameters, an alias table over half of
# them and donors for the rest, rewritten file to file, against cp.
if want 9; then
"$work/genproto" -size "$SIZE" -params 8 -o "$work/big.hlo_module.pb"
for pass in buffer-donation-to-alias flip-may-aliases; do
  { read -r c _ cmin; read -r t m tmin; } < <(bestof cp "$work/big.hlo_module.pb" "$work/out.mlir" :: \
    "$tool" --passes=$pass -o "$work/out.mlir" "$work/big.hlo_module.pb")
  row "$SIZE HloModuleProto, $pass -o" "cp ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x cp; peak $(mib "$m") MiB"
done
rm -f "$work/big.hlo_module.pb"
fi

# 10. A Neuron compile cache of 1000 modules (model.hlo_module.pb of 16 KB
# to 1 MB with literal constants, beside a model.neff the tool does not
# read), reported in one call, against reading every module file once
# (cat of all of them).
if want 10; then
cache=$work/neuron-compile-cache/neuronxcc-2.15.128.0
for i in $(seq 1000); do
  d=$cache/MODULE_$(printf '%016x' $(( i * 2654435761 )))
  mkdir -p "$d"
  kb=$(( 16 << (i % 7) ))
  "$work/genproto" -size "${kb}k" -params $(( 2 + 2 * (i % 8) )) -const 4k -o "$d/model.hlo_module.pb"
  head -c 65536 /dev/zero >"$d/model.neff"
done
mods=$(find "$cache" -name model.hlo_module.pb | wc -l)
total=$(find "$cache" -name model.hlo_module.pb -printf '%s\n' | awk '{ s += $1 } END { printf "%d", s / 1000000 }')
catall() { find "$1" -name '*.pb' -exec cat {} + >/dev/null; }
export -f catall
for form in json summary; do
  { read -r c _ cmin; read -r t m tmin; } < <(bestof bash -c 'catall "$0"' "$work/neuron-compile-cache" :: \
    "$tool" --passes=buffer-donation-to-alias --print-config=$form "$work/neuron-compile-cache")
  row "cache of $mods modules ($total MB), --print-config=$form" "reading them ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x; peak $(mib "$m") MiB"
done
rm -rf "$work/neuron-compile-cache"
fi

# 11-16. The shape zoo (bench/zoo, written by bench/genzoo; "genzoo -list"
# names the shapes). A run that ends in an error is measured like one that
# succeeds (the rows say which); ZOO="a b" limits the rows to those shapes.
if want 11 || want 12 || want 13 || want 14 || want 15 || want 16; then
go build -o "$work/genzoo" ./bench/genzoo
zoo_shapes() { "$work/genzoo" -list | awk -v u="$1" '$2 == u { print $1 }' | while read -r s; do
  [ -z "${ZOO:-}" ] || [[ " $ZOO " == *" $s "* ]] && echo "$s"; done; }
zoo_info() { "$work/genzoo" -list | awk -v s="$1" '$1 == s { print $3, $4, $5, $6, $7 }'; }
# zoo_cmd FILE PASSES REMARKS SPLIT: a shell command running the tool on
# FILE, its exit status ignored, its stderr to $work/zoo.err.
zoo_cmd() {
  local r=""; [ "$3" = true ] && r="--remarks-filter-missed='.*'"
  [ "${4:-false}" = true ] && r="$r --split-input-file"
  echo "'$tool' --passes=$2 $r -o '$work/out.mlir' '$1' 2>'$work/zoo.err'; exit 0"
}
zoo_err() { head -1 "$work/zoo.err" | sed 's|^.*/||' | cut -c1-90; }
fi

# 11. Every parameter shape at 20000 and 40000 parameters, the two sizes
# and mlir-opt-19 on the larger interleaved: time, peak and their growth.
if want 11; then
for s in $(zoo_shapes parameters); do
  read -r fmt _ passes rem split < <(zoo_info "$s")
  for n in 20000 40000; do "$work/genzoo" -shape "$s" -n "$n" -o "$work/z$n.$fmt"; done
  opt=()
  sp=(); [ "$split" = true ] && sp=(--split-input-file)
  $have_opt && [ "$fmt" = mlir ] && opt=(:: mlir-opt-19 --allow-unregistered-dialect "${sp[@]}" -o "$work/out.mlir" "$work/z40000.$fmt")
  { read -r t2 m2 _; read -r t4 m4 t4min; read -r o _ omin || true; } < <(bestof sh -c "$(zoo_cmd "$work/z20000.$fmt" "$passes" "$rem" "$split")" :: \
    sh -c "$(zoo_cmd "$work/z40000.$fmt" "$passes" "$rem" "$split")" "${opt[@]}")
  what="${t4}s (${t4min}), peak $(mib "$m4") MiB; 20000->40000 time $(ratio "$t4" "$t2")x, peak $(ratio "$m4" "$m2")x"
  [ ${#opt[@]} -gt 0 ] && what="$what; mlir-opt-19 ${o}s (${omin}): $(ratio "$o" "$t4")x faster than mlir-opt"
  row "zoo $s, 40000 parameters ($(mb "$work/z40000.$fmt") MB)" "$what"
  [ -s "$work/zoo.err" ] && row "  the error" "$(zoo_err)"
  rm -f "$work"/z20000.* "$work"/z40000.*
done
fi

# 12. Each huge value of the zoo at 50 MB, valid and broken at its start,
# middle and end, against cp of the same file; the error's first line and
# the bytes of stderr.
if want 12; then
for s in $(zoo_shapes bytes); do
  read -r fmt _ passes rem < <(zoo_info "$s")
  [ "$fmt" = pb ] && continue
  "$work/genzoo" -shape "$s" -n 50000000 -o "$work/huge.$fmt"
  { read -r c _ cmin; read -r t m tmin; } < <(bestof cp "$work/huge.$fmt" "$work/out.mlir" :: sh -c "$(zoo_cmd "$work/huge.$fmt" "$passes" "$rem")")
  row "zoo $s, 50 MB" "cp ${c}s (${cmin}), mhlo-alias ${t}s (${tmin}): $(ratio "$t" "$c")x cp; peak $(mib "$m") MiB; $(stat -c %s "$work/zoo.err") B of stderr"
  [ -s "$work/zoo.err" ] && row "  the error" "$(zoo_err)"
  rm -f "$work/huge.$fmt"
done
fi

# 13. The chain of type aliases !tN = tuple<!tN-1, !tN-1> to N=40 (2^40
# leaves in 1.6 KB), one donor: cut off after 10 s.
if want 13; then
"$work/genzoo" -shape alias-chain -n 40 -o "$work/chain.mlir"
{ read -r t m tmin; } < <(bestof sh -c "timeout 10 '$tool' --passes=buffer-donation-to-alias -o '$work/out.mlir' '$work/chain.mlir' 2>'$work/zoo.err'; [ \$? != 124 ] || echo timed out >'$work/zoo.err'")
row "zoo alias-chain, N=40" "${t}s (${tmin}), peak $(mib "$m") MiB; $(stat -c %s "$work/zoo.err") B of stderr"
[ -s "$work/zoo.err" ] && row "  the error" "$(zoo_err)"
fi

# 14. 1000 and 2000 donors no output can take, one line, every missed
# remark on: time and peak growth, stderr bytes per remark.
if want 14; then
for n in 1000 2000; do "$work/genzoo" -shape unused-donors -n "$n" -o "$work/d$n.mlir"; done
{ read -r t1 m1 _; read -r t2 m2 t2min; } < <(bestof sh -c "$(zoo_cmd "$work/d1000.mlir" buffer-donation-to-alias true)" :: sh -c "$(zoo_cmd "$work/d2000.mlir" buffer-donation-to-alias true)")
for n in 1000 2000; do
  "$tool" --passes=buffer-donation-to-alias --remarks-filter-missed='.*' -o "$work/out.mlir" "$work/d$n.mlir" 2>"$work/zoo.err" || true
  eval "e$n=$(stat -c %s "$work/zoo.err") r$n=$(grep -c ': remark: ' "$work/zoo.err")"
done
row "zoo unused-donors, 2000 with remarks" "${t2}s (${t2min}), peak $(mib "$m2") MiB; 1000->2000 time $(ratio "$t2" "$t1")x, peak $(ratio "$m2" "$m1")x, stderr $(ratio "$e2000" "$e1000")x"
row "  stderr per remark" "1000: $(( e1000 / (r1000 > 0 ? r1000 : 1) )) B ($r1000 remarks), 2000: $(( e2000 / (r2000 > 0 ? r2000 : 1) )) B ($r2000 remarks)"
rm -f "$work"/d*.mlir
fi

# 15. /dev/zero and /dev/urandom as input: an error within 1 s and no
# output file (cut off after 10 s).
if want 15; then
for dev in /dev/zero /dev/urandom; do
  rm -f "$work/out.mlir"
  { read -r t m tmin; } < <(bestof sh -c "timeout 10 '$tool' --passes=add-may-aliases -o '$work/dev.out' $dev 2>'$work/zoo.err'; echo \$? >'$work/zoo.rc'")
  written=no; [ -e "$work/dev.out" ] && written=yes
  row "$dev as input" "${t}s (${tmin}), peak $(mib "$m") MiB; exit $(cat "$work/zoo.rc"), output written: $written"
  row "  the error" "$(zoo_err)"
  rm -f "$work/dev.out"
done
fi

# 16. HloModuleProto: 131072 and 262144 empty groups of unknown fields,
# and modules of 150 and 300 MB against cp: growth and peak.
if want 16; then
for n in 131072 262144; do "$work/genzoo" -shape proto-groups -n "$n" -o "$work/g$n.pb"; done
{ read -r t1 _ _; read -r t2 m2 t2min; } < <(bestof sh -c "$(zoo_cmd "$work/g131072.pb" add-may-aliases false)" :: sh -c "$(zoo_cmd "$work/g262144.pb" add-may-aliases false)")
row "zoo proto-groups, 262144 empty groups" "${t2}s (${t2min}), peak $(mib "$m2") MiB; 131072->262144 $(ratio "$t2" "$t1")x"
[ -s "$work/zoo.err" ] && row "  the error" "$(zoo_err)"
rm -f "$work"/g*.pb
for n in 150000000 300000000; do "$work/genzoo" -shape proto-module -n "$n" -o "$work/p$n.pb"; done
{ read -r c _ cmin; read -r t1 _ _; read -r t2 m2 t2min; } < <(bestof cp "$work/p300000000.pb" "$work/out.mlir" :: \
  sh -c "$(zoo_cmd "$work/p150000000.pb" add-may-aliases false)" :: sh -c "$(zoo_cmd "$work/p300000000.pb" add-may-aliases false)")
row "zoo proto-module, 300 MB" "cp ${c}s (${cmin}), mhlo-alias ${t2}s (${t2min}): $(ratio "$t2" "$c")x cp; peak $(mib "$m2") MiB; 150->300 MB $(ratio "$t2" "$t1")x"
rm -f "$work"/p*.pb
fi
