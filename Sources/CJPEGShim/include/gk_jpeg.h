#ifndef GAMUTKIT_GK_JPEG_H
#define GAMUTKIT_GK_JPEG_H
// GamutKit's boundary with libjpeg(-turbo). libjpeg reports errors by calling an error manager that, by default,
// exits the process; the usual alternative longjmps. Every libjpeg call therefore sits in this file's functions,
// each with its own setjmp: an error jumps back into the same C function, which returns a status and a message.
// No jump ever crosses a Swift frame. Nothing here is global; a decoder is used by one thread at a time.
#include <stddef.h>
#include <stdint.h>

/// What a call ended with.
typedef enum {
    GK_JPEG_OK = 0,
    /// libjpeg refused the data (not a JPEG, bad marker, bad tables…).
    GK_JPEG_INVALID = 1,
    /// The data ends before the image does.
    GK_JPEG_TRUNCATED = 2,
    /// libjpeg met corrupt entropy-coded data (it would go on with gray blocks; GamutKit stops).
    GK_JPEG_CORRUPT = 3,
    /// A progressive file with more scans than the limit (a known way to make decoding take hours).
    GK_JPEG_TOO_MANY_SCANS = 4,
    /// A valid feature this build can't decode (12-bit samples, an unsupported color conversion).
    GK_JPEG_UNSUPPORTED = 5,
    /// libjpeg ran out of memory, or over the limit given.
    GK_JPEG_NO_MEMORY = 6,
    /// The caller's arguments don't fit (buffer too small, wrong component count).
    GK_JPEG_ARGUMENT = 7,
} gk_jpeg_status;

/// The file's color space as its markers say (libjpeg's J_COLOR_SPACE, renamed so the header stays free of jpeglib.h).
typedef enum {
    GK_JPEG_SPACE_UNKNOWN = 0,
    GK_JPEG_SPACE_GRAY = 1,
    GK_JPEG_SPACE_RGB = 2,
    GK_JPEG_SPACE_YCBCR = 3,
    GK_JPEG_SPACE_CMYK = 4,
    GK_JPEG_SPACE_YCCK = 5,
} gk_jpeg_space;

/// The header: size, components and color signalling, read without decoding the image.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// Components in the file: 1 (gray), 3 (RGB/YCbCr) or 4 (CMYK/YCCK).
    int32_t components;
    /// The stored color space (gk_jpeg_space) libjpeg derived from JFIF, Adobe APP14 and component IDs.
    int32_t color_space;
    /// 8 for baseline and extended files; 12 or 16 are refused.
    int32_t precision;
    /// Whether an Adobe APP14 marker was present, and its transform code (0 none/CMYK, 1 YCbCr, 2 YCCK).
    int32_t saw_adobe;
    int32_t adobe_transform;
    int32_t saw_jfif;
    int32_t progressive;
} gk_jpeg_header;

/// One APPn marker the decoder kept (APP1 for EXIF, APP2 for ICC), pointing into the decoder's memory.
typedef struct {
    /// The marker code: 0xE1 for APP1, 0xE2 for APP2.
    int32_t code;
    const uint8_t *data;
    size_t length;
} gk_jpeg_marker;

typedef struct gk_jpeg_decoder gk_jpeg_decoder;

/// A decoder over `size` bytes at `data`, which the caller keeps alive and unchanged until gk_jpeg_decoder_free.
/// Returns NULL only when out of memory.
gk_jpeg_decoder *gk_jpeg_decoder_new(const uint8_t *data, size_t size);
/// Frees the decoder and everything libjpeg allocated for it (markers included).
void gk_jpeg_decoder_free(gk_jpeg_decoder *decoder);
/// Reads the markers up to the first scan, keeping APP1 and APP2 markers.
gk_jpeg_status gk_jpeg_read_header(gk_jpeg_decoder *decoder, gk_jpeg_header *header);
/// The number of APP1/APP2 markers kept, and the one at `index` (in file order).
size_t gk_jpeg_marker_count(const gk_jpeg_decoder *decoder);
int gk_jpeg_marker_at(const gk_jpeg_decoder *decoder, size_t index, gk_jpeg_marker *marker);
/// Decodes the whole image into `pixels` (rows `row_bytes` apart, `size` bytes in all), as 8-bit gray (1 component),
/// RGB (3, YCbCr converted) or CMYK (4, YCCK converted; Adobe's inverted samples as stored). `max_memory` bounds
/// libjpeg's own allocations (0: no bound); progressive files may have at most `max_scans` scans.
gk_jpeg_status gk_jpeg_decode(gk_jpeg_decoder *decoder, uint8_t *pixels, size_t row_bytes, size_t size,
                              size_t max_memory, int32_t max_scans);
/// The message of the last failure, or of the first warning libjpeg gave ("" when none).
const char *gk_jpeg_message(const gk_jpeg_decoder *decoder);
/// Non-fatal warnings libjpeg gave (an unknown Adobe transform code, an unknown JFIF version), and the first one.
int32_t gk_jpeg_warning_count(const gk_jpeg_decoder *decoder);
const char *gk_jpeg_first_warning(const gk_jpeg_decoder *decoder);

/// Encodes 8-bit gray (`components` 1) or RGB (3) pixels, rows `row_bytes` apart, at `quality` (1–100), with
/// `exif` (when `exif_size` > 0) as an APP1 marker and `icc` (when `icc_size` > 0) split across APP2 markers in
/// sequence. 4:2:0 chroma subsampling unless `subsample`
/// is 0 (4:4:4). On success `*output` is a malloc'd buffer of `*output_size` bytes for the caller to free with
/// gk_jpeg_free; on failure it is NULL and `message` (of `message_size` bytes) says why.
gk_jpeg_status gk_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int32_t components, size_t row_bytes,
                              int32_t quality, int32_t subsample, const uint8_t *icc, size_t icc_size,
                              const uint8_t *exif, size_t exif_size, uint8_t **output, size_t *output_size, char *message,
                              size_t message_size);
/// Frees an encoder's output.
void gk_jpeg_free(void *pointer);

#endif
