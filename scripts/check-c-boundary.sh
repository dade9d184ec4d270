#!/usr/bin/env bash
# Fails when a C library is imported, or one of its identifiers named, outside Sources/GamutKit/Internal/
# (LittleCMS, libspng, libjpeg-turbo, libtiff, libwebp, libheif, zlib and GamutKit's C shims stay behind small Swift
# types there). Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
modules='CLCMS2|CSPNG|CWebP|CHeif|CJPEG|CTIFF|CJPEGShim|CTIFFShim|CZlib|CISAL|CShaperKernel|CPNGFilter'
identifiers='\bcms[A-Z][A-Za-z0-9_]*|\b(CLCMS2_)?TYPE_[A-Z0-9_]+_(8|16|FLT|DBL)\b|\bINTENT_[A-Z_]+\b|\bLCMS_[A-Z_]+\b|\bspng_[a-z_]+|\bSPNG_[A-Z0-9_]+|\bjpeg_[a-z_]+|\bJCS_[A-Z]+|\bTIFF(Get|Set|Read|Write)[A-Z][A-Za-z]*\(|\bTIFF(Client)?(Open|Close)\b|\bWebP[A-Z][A-Za-z]+\(|\bheif_[a-z_]+|\bgk_(jpeg|tiff|shaper|png|isal)_|\bisal_[a-z_]+|\bcrc32_gzip[a-z_]+|\b(deflate|inflate)(Init2_|End|SetDictionary|Bound)?\(|\b(crc32|adler32)(_combine)?\(|\bz_stream\b|\bZ_[A-Z_]+\b'
status=0
files=$(find Sources -name '*.swift' -not -path 'Sources/GamutKit/Internal/*')
if imports=$(grep -nE "^\s*(@[A-Za-z_]+ )*((internal|private|fileprivate|package|public) )?import ($modules)\b" $files); then
    echo "C modules imported outside Sources/GamutKit/Internal/:"; echo "$imports"; status=1
fi
# Doc comments may name a C constant for readers; code may not.
if uses=$(grep -nE "$identifiers" $files | grep -vE '^[^:]+:[0-9]+:\s*///' ); then
    echo "C identifiers outside Sources/GamutKit/Internal/:"; echo "$uses"; status=1
fi
[ $status -eq 0 ] && echo "C boundary: no C import or identifier outside Sources/GamutKit/Internal/ ($(echo "$files" | wc -l) files checked)"
exit $status
