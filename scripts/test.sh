#!/usr/bin/env bash
# Runs GamutKit's tests (Swift Testing and XCTest) after installing what they need.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-dependencies.sh
# The README is for newcomers; the reference lives in the DocC catalog (Sources/GamutKit/GamutKit.docc).
readme_size=$(wc -c < README.md)
if [ "$readme_size" -ge 20000 ]; then
    echo "README.md is $readme_size bytes; keep it under 20,000 and move reference material to the DocC catalog" >&2
    exit 1
fi
swift build --build-tests
swift test --skip-build
