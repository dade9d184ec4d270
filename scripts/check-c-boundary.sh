#!/usr/bin/env bash
# Fails when a C library is imported, or one of its identifiers named, outside GamutKit's two C-facing layers: the
# codecs (Sources/GamutKit/Codecs/: libspng, zlib, ISA-L, libjpeg-turbo, libtiff, libwebp, libheif and their shims) and
# the color engine (Sources/GamutKit/ColorManagement/Engine/: LittleCMS and the vector kernels), plus the xxHash
# wrapper (Support/ContentHash.swift); and when a C module is imported other than `internal import`. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
modules='CLCMS2|CSPNG|CWebP|CHeif|CJPEG|CTIFF|CJPEGShim|CTIFFShim|CZlib|CISAL|CShaperKernel|CPNGFilter'
identifiers='\bcms[A-Z][A-Za-z0-9_]*|\b(CLCMS2_)?TYPE_[A-Z0-9_]+_(8|16|FLT|DBL)\b|\bINTENT_[A-Z_]+\b|\bLCMS_[A-Z_]+\b|\bspng_[a-z_]+|\bSPNG_[A-Z0-9_]+|\bjpeg_[a-z_]+|\bJCS_[A-Z]+|\bTIFF(Get|Set|Read|Write)[A-Z][A-Za-z]*\(|\bTIFF(Client)?(Open|Close)\b|\bWebP[A-Z][A-Za-z]+\(|\bheif_[a-z_]+|\bgk_(jpeg|tiff|shaper|png|isal)_|\bisal_[a-z_]+|\bcrc32_gzip[a-z_]+|\b(deflate|inflate)(Init2_|End|SetDictionary|Bound)?\(|\b(crc32|adler32)(_combine)?\(|\bz_stream\b|\bZ_[A-Z_]+\b'
status=0
files=$(find Sources -name '*.swift' -not -path 'Sources/GamutKit/Codecs/*' -not -path 'Sources/GamutKit/ColorManagement/Engine/*' \
    -not -path 'Sources/GamutKit/Support/ContentHash.swift')
if imports=$(grep -nE "^\s*(@[A-Za-z_]+ )*((internal|private|fileprivate|package|public) )?import ($modules)\b" $files); then
    echo "C modules imported outside the codecs and the color engine:"; echo "$imports"; status=1
fi
if plain=$(grep -rnE "^\s*(@[A-Za-z_]+ )*((private|fileprivate|package|public) )?import ($modules|CVendored[A-Za-z]+|CXXHash)\b" Sources/GamutKit --include='*.swift'); then
    echo "C modules must be imported with \`internal import\`:"; echo "$plain"; status=1
fi
# Doc comments may name a C constant for readers; code may not.
if uses=$(grep -nE "$identifiers" $files | grep -vE '^[^:]+:[0-9]+:\s*///' ); then
    echo "C identifiers outside the codecs and the color engine:"; echo "$uses"; status=1
fi
[ $status -eq 0 ] && echo "C boundary: no C import or identifier outside the codecs and the color engine ($(echo "$files" | wc -l) files checked)"
exit $status
