#!/usr/bin/env bash
# Times conway's extreme equilibria (reverse search) on one core and on two, and lrsnash
# (Debian's lrslib, one core), on the same random n×n games with payoffs 0..99, SEEDS games
# per size (default 5); prints per size the median wall time and peak memory of each and the
# ratios. Needs `lrsnash` on the PATH (apt-get install lrslib) and GNU time.
# Usage: [SEEDS=5] crates/strategic/benches/lrsnash.sh [sizes…]   (default 12 14 16)
set -euo pipefail
cd "$(dirname "$0")/../../.."
sizes=("${@:-12 14 16}")
seeds=${SEEDS:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo build --release -q -p conway-strategic --example random_nash
example=target/release/examples/random_nash
# Prints "seconds kilobytes" of one run of the command.
measure() {
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$dir/time" "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  printf '%.3f %s\n' "$(echo "$end - $start" | bc -l)" "$(cat "$dir/time")"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for n in ${sizes[@]}; do
  "$example" "$n" --seeds "$seeds" --lrs "$dir" --write-only
  : > "$dir/one"; : > "$dir/two"; : > "$dir/lrs"
  for seed in $(seq 0 $((seeds - 1))); do
    RAYON_NUM_THREADS=1 measure "$example" "$n" --seed "$seed" >> "$dir/one"
    RAYON_NUM_THREADS=2 measure "$example" "$n" --seed "$seed" >> "$dir/two"
    measure lrsnash "$dir/game${n}_${seed}.txt" >> "$dir/lrs"
  done
  one=$(cut -d' ' -f1 "$dir/one" | median); two=$(cut -d' ' -f1 "$dir/two" | median)
  lrs=$(cut -d' ' -f1 "$dir/lrs" | median)
  mem_one=$(cut -d' ' -f2 "$dir/one" | median); mem_two=$(cut -d' ' -f2 "$dir/two" | median)
  mem_lrs=$(cut -d' ' -f2 "$dir/lrs" | median)
  printf 'n = %s (%s games, medians): conway 1 core %s s %s KB, 2 cores %s s %s KB; lrsnash %s s %s KB; speed-up %.1fx (1 core), %.1fx (2 cores)\n' \
    "$n" "$seeds" "$one" "$mem_one" "$two" "$mem_two" "$lrs" "$mem_lrs" \
    "$(echo "$lrs / $one" | bc -l)" "$(echo "$lrs / $two" | bc -l)"
done
