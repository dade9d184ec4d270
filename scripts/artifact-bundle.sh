#!/usr/bin/env bash
# Builds gamut-check in release and packs it as an SE-0305 artifact bundle, the prebuilt tool that Plugins/Prebuilt's
# plugins run: OUTDIR/gamut-check.artifactbundle/ (for a binaryTarget's local `path:`), OUTDIR/gamut-check.artifactbundle.zip
# and OUTDIR/gamut-check.artifactbundle.zip.sha256 (`swift package compute-checksum`, for `url:` + `checksum:`).
#
#   scripts/artifact-bundle.sh OUTDIR [--include OTHER.artifactbundle.zip]...
#
# Linux: one variant for this machine's triple (x86_64-unknown-linux-gnu here), with the Swift runtime linked in
# (--static-swift-stdlib), so it runs without a toolchain; the C libraries GamutKit uses stay shared (the script prints
# `ldd`), so the machine running it needs their runtime packages. macOS: one universal variant (ARCHS, default
# "arm64 x86_64") for arm64-apple-macosx and x86_64-apple-macosx. --include adds the variants of a bundle this script made
# on another platform (the release workflow joins the Linux bundle to the macOS one), so that one zip serves both.
# The version is GAMUT_CHECK_VERSION (a tag's leading v dropped), else the file VERSION, else `git describe --tags`, else `gamut-check --version`.
# Other environment: SCRATCH_PATH (default .build-release, reused between runs), SWIFT_BUILD_FLAGS (extra flags, such
# as --traits), GAMUT_CHECK_BINARY (pack this gamut-check as it is instead of building one: CI packs the one its plugin
# test already built, since what it tests is that the plugins run the bundle's binary). Everything is made in a temporary folder inside OUTDIR and moved into place at the end: OUTDIR never
# holds a half-written bundle.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR [--include OTHER.artifactbundle.zip]..." >&2; exit 64; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
shift
includes=()
while [ $# -gt 0 ]; do
    case "$1" in
    --include)
        [ $# -ge 2 ] && [ -f "$2" ] || { echo "--include needs a bundle's .zip" >&2; exit 64; }
        includes+=("$(cd "$(dirname "$2")" && pwd)/$(basename "$2")")
        shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done
cd "$(dirname "$0")/.."
repo=$(pwd)
scratch=${SCRATCH_PATH:-.build-release}
read -r -a extra <<< "${SWIFT_BUILD_FLAGS:-}"

tmp=$(mktemp -d "$out/.artifact-bundle.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bundle="$tmp/gamut-check.artifactbundle"
mkdir -p "$bundle"

case "$(uname -s)" in
Linux)
    arch=$(uname -m)
    flags=(--static-swift-stdlib)
    variant="gamut-check-linux-$arch"
    triples="\"$arch-unknown-linux-gnu\""
    ;;
Darwin)
    read -r -a archs <<< "${ARCHS:-arm64 x86_64}"
    flags=()
    triples=""
    for a in "${archs[@]}"; do
        flags+=(--arch "$a")
        triples+="${triples:+, }\"$a-apple-macosx\""
    done
    variant="gamut-check-macos"
    ;;
*) echo "unsupported system: $(uname -s)" >&2; exit 1 ;;
esac

if [ -n "${GAMUT_CHECK_BINARY:-}" ]; then
    bin=$GAMUT_CHECK_BINARY
    echo "== packing $bin as it was built"
else
    echo "== swift build -c release --product gamut-check ${flags[*]} ${extra[*]:-} (scratch path $scratch)"
    swift build -c release --product gamut-check --scratch-path "$scratch" "${flags[@]}" ${extra[@]+"${extra[@]}"}
    bin="$(swift build -c release --scratch-path "$scratch" "${flags[@]}" ${extra[@]+"${extra[@]}"} --show-bin-path)/gamut-check"
fi
mkdir -p "$bundle/$variant/bin"
cp "$bin" "$bundle/$variant/bin/gamut-check"
if [ "$(uname -s)" = Linux ]; then
    # The symbol table only serves debuggers; the Swift metadata the binary needs at run time is kept.
    strip "$bundle/$variant/bin/gamut-check"
    echo "== ldd (the shared libraries a machine running the bundle needs; no libswift*)"
    ldd "$bundle/$variant/bin/gamut-check" | sed 's/ (0x[0-9a-f]*)$//'
    if [ -z "${GAMUT_CHECK_BINARY:-}" ] && ldd "$bundle/$variant/bin/gamut-check" | grep -q libswift; then echo "FAIL: the binary needs the Swift runtime" >&2; exit 1; fi
else
    lipo -info "$bundle/$variant/bin/gamut-check"
    echo "== otool -L (the system's libraries only, so that a Mac without Homebrew runs it)"
    otool -L "$bundle/$variant/bin/gamut-check" | grep -E '^[[:space:]]' | sort -u
    if otool -L "$bundle/$variant/bin/gamut-check" | grep -E '^[[:space:]]' | grep -Ev '^[[:space:]]*(/usr/lib/|/System/)'; then
        echo "FAIL: the binary links libraries outside the system (Homebrew's?)" >&2; exit 1
    fi
fi

version=${GAMUT_CHECK_VERSION:-}
version=${version#v}
[ -n "$version" ] || { [ -f VERSION ] && version=$(tr -d ' \n' < VERSION); } || true
[ -n "$version" ] || version=$(git -C "$repo" describe --tags 2>/dev/null | sed 's/^v//') || true
[ -n "$version" ] || version=$("$bin" --version)

# One variant a line, so that --include can take another bundle's variants from its info.json without a JSON parser.
variants=("        { \"path\": \"$variant/bin/gamut-check\", \"supportedTriples\": [$triples] }")
for zip in ${includes[@]+"${includes[@]}"}; do
    other="$tmp/include.$RANDOM"
    mkdir -p "$other"
    unzip -q "$zip" -d "$other"
    info="$other/gamut-check.artifactbundle/info.json"
    [ -f "$info" ] || { echo "$zip: no gamut-check.artifactbundle/info.json" >&2; exit 1; }
    while IFS= read -r line; do
        path=$(sed -E 's/.*"path": "([^"]*)".*/\1/' <<< "$line")
        dir=${path%%/*}
        [ ! -e "$bundle/$dir" ] || { echo "$zip: variant $dir is already in the bundle" >&2; exit 1; }
        cp -R "$other/gamut-check.artifactbundle/$dir" "$bundle/$dir"
        variants+=("        ${line#"${line%%[![:space:]]*}"}")
    done < <(grep '"supportedTriples"' "$info" | sed 's/,[[:space:]]*$//')
done
{
    printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n    "gamut-check": {\n'
    printf '      "version": "%s",\n      "type": "executable",\n      "variants": [\n' "$version"
    for i in "${!variants[@]}"; do
        printf '%s%s\n' "${variants[$i]}" "$([ "$i" -lt $((${#variants[@]} - 1)) ] && echo ,)"
    done
    printf '      ]\n    }\n  }\n}\n'
} > "$bundle/info.json"

(cd "$tmp" && zip -qry -X gamut-check.artifactbundle.zip gamut-check.artifactbundle)
checksum=$(swift package compute-checksum "$tmp/gamut-check.artifactbundle.zip")
echo "$checksum" > "$tmp/gamut-check.artifactbundle.zip.sha256"

rm -rf "$out/gamut-check.artifactbundle"
mv "$bundle" "$out/gamut-check.artifactbundle"
mv "$tmp/gamut-check.artifactbundle.zip" "$out/gamut-check.artifactbundle.zip"
mv "$tmp/gamut-check.artifactbundle.zip.sha256" "$out/gamut-check.artifactbundle.zip.sha256"
echo "== $out/gamut-check.artifactbundle.zip ($(du -k "$out/gamut-check.artifactbundle.zip" | cut -f1) KiB), version $version"
cat "$out/gamut-check.artifactbundle/info.json"
echo "checksum: $checksum"
