#!/usr/bin/env bash
# Writes the documentation's rule tables from the rules' declarations: in each article, the table after the line that
# names `gamut-check rules --format markdown --group G` becomes that command's output. RuleTableTests fails when a
# table differs from it. Usage: scripts/rule-tables.sh [path to a built gamut-check]
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-}
if [ -z "$tool" ]; then swift build --product gamut-check >/dev/null; tool=.build/debug/gamut-check; fi
for article in Sources/GamutKit/GamutKit.docc/*.md; do
    grep -q -- '`gamut-check rules --format markdown --group ' "$article" || continue
    python3 - "$tool" "$article" <<'PY'
import re, subprocess, sys
tool, path = sys.argv[1], sys.argv[2]
lines = open(path).read().split('\n')
out, i = [], 0
while i < len(lines):
    line = lines[i]; out.append(line); i += 1
    m = re.search(r'`gamut-check rules --format markdown --group (\w+)`', line)
    if not m: continue
    while i < len(lines) and lines[i] == '': out.append(''); i += 1
    while i < len(lines) and lines[i].startswith('|'): i += 1
    table = subprocess.run([tool, 'rules', '--format', 'markdown', '--group', m.group(1)], check=True, capture_output=True, text=True).stdout
    out.extend(table.rstrip('\n').split('\n'))
open(path, 'w').write('\n'.join(out))
PY
    echo "rule tables: $article"
done
