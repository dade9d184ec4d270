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
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:public |internal |final |indirect )*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)", re.M)
sources = {}
for folder in layers:
    for directory, _, names in os.walk(os.path.join(root, folder)):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                text = open(path).read()
                code = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', "\n".join(line.split("//")[0] for line in text.split("\n")))
                sources[path] = (folder, text, code)
owner = {}
for path, (folder, text, _) in sources.items():
    for name in declaration.findall(text):
        owner.setdefault(name, folder)
problems = []
for path, (folder, _, code) in sorted(sources.items()):
    words = set(re.findall(r"\b[A-Z]\w*\b", code))
    for name in sorted(words):
        other = owner.get(name)
        if other and layers.index(other) > layers.index(folder):
            problems.append(f"{path}: {folder} uses {name}, which {other} declares (above it)")
if problems:
    print("\n".join(problems))
    sys.exit(f"{len(problems)} upward references")
print(f"Layers: {len(layers)} folders, {len(sources)} files, {len(owner)} types; no folder uses one above it")
PY
