#!/bin/sh
# The long fuzzing campaign: every target of fuzz/Cargo.toml in turn, one process at a
# time, for RUNS executions each (default 10^7), then a table of executions, seconds and
# crashes. Usage: fuzz/run-campaign.sh [RUNS] [TARGET...]
#
# Needs cargo-fuzz and a nightly toolchain (FUZZ_CARGO, default `cargo +nightly`; on stable,
# FUZZ_CARGO=cargo RUSTC_BOOTSTRAP=1). Builds into FUZZ_TARGET_DIR (default fuzz/target),
# holding FUZZ_LOCK (a flock file, if set) only while building. Each target grows its corpus
# in fuzz/corpus/TARGET from the committed seeds in fuzz/seeds/TARGET; crashes land in
# fuzz/artifacts/TARGET/ and logs in fuzz/logs/TARGET.log (all ignored by git). A crash is
# fixed in the library, and its input added to the seeds and as a unit test of its crate.
# MAX_SECONDS, if set, also ends each target after that long (the targets that read
# numbers or evaluate games run at hundreds to thousands of executions a second).
set -u
cd "$(dirname "$0")/.."
runs=${1:-10000000}
[ $# -gt 0 ] && shift
cargo_cmd=${FUZZ_CARGO:-cargo +nightly}
target_dir=${FUZZ_TARGET_DIR:-$PWD/fuzz/target}
targets=${*:-$(sed -n 's/^name = "\([a-z_]*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^conway-fuzz$')}

# Optimised, with debug assertions and overflow checks (cargo-fuzz's default without -O).
build="$cargo_cmd fuzz build --sanitizer none --target-dir $target_dir"
if [ -n "${FUZZ_LOCK:-}" ]; then build="flock $FUZZ_LOCK $build"; fi
$build || exit 1
bin=$(find "$target_dir" -path '*/release/expr_parse' -type f | head -n 1)
bin=$(dirname "$bin")

# The longest input worth trying: evaluations only look at short texts; rows, matrices
# and checkpoints are solved or resumed in time that grows with their length (a kilobyte
# of them already covers every branch of their readers); files need room.
max_len() {
    case $1 in
        expr_eval) echo 32 ;;
        toads_and_frogs) echo 128 ;;
        numbers | heap_game | clobber | domineering | hackenbush | matrix | coins | text_rulesets) echo 256 ;;
        checkpoint | search_checkpoint | nfg) echo 1024 ;;
        *) echo 4096 ;;
    esac
}

mkdir -p fuzz/logs
summary=""
for t in $targets; do
    mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
    start=$(date +%s)
    "$bin/$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -max_len="$(max_len "$t")" \
        -runs="$runs" ${MAX_SECONDS:+-max_total_time=$MAX_SECONDS} \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="fuzz/artifacts/$t/" >"fuzz/logs/$t.log" 2>&1
    status=$?
    seconds=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "fuzz/logs/$t.log")
    crashes=$(find "fuzz/artifacts/$t" -type f | wc -l)
    line=$(printf '%-16s exit %-3s %12s execs %6ss  %s artifacts' "$t" "$status" "${execs:-?}" "$seconds" "$crashes")
    echo "$line"
    summary="$summary$line\n"
done
printf '\n%b' "$summary"
