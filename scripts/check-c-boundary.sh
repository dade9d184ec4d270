#!/usr/bin/env bash
# Fails when a C library is imported, or one of its identifiers named, outside the one place GamutKit keeps it, or a C
# module is imported other than `internal import`:
#   LittleCMS and the vector kernels      Sources/GamutKit/ColorManagement/Engine/
#   the codecs' libraries and shims       Sources/GamutKit/Codecs/ (libspng, zlib, ISA-L, libjpeg-turbo, libtiff, libwebp,
#                                         libheif, the PNG filter kernel)
#   xxHash                                Sources/GamutKit/Support/ContentHash.swift
# Doc comments may name a C constant for readers; code may not. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import os, re, sys
engine, codecs, xxhash = "Sources/GamutKit/ColorManagement/Engine/", "Sources/GamutKit/Codecs/", "Sources/GamutKit/Support/ContentHash.swift"
areas = [  # (what, modules, identifiers, where allowed)
    ("LittleCMS and the vector kernels", r"CLCMS2|CVendoredLCMS2|CShaperKernel",
     r"\bcms[A-Z]\w*|\b(CLCMS2_)?TYPE_[A-Z0-9_]+_(8|16|FLT|DBL)\b|\bINTENT_[A-Z_]+\b|\bLCMS_[A-Z_]+\b|\bgk_shaper_", engine),
    ("the codecs' C libraries", r"CSPNG|CVendoredSPNG|CWebP|CHeif|CJPEG|CTIFF|CJPEGShim|CTIFFShim|CZlib|CISAL|CPNGFilter",
     r"\bspng_[a-z_]+|\bSPNG_[A-Z0-9_]+|\bjpeg_[a-z_]+|\bJCS_[A-Z]+|\bTIFF(Get|Set|Read|Write)[A-Z][A-Za-z]*\(|\bTIFF(Client)?(Open|Close)\b"
     r"|\bWebP[A-Z][A-Za-z]+\(|\bheif_[a-z_]+|\bgk_(jpeg|tiff|png|isal)_|\bisal_[a-z_]+|\bcrc32_gzip[a-z_]+"
     r"|\b(deflate|inflate)(Init2_|End|SetDictionary|Bound)?\(|\b(crc32|adler32)(_combine)?\(|\bz_stream\b|\bZ_[A-Z_]+\b", codecs),
    ("xxHash", r"CXXHash|CVendoredXXHash", r"\bXXH\w+", xxhash),
]
problems, checked = [], 0
for directory, _, names in os.walk("Sources"):
    if directory.startswith("Sources/C"):  # the C targets themselves
        continue
    for name in names:
        if not name.endswith(".swift"):
            continue
        path = os.path.join(directory, name)
        checked += 1
        for number, line in enumerate(open(path).read().split("\n"), 1):
            if line.lstrip().startswith("//"):
                continue
            for what, modules, identifiers, allowed in areas:
                inside = path.startswith(allowed)
                imported = re.match(rf"^\s*(@\w+ )*((\w+) )?import ({modules})\b", line)
                if imported and not inside:
                    problems.append(f"{path}:{number}: imports {imported.group(4)} ({what} belong in {allowed})")
                elif imported and imported.group(3) != "internal":
                    problems.append(f"{path}:{number}: import {imported.group(4)} must be `internal import`")
                if not inside and re.search(identifiers, line.split("//")[0]):
                    problems.append(f"{path}:{number}: names {what} outside {allowed}: {line.strip()}")
if problems:
    print("\n".join(problems))
    sys.exit(f"C boundary: {len(problems)} problems")
print(f"C boundary: each C library imported and named only in its place, by internal import ({checked} files checked)")
PY
