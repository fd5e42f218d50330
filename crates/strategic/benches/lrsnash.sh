#!/usr/bin/env bash
# Times conway's vertex enumeration and lrsnash (Debian's lrslib) on the same random n×n
# games (payoffs 0..99), five games per size; prints medians. Needs `lrsnash` on the PATH
# (apt-get install lrslib). Usage: crates/strategic/benches/lrsnash.sh [sizes…]
set -euo pipefail
cd "$(dirname "$0")/../../.."
sizes=("${@:-10 12 14}")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo build --release -q -p conway-strategic --example random_nash
for n in ${sizes[@]}; do
  target/release/examples/random_nash "$n" --seeds 5 --lrs "$dir" | tail -1
  times=()
  for seed in 0 1 2 3 4; do
    start=$(date +%s.%N)
    lrsnash "$dir/game${n}_${seed}.txt" > "$dir/out" 2>/dev/null
    end=$(date +%s.%N)
    times+=("$(echo "($end - $start) * 1000" | bc -l)")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n 3p)
  printf 'n = %s: lrsnash, median %.1f ms over 5 games\n' "$n" "$median"
done
