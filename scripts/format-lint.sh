#!/usr/bin/env bash
# Checks that the sources follow .swift-format (swift format lint --strict: any difference is an error). To fix:
# swift format format --configuration .swift-format -i -r -p Sources Tests Plugins Package.swift. Run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --configuration .swift-format --strict -r -p Sources Tests Plugins Package.swift
echo "swift format: Sources, Tests, Plugins and Package.swift follow .swift-format"
