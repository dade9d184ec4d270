#!/usr/bin/env bash
# Runs gamut-check end to end on the bundled examples: installs what it needs, builds, checks the
# 16-bit Display P3 example for what an sRGB display loses (with a clip mask), audits the demo asset
# catalog (Examples/Demo.xcassets, where every catalog rule fires) with an HTML report, shows what
# `gamut-check fix` would change in it (a dry run), and converts the image to sRGB, clipped and CSS-mapped.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-dependencies.sh
bash scripts/quiet-build.sh -c release --product gamut-check
gamut_check=.build/release/gamut-check
out=.build/demo
mkdir -p "$out"
set -x
# The findings are the point of the demo, so they don't fail it (in CI you'd keep the default --fail-on error).
"$gamut_check" Examples/p3-assets.png --clip-mask "$out" --fail-on never
"$gamut_check" Examples/Demo.xcassets --fail-on never
"$gamut_check" Examples/Demo.xcassets Examples/p3-assets.png --format html -o "$out/report.html" --fail-on never
"$gamut_check" fix Examples/Demo.xcassets
"$gamut_check" convert Examples/p3-assets.png --to srgb -o "$out/p3-assets-srgb.png"
"$gamut_check" convert Examples/p3-assets.png --to srgb --gamut-map css -o "$out/p3-assets-srgb-css.png"
"$gamut_check" profile show display-p3
