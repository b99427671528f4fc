#!/usr/bin/env bash
# Measures mhlo-alias against cp and mlir-opt-19 in one run and prints the
# ratios. Usage: bench/run.sh [SIZE]   (default 2g; e.g. 200m for a quick run)
#
# Needs Go, /usr/bin/time (GNU time, for peak RSS) and, for the mlir-opt
# column, mlir-opt-19 on PATH. Works in a temporary directory on the same
# file system as $TMPDIR; needs about 3 x SIZE of free disk.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-2g}
RUNS=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/mhlo-alias" ./cmd/mhlo-alias
go build -o "$work/genmodule" ./bench/genmodule
tool=$work/mhlo-alias

# measure CMD...: runs CMD after a sync, prints "seconds peak-RSS-KB".
measure() {
  sync
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || {
    echo "failed: $*" >&2; cat "$work/err" >&2; exit 1; }
  cat "$work/time"
}

# best and median of RUNS runs (the caller alternates the commands, so
# that both see the same state of the machine).
best() { sort -n | head -1; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 0.001; printf "%.2f", a / b }'; }

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), $(go version | cut -d' ' -f3)"
echo

compare() { # compare NAME FILE
  local name=$1 file=$2 cp_t=() tool_t=() rss=0
  local bytes; bytes=$(stat -c %s "$file")
  for _ in $(seq "$RUNS"); do
    read -r t _ < <(measure cp "$file" "$work/copy.mlir"); cp_t+=("$t")
    read -r t m < <(measure "$tool" --passes=flip-may-aliases -o "$work/out.mlir" "$file"); tool_t+=("$t")
    (( m > rss )) && rss=$m
    rm -f "$work/copy.mlir" "$work/out.mlir"
  done
  local cp_best tool_best cp_med tool_med
  cp_best=$(printf '%s\n' "${cp_t[@]}" | best)
  tool_best=$(printf '%s\n' "${tool_t[@]}" | best)
  cp_med=$(printf '%s\n' "${cp_t[@]}" | median)
  tool_med=$(printf '%s\n' "${tool_t[@]}" | median)
  local opt="n/a" opt_ratio="n/a"
  if command -v mlir-opt-19 >/dev/null; then
    read -r opt _ < <(measure mlir-opt-19 --allow-unregistered-dialect "$file" -o "$work/opt.mlir")
    rm -f "$work/opt.mlir"
    opt_ratio=$(ratio "$opt" "$tool_best")
  fi
  printf '%-14s %5d MB  best of %d: cp %5.2fs, mhlo-alias %5.2fs (%sx cp)  median: cp %5.2fs, mhlo-alias %5.2fs (%sx cp)  peak RSS %d MiB  mlir-opt %ss (mhlo-alias %sx faster)\n' \
    "$name" "$((bytes / 1000000))" "$RUNS" "$cp_best" "$tool_best" "$(ratio "$tool_best" "$cp_best")" \
    "$cp_med" "$tool_med" "$(ratio "$tool_med" "$cp_med")" "$((rss / 1024))" "$opt" "$opt_ratio"
}

"$work/genmodule" -size "$SIZE" -params 2000 -o "$work/weights.mlir"
compare "weights-heavy" "$work/weights.mlir"
rm -f "$work/weights.mlir"
"$work/genmodule" -size 200m -params 400 -const 64 -o "$work/ops.mlir"
compare "op-heavy" "$work/ops.mlir"
rm -f "$work/ops.mlir"

# Per-invocation time on a small module, against cat of the same file.
"$work/genmodule" -size 2k -params 14 -const 32 -o "$work/small.mlir"
loop() { local start end; start=$(date +%s%N); for _ in $(seq 200); do "$@" >/dev/null; done; end=$(date +%s%N); echo $(( (end - start) / 200000 )); }
cat_us=$(loop cat "$work/small.mlir")
tool_us=$(loop "$tool" --passes=flip-may-aliases "$work/small.mlir")
printf '%-22s %8d KB  cat %5d us   mhlo-alias %5d us per run (%sx cat)\n' "small module" \
  "$(( $(stat -c %s "$work/small.mlir") / 1000 ))" "$cat_us" "$tool_us" "$(ratio "$tool_us" "$cat_us")"

# -w on many files: one call for all against one call per file. The files
# have large signatures (2000 parameters), so the work is not all disk.
for i in $(seq 8); do "$work/genmodule" -size 16m -params 2000 -const 64 -seed "$i" -o "$work/w$i.mlir"; done
sync
start=$(date +%s%N)
for i in $(seq 8); do "$tool" -w --passes=flip-may-aliases "$work/w$i.mlir"; done
seq_ms=$(( ($(date +%s%N) - start) / 1000000 ))
sync
start=$(date +%s%N)
"$tool" -w --passes=flip-must-aliases "$work"/w*.mlir
par_ms=$(( ($(date +%s%N) - start) / 1000000 ))
printf '%-22s 8 x 16 MB  one call per file %d ms   one call for all %d ms (%sx faster, GOMAXPROCS %d)\n' "-w concurrency" "$seq_ms" "$par_ms" "$(ratio "$seq_ms" "$par_ms")" "$(nproc)"
