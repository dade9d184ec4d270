#ifndef GAMUTKIT_GK_TIFF_H
#define GAMUTKIT_GK_TIFF_H
// GamutKit's boundary with libtiff: TIFF files read from and written to memory, with per-handle error and warning
// handlers (libtiff 4.5's TIFFOpenOptions), so no global state is touched and no error jumps or prints. libtiff
// reports failures by return value; the handlers keep the first message for the caller. The tag accessors
// (TIFFGetField/TIFFSetField) are variadic, which Swift can't call, so they are used here.
#include <stddef.h>
#include <stdint.h>

typedef enum {
    GK_TIFF_OK = 0,
    /// libtiff refused the file or a strip/tile (malformed, truncated, corrupt compressed data).
    GK_TIFF_INVALID = 1,
    /// A strip or tile decodes to fewer bytes than the image needs (truncated data).
    GK_TIFF_SHORT = 2,
    /// The layout is valid but not one this reader handles, or the codec isn't built in.
    GK_TIFF_UNSUPPORTED = 3,
    /// An allocation over the limit, or out of memory.
    GK_TIFF_NO_MEMORY = 4,
    /// The caller's arguments don't fit.
    GK_TIFF_ARGUMENT = 5,
} gk_tiff_status;

/// The first image's layout and color tags, as read from its directory (defaults applied).
typedef struct {
    uint32_t width;
    uint32_t height;
    uint16_t samples_per_pixel;
    uint16_t bits_per_sample;
    /// SAMPLEFORMAT_UINT (1), _INT (2), _IEEEFP (3).
    uint16_t sample_format;
    /// PHOTOMETRIC_*: 0 min-is-white, 1 min-is-black, 2 RGB, 3 palette, 5 separated (CMYK), 6 YCbCr, …;
    /// 0xFFFF when the tag is missing.
    uint16_t photometric;
    /// PLANARCONFIG_CONTIG (1) or _SEPARATE (2).
    uint16_t planar_config;
    uint16_t compression;
    /// 1 (top-left) to 8.
    uint16_t orientation;
    /// How many extra samples, and the kind of the first (EXTRASAMPLE_UNSPECIFIED 0, _ASSOCALPHA 1, _UNASSALPHA 2).
    uint16_t extra_samples;
    uint16_t first_extra;
    /// INKSET_CMYK (1) or _MULTIINK (2), for separated images.
    uint16_t ink_set;
    int32_t tiled;
    /// Whether more images (pages) follow the first.
    int32_t more_pages;
    /// The ICC profile (tag 34675), owned by the reader; NULL when absent.
    const uint8_t *icc;
    uint32_t icc_size;
    /// Whether the codec for `compression` is built into this libtiff.
    int32_t codec_configured;
} gk_tiff_info;

typedef struct gk_tiff_reader gk_tiff_reader;

/// A reader over `size` bytes at `data`, which the caller keeps alive and unchanged until gk_tiff_reader_free.
/// libtiff may allocate at most `max_allocation` bytes at once (0: its default). NULL only when out of memory.
gk_tiff_reader *gk_tiff_reader_new(const uint8_t *data, size_t size, size_t max_allocation);
void gk_tiff_reader_free(gk_tiff_reader *reader);
/// Parses the header and the first directory.
gk_tiff_status gk_tiff_reader_open(gk_tiff_reader *reader, gk_tiff_info *info);
/// Decodes every strip or tile of the first image into `pixels` as interleaved samples (planar images are
/// interleaved here), rows of width × samples_per_pixel × bits_per_sample / 8 bytes, samples in host byte order.
/// Only 8, 16 and 32 bits per sample are handled.
gk_tiff_status gk_tiff_read(gk_tiff_reader *reader, uint8_t *pixels, size_t size);
/// Decodes the first image with libtiff's RGBA reader (TIFFRGBAImage: palette, YCbCr, old- and new-style JPEG,
/// bilevel and 2- and 4-bit gray, …) into `count` pixels of 8-bit R, G, B, A packed as TIFFGetR/G/B/A read them,
/// rows as stored (top first, whatever the orientation tag says). Alpha comes back associated (premultiplied).
gk_tiff_status gk_tiff_read_rgba(gk_tiff_reader *reader, uint32_t *raster, size_t count);
/// The first error libtiff reported (or this shim's own message), "" when none.
const char *gk_tiff_message(const gk_tiff_reader *reader);
/// The first of the damage libtiff decodes past and the caller reports (a fax line of the wrong length), "" when
/// none; `*count` is how many there were.
const char *gk_tiff_warning(const gk_tiff_reader *reader, int32_t *count);

/// Compression for the writer.
typedef enum {
    GK_TIFF_COMPRESSION_NONE = 1,
    GK_TIFF_COMPRESSION_LZW = 5,
    GK_TIFF_COMPRESSION_DEFLATE = 8,
    GK_TIFF_COMPRESSION_PACKBITS = 32773,
} gk_tiff_compression;

/// Encodes one contiguous image: `color_channels` 1 (min-is-black) or 3 (RGB), plus an unassociated alpha when
/// `has_alpha`, at `bits` 8 or 16 (unsigned) or 32 (IEEE float), rows `row_bytes` apart in host byte order, with the
/// ICC profile in tag 34675 when `icc_size` > 0 and `orientation` (1–8) in tag 274. LZW and Deflate use the
/// horizontal (or floating-point) predictor.
/// On success `*output` is a malloc'd buffer of `*output_size` bytes to free with gk_tiff_free.
gk_tiff_status gk_tiff_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int32_t color_channels,
                              int32_t has_alpha, int32_t bits, size_t row_bytes, int32_t compression,
                              const uint8_t *icc, size_t icc_size, uint16_t orientation, uint8_t **output,
                              size_t *output_size, char *message, size_t message_size);
void gk_tiff_free(void *pointer);

#endif
