#!/usr/bin/env bash
# `gamut-check check` on a folder of COUNT images (SIZE² pixels, 16-bit, two in three Display P3), with --jobs 1 and
# with one job per core: median wall time of RUNS runs and peak RSS (GNU time) of each, and the speed-up. Memory
# follows the number of jobs (one decoded image each), not the number of files.
# Usage: Benchmarks/compare-jobs.sh [COUNT] [SIZE] [RUNS]   (defaults 1000, 256, 3)
set -euo pipefail
count=${1:-1000}
size=${2:-256}
runs=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
[ -x /usr/bin/time ] || { echo "compare-jobs: GNU time is missing (bash scripts/install-dependencies.sh --peers)" >&2; exit 2; }
(cd "$here" && swift build -c release --product make-folder >/dev/null)
(cd "$here/.." && swift build -c release --product gamut-check >/dev/null)
gamut_check="$here/../.build/release/gamut-check"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cores=$(nproc)
"$here/.build/release/make-folder" "$work/images" "$count" "$size"

measure() {  # prints "median_seconds peak_rss_kb"
    local results=()
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1
        results+=("$(cat "$work/time")")
    done
    printf '%s\n' "${results[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}
read -r one rss1 < <(measure "$gamut_check" check "$work/images" --jobs 1 --fail-on never --format json)
read -r all rssN < <(measure "$gamut_check" check "$work/images" --jobs "$cores" --fail-on never --format json)
echo "gamut-check check, $count images of ${size}², median of $runs, $(date -u +%Y-%m-%d)"
echo
echo "| jobs | wall | peak RSS |"
echo "| --- | --- | --- |"
printf '| 1 | %.2f s | %d MB |\n' "$one" $(( rss1 / 1024 ))
printf '| %d (one per core) | %.2f s | %d MB |\n' "$cores" "$all" $(( rssN / 1024 ))
awk -v a="$one" -v b="$all" -v n="$cores" 'BEGIN { printf "\nspeed-up with %d jobs: %.2f×\n", n, a / b }'
