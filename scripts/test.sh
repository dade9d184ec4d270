#!/usr/bin/env bash
# Runs GamutKit's tests (Swift Testing and XCTest) after installing what they need.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-dependencies.sh
swift build --build-tests
swift test --skip-build
