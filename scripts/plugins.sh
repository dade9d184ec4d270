#!/usr/bin/env bash
# Tests GamutKit's SwiftPM plugins from a package that uses them by path (Tests/PluginFixture), as an app's package
# would: the command plugin and the build plugin find the seeded error (two Display P3 reds that sRGB shows as one)
# and fail; with a policy that makes the rule a warning, the build passes and shows the warning. Run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A copy of the fixture, pointing at this checkout (its own build folder stays out of the repository).
cp -R Tests/PluginFixture "$work/fixture"
rm -rf "$work/fixture/.build"
sed -i.orig "s|path: \"../..\"|path: \"$repo\"|" "$work/fixture/Package.swift"
fixture="$work/fixture"

echo "== swift package gamut-check (command plugin): must fail and name the rule"
if swift package --package-path "$fixture" gamut-check > "$work/command.log" 2>&1; then
    cat "$work/command.log"; echo "FAIL: the command plugin passed a catalog with an error"; exit 1
fi
grep -q "color-collapse" "$work/command.log" || { cat "$work/command.log"; echo "FAIL: no color-collapse"; exit 1; }
grep -q "Sale.colorset/Contents.json" "$work/command.log" || { cat "$work/command.log"; echo "FAIL: the file is not named"; exit 1; }

echo "== swift build (build plugin): must fail with an Xcode-format error on the color set's line"
if swift build --package-path "$fixture" > "$work/build.log" 2>&1; then
    cat "$work/build.log"; echo "FAIL: the build passed with an error in the catalog"; exit 1
fi
grep -Eq "Sale\.colorset/Contents\.json:3: error: .*\[color-collapse\]" "$work/build.log" \
    || { cat "$work/build.log"; echo "FAIL: no path:line: error: diagnostic"; exit 1; }

echo "== swift build with a policy making the rule a warning: must pass and show the warning"
cat > "$fixture/Sources/App/Assets.xcassets/.gamut-check.json" <<'JSON'
{ "severity": { "color-collapse": "warning" } }
JSON
swift build --package-path "$fixture" > "$work/build2.log" 2>&1 || { cat "$work/build2.log"; echo "FAIL: the build failed on a warning"; exit 1; }
grep -Eq "Sale\.colorset/Contents\.json:3: warning: .*\[color-collapse\]" "$work/build2.log" \
    || { cat "$work/build2.log"; echo "FAIL: the warning was not shown"; exit 1; }
echo "plugins: command plugin and build plugin behave as documented"
