#!/usr/bin/env bash
# Times `conway grundy` on the "wild" octal games (0.161, 0.034, 0.014, 0.172) against
# ogsolve (`cargo install ogsolve --root DIR`; pass OGSOLVE=DIR/bin/ogsolve) and, when
# given, an earlier conway build (BASELINE=path/to/conway), in the same run: median wall
# time and peak memory of RUNS runs (default 3) per tool and game, conway on one thread
# (RAYON_NUM_THREADS=1; ONE_THREAD=0 leaves it out) and on every core. Every conway run must
# print the same values.
#   crates/impartial/benches/wild.sh [heaps] [games…]      (default 2^22 heaps)
set -euo pipefail
cd "$(dirname "$0")/../../.."
heaps=${1:-4194304}
shift || true
games=("${@:-0.161 0.034 0.014 0.172}")
runs=${RUNS:-3}
cargo build --release -q -p conway-cli
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# time_runs LABEL CMD…: RUNS runs; prints the median seconds and the largest peak RSS.
time_runs() {
  local label=$1
  shift
  local secs=() mem=0
  for _ in $(seq "$runs"); do
    rm -f "$dir/ckpt"
    /usr/bin/time -f '%e %M' -o "$dir/time" "$@" > "$dir/out.$label" 2>/dev/null
    read -r s m < "$dir/time"
    secs+=("$s")
    ((m > mem)) && mem=$m
  done
  local median
  median=$(printf '%s\n' "${secs[@]}" | sort -g | sed -n "$(((runs + 1) / 2))p")
  printf '  %-22s median %8.2f s   peak %6.1f MiB   (runs: %s)\n' \
    "$label" "$median" "$(echo "$mem / 1024" | bc -l)" "${secs[*]}"
}

for game in ${games[@]}; do
  echo "$game to $heaps heaps, $(nproc) cores"
  # A checkpointed run has no work limit; it is written at the end only.
  run=(grundy "$game" --to "$heaps" --checkpoint "$dir/ckpt" --checkpoint-every inf)
  time_runs "conway, all cores" target/release/conway "${run[@]}"
  if [ "${ONE_THREAD:-1}" != 0 ]; then
    time_runs "conway, 1 thread" env RAYON_NUM_THREADS=1 target/release/conway "${run[@]}"
    cmp "$dir/out.conway, 1 thread" "$dir/out.conway, all cores"
  fi
  if [ -n "${BASELINE:-}" ]; then
    time_runs "baseline conway" "$BASELINE" "${run[@]}"
    cmp "$dir/out.conway, all cores" "$dir/out.baseline conway"
  fi
  if [ -n "${OGSOLVE:-}" ]; then
    time_runs "ogsolve -m rc2" "$OGSOLVE" -m rc2 -n "$((heaps - 1))" "$game"
  fi
done
