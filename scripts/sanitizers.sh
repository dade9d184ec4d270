#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer, each in
# its own build folder (.build-asan, .build-tsan). The CLI tests run the gamut-check built the same way,
# so the command-line tool is checked too. Fails on any report. Usage: bash scripts/sanitizers.sh [address|thread]…
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-dependencies.sh
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
for sanitizer in "${sanitizers[@]}"; do
  scratch=".build-${sanitizer:0:1}san"
  echo "== $sanitizer sanitizer ($scratch)"
  bash scripts/quiet-build.sh --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
  log=$(mktemp)
  status=0
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" \
    TSAN_OPTIONS=halt_on_error=0 swift test --skip-build --scratch-path "$scratch" >"$log" 2>&1 || status=$?
  grep -E "Test run with|Executed [0-9]+ tests" "$log" | tail -2
  if [ $status -ne 0 ] || grep -qE "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer" "$log"; then
    grep -E "✘|recorded an issue" "$log" | head -20 || true
    grep -E -A30 "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer" "$log" | head -80 || true
    echo "== $sanitizer sanitizer: FAILED (exit $status; full log: $log)"
    exit 1
  fi
  rm -f "$log"
  echo "== $sanitizer sanitizer: clean"
done
