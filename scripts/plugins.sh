#!/usr/bin/env bash
# Tests GamutKit's SwiftPM plugins from a package that uses them by path (Tests/PluginFixture), as an app's package
# would: the command plugin and the build plugin find the seeded error (two Display P3 reds that sRGB shows as one)
# and fail; with a policy that makes the rule a warning, the build passes and shows the warning; the fix plugin is
# refused without --allow-writing-to-package-directory and with it adds the sRGB variant that ends the collapse. Then
# scripts/plugins-prebuilt.sh runs the same fixture on Plugins/Prebuilt, the plugins with a prebuilt gamut-check
# (GAMUT_CHECK_ARTIFACT_BUNDLE reuses a bundle; otherwise it builds one). KEEP_WORK=1 keeps the logs. Run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(mktemp -d)
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"' EXIT
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
# What scripts/plugins-prebuilt.sh asserts is absent there: built from source, GamutKit and gamut-check are compiled.
grep -Eq "(Compiling|Emitting module|Wrapping AST for|Linking) (GamutKit|gamut-check|gamut_check)" "$work/build.log" \
    && [ -n "$(find "$fixture/.build" -name GamutKit.build)" ] \
    || { cat "$work/build.log"; echo "FAIL: the log and .build do not show GamutKit compiled"; exit 1; }

echo "== swift build with a policy making the rule a warning: must pass and show the warning"
cat > "$fixture/Sources/App/Assets.xcassets/.gamut-check.json" <<'JSON'
{ "severity": { "color-collapse": "warning" } }
JSON
swift build --package-path "$fixture" > "$work/build2.log" 2>&1 || { cat "$work/build2.log"; echo "FAIL: the build failed on a warning"; exit 1; }
grep -Eq "Sale\.colorset/Contents\.json:3: warning: .*\[color-collapse\]" "$work/build2.log" \
    || { cat "$work/build2.log"; echo "FAIL: the warning was not shown"; exit 1; }
rm "$fixture/Sources/App/Assets.xcassets/.gamut-check.json"

echo "== swift package gamut-check-fix without --allow-writing-to-package-directory: SwiftPM must refuse"
sale="$fixture/Sources/App/Assets.xcassets/Sale.colorset/Contents.json"
cp "$sale" "$work/Sale.before.json"
if swift package --package-path "$fixture" gamut-check-fix < /dev/null > "$work/fix-refused.log" 2>&1; then
    cat "$work/fix-refused.log"; echo "FAIL: the fix plugin wrote without permission"; exit 1
fi
grep -q -- "--allow-writing-to-package-directory" "$work/fix-refused.log" \
    || { cat "$work/fix-refused.log"; echo "FAIL: the refusal does not name the flag"; exit 1; }
cmp -s "$sale" "$work/Sale.before.json" || { echo "FAIL: the catalog changed though the plugin was refused"; exit 1; }

echo "== swift package --allow-writing-to-package-directory gamut-check-fix: must add an sRGB variant to Sale"
swift package --package-path "$fixture" --allow-writing-to-package-directory gamut-check-fix > "$work/fix.log" 2>&1 \
    || { cat "$work/fix.log"; echo "FAIL: the fix plugin failed"; exit 1; }
grep -q "Assets.xcassets: wrote 1 sRGB variant(s) in 1 file(s)" "$work/fix.log" \
    || { cat "$work/fix.log"; echo "FAIL: fix did not report its one variant"; exit 1; }
# fix's documented edit: the P3 entry is marked for P3 displays and an sRGB entry follows it.
grep -q '"display-gamut" : "display-P3"' "$sale" && grep -q '"display-gamut" : "sRGB"' "$sale" \
    || { cat "$sale"; echo "FAIL: Sale.colorset has no sRGB variant"; exit 1; }

echo "== swift package gamut-check after the fix: must pass, without color-collapse"
swift package --package-path "$fixture" gamut-check > "$work/command2.log" 2>&1 \
    || { cat "$work/command2.log"; echo "FAIL: the catalog still fails after the fix"; exit 1; }
if grep -q "color-collapse" "$work/command2.log"; then cat "$work/command2.log"; echo "FAIL: still a collapse"; exit 1; fi
echo "plugins: command plugin, build plugin and fix plugin behave as documented"

# The prebuilt plugins run the bundle's binary whichever build made it: unless a bundle is given, the gamut-check the
# fixture's build just compiled is packed (a release build would add minutes to CI).
if [ -z "${GAMUT_CHECK_ARTIFACT_BUNDLE:-}" ]; then
    tool=$(find "$fixture/.build" -type f -name gamut-check-tool -perm -u+x | head -1)
    [ -n "$tool" ] || { echo "FAIL: the fixture's build left no gamut-check-tool"; exit 1; }
    GAMUT_CHECK_BINARY="$tool" bash scripts/artifact-bundle.sh "$work/dist" > "$work/bundle.log" 2>&1 \
        || { cat "$work/bundle.log"; echo "FAIL: no bundle"; exit 1; }
    export GAMUT_CHECK_ARTIFACT_BUNDLE="$work/dist/gamut-check.artifactbundle.zip"
fi
bash scripts/plugins-prebuilt.sh
