#ifndef GAMUTKIT_PNGORACLE_H
#define GAMUTKIT_PNGORACLE_H

// An independent PNG reader and writer over libpng, for GamutKit's conformance tests only.
//
// libpng reports errors by longjmp. Every libpng call and its setjmp live inside the functions in
// PNGOracle.c, so no jump ever crosses a Swift frame; failures come back as a nonzero return value and
// a message in `error`. This header exposes no libpng types.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A decoded PNG, expanded with GamutKit's rules (see pngoracle_decode), and its color chunks as libpng
/// reports them. Release with pngoracle_free.
typedef struct pngoracle_image {
    uint32_t width;
    uint32_t height;
    /// Samples per pixel in `samples`: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA.
    int channels;
    /// Bits per sample in `samples`: 8 or 16 (16-bit samples in host byte order).
    int depth;
    /// The IHDR bit depth (1, 2, 4, 8 or 16), color type (0, 2, 3, 4 or 6) and interlace method (0 or 1).
    int file_bit_depth;
    int file_color_type;
    int file_interlace;
    /// Whether the file has a tRNS chunk that libpng accepted.
    int has_trns;
    /// Tightly packed rows (width × channels × depth/8 bytes each), malloc'd.
    unsigned char *samples;
    size_t samples_size;

    /// iCCP: whether present, its name (NUL-terminated) and the decompressed profile (malloc'd).
    int has_iccp;
    char iccp_name[80];
    unsigned char *iccp_profile;
    size_t iccp_size;
    /// sRGB rendering intent 0–3, or -1 when libpng reports no sRGB chunk.
    int srgb_intent;
    /// gAMA as libpng reports it (e.g. 0.45455), or 0 when absent. libpng 1.6 also reports sRGB's
    /// values for gAMA and cHRM when the file has only an sRGB chunk.
    double gamma;
    /// cHRM: whether present, and white x, y, red x, y, green x, y, blue x, y.
    int has_chrm;
    double chrm[8];

    /// The last libpng warning (empty if none): damaged ancillary chunks are dropped with a warning.
    char warning[256];
    /// Why decoding failed (empty on success).
    char error[256];
} pngoracle_image;

/// Decodes a PNG held in memory with libpng, expanding as GamutKit does:
/// palette to RGB 8-bit (RGBA 8-bit with tRNS); gray at 1, 2 or 4 bits to gray 8-bit scaled to 0…255;
/// tRNS to an alpha channel for every color type (alpha 0 or the full value for gray and RGB);
/// 16-bit samples kept at 16 bits in host byte order; interlaced images deinterlaced; no gamma or
/// color correction, no sBIT shift, no bKGD compositing. The whole file is read, through IEND.
/// @return 0 on success; nonzero with `out->error` set on failure (nothing then needs freeing but
///         pngoracle_free may still be called).
int pngoracle_decode(const unsigned char *data, size_t size, pngoracle_image *out);

/// Releases what pngoracle_decode allocated; the struct may be decoded into again.
void pngoracle_free(pngoracle_image *image);

/// For a palette image: the PLTE's entry count and the largest index its image data uses, read without
/// expanding the palette. An index at or past the entry count is out of range; pngoracle_decode (libpng)
/// expands such an index to black, opaque.
/// @param error receives the reason on failure (256 bytes).
/// @return 0 on success, nonzero on failure (including a file that is not a palette image).
int pngoracle_palette_indices(const unsigned char *data, size_t size, int *entries, int *largest_index, char *error);

/// What to write with pngoracle_encode.
typedef struct pngoracle_encode_options {
    uint32_t width;
    uint32_t height;
    /// 8 or 16.
    int depth;
    /// PNG color type: 0 gray, 2 RGB, 4 gray+alpha, 6 RGBA.
    int color_type;
    /// Adam7 interlacing when nonzero.
    int interlace;
    /// Tightly packed rows; 16-bit samples in host byte order.
    const void *samples;
    size_t samples_size;

    /// iCCP, written when `iccp_profile` is not NULL (name NULL means "ICC profile").
    const char *iccp_name;
    const unsigned char *iccp_profile;
    size_t iccp_size;
    /// sRGB chunk with this intent when 0–3; none when -1.
    int srgb_intent;
    /// gAMA chunk (e.g. 0.45455) when above 0.
    double gamma;
    /// tRNS for gray (trns_gray) or RGB (trns_red/green/blue) when nonzero.
    int has_trns;
    uint16_t trns_gray;
    uint16_t trns_red;
    uint16_t trns_green;
    uint16_t trns_blue;
} pngoracle_encode_options;

/// Options with nothing optional set (no iCCP, sRGB, gAMA or tRNS; not interlaced).
pngoracle_encode_options pngoracle_encode_defaults(void);

/// Encodes a PNG with libpng into a malloc'd buffer (`*png`, `*png_size`); release it with free().
/// @param error receives the reason on failure (256 bytes).
/// @return 0 on success, nonzero on failure.
int pngoracle_encode(const pngoracle_encode_options *options, unsigned char **png, size_t *png_size, char *error);

/// free(), for buffers from pngoracle_encode.
void pngoracle_free_buffer(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
