// An independent PNG reader and writer over libpng, for GamutKit's conformance tests.
//
// libpng reports errors with longjmp. Each public function here sets its own setjmp point before its first
// libpng call and makes every libpng call itself, so a jump only ever unwinds C frames of this file (and
// libpng's); what Swift sees is a return code and a message. Objects a jump must leave intact (the encoder's
// output sink) live on the heap, and locals written after setjmp are volatile, as C requires.

#include "PNGOracle.h"

// libpng comes from pkg-config on Linux only (GamutKitTests depends on this target there). `swift build --build-tests`
// compiles every target, so elsewhere, where there may be no <png.h>, this file compiles to nothing.
#if defined(__linux__)

#include <png.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PNGORACLE_MESSAGE_SIZE 256

/// Where the error and warning callbacks write (the caller's 256-byte buffers).
typedef struct oracle_messages {
    char *error;
    char *warning;
} oracle_messages;

static void oracle_error(png_structp png, png_const_charp message) {
    oracle_messages *messages = png_get_error_ptr(png);
    snprintf(messages->error, PNGORACLE_MESSAGE_SIZE, "%s", message ? message : "libpng error");
    png_longjmp(png, 1);
}

static void oracle_warning(png_structp png, png_const_charp message) {
    oracle_messages *messages = png_get_error_ptr(png);
    if (messages->warning) {
        snprintf(messages->warning, PNGORACLE_MESSAGE_SIZE, "%s", message ? message : "libpng warning");
    }
}

static int host_is_little_endian(void) {
    const uint16_t probe = 1;
    return *(const unsigned char *)&probe == 1;
}

// MARK: - Decoding

typedef struct oracle_cursor {
    const unsigned char *data;
    size_t size;
    size_t offset;
} oracle_cursor;

static void oracle_read(png_structp png, png_bytep out, size_t length) {
    oracle_cursor *cursor = png_get_io_ptr(png);
    if (length > cursor->size - cursor->offset) {
        png_error(png, "unexpected end of file");
    }
    memcpy(out, cursor->data + cursor->offset, length);
    cursor->offset += length;
}

static void release_decoded(pngoracle_image *image) {
    free(image->samples);
    image->samples = NULL;
    image->samples_size = 0;
    free(image->iccp_profile);
    image->iccp_profile = NULL;
    image->iccp_size = 0;
    image->has_iccp = 0;
}

/// Copies the color chunks libpng accepted into `out`. Called inside the setjmp scope.
static void read_color_chunks(png_structp png, png_infop info, pngoracle_image *out) {
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_size) != 0 && profile != NULL) {
        out->iccp_profile = malloc(profile_size > 0 ? profile_size : 1);
        if (out->iccp_profile == NULL) {
            png_error(png, "out of memory for the ICC profile");
        }
        memcpy(out->iccp_profile, profile, profile_size);
        out->iccp_size = profile_size;
        snprintf(out->iccp_name, sizeof out->iccp_name, "%s", name ? name : "");
        out->has_iccp = 1;
    }
    int intent = 0;
    if (png_get_sRGB(png, info, &intent) != 0) {
        out->srgb_intent = intent;
    }
    double gamma = 0;
    if (png_get_gAMA(png, info, &gamma) != 0) {
        out->gamma = gamma;
    }
    double c[8] = {0};
    if (png_get_cHRM(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) != 0) {
        memcpy(out->chrm, c, sizeof c);
        out->has_chrm = 1;
    }
}

int pngoracle_decode(const unsigned char *data, size_t size, pngoracle_image *out) {
    memset(out, 0, sizeof *out);
    out->srgb_intent = -1;
    if (data == NULL || size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(out->error, sizeof out->error, "not a PNG signature");
        return 1;
    }
    oracle_messages messages = {out->error, out->warning};
    oracle_cursor cursor = {data, size, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &messages, oracle_error, oracle_warning);
    if (png == NULL) {
        snprintf(out->error, sizeof out->error, "cannot create a libpng reader");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(out->error, sizeof out->error, "cannot create a libpng info struct");
        return 1;
    }
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        release_decoded(out);
        return 1;
    }
    png_set_read_fn(png, &cursor, oracle_read);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    out->width = width;
    out->height = height;
    out->file_bit_depth = bit_depth;
    out->file_color_type = color_type;
    out->file_interlace = interlace;
    out->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    // GamutKit's expansion rules.
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (out->has_trns) {
        png_set_tRNS_to_alpha(png);
    }
    if (bit_depth == 16 && host_is_little_endian()) {
        png_set_swap(png);
    }
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);

    out->channels = png_get_channels(png, info);
    out->depth = png_get_bit_depth(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    if ((out->depth != 8 && out->depth != 16) || out->channels < 1 || out->channels > 4
        || row_bytes != (size_t)width * (size_t)out->channels * (size_t)(out->depth / 8)) {
        png_error(png, "unexpected output format after expansion");
    }
    if (height > 0 && row_bytes > SIZE_MAX / height) {
        png_error(png, "image too large");
    }
    out->samples_size = row_bytes * height;
    out->samples = malloc(out->samples_size > 0 ? out->samples_size : 1);
    rows = malloc((height > 0 ? height : 1) * sizeof(png_bytep));
    if (out->samples == NULL || rows == NULL) {
        png_error(png, "out of memory for the image");
    }
    for (png_uint_32 y = 0; y < height; y++) {
        rows[y] = out->samples + (size_t)y * row_bytes;
    }
    png_read_image(png, rows);
    read_color_chunks(png, info, out);
    png_read_end(png, NULL);

    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

void pngoracle_free(pngoracle_image *image) {
    if (image != NULL) {
        release_decoded(image);
    }
}

int pngoracle_palette_indices(const unsigned char *data, size_t size, int *entries, int *largest_index, char *error) {
    *entries = 0;
    *largest_index = -1;
    error[0] = 0;
    if (data == NULL || size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(error, PNGORACLE_MESSAGE_SIZE, "not a PNG signature");
        return 1;
    }
    oracle_messages messages = {error, NULL};
    oracle_cursor cursor = {data, size, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &messages, oracle_error, oracle_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        snprintf(error, PNGORACLE_MESSAGE_SIZE, "cannot create a libpng reader");
        return 1;
    }
    unsigned char *volatile indices = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(indices);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_read_fn(png, &cursor, oracle_read);
    png_read_info(png, info);
    if (png_get_color_type(png, info) != PNG_COLOR_TYPE_PALETTE) {
        png_error(png, "not a palette image");
    }
    png_colorp palette = NULL;
    int count = 0;
    if (png_get_PLTE(png, info, &palette, &count) == 0) {
        png_error(png, "no PLTE chunk");
    }
    png_set_packing(png);  // one index per byte
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const png_uint_32 width = png_get_image_width(png, info);
    const png_uint_32 height = png_get_image_height(png, info);
    if (png_get_rowbytes(png, info) != width) {
        png_error(png, "unexpected row size for unpacked indices");
    }
    if (height > 0 && width > SIZE_MAX / height) {
        png_error(png, "image too large");
    }
    indices = malloc((size_t)width * height + 1);
    rows = malloc((height > 0 ? height : 1) * sizeof(png_bytep));
    if (indices == NULL || rows == NULL) {
        png_error(png, "out of memory for the indices");
    }
    for (png_uint_32 y = 0; y < height; y++) {
        rows[y] = indices + (size_t)y * width;
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);
    int largest = -1;
    for (size_t i = 0; i < (size_t)width * height; i++) {
        if (indices[i] > largest) {
            largest = indices[i];
        }
    }
    *entries = count;
    *largest_index = largest;
    free(rows);
    free(indices);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

// MARK: - Encoding

typedef struct oracle_sink {
    unsigned char *data;
    size_t size;
    size_t capacity;
} oracle_sink;

static void oracle_write(png_structp png, png_bytep bytes, size_t length) {
    oracle_sink *sink = png_get_io_ptr(png);
    if (length > sink->capacity - sink->size) {
        size_t capacity = sink->capacity > 0 ? sink->capacity : 4096;
        while (capacity - sink->size < length) {
            if (capacity > SIZE_MAX / 2) {
                png_error(png, "output too large");
            }
            capacity *= 2;
        }
        unsigned char *grown = realloc(sink->data, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory for the output");
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, bytes, length);
    sink->size += length;
}

static void oracle_flush(png_structp png) {
    (void)png;
}

pngoracle_encode_options pngoracle_encode_defaults(void) {
    pngoracle_encode_options options;
    memset(&options, 0, sizeof options);
    options.depth = 8;
    options.srgb_intent = -1;
    return options;
}

static int channels_of(int color_type) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 0;
    }
}

int pngoracle_encode(const pngoracle_encode_options *options, unsigned char **png_out, size_t *png_size, char *error) {
    *png_out = NULL;
    *png_size = 0;
    error[0] = 0;
    const int channels = channels_of(options->color_type);
    if (channels == 0 || (options->depth != 8 && options->depth != 16)) {
        snprintf(error, PNGORACLE_MESSAGE_SIZE, "unsupported color type %d at depth %d", options->color_type, options->depth);
        return 1;
    }
    const size_t row_bytes = (size_t)options->width * (size_t)channels * (size_t)(options->depth / 8);
    if (options->samples == NULL || options->samples_size != row_bytes * options->height) {
        snprintf(error, PNGORACLE_MESSAGE_SIZE, "%zu sample bytes for a %ux%u image of %zu-byte rows",
                 options->samples_size, options->width, options->height, row_bytes);
        return 1;
    }
    oracle_sink *sink = calloc(1, sizeof *sink);
    png_bytep *volatile rows = NULL;
    oracle_messages messages = {error, NULL};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &messages, oracle_error, oracle_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (sink == NULL || png == NULL || info == NULL) {
        png_destroy_write_struct(&png, &info);
        free(sink);
        snprintf(error, PNGORACLE_MESSAGE_SIZE, "cannot create a libpng writer");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_write_struct(&png, &info);
        free(sink->data);
        free(sink);
        return 1;
    }
    png_set_write_fn(png, sink, oracle_write, oracle_flush);
    png_set_IHDR(png, info, options->width, options->height, options->depth, options->color_type,
                 options->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (options->iccp_profile != NULL) {
        png_set_iCCP(png, info, options->iccp_name ? options->iccp_name : "ICC profile", PNG_COMPRESSION_TYPE_BASE,
                     options->iccp_profile, (png_uint_32)options->iccp_size);
    }
    if (options->srgb_intent >= 0) {
        png_set_sRGB(png, info, options->srgb_intent);
    }
    if (options->gamma > 0) {
        png_set_gAMA(png, info, options->gamma);
    }
    if (options->has_trns) {
        png_color_16 color;
        memset(&color, 0, sizeof color);
        color.gray = options->trns_gray;
        color.red = options->trns_red;
        color.green = options->trns_green;
        color.blue = options->trns_blue;
        png_set_tRNS(png, info, NULL, 0, &color);
    }
    png_write_info(png, info);
    if (options->depth == 16 && host_is_little_endian()) {
        png_set_swap(png);
    }
    rows = malloc((options->height > 0 ? options->height : 1) * sizeof(png_bytep));
    if (rows == NULL) {
        png_error(png, "out of memory for row pointers");
    }
    // libpng copies each row before transforming it, so the caller's samples are only read.
    unsigned char *samples = (unsigned char *)(uintptr_t)options->samples;
    for (png_uint_32 y = 0; y < options->height; y++) {
        rows[y] = samples + (size_t)y * row_bytes;
    }
    png_write_image(png, rows);
    png_write_end(png, info);

    free(rows);
    png_destroy_write_struct(&png, &info);
    *png_out = sink->data;
    *png_size = sink->size;
    free(sink);
    return 0;
}

void pngoracle_free_buffer(void *buffer) {
    free(buffer);
}

#endif  // defined(__linux__)
