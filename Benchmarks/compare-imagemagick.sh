#!/usr/bin/env bash
# End to end, PNG16 → PNG16, Display P3 → sRGB on the 3840×2160 benchmark image:
# `gamut-check convert` against ImageMagick's `convert -profile`, best of N runs each, in one run.
# Usage: Benchmarks/compare-imagemagick.sh [runs] [noise...]   (needs ImageMagick: apt-get install imagemagick)
# noise: the fixture's noise amplitude in 16-bit codes (default: 0 2 32, i.e. a clean render, a
# dithered export and a noisy photo-like image).
# Both tools convert the same input, written by ImageMagick (an independent encoder): the fixture GamutKit
# generates is re-encoded by ImageMagick first, and its samples are checked to be what GamutKit meant.
set -euo pipefail
runs=${1:-3}
shift || true
noises=("$@")
if [ ${#noises[@]} -eq 0 ]; then noises=(0 2 32); fi
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v convert >/dev/null 2>&1; then
    echo "ImageMagick is not installed (apt-get install imagemagick); skipping the comparison."
    exit 0
fi
(cd "$here" && swift build -c release --product make-fixture >/dev/null)
(cd "$here/.." && swift build -c release --product gamut-check >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gamut_check="$here/../.build/release/gamut-check"
"$gamut_check" profile export srgb -o "$work/srgb.icc" >/dev/null

best() {  # best wall time in ms of $runs runs of the command
    local best_ms=""
    for _ in $(seq "$runs"); do
        local start end ms
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1
        end=$(date +%s%N)
        ms=$(( (end - start) / 1000000 ))
        if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
    done
    echo "$best_ms"
}

echo "| fixture (3840×2160, 16-bit Display P3) | input | ImageMagick $(convert -version | head -1 | awk '{print $3}') | gamut-check convert | ratio |"
echo "| --- | --- | --- | --- | --- |"
for noise in "${noises[@]}"; do
    "$here/.build/release/make-fixture" "$work/generated.png" "$noise"
    convert "$work/generated.png" -define png:compression-level=6 "$work/p3.png"
    # ImageMagick must read the generated file as GamutKit wrote it (16-bit, same samples): compare raw samples.
    cmp -s <(convert "$work/generated.png" -depth 16 rgb:-) <(convert "$work/p3.png" -depth 16 rgb:-) \
        || { echo "ImageMagick's re-encoding changed the samples" >&2; exit 1; }
    [ "$(identify -format '%z' "$work/p3.png")" = 16 ] || { echo "ImageMagick did not write 16 bits" >&2; exit 1; }
    im=$(best convert "$work/p3.png" -profile "$work/srgb.icc" "$work/im.png")
    gk=$(best "$gamut_check" convert "$work/p3.png" --to srgb -o "$work/gk.png")
    ratio=$(awk -v a="$im" -v b="$gk" 'BEGIN { printf "%.1f×", a / b }')
    mb() { awk -v s="$(stat -c %s "$1")" 'BEGIN { printf "%.1f MB", s / 1e6 }'; }
    echo "| noise ±$noise codes | $(mb "$work/p3.png") | $im ms → $(mb "$work/im.png") | $gk ms → $(mb "$work/gk.png") | $ratio |"
done
