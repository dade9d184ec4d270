#!/usr/bin/env bash
# Builds the DocC documentation of GamutKit with warnings as errors (broken symbol links, undocumented parameters):
# bash scripts/docs.sh. The archive lands in .build/plugins/Swift-DocC/outputs/GamutKit.doccarchive. Run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
# The plugin's own symbol graph (public symbols, as `dump-symbol-graph --minimum-access-level public` writes it, byte
# for byte) serves the checks below, so the package isn't built a second time for them.
graphs="$(swift build --show-bin-path)/../extracted-symbols"
rm -rf "$graphs"
swift package generate-documentation --target GamutKit --warnings-as-errors
graph=$(find "$graphs" -path "*/GamutKit/GamutKit.symbols.json" | head -1)
[ -n "$graph" ] || { echo "docs.sh: no GamutKit symbol graph under $graphs" >&2; exit 1; }
# Every public symbol has a doc comment (DocC itself doesn't check that); then the public API's size, reported (not
# capped: what a library user needs is public): declarations in the symbol graph.
python3 - "$graph" <<'PY'
import json, sys
graph = json.load(open(sys.argv[1]))
public = [s for s in graph["symbols"] if s.get("accessLevel") == "public" and "::SYNTHESIZED::" not in s["identifier"]["precise"]]
missing = [".".join(s["pathComponents"]) for s in public if not s.get("docComment")]
print(f"{len(public)} public symbols, {len(missing)} without documentation")
if missing:
    print("undocumented:", ", ".join(sorted(missing)))
    sys.exit(1)
kinds = {}
for s in public: kinds[s["kind"]["displayName"]] = kinds.get(s["kind"]["displayName"], 0) + 1
print(f"{len(public)} public symbols in the symbol graph: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items(), key=lambda x: -x[1])))
PY
