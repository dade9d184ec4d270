#!/usr/bin/env bash
# Builds the DocC documentation of GamutKit with warnings as errors (broken symbol links, undocumented parameters):
# bash scripts/docs.sh. The archive lands in .build/plugins/Swift-DocC/outputs/GamutKit.doccarchive. Run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package generate-documentation --target GamutKit --warnings-as-errors
# Every public symbol has a doc comment (DocC itself doesn't check that).
swift package dump-symbol-graph --minimum-access-level public > /dev/null
python3 - "$(swift build --show-bin-path)/../symbolgraph/GamutKit.symbols.json" <<'PY'
import json, sys
graph = json.load(open(sys.argv[1]))
public = [s for s in graph["symbols"] if s.get("accessLevel") == "public" and "::SYNTHESIZED::" not in s["identifier"]["precise"]]
missing = [".".join(s["pathComponents"]) for s in public if not s.get("docComment")]
print(f"{len(public)} public symbols, {len(missing)} without documentation")
if missing:
    print("undocumented:", ", ".join(sorted(missing)))
    sys.exit(1)
PY
# The public API stays lean (issue 14: at most 300 declarations): lines declaring something `public` in the library,
# not counting the `@_spi(Tools)` types (the fix planner, public only to the benchmarks and fuzzers that measure it).
python3 - Sources/GamutKit <<'PY'
import pathlib, re, sys
count, spi = 0, 0
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.swift")):
    depth, skip_until = 0, None
    for line in path.read_text().splitlines():
        code = re.sub(r'"(\\.|[^"\\])*"', '""', line.split("//")[0])
        opens = skip_until is None and line.lstrip().startswith("@_spi(")
        if opens:
            skip_until = depth
        if re.search(r"\bpublic\b", code):
            if skip_until is None: count += 1
            else: spi += 1
        depth += code.count("{") - code.count("}")
        # The SPI declaration ends where its braces close, or on its own line when it opens none.
        if skip_until is not None and depth == skip_until and ("}" in code or (opens and "{" not in code)):
            skip_until = None
print(f"{count} public declarations (+{spi} behind @_spi(Tools)); the limit is 300")
sys.exit(1 if count > 300 else 0)
PY
