#!/usr/bin/env bash
# Runs gamut-check end to end on the bundled example: installs what it needs, builds, shows the
# example's profile, and converts the 16-bit Display P3 example to sRGB (16- and 8-bit).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-dependencies.sh
swift build -c release --product gamut-check 2>&1 | grep -vE '^\[|^Building|^Compiling|^Write|^Build complete|^Planning' || true
gamut_check=.build/release/gamut-check
out=.build/demo
mkdir -p "$out"
set -x
"$gamut_check" profile show display-p3
"$gamut_check" convert Examples/p3-assets.png --to srgb -o "$out/p3-assets-srgb.png"
"$gamut_check" convert Examples/p3-assets.png --to srgb --depth 8 -o "$out/p3-assets-srgb-8bit.png"
"$gamut_check" profile show srgb --format json
