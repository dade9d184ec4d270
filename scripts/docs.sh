#!/usr/bin/env bash
# Builds the DocC documentation of GamutKit with warnings as errors (broken symbol links, undocumented parameters):
# bash scripts/docs.sh. The archive lands in .build/plugins/Swift-DocC/outputs/GamutKit.doccarchive. Run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package generate-documentation --target GamutKit --warnings-as-errors
