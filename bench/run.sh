#!/usr/bin/env bash
# Measures mhlo-alias in one run and prints every figure as a ratio against
# a baseline measured in the same run: mlir-opt-19 on the same file, cp of
# the same file, the same tool at half the parameter count, a Go
# hello-world process. Usage:
#
#   bench/run.sh [SIZE]      # SIZE of the largest module, default 2g
#
# RUNS (default 5) is how often each command runs; the best time counts.
# The rows of small modules (tens of milliseconds) run SMALL_RUNS times
# (default 15), as one slow run in three is common on a shared machine.
# A row's commands run in turn (the tool, its baseline, the tool, ...),
# not each RUNS times in a row, so that both see the same minutes of a
# machine whose speed drifts.
# TOOL=path measures that mhlo-alias binary instead of building this tree
# (to measure an older version with the same script).
# Needs Go, GNU time (/usr/bin/time, for peak RSS) and, for the mlir-opt
# rows, mlir-opt-19 on PATH. Works in a temporary directory under $TMPDIR
# and needs about 3 x SIZE of free disk.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-2g}
RUNS=${RUNS:-5}
SMALL_RUNS=${SMALL_RUNS:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${TOOL:-}" ]; then cp "$TOOL" "$work/mhlo-alias"; else go build -o "$work/mhlo-alias" ./cmd/mhlo-alias; fi
go build -o "$work/genmodule" ./bench/genmodule
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

# best CMD...: the best time of RUNS runs and the largest peak RSS,
# "seconds KB".
best() {
  local t=() m=0 s k
  for _ in $(seq "$RUNS"); do
    read -r s k < <(measure "$@")
    t+=("$s"); (( k > m )) && m=$k
    rm -f "$work/out.mlir"
  done
  echo "$(printf '%s\n' "${t[@]}" | sort -n | head -1) $m"
}

# bestof CMD1... :: CMD2... [:: CMD3...]: RUNS rounds, each running every
# command once in turn, so that a ratio between them is taken on the same
# machine state (a shared machine drifts over seconds); prints "seconds
# KB" for each command, one line each, in order: its best time and its
# largest peak RSS.
bestof() {
  local cmds=() cur=() a
  for a in "$@"; do
    if [ "$a" = "::" ]; then cmds+=("$(printf '%q ' "${cur[@]}")"); cur=(); else cur+=("$a"); fi
  done
  cmds+=("$(printf '%q ' "${cur[@]}")")
  local n=${#cmds[@]} i s k
  local -a bt bm
  for ((i = 0; i < n; i++)); do bt[i]=999999; bm[i]=0; done
  for _ in $(seq "$RUNS"); do
    for ((i = 0; i < n; i++)); do
      read -r s k < <(eval "measure ${cmds[i]}")
      rm -f "$work/out.mlir"
      awk -v a="$s" -v b="${bt[i]}" 'BEGIN { exit !(a < b) }' && bt[i]=$s
      (( k > bm[i] )) && bm[i]=$k
    done
  done
  for ((i = 0; i < n; i++)); do echo "${bt[i]} ${bm[i]}"; done
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 0.001; printf "%.2f", a / b }'; }
mib() { echo $(( $1 / 1024 )); }
row() { printf '%-44s %s\n' "$1" "$2"; }

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), $(go version | cut -d' ' -f3), best of $RUNS, interleaved"
echo

# 1. Signatures: a module that is all signature, against mlir-opt-19
# parsing and printing it.
"$gen" -size 0 -params 8000 -o "$work/sig8000.mlir"
"$gen" -size 0 -params 4000 -o "$work/sig4000.mlir"
sigtool() { echo "$tool" --passes=add-may-aliases -o "$work/out.mlir" "$work/sig$1.mlir"; }
if $have_opt; then
  { read -r sig8 sig8m; read -r sig4 _; read -r opt8 _; } < <(RUNS=$SMALL_RUNS bestof $(sigtool 8000) :: $(sigtool 4000) :: \
    mlir-opt-19 --allow-unregistered-dialect -o "$work/out.mlir" "$work/sig8000.mlir")
  row "8000 parameters, signature only ($(( $(stat -c %s "$work/sig8000.mlir") / 1000 )) KB)" \
    "mhlo-alias ${sig8}s, mlir-opt-19 ${opt8}s: $(ratio "$opt8" "$sig8")x faster than mlir-opt; 4000->8000 $(ratio "$sig8" "$sig4")x; peak $(mib "$sig8m") MiB"
else
  { read -r sig8 sig8m; read -r sig4 _; } < <(RUNS=$SMALL_RUNS bestof $(sigtool 8000) :: $(sigtool 4000))
  row "8000 parameters, signature only" "mhlo-alias ${sig8}s; 4000->8000 $(ratio "$sig8" "$sig4")x (no mlir-opt-19)"
fi

# 2. Matching passes on same-shape parameters: growth when N doubles, and
# the donation pass against mlir-opt-19 on the same file.
for pass in buffer-donation-to-alias add-may-aliases; do
  flags=(); [ "$pass" = buffer-donation-to-alias ] && flags=(-donors)
  for n in 8000 16000; do "$gen" -size 0 -params "$n" -uniform 'tensor<64x128xf32>' "${flags[@]}" -o "$work/u$n.mlir"; done
  utool() { echo "$tool" --passes="$pass" -o "$work/out.mlir" "$work/u$1.mlir"; }
  opt=()
  if $have_opt && [ "$pass" = buffer-donation-to-alias ]; then
    opt=(:: mlir-opt-19 --allow-unregistered-dialect -o "$work/out.mlir" "$work/u16000.mlir")
  fi
  { read -r t8 _; read -r t16 m16; read -r topt _ || true; } < <(RUNS=$SMALL_RUNS bestof $(utool 8000) :: $(utool 16000) "${opt[@]}")
  what="8000->16000 $(ratio "$t16" "$t8")x (${t8}s -> ${t16}s); peak $(mib "$m16") MiB"
  if [ ${#opt[@]} -gt 0 ]; then
    what="$what; mlir-opt-19 ${topt}s: $(ratio "$topt" "$t16")x faster"
    read -r _ sm < <(measure sh -c "cat '$work/u16000.mlir' | '$tool' --passes=$pass -o '$work/out.mlir'")
    what="$what; from a pipe: peak $(mib "$sm") MiB"
  fi
  row "16000 same-shape, --passes=$pass" "$what"
done

# 3. File to file against cp and mlir-opt-19.
filecmp() { # filecmp NAME FILE: cp, the tool, and mlir-opt-19 on FILE
  local name=$1 file=$2 cp_t tool_t tool_m opt_t opt=()
  if $have_opt && [ "$3" = opt ]; then
    opt=(:: mlir-opt-19 --allow-unregistered-dialect -o "$work/out.mlir" "$file")
  fi
  { read -r cp_t _; read -r tool_t tool_m; read -r opt_t _ || true; } < <(bestof cp "$file" "$work/out.mlir" :: \
    "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$file" "${opt[@]}")
  local what="cp ${cp_t}s, mhlo-alias ${tool_t}s: $(ratio "$tool_t" "$cp_t")x cp; peak $(mib "$tool_m") MiB"
  if [ ${#opt[@]} -gt 0 ]; then
    what="$what; mlir-opt-19 ${opt_t}s: $(ratio "$opt_t" "$tool_t")x faster"
  fi
  row "$name ($(( $(stat -c %s "$file") / 1000000 )) MB), file to file" "$what"
}
"$gen" -size 45m -params 600 -o "$work/m45.mlir"
filecmp "45 MB module, 600 parameters" "$work/m45.mlir" opt
"$gen" -size 420m -params 2000 -o "$work/m420.mlir"
filecmp "420 MB module, 2000 parameters" "$work/m420.mlir" noopt
"$gen" -size 420m -params 2000 -before 0 -o "$work/m420first.mlir"
filecmp "420 MB module, @main first" "$work/m420first.mlir" noopt
rm -f "$work/m420first.mlir"

"$gen" -hlo -size 420m -params 2000 -o "$work/h420.hlo"
filecmp "420 MB HLO text dump, 2000 parameters" "$work/h420.hlo" noopt
{ read -r hnamed _; read -r hpiped hm; } < <(bestof "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$work/h420.hlo" :: \
  sh -c "cat '$work/h420.hlo' | '$tool' --passes=flip-may-aliases -o '$work/out.mlir'")
row "420 MB HLO text dump from a pipe" "named ${hnamed}s; pipe ${hpiped}s ($(ratio "$hpiped" "$hnamed")x, peak $(mib "$hm") MiB)"
rm -f "$work/h420.hlo"

# 4. Standard input against a named file, the same module.
for f in m45 m420; do
  # With what a pipe costs before any work: cat into a pipe, drained,
  # and copied into a file, against the same named run.
  { read -r named _; read -r piped pm; read -r redir _; read -r drain _; read -r pcopy _; } < <(bestof \
    "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$work/$f.mlir" :: \
    sh -c "cat '$work/$f.mlir' | '$tool' --passes=flip-may-aliases -o '$work/out.mlir'" :: \
    sh -c "'$tool' --passes=flip-may-aliases -o '$work/out.mlir' < '$work/$f.mlir'" :: \
    sh -c "cat '$work/$f.mlir' | cat >/dev/null" :: \
    sh -c "cat '$work/$f.mlir' | cat >'$work/out.mlir'")
  row "$f module from standard input" "named ${named}s; pipe ${piped}s ($(ratio "$piped" "$named")x, peak $(mib "$pm") MiB); redirect ${redir}s ($(ratio "$redir" "$named")x)"
  row "  the pipe alone, $f" "cat | cat >/dev/null ${drain}s ($(ratio "$drain" "$named")x named); cat | cat >file ${pcopy}s ($(ratio "$pcopy" "$named")x)"
done
read -r _ dm < <(measure "$tool" --passes=flip-may-aliases -d "$work/m420.mlir")
row "-d on the 420 MB module" "peak $(mib "$dm") MiB"
rm -f "$work/m45.mlir" "$work/m420.mlir"

# 5. The largest module: peak RSS from a path and from a pipe, time vs cp.
"$gen" -size "$SIZE" -params 2000 -o "$work/big.mlir"
filecmp "$SIZE module, 2000 parameters" "$work/big.mlir" noopt
read -r _ bm < <(measure sh -c "cat '$work/big.mlir' | '$tool' --passes=flip-may-aliases -o '$work/out.mlir'")
row "$SIZE module from a pipe" "peak $(mib "$bm") MiB"
rm -f "$work/big.mlir" "$work/out.mlir"

# 6. Per-invocation time on a small module, against a Go hello-world.
"$gen" -size 2k -params 14 -const 32 -o "$work/small.mlir"
loop() { local start end; start=$(date +%s%N); for _ in $(seq 300); do "$@" >/dev/null; done; end=$(date +%s%N); echo $(( (end - start) / 300000 )); }
# Each loop twice, in turn; the faster of each counts.
hello_us=$(loop "$work/hello-world")
tool_us=$(loop "$tool" --passes=flip-may-aliases "$work/small.mlir")
hello_us2=$(loop "$work/hello-world")
tool_us2=$(loop "$tool" --passes=flip-may-aliases "$work/small.mlir")
(( hello_us2 < hello_us )) && hello_us=$hello_us2
(( tool_us2 < tool_us )) && tool_us=$tool_us2
row "small module ($(( $(stat -c %s "$work/small.mlir") / 1000 )) KB), per run" "hello-world ${hello_us} us, mhlo-alias ${tool_us} us: $(ratio "$tool_us" "$hello_us")x hello-world"

# 7. -w on many files: one call for all against one call per file. The
# files have large signatures (2000 parameters), so the work is not all
# disk.
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
