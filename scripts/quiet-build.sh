#!/usr/bin/env bash
# `swift build` with its progress lines (and the linker's notes on the sanitizers' local symbols) left out, failing
# when the build fails: the scripts that build before they run something must not go on to run an older binary.
# Usage: bash scripts/quiet-build.sh [swift build arguments…]
set -uo pipefail
swift build "$@" 2>&1 | grep -vE "^\[|^Building|^Compiling|^Write|^Build complete|^Planning|Cannot export local symbol"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || echo "== swift build $* failed (status $status)" >&2
exit "$status"
