#!/usr/bin/env bash
# Renders the HTML report of the bundled examples and takes a screenshot of it in headless Chromium
# (the README's picture): bash scripts/html-report.sh [OUT.png] (default docs/html-report.png).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/html-report.png}"
bash scripts/install-dependencies.sh
swift build --product gamut-check
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
.build/debug/gamut-check check Examples/Demo.xcassets Examples/p3-assets.png --format html -o "$work/report.html" --fail-on never
mkdir -p "$(dirname "$out")"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-color-profile=srgb --window-size=1100,1500 \
    --screenshot="$work/shot.png" "file://$work/report.html" 2>/dev/null
mv "$work/shot.png" "$out"
echo "report: $work/report.html (removed), screenshot: $out"
