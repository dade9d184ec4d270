#!/usr/bin/env bash
# Builds GamutKit's libFuzzer targets (Fuzz/, with AddressSanitizer) and runs each for SECONDS (default 60):
#   fuzz-png      PNG decoding with color resolution, then a conversion and an analysis of what decodes
#   fuzz-png-stream     the streaming converter and analysis against the whole-image path: same verdict, same bytes
#   fuzz-png-roundtrip  decode → encode → decode gives the same pixels, profile and metadata
#   fuzz-icc      ICC profile loading and inspection, transforms from and to the profile
#   fuzz-policy   .gamut-check.json parsing
#   fuzz-catalog  Contents.json of a colorset and an imageset, read and audited
#   fuzz-webp     WebP decoding (libwebp, ICCP through libwebpdemux, animations), then a conversion and an analysis
#   fuzz-heif     HEIF/AVIF decoding (libheif: ICC and nclx color, 8 to 12 bits, alpha), then a conversion and an analysis
#   fuzz-jpeg     JPEG decoding (libjpeg-turbo through its C shim: ICC over APP2 segments, EXIF, Adobe CMYK), then a conversion and
#                 a re-encode
#   fuzz-tiff     TIFF decoding (libtiff through its C shim: strips, tiles, planar, 8/16/float, ICC), then a conversion and
#                 a re-encode
# Seeds come from the repository (Examples/, Profiles/, the demo catalog); corpora grow in .build-fuzz/corpus,
# and a crash or hang is written to .build-fuzz/artifacts and fails the script (make it a regression test).
# Usage: bash scripts/fuzz.sh [SECONDS] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-png fuzz-png-stream fuzz-png-roundtrip fuzz-icc fuzz-policy fuzz-catalog fuzz-webp fuzz-heif fuzz-jpeg fuzz-tiff)
bash scripts/install-dependencies.sh
flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --scratch-path .build-fuzz)
mkdir -p .build-fuzz/artifacts
for target in "${targets[@]}"; do
  bash scripts/quiet-build.sh --package-path Fuzz --product "$target" "${flags[@]}"
  corpus=.build-fuzz/corpus/$target
  mkdir -p "$corpus"
  case $target in
    fuzz-png | fuzz-png-stream | fuzz-png-roundtrip)
      cp Examples/p3-assets.png "$corpus/"; find Examples/Demo.xcassets -name '*.png' -exec cp {} "$corpus/" \;
      # PNG files other encoders wrote (PngSuite, libpng's test images), named by their folder to keep them apart.
      for f in $(find Tests/GamutKitTests/Fixtures/png-conformance -name '*.png'); do cp "$f" "$corpus/$(echo "${f#Tests/GamutKitTests/Fixtures/png-conformance/}" | tr / _)"; done ;;
    fuzz-icc) cp Profiles/*.icc "$corpus/" ;;
    fuzz-policy) printf '%s' '{"target":"srgb","thresholds":{"visibleClip":1.5,"sameColor":1},"severity":{"p3-image-8-bit":"error","missing-high-contrast-variant":"off"},"suppress":[{"rule":"*","assets":["Legacy/*"],"reason":"x"}]}' > "$corpus/policy.json" ;;
    # Small files libwebp's and libheif's own encoders make from the demo catalog's PNGs (lossless, lossy, alpha, ICC).
    fuzz-webp)
      for f in Examples/Demo.xcassets/Tame.imageset/tame.png Examples/Demo.xcassets/HeroPaired.imageset/hero-p3.png; do
        n=$(basename "$f" .png)
        cwebp -quiet -metadata icc -lossless "$f" -o "$corpus/$n-lossless.webp"
        cwebp -quiet -metadata icc -q 60 -alpha_q 50 "$f" -o "$corpus/$n-lossy.webp"
      done ;;
    fuzz-heif)
      for f in Examples/Demo.xcassets/Tame.imageset/tame.png Examples/Demo.xcassets/HeroPaired.imageset/hero-p3.png; do
        n=$(basename "$f" .png)
        heif-enc -q 50 "$f" -o "$corpus/$n.heic" >/dev/null
        heif-enc -q 50 -b 12 "$f" -o "$corpus/$n-12.avif" >/dev/null
      done
      heif-enc -q 50 Examples/Demo.xcassets/Banner.imageset/banner.png -o "$corpus/banner.avif" >/dev/null ;;
    # Small files cjpeg, ImageMagick and tiffcp make from the demo catalog's PNGs (baseline, progressive, gray, Adobe RGB,
    # CMYK with a 3-segment profile; TIFF strips, tiles, planar, LZW/Deflate/PackBits, 8/16/float).
    fuzz-jpeg)
      src=Examples/Demo.xcassets/HeroPaired.imageset/hero-p3.png
      convert "$src" -resize 24x24 -quality 80 "$corpus/p3.jpg"
      convert "$src" -resize 24x24 -interlace Plane -quality 60 "$corpus/progressive.jpg"
      convert "$src" -resize 16x16 -colorspace Gray "$corpus/gray.jpg"
      convert "$src" -resize 16x16 -profile /usr/share/color/icc/ghostscript/default_cmyk.icc "$corpus/cmyk.jpg" 2>/dev/null || true
      convert "$src" -resize 16x16 ppm:- | cjpeg -rgb -quality 70 > "$corpus/adobe-rgb.jpg" ;;
    fuzz-tiff)
      src=Examples/Demo.xcassets/HeroPaired.imageset/hero-p3.png
      convert "$src" -resize 16x16 -depth 16 -compress LZW "$corpus/lzw16.tif"
      convert "$src" -resize 16x16 -depth 8 -compress Zip -interlace plane "$corpus/planar8.tif"
      convert "$src" -resize 16x16 -depth 8 -compress RLE -alpha on "$corpus/packbits-alpha.tif"
      convert "$src" -resize 16x16 -define quantum:format=floating-point -depth 32 -compress Zip -define tiff:predictor=3 "$corpus/float.tif" 2>/dev/null
      tiffcp -t -w 16 -l 16 -c zip:2 "$corpus/lzw16.tif" "$corpus/tiled.tif" ;;
    fuzz-catalog)
      i=0; for f in $(find Examples/Demo.xcassets -name Contents.json); do cp "$f" "$corpus/seed-$i.json"; i=$((i + 1)); done
      # An extended-range colorset (components past 0…1), which the demo catalog has none of.
      printf '%s' '{"colors":[{"color":{"color-space":"extended-srgb","components":{"red":"1.100","green":"-0.050","blue":"0.000","alpha":"1.000"}},"idiom":"universal"},{"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"extended-linear-srgb","components":{"red":2.5,"green":"0.5","blue":"-0.25","alpha":"1.000"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}' > "$corpus/extended.json" ;;
  esac
  echo "== $target: ${seconds}s"
  log=.build-fuzz/$target.log
  # Swift's backtracer is off so that a trap reaches libFuzzer's handler (which saves the input) with its message.
  if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 ".build-fuzz/debug/$target" "$corpus" -max_total_time="$seconds" \
       -timeout=10 -rss_limit_mb=2048 -artifact_prefix=.build-fuzz/artifacts/"$target"- -print_final_stats=1 >"$log" 2>&1; then
    # The first report (a Swift fatal error, a sanitizer's error, libFuzzer's deadly signal) and the end of the log.
    grep -m 1 -A 25 -E "Fatal error|Precondition failed|^==[0-9]+==ERROR|deadly signal|ERROR: libFuzzer" "$log" || true
    echo "…"
    tail -15 "$log"
    echo "== $target: FAILED (log: $log; artifacts in .build-fuzz/artifacts)"
    exit 1
  fi
  grep -E "^Done|stat::number_of_executed_units" "$log" | head -2
  echo "== $target: clean"
done
