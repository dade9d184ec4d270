#!/usr/bin/env bash
# Fails when a folder of Sources/GamutKit uses a type declared in a folder above it. The folders, bottom to top, and
# their jobs are in ProjectLayout.md: each may use the ones listed before it, never one after. Types are matched by
# name outside comments and strings; private and nested types are a file's own business. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import os, re, sys
layers = ["Support", "Color", "ColorManagement", "Image", "Codecs", "Analysis", "Mapping", "Rules", "Report", "Catalog",
          "Check", "Fix"]
root = "Sources/GamutKit"
found = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)) and not d.endswith(".docc"))
unplaced = [d for d in found if d not in layers]
if unplaced:
    sys.exit(f"folders without a layer (add them to scripts/check-layers.sh and ProjectLayout.md): {unplaced}")
declaration = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |internal |final |indirect )*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)")
loose = [name for name in os.listdir(root) if name.endswith(".swift")]
if loose:
    sys.exit(f"files directly in {root} have no layer: {loose}")

def strip(text):
    """The code without comments and string contents (raw, multi-line and plain), so braces and names in them don't count."""
    text = re.sub(r'#+"""[\s\S]*?"""#+|"""[\s\S]*?"""', '""', text)
    text = re.sub(r'#+"[^\n]*?"#+', '""', text)
    text = re.sub(r'/\*[\s\S]*?\*/', '', text)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', line)
        lines.append(line.split("//")[0])
    return lines

sources = {}
for folder in layers:
    for directory, _, names in os.walk(os.path.join(root, folder)):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                sources[path] = (folder, strip(open(path).read()))
owner = {}
for path, (folder, lines) in sources.items():
    # Types declared at the top level (brace depth 0, inside #if blocks too); nested types are their type's business.
    depth = 0
    for line in lines:
        match = declaration.match(line)
        if match and depth == 0 and not re.search(r"\b(private|fileprivate)\b", line.split(match.group(1))[0]):
            owner.setdefault(match.group(1), folder)
        depth += line.count("{") - line.count("}")
problems = []
for path, (folder, lines) in sorted(sources.items()):
    words = set(re.findall(r"\b[A-Z]\w*\b", "\n".join(lines)))
    for name in sorted(words):
        other = owner.get(name)
        if other and layers.index(other) > layers.index(folder):
            problems.append(f"{path}: {folder} uses {name}, which {other} declares (above it)")
if problems:
    print("\n".join(problems))
    sys.exit(f"{len(problems)} upward references")
print(f"Layers: {len(layers)} folders, {len(sources)} files, {len(owner)} types; no folder uses one above it")
PY
