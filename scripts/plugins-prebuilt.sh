#!/usr/bin/env bash
# Tests Plugins/Prebuilt, GamutKit's plugins with a prebuilt gamut-check: a copy of Tests/PluginFixture that uses them
# (pointed at a local artifact bundle with GAMUT_CHECK_ARTIFACT_BUNDLE) must fail its build on the seeded error exactly
# as with the plugins built from source (scripts/plugins.sh), without compiling gamut-check, GamutKit or anything they
# depend on; the command plugin fails on it too, and the fix plugin's --dry-run plans the sRGB variant.
# GAMUT_CHECK_ARTIFACT_BUNDLE=/path/to/gamut-check.artifactbundle.zip reuses a bundle; otherwise
# scripts/artifact-bundle.sh builds one (a release build: minutes). KEEP_WORK=1 keeps the logs. Run by scripts/plugins.sh.
set -euo pipefail
bundle=${GAMUT_CHECK_ARTIFACT_BUNDLE:-}
if [ -n "$bundle" ]; then bundle="$(cd "$(dirname "$bundle")" && pwd)/$(basename "$bundle")"; fi
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(mktemp -d)
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"' EXIT

if [ -z "$bundle" ]; then
    echo "== scripts/artifact-bundle.sh: gamut-check's bundle for this machine (GAMUT_CHECK_ARTIFACT_BUNDLE reuses one)"
    bash scripts/artifact-bundle.sh "$work/dist" > "$work/bundle.log" 2>&1 || { cat "$work/bundle.log"; echo "FAIL: no bundle"; exit 1; }
    bundle="$work/dist/gamut-check.artifactbundle.zip"
fi
[ -e "$bundle" ] || { echo "FAIL: no artifact bundle at $bundle"; exit 1; }
echo "   bundle: $bundle"

# A copy of the fixture, depending on the prebuilt plugins' package instead of GamutKit.
cp -R Tests/PluginFixture "$work/fixture"
rm -rf "$work/fixture/.build"
sed -i.orig -e "s|.package(name: \"GamutKit\", path: \"../..\")|.package(name: \"GamutKitPlugins\", path: \"$repo/Plugins/Prebuilt\")|" \
    -e 's|package: "GamutKit")|package: "GamutKitPlugins")|' "$work/fixture/Package.swift"
grep -q "Plugins/Prebuilt" "$work/fixture/Package.swift" || { echo "FAIL: the fixture's dependency was not replaced"; exit 1; }
fixture="$work/fixture"
export GAMUT_CHECK_ARTIFACT_BUNDLE="$bundle"

echo "== swift build (prebuilt build plugin): must fail with the same Xcode-format error"
if swift build --package-path "$fixture" > "$work/build.log" 2>&1; then
    cat "$work/build.log"; echo "FAIL: the build passed with an error in the catalog"; exit 1
fi
grep -E "Sale\.colorset/Contents\.json:3: error: .*\[color-collapse\]" "$work/build.log" \
    || { cat "$work/build.log"; echo "FAIL: no path:line: error: diagnostic"; exit 1; }

echo "== the build compiled none of gamut-check, GamutKit or ArgumentParser, and ran the bundle's gamut-check"
# The lines scripts/plugins.sh sees in the build from source.
if grep -E "(Compiling|Emitting module|Wrapping AST for|Linking) (GamutKit|gamut-check|gamut_check|ArgumentParser)" "$work/build.log"; then
    echo "FAIL: the prebuilt plugins compiled gamut-check"; exit 1
fi
built=$(find "$fixture/.build" \( -name 'GamutKit.build' -o -name 'GamutKit.swiftmodule' -o -name 'gamut_check.build' \
    -o -name 'ArgumentParser.build' \) -print)
[ -z "$built" ] || { echo "$built"; echo "FAIL: GamutKit or gamut-check modules in the fixture's .build"; exit 1; }
echo "   no such line in the log; no GamutKit, gamut_check or ArgumentParser module in .build"
# The audit's command in SwiftPM's build manifest: the bundle's executable (extracted under .build/artifacts for a zip).
grep -ho "[^\"]*gamut-check\.artifactbundle/[^\"]*/bin/gamut-check" "$fixture/.build/debug.yaml" | sort -u | grep . \
    || { cat "$fixture/.build/debug.yaml"; echo "FAIL: the audit does not run the bundle's gamut-check"; exit 1; }

echo "== swift package gamut-check (prebuilt command plugin): must fail and name the rule"
if swift package --package-path "$fixture" gamut-check > "$work/command.log" 2>&1; then
    cat "$work/command.log"; echo "FAIL: the command plugin passed a catalog with an error"; exit 1
fi
grep -q "color-collapse" "$work/command.log" || { cat "$work/command.log"; echo "FAIL: no color-collapse"; exit 1; }

echo "== swift package gamut-check-fix --dry-run (prebuilt fix plugin): must plan the sRGB variant and write nothing"
sale="$fixture/Sources/App/Assets.xcassets/Sale.colorset/Contents.json"
cp "$sale" "$work/Sale.before.json"
swift package --package-path "$fixture" --allow-writing-to-package-directory gamut-check-fix --dry-run > "$work/fix.log" 2>&1 \
    || { cat "$work/fix.log"; echo "FAIL: the fix plugin failed"; exit 1; }
grep -q "Assets.xcassets: dry run; 1 sRGB variant(s) in 1 file(s)" "$work/fix.log" \
    || { cat "$work/fix.log"; echo "FAIL: fix did not plan its one variant"; exit 1; }
cmp -s "$sale" "$work/Sale.before.json" || { echo "FAIL: --dry-run changed the catalog"; exit 1; }
echo "plugins-prebuilt: the plugins run the bundle's gamut-check and build no GamutKit"
