#!/usr/bin/env bash
# GamutKit against its peers in one sitting: a 3840×2160 16-bit Display P3 PNG with its profile embedded, converted to
# sRGB by `gamut-check convert`, libvips (`vips icc_transform`), ImageMagick (`convert -profile`) and LittleCMS's
# `tificc` (on a TIFF copy: tificc reads TIFF only), at the same zlib level and filters where the tool lets one choose;
# then `gamut-check check` and the tools' decode alone. Per row: median wall time of RUNS runs, peak RSS (GNU time),
# output size, and the largest difference in output codes from LittleCMS's unoptimized double-precision transform of
# the same input between the same profiles (Benchmarks/Sources/max-error, which calls LittleCMS directly).
#
# Every tool converts to the same sRGB profile file (gamut-check's, exported: with its built-in exact sRGB instead,
# near-black results move by up to 20 codes from LittleCMS's reading of the s15Fixed16 file, all of it the file's
# quantization). Every tool reads the same file, written by ImageMagick (an independent encoder) from the generated fixture, whose
# samples are first checked to be what the generator meant; every output is decoded by ImageMagick for the error.
#
# Usage: Benchmarks/compare-peers.sh [RUNS] [NOISE]   (defaults 5 and 2: the fixture's noise in 16-bit codes)
# Needs: ImageMagick, libvips-tools, liblcms2-utils (scripts/install-dependencies.sh --peers installs them), GNU time.
set -euo pipefail
runs=${1:-5}
noise=${2:-2}
here=$(cd "$(dirname "$0")" && pwd)
for tool in vips convert tificc identify /usr/bin/time; do
    command -v "$tool" >/dev/null 2>&1 || { echo "compare-peers: $tool is missing (bash scripts/install-dependencies.sh --peers)" >&2; exit 2; }
done
(cd "$here" && swift build -c release --product make-fixture >/dev/null && swift build -c release --product max-error >/dev/null)
(cd "$here/.." && swift build -c release --product gamut-check >/dev/null)
gamut_check="$here/../.build/release/gamut-check"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cores=$(nproc)

"$gamut_check" profile export srgb -o "$work/srgb.icc" >/dev/null
"$here/.build/release/make-fixture" "$work/generated.png" "$noise"
convert "$work/generated.png" -define png:compression-level=6 "$work/p3.png"
cmp -s <(convert "$work/generated.png" -depth 16 rgb:-) <(convert "$work/p3.png" -depth 16 rgb:-) \
    || { echo "compare-peers: ImageMagick's re-encoding changed the samples" >&2; exit 1; }
[ "$(identify -format '%z' "$work/p3.png")" = 16 ] || { echo "compare-peers: ImageMagick did not write 16 bits" >&2; exit 1; }
convert "$work/p3.png" "$work/p3.icc"
convert "$work/p3.png" -compress none "$work/p3.tif"
convert "$work/p3.png" -endian MSB -depth 16 rgb:"$work/p3.rgb"  # raw samples, big-endian

# Runs "$@" $runs times; prints "median_seconds peak_rss_kb" (the RSS of the median run).
measure() {
    local results=()
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
        results+=("$(cat "$work/time")")
    done
    printf '%s\n' "${results[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}

# The largest difference of an output from LittleCMS double, in its own codes ("–" when not applicable).
error() {  # error OUTPUT DEPTH
    convert "$1" -endian MSB -depth "$2" rgb:"$work/out.rgb"
    "$here/.build/release/max-error" "$work/p3.rgb" "$work/p3.icc" "$work/out.rgb" "$work/srgb.icc" "$2" | awk '{ print $1 }'
}

row() {  # row LABEL OUTPUT DEPTH command...
    local label=$1 output=$2 depth=$3
    shift 3
    read -r seconds rss < <(measure "$@")
    local size="–" err="–"
    if [ "$output" != - ]; then
        size=$(awk -v s="$(stat -c %s "$output")" 'BEGIN { printf "%.1f MB", s / 1e6 }')
        err="$(error "$output" "$depth")"
    fi
    printf '| %s | %.2f s | %d MB | %s | %s |\n' "$label" "$seconds" $(( rss / 1024 )) "$size" "$err"
}

echo "P3 PNG → sRGB PNG, 3840×2160, 16-bit Display P3 input (noise ±$noise), median of $runs, $cores cores, $(date -u +%Y-%m-%d)"
echo "gamut-check $("$gamut_check" --version), $(vips --version), ImageMagick $(convert -version | head -1 | awk '{print $3}'), tificc from LittleCMS $(pkg-config --modversion lcms2 2>/dev/null || echo 2)"
echo
echo "| run | wall | peak RSS | output | max error vs LittleCMS double (codes) |"
echo "| --- | --- | --- | --- | --- |"
row "gamut-check convert, level 1 (ISA-L) / up (its default), 16-bit" "$work/gk1.png" 16 \
    "$gamut_check" convert "$work/p3.png" --to "$work/srgb.icc" -o "$work/gk1.png"
row "libvips icc_transform, zlib 1 / up, 16-bit" "$work/vips1.png" 16 \
    vips icc_transform "$work/p3.png" "$work/vips1.png[compression=1,filter=up]" "$work/srgb.icc" --embedded --depth 16
row "gamut-check convert, zlib 6 / adaptive, 16-bit" "$work/gk6.png" 16 \
    "$gamut_check" convert "$work/p3.png" --to "$work/srgb.icc" --compression 6 --filters adaptive -o "$work/gk6.png"
row "libvips icc_transform, zlib 6 / all filters, 16-bit" "$work/vips6.png" 16 \
    vips icc_transform "$work/p3.png" "$work/vips6.png[compression=6,filter=all]" "$work/srgb.icc" --embedded --depth 16
row "ImageMagick convert -profile (its default, zlib 7), 16-bit" "$work/im.png" 16 \
    convert "$work/p3.png" -profile "$work/srgb.icc" "$work/im.png"
row "LittleCMS tificc (its default), 16-bit uncompressed TIFF" "$work/tificc.tif" 16 \
    tificc -o"$work/srgb.icc" -w16 -t1 "$work/p3.tif" "$work/tificc.tif"
row "gamut-check convert, 8-bit, level 1 (ISA-L) / up" "$work/gk8.png" 8 \
    "$gamut_check" convert "$work/p3.png" --to "$work/srgb.icc" --depth 8 -o "$work/gk8.png"
row "libvips icc_transform, 8-bit, zlib 1 / up" "$work/vips8.png" 8 \
    vips icc_transform "$work/p3.png" "$work/vips8.png[compression=1,filter=up]" "$work/srgb.icc" --embedded --depth 8
row "gamut-check check (full analysis), 16-bit" - 16 \
    "$gamut_check" check "$work/p3.png" --fail-on never
row "decode only: libvips (vips avg)" - 16 vips avg "$work/p3.png"
row "decode only: ImageMagick (convert … null:)" - 16 convert "$work/p3.png" null:
