#!/usr/bin/env bash
# Measures mhlo-alias in one run and prints every figure as a ratio against
# a baseline measured in the same run: mlir-opt-19 on the same file, cp of
# the same file, the same tool at half the parameter count, a Go
# hello-world process. Usage:
#
#   bench/run.sh [SIZE]      # SIZE of the largest module, default 2g
#
# RUNS (default 3) is how often each command runs; the best time counts.
# The rows of small modules (tens of milliseconds) run SMALL_RUNS times
# (default 15), as one slow run in three is common on a shared machine.
# TOOL=path measures that mhlo-alias binary instead of building this tree
# (to measure an older version with the same script).
# Needs Go, GNU time (/usr/bin/time, for peak RSS) and, for the mlir-opt
# rows, mlir-opt-19 on PATH. Works in a temporary directory under $TMPDIR
# and needs about 3 x SIZE of free disk.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-2g}
RUNS=${RUNS:-3}
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

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 0.001; printf "%.2f", a / b }'; }
mib() { echo $(( $1 / 1024 )); }
row() { printf '%-44s %s\n' "$1" "$2"; }

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), $(go version | cut -d' ' -f3), best of $RUNS"
echo

# 1. Signatures: a module that is all signature, against mlir-opt-19
# parsing and printing it.
sig() { # sig N: the tool's time on an N-parameter signature-only module
  "$gen" -size 0 -params "$1" -o "$work/sig$1.mlir"
  RUNS=$SMALL_RUNS best "$tool" --passes=add-may-aliases -o "$work/out.mlir" "$work/sig$1.mlir"
}
read -r sig8 sig8m < <(sig 8000)
read -r sig4 _ < <(sig 4000)
if $have_opt; then
  read -r opt8 _ < <(RUNS=$SMALL_RUNS best mlir-opt-19 --allow-unregistered-dialect -o "$work/out.mlir" "$work/sig8000.mlir")
  row "8000 parameters, signature only ($(( $(stat -c %s "$work/sig8000.mlir") / 1000 )) KB)" \
    "mhlo-alias ${sig8}s, mlir-opt-19 ${opt8}s: $(ratio "$opt8" "$sig8")x faster than mlir-opt; 4000->8000 $(ratio "$sig8" "$sig4")x; peak $(mib "$sig8m") MiB"
else
  row "8000 parameters, signature only" "mhlo-alias ${sig8}s; 4000->8000 $(ratio "$sig8" "$sig4")x (no mlir-opt-19)"
fi

# 2. Matching passes on same-shape parameters: growth when N doubles, and
# the donation pass against mlir-opt-19 on the same file.
uniform() { # uniform N PASS [-donors]: the tool's time and RSS
  local n=$1 pass=$2; shift 2
  "$gen" -size 0 -params "$n" -uniform 'tensor<64x128xf32>' "$@" -o "$work/u$n.mlir"
  RUNS=$SMALL_RUNS best "$tool" --passes="$pass" -o "$work/out.mlir" "$work/u$n.mlir"
}
for pass in buffer-donation-to-alias add-may-aliases; do
  flags=(); [ "$pass" = buffer-donation-to-alias ] && flags=(-donors)
  read -r t8 _ < <(uniform 8000 "$pass" "${flags[@]}")
  read -r t16 m16 < <(uniform 16000 "$pass" "${flags[@]}")
  what="8000->16000 $(ratio "$t16" "$t8")x (${t8}s -> ${t16}s); peak $(mib "$m16") MiB"
  if $have_opt && [ "$pass" = buffer-donation-to-alias ]; then
    read -r opt _ < <(RUNS=$SMALL_RUNS best mlir-opt-19 --allow-unregistered-dialect -o "$work/out.mlir" "$work/u16000.mlir")
    what="$what; mlir-opt-19 ${opt}s: $(ratio "$opt" "$t16")x faster"
    read -r _ sm < <(measure sh -c "cat '$work/u16000.mlir' | '$tool' --passes=$pass -o '$work/out.mlir'")
    what="$what; from a pipe: peak $(mib "$sm") MiB"
  fi
  row "16000 same-shape, --passes=$pass" "$what"
done

# 3. File to file against cp and mlir-opt-19.
filecmp() { # filecmp NAME FILE: cp, the tool, and mlir-opt-19 on FILE
  local name=$1 file=$2 cp_t cp_m tool_t tool_m opt
  read -r cp_t _ < <(best cp "$file" "$work/out.mlir")
  read -r tool_t tool_m < <(best "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$file")
  local what="cp ${cp_t}s, mhlo-alias ${tool_t}s: $(ratio "$tool_t" "$cp_t")x cp; peak $(mib "$tool_m") MiB"
  if $have_opt && [ "$3" = opt ]; then
    read -r opt _ < <(best mlir-opt-19 --allow-unregistered-dialect -o "$work/out.mlir" "$file")
    what="$what; mlir-opt-19 ${opt}s: $(ratio "$opt" "$tool_t")x faster"
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
read -r _ hm < <(measure sh -c "cat '$work/h420.hlo' | '$tool' --passes=flip-may-aliases -o '$work/out.mlir'")
row "420 MB HLO text dump from a pipe" "peak $(mib "$hm") MiB"
rm -f "$work/h420.hlo"

# 4. Standard input against a named file, the same module.
for f in m45 m420; do
  read -r named _ < <(best "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$work/$f.mlir")
  read -r piped pm < <(best sh -c "cat '$work/$f.mlir' | '$tool' --passes=flip-may-aliases -o '$work/out.mlir'")
  read -r redir _ < <(best sh -c "'$tool' --passes=flip-may-aliases -o '$work/out.mlir' < '$work/$f.mlir'")
  row "$f module from standard input" "named ${named}s; pipe ${piped}s ($(ratio "$piped" "$named")x, peak $(mib "$pm") MiB); redirect ${redir}s ($(ratio "$redir" "$named")x)"
  # What a pipe costs before any work: cat into a pipe, drained, and
  # copied into a file, against the same named run.
  read -r drain _ < <(best sh -c "cat '$work/$f.mlir' | cat >/dev/null")
  read -r pcopy _ < <(best sh -c "cat '$work/$f.mlir' | cat >'$work/out.mlir'")
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
hello_us=$(loop "$work/hello-world")
tool_us=$(loop "$tool" --passes=flip-may-aliases "$work/small.mlir")
hello_us2=$(loop "$work/hello-world")
(( hello_us2 < hello_us )) && hello_us=$hello_us2
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
