#!/usr/bin/env bash
# What depending on levbuild costs a user's clean build, next to prost-build.
#
# Makes two throwaway crates in a temporary directory, each with an empty
# build.rs and one build-dependency (levbuild from this checkout, or
# prost-build from crates.io), and times a clean `cargo build` of each,
# alternating, RUNS times (default 3). Prints every time (wall and CPU), the
# best of each and their ratios. Both crates fetch their dependencies before timing starts.
#
#   build-support/build-cost.sh [RUNS] [EXTRA LEVBUILD DEPENDENCY KEYS]
#   build-support/build-cost.sh 3 'default-features = false'
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
extra=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_crate() { # name, dependency line
    mkdir -p "$work/$1/src"
    cat > "$work/$1/Cargo.toml" <<TOML
[package]
name = "$1"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[build-dependencies]
$2
TOML
    echo 'fn main() {}' > "$work/$1/build.rs"
    echo 'fn main() {}' > "$work/$1/src/main.rs"
    (cd "$work/$1" && cargo fetch -q)
}

lev_dep="levbuild = { path = \"$repo\"${extra:+, $extra} }"
make_crate uses-levbuild "$lev_dep"
make_crate uses-prost-build 'prost-build = "0.13"'

# A crate from a registry is never built incrementally; this checkout, a
# path dependency, would be (writing the incremental cache costs levbuild
# about a quarter more): both are built as users get them.
export CARGO_INCREMENTAL=0

# Wall time, and CPU time (user + system of cargo and every compiler it
# runs): on a machine busy with other work the CPU seconds are the steadier
# figure.
declare -A best best_cpu
for ((i = 1; i <= runs; i++)); do
    for c in uses-levbuild uses-prost-build; do
        rm -rf "$work/$c/target"
        (cd "$work/$c" && /usr/bin/time -f '%e %U %S' -o "$work/time" cargo build -q)
        read -r t user sys < "$work/time"
        cpu=$(echo "$user + $sys" | bc)
        printf '%-18s run %d: %6.2f s wall, %6.2f s CPU\n' "$c" "$i" "$t" "$cpu"
        if [[ -z ${best[$c]:-} ]] || (($(echo "$t < ${best[$c]}" | bc))); then best[$c]=$t; fi
        if [[ -z ${best_cpu[$c]:-} ]] || (($(echo "$cpu < ${best_cpu[$c]}" | bc))); then best_cpu[$c]=$cpu; fi
    done
done
printf 'best wall: levbuild %.2f s, prost-build %.2f s, ratio %.2f\n' \
    "${best[uses-levbuild]}" "${best[uses-prost-build]}" \
    "$(echo "${best[uses-levbuild]} / ${best[uses-prost-build]}" | bc -l)"
printf 'best CPU:  levbuild %.2f s, prost-build %.2f s, ratio %.2f\n' \
    "${best_cpu[uses-levbuild]}" "${best_cpu[uses-prost-build]}" \
    "$(echo "${best_cpu[uses-levbuild]} / ${best_cpu[uses-prost-build]}" | bc -l)"
