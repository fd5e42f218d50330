#!/usr/bin/env bash
# Times `--mpi` runs under mpirun against one process, RUNS times each (default 3), and
# prints medians of wall time and the largest peak memory of one rank:
#   - the Easy Chase on an N×N board (default 80: 2N⁴ = 82 M states): one process on one
#     thread and on two, then 1, 2 and 4 ranks of one thread each (4 ranks oversubscribe
#     a two-core machine), with states per second;
#   - Nash equilibria of the random n×n game SEED (default 18, seed 0; payoffs 0..99, the
#     games of crates/strategic/benches/lrsnash.sh): one process on one and two threads,
#     then 1, 2 and 4 ranks.
# Needs Open MPI (mpirun) with libclang for the build, and GNU time.
# Usage: [RUNS=3] [CHASE=80] [NASH=18] [SEED=0] crates/cli/benches/mpi.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${RUNS:-3}; chase=${CHASE:-80}; nash=${NASH:-18}; seed=${SEED:-0}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo build --release -q -p conway-cli --features mpi
cargo build --release -q -p conway-strategic --example random_nash
conway=$PWD/target/release/conway
mpirun=(mpirun --allow-run-as-root --oversubscribe)
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# Runs "$@" RUNS times with RANKS ranks (0: one process, no mpirun); prints the median
# seconds and the median of the runs' largest peak memory of one process, in KB.
measure() {
  local ranks=$1; shift
  : > "$dir/times"; : > "$dir/mems"
  for _ in $(seq "$runs"); do
    rm -f "$dir"/mem.*
    local start end
    start=$(date +%s.%N)
    if [ "$ranks" = 0 ]; then
      /usr/bin/time -f "%M" -o "$dir/mem.0" "$@" > "$dir/out.0"
    else
      RAYON_NUM_THREADS=1 "${mpirun[@]}" -np "$ranks" sh -c \
        '/usr/bin/time -f "%M" -o "$0/mem.$OMPI_COMM_WORLD_RANK" "$@"' "$dir" "$@" --mpi \
        > "$dir/out.$ranks"
      cmp -s "$dir/out.0" "$dir/out.$ranks" || { echo "output differs with $ranks ranks" >&2; exit 1; }
    fi
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l >> "$dir/times"
    cat "$dir"/mem.* | sort -g | tail -1 >> "$dir/mems"
  done
  printf '%.2f %s\n' "$(median < "$dir/times")" "$(median < "$dir/mems")"
}
report() {
  local what=$1 states=$2 ranks=$3; shift 3
  read -r secs kb < <(measure "$ranks" "$@")
  if [ "$states" -gt 0 ]; then
    printf '%-28s %8.2f s  %6.1f M states/s  %7d MiB\n' "$what" "$secs" \
      "$(echo "$states / $secs / 1000000" | bc -l)" $((kb / 1024))
  else
    printf '%-28s %8.2f s  %7d MiB\n' "$what" "$secs" $((kb / 1024))
  fi
}
states=$((2 * chase ** 4))
echo "The Easy Chase, ${chase}x${chase} ($states states), medians of $runs:"
args=(solve chase "$chase" 1 1 "$chase" "$chase")
RAYON_NUM_THREADS=1 report "one process, 1 thread" "$states" 0 "$conway" "${args[@]}"
RAYON_NUM_THREADS=2 report "one process, 2 threads" "$states" 0 "$conway" "${args[@]}"
for ranks in 1 2 4; do report "--mpi, $ranks rank(s)" "$states" "$ranks" "$conway" "${args[@]}"; done

target/release/examples/random_nash "$nash" --seed "$seed" --lrs "$dir" --write-only > /dev/null
awk -v dir="$dir" 'BEGIN { RS = ""; FS = "\n" } NR == 2 || NR == 3 {
  out = dir "/" (NR == 2 ? "a" : "b") ".csv"
  for (i = 1; i <= NF; i++) { gsub(/ +/, ",", $i); print $i > out } }' "$dir/game${nash}_${seed}.txt"
echo "Nash equilibria, random ${nash}x${nash} game $seed, medians of $runs:"
args=(nash --a "$dir/a.csv" --b "$dir/b.csv")
RAYON_NUM_THREADS=1 report "one process, 1 thread" 0 0 "$conway" "${args[@]}"
RAYON_NUM_THREADS=2 report "one process, 2 threads" 0 0 "$conway" "${args[@]}"
for ranks in 1 2 4; do report "--mpi, $ranks rank(s)" 0 "$ranks" "$conway" "${args[@]}"; done
