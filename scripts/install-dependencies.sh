#!/usr/bin/env bash
# Installs the system libraries GamutKit links (LittleCMS 2, libspng, libwebp with its demuxer, libheif, libjpeg-turbo,
# libtiff, zlib, ISA-L's igzip for fast deflate, xxHash for the analysis cache's keys), libpng,
# which only the tests link (the PNG conformance oracle, Tests/PNGOracle), and pkg-config; on Debian/Ubuntu also Chromium and a font, which the
# HTML report's test renders pages with (headless), ImageMagick, the tests' second independent PNG decoder, and libwebp's
# and libheif's command-line tools (cwebp/dwebp, heif-enc/heif-convert), which make and decode the WebP and HEIF test files,
# libjpeg-turbo's and libtiff's (cjpeg/djpeg, tiffcp/tiffinfo/tiff2rgba) for the JPEG and TIFF tests, libavif's avifenc
# (PQ and HLG AVIFs), exiftool (orientation tags and XMP written by another tool), and ghostscript's ICC profiles
# (libgs-common: a CMYK profile for the CMYK JPEG test).
# Debian/Ubuntu (as root, or with sudo) or macOS with Homebrew. Does nothing when they are present.
set -euo pipefail
# --peers: the tools Benchmarks/compare-peers.sh measures GamutKit against (libvips, LittleCMS's tificc, GNU time).
if [ "${1:-}" = --peers ]; then
    shift
    if ! command -v vips >/dev/null 2>&1 || ! command -v tificc >/dev/null 2>&1 || [ ! -x /usr/bin/time ]; then
        case "$(uname -s)" in
        Linux)
            sudo=""
            if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
            $sudo apt-get update -qq
            $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libvips-tools liblcms2-utils time >/dev/null ;;
        Darwin) brew install vips little-cms2 gnu-time ;;
        esac
    fi
fi
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists lcms2 spng libpng libwebp libwebpdemux libheif libjpeg libtiff-4 zlib libisal libxxhash \
    && { [ "$(uname -s)" != Linux ] || ! command -v apt-get >/dev/null 2>&1 \
         || { command -v chromium >/dev/null 2>&1 && [ -x /usr/bin/convert ] && command -v cwebp >/dev/null 2>&1 \
              && command -v heif-enc >/dev/null 2>&1 && command -v cjpeg >/dev/null 2>&1 && command -v tiffcp >/dev/null 2>&1 \
              && command -v avifenc >/dev/null 2>&1 && command -v exiftool >/dev/null 2>&1; }; }; then
    exit 0
fi
case "$(uname -s)" in
Linux)
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "Install the LittleCMS 2, libspng and libpng development packages and pkg-config with your package manager." >&2
        exit 1
    fi
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq liblcms2-dev libspng-dev libpng-dev libwebp-dev libheif-dev \
        libjpeg62-turbo-dev libtiff-dev zlib1g-dev libisal-dev libxxhash-dev pkg-config binutils >/dev/null
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core imagemagick \
        webp libheif-examples libjpeg-turbo-progs libtiff-tools libavif-bin libimage-exiftool-perl libgs-common >/dev/null
    ;;
Darwin)
    brew install little-cms2 libspng libpng webp libheif jpeg-turbo libtiff zlib isa-l xxhash pkg-config libavif exiftool
    ;;
*)
    echo "Unsupported system $(uname -s): install LittleCMS 2, libspng, libpng and pkg-config." >&2
    exit 1
    ;;
esac
