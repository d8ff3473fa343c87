#!/usr/bin/env bash
# Side by side: corriere against the floor (and any other build of the load generator), in
# interleaved rounds, each run on a fresh database, the same clients for all. Prints one line
# per run and, at the end, the median over rounds of each variant's moves/s as a ratio of the
# first variant's (the floor, by default) at the same client count.
#
#   benches/compare.sh [--rounds N] [--duration SECS] [--clients "1 16 64"] [--backend sqlite]
#                      [NAME=LOADGEN_BINARY[:EXTRA ARGS] ...]
#
# Without variants: the floor (group commit), the floor (one commit per move) and corriere,
# all from this tree's `cargo bench --bench loadgen --no-run`. To compare another build, build
# its load generator in its own worktree and name it, e.g.
#   benches/compare.sh floor=target/release/deps/loadgen-abc:--target\ floor \
#       main=target/release/deps/loadgen-abc before=/tmp/old/target/release/deps/loadgen-def
# (a `:` separates the binary from its arguments; the arguments are split on spaces).
set -euo pipefail
rounds=6
duration=10
clients="1 16 64"
backend=sqlite
variants=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    *=*) variants+=("$1"); shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
if [ ${#variants[@]} -eq 0 ]; then
  cd "$(dirname "$0")/.."
  bin=$(cargo bench --bench loadgen --no-run --message-format=json 2>/dev/null \
    | sed -n 's/.*"executable":"\([^"]*loadgen[^"]*\)".*/\1/p' | tail -1)
  [ -x "$bin" ] || { echo "could not build the load generator" >&2; exit 1; }
  variants=("floor=$bin:--target floor --floor-commit group"
            "floor-each=$bin:--target floor --floor-commit each"
            "corriere=$bin")
fi
results=$(mktemp)
echo "round clients variant moves_per_s server_cpu_us_per_move disk_kb_per_move write_kb_per_move"
for round in $(seq 1 "$rounds"); do
  for n in $clients; do
    for variant in "${variants[@]}"; do
      name=${variant%%=*}
      spec=${variant#*=}
      binary=${spec%%:*}
      extra=""
      [ "$binary" != "$spec" ] && extra=${spec#*:}
      # shellcheck disable=SC2086
      out=$("$binary" --backend "$backend" --clients "$n" --duration "$duration" $extra)
      rate=$(sed -n 's/.* moves\/s=\([0-9.]*\).*/\1/p' <<<"$out")
      cpu=$(sed -n 's/^server CPU per move=\([0-9.]*\) .*/\1/p' <<<"$out")
      disk=$(sed -n 's/.* disk=\([0-9.]*\) KB.*/\1/p' <<<"$out")
      wrote=$(sed -n 's/.* write()=\([0-9.]*\) KB.*/\1/p' <<<"$out")
      echo "$round $n $name $rate $cpu $disk $wrote" | tee -a "$results"
    done
  done
done
first=${variants[0]%%=*}
# The median of numbers, one per line, sorted.
median() {
  awk '{ v[NR] = $1 }
    END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
          else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# The median of column $1 of the runs of variant $name at $n clients.
median_of() {
  awk -v n="$n" -v name="$name" -v c="$1" '$2 == n && $3 == name { print $c }' "$results" \
    | sort -g | median
}
echo
echo "median over rounds of moves/s ÷ $first's in the same round (and medians of CPU, disk):"
for n in $clients; do
  for variant in "${variants[@]}"; do
    name=${variant%%=*}
    ratios=$(awk -v n="$n" -v name="$name" -v first="$first" '
      $2 == n && $3 == first { base[$1] = $4 }
      $2 == n && $3 == name { mine[$1] = $4 }
      END { for (r in mine) if (base[r] > 0) print mine[r] / base[r] }' "$results" | sort -g)
    printf '%3s clients  %-12s ratio=%-8s moves/s=%-8s cpu µs/move=%-6s disk KB/move=%s\n' \
      "$n" "$name" "$(median <<<"$ratios")" "$(median_of 4)" "$(median_of 5)" "$(median_of 6)"
  done
done
rm -f "$results"
