#!/usr/bin/env bash
# The configuration an iOS app gets, proven on Linux: GamutKit with no package traits (`--disable-default-traits`), so
# LittleCMS, libspng and xxHash build from the vendored sources, PNG data is inflated by zlib and no other codec is in
# the build. The -dev packages of LittleCMS, libspng, libjpeg, libtiff, libwebp, libheif, ISA-L and xxHash are removed
# first, so their headers can't be what it compiles against; then the whole test suite runs in it, and the example app
# (Examples/CatalogHarnessApp) tests its catalog with the harness as an app's test target does.
#
# CI runs it last, since it uninstalls packages; scripts/install-dependencies.sh (run by the README's commands) puts
# them back. Usage: bash scripts/test-core.sh [--sanitize=thread|address]
# (GAMUTKIT_KEEP_DEV_PACKAGES=1 builds without removing anything, for a quick run on a developer's machine.)
set -euo pipefail
cd "$(dirname "$0")/.."
sanitize=("$@")
scratch=.build-core${1:+-${1#--sanitize=}}

packages=(liblcms2-dev libspng-dev libjpeg62-turbo-dev libjpeg-dev libtiff-dev libwebp-dev libheif-dev libisal-dev libxxhash-dev)
if [ "${GAMUTKIT_KEEP_DEV_PACKAGES:-}" != 1 ] && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    # dpkg-query fails for a package it has never heard of; the ones it lists installed are what matters.
    installed=$(dpkg-query -W -f '${Package} ${db:Status-Status}\n' "${packages[@]}" 2>/dev/null | awk '$2 == "installed" { print $1 }' || true)
    if [ -n "$installed" ]; then
        echo "== removing $(echo $installed)"
        # shellcheck disable=SC2086
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq $installed >/dev/null
    fi
    for library in lcms2 spng libjpeg libtiff-4 libwebp libheif libisal libxxhash; do
        if pkg-config --exists "$library" 2>/dev/null; then
            echo "test-core: pkg-config still finds $library" >&2
            exit 1
        fi
    done
    for header in lcms2.h spng.h jpeglib.h tiffio.h webp/decode.h libheif/heif.h isa-l.h xxhash.h; do
        if [ -e "/usr/include/$header" ] || [ -e "/usr/include/$(gcc -dumpmachine 2>/dev/null)/$header" ]; then
            echo "test-core: /usr/include still holds $header" >&2
            exit 1
        fi
    done
fi

echo "== swift build --disable-default-traits ${sanitize[*]} ($scratch)"
bash scripts/quiet-build.sh --build-tests --disable-default-traits ${sanitize[@]+"${sanitize[@]}"} --scratch-path "$scratch"
log=$(mktemp)
status=0
TSAN_OPTIONS=halt_on_error=0 ASAN_OPTIONS=detect_leaks=0 \
    swift test --skip-build --disable-default-traits --scratch-path "$scratch" >"$log" 2>&1 || status=$?
grep -E "Test run with|Executed [0-9]+ tests" "$log" | tail -2
if [ $status -ne 0 ] || grep -qE "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" "$log"; then
    grep -E "✘|recorded an issue" "$log" | head -20 || true
    grep -E -A30 "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" "$log" | head -80 || true
    echo "== test-core: FAILED (exit $status; full log: $log)"
    exit 1
fi
rm -f "$log"

echo "== Examples/CatalogHarnessApp (GamutKit with no traits, as an app's test target)"
swift test --package-path Examples/CatalogHarnessApp --scratch-path "Examples/CatalogHarnessApp/$scratch" 2>&1 | grep -E "✘|✔ Test run|error:" | tail -5
echo "== test-core: passed"
