// GamutKit's libtiff boundary (see include/gk_tiff.h): memory streams for libtiff's client I/O, per-handle message
// handlers, and the strip/tile loops that interleave samples.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Built only with the package trait TIFF (on Linux): elsewhere the library and its headers may be missing, and the
   target compiles to nothing, as SwiftPM builds every target of the package. */
#ifdef GAMUTKIT_TIFF
#include <tiffio.h>

#include "gk_tiff.h"

// MARK: Messages

typedef struct {
    char error[512];
    char warning[512];
    int32_t warnings;
} gk_tiff_messages;

static void keep(char *slot, size_t size, const char *module, const char *format, va_list arguments) {
    char text[448];
    vsnprintf(text, sizeof text, format, arguments);
    if (module != NULL && module[0] != 0 && strcmp(module, "memory") != 0) {
        snprintf(slot, size, "%s: %s", module, text);
    } else {
        snprintf(slot, size, "%s", text);
    }
}

/// libtiff's directory reader drops what it can't use with a warning ("Incorrect count for StripOffsets; tag
/// ignored", "Incorrect value for ICC Profile; tag ignored" when a truncated file ends before a tag's data), then
/// carries on: a file missing its strip table or its profile would read as garbage or as untagged. Such messages
/// count as errors. These cost nothing: unknown, unsorted or untyped tags, unterminated ASCII, old-style LZW (which
/// decodes correctly; libtiff only suggests converting the file), old-style JPEG's own deprecation notice, and a
/// colormap whose values all fit 8 bits, which the RGBA reader reads as 8-bit, as other readers do.
static int is_harmless(const char *format) {
    static const char *const harmless[] = {
        "Unknown field with tag", "not sorted in ascending order", "does not end in null byte", "ASCII value for tag",
        "Old-style LZW codes", "thus tag is not read from file", "Deprecated and troublesome old-style JPEG",
        "Assuming 8-bit colormap",
    };
    for (size_t i = 0; i < sizeof harmless / sizeof *harmless; i++) {
        if (strstr(format, harmless[i]) != NULL) return 1;
    }
    return 0;
}

/// A fax line that ends early or runs long ("Premature EOL", "Line length mismatch") is decoded as libtiff decodes
/// it, the rest of the line white, as fax viewers show it: the caller reports it rather than refusing the file. A fax
/// strip that ends early (premature EOF) stays an error.
static int is_reported(const char *module, const char *format) {
    return module != NULL && strncmp(module, "Fax", 3) == 0 && strncmp(format, "%s at line ", 11) == 0;
}

/// Keeps the first error; returning 1 stops libtiff from also calling its global handler (which prints).
static int on_error(TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
    (void)tif;
    gk_tiff_messages *messages = user;
    if (is_harmless(format)) return 1;
    if (messages->error[0] == 0) keep(messages->error, sizeof messages->error, module, format, arguments);
    return 1;
}

static int on_warning(TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
    (void)tif;
    gk_tiff_messages *messages = user;
    if (is_harmless(format)) return 1;
    if (!is_reported(module, format)) {
        if (messages->error[0] == 0) keep(messages->error, sizeof messages->error, module, format, arguments);
        return 1;
    }
    if (messages->warnings++ == 0) keep(messages->warning, sizeof messages->warning, module, format, arguments);
    return 1;
}

static TIFFOpenOptions *options_for(gk_tiff_messages *messages, size_t max_allocation) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, messages);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, messages);
    if (max_allocation > 0) TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_allocation);
    return options;
}

// MARK: Memory streams

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    size_t position;
    /// Reading: the caller's bytes (data is then NULL and nothing is written).
    const uint8_t *input;
} gk_stream;

static tmsize_t stream_read(thandle_t handle, void *buffer, tmsize_t count) {
    gk_stream *stream = handle;
    const uint8_t *bytes = stream->input != NULL ? stream->input : stream->data;
    if (count < 0 || stream->position >= stream->size) return 0;
    size_t n = stream->size - stream->position;
    if ((size_t)count < n) n = (size_t)count;
    memcpy(buffer, bytes + stream->position, n);
    stream->position += n;
    return (tmsize_t)n;
}

static tmsize_t stream_write(thandle_t handle, void *buffer, tmsize_t count) {
    gk_stream *stream = handle;
    if (stream->input != NULL || count < 0) return -1;
    size_t end = stream->position + (size_t)count;
    if (end < stream->position) return -1;
    if (end > stream->capacity) {
        size_t capacity = stream->capacity < 65536 ? 65536 : stream->capacity;
        while (capacity < end) capacity *= 2;
        uint8_t *grown = realloc(stream->data, capacity);
        if (grown == NULL) return -1;
        stream->data = grown;
        stream->capacity = capacity;
    }
    if (stream->position > stream->size) memset(stream->data + stream->size, 0, stream->position - stream->size);
    memcpy(stream->data + stream->position, buffer, (size_t)count);
    stream->position = end;
    if (end > stream->size) stream->size = end;
    return count;
}

static toff_t stream_seek(thandle_t handle, toff_t offset, int whence) {
    gk_stream *stream = handle;
    uint64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? stream->position : stream->size;
    uint64_t position = base + offset;
    // A seek far past the end can only be a broken offset; refuse it rather than grow a writer's buffer.
    if (position > ((uint64_t)1 << 40)) return (toff_t)-1;
    stream->position = (size_t)position;
    return position;
}

static int stream_close(thandle_t handle) { (void)handle; return 0; }
static toff_t stream_size(thandle_t handle) { return ((gk_stream *)handle)->size; }
static int stream_map(thandle_t handle, void **base, toff_t *size) { (void)handle; (void)base; (void)size; return 0; }
static void stream_unmap(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

// MARK: Reading

struct gk_tiff_reader {
    gk_stream stream;
    gk_tiff_messages messages;
    size_t max_allocation;
    TIFF *tif;
    gk_tiff_info info;
};

gk_tiff_reader *gk_tiff_reader_new(const uint8_t *data, size_t size, size_t max_allocation) {
    gk_tiff_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->stream.input = data;
    reader->stream.size = size;
    reader->max_allocation = max_allocation;
    return reader;
}

void gk_tiff_reader_free(gk_tiff_reader *reader) {
    if (reader == NULL) return;
    if (reader->tif != NULL) TIFFClose(reader->tif);
    free(reader);
}

const char *gk_tiff_message(const gk_tiff_reader *reader) { return reader->messages.error; }

const char *gk_tiff_warning(const gk_tiff_reader *reader, int32_t *count) {
    *count = reader->messages.warnings;
    return reader->messages.warning;
}

static gk_tiff_status fail(gk_tiff_reader *reader, gk_tiff_status status, const char *format, ...) {
    if (reader->messages.error[0] == 0) {
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(reader->messages.error, sizeof reader->messages.error, format, arguments);
        va_end(arguments);
    }
    return status;
}

gk_tiff_status gk_tiff_reader_open(gk_tiff_reader *reader, gk_tiff_info *info) {
    memset(info, 0, sizeof *info);
    if (reader->tif != NULL) return fail(reader, GK_TIFF_ARGUMENT, "already open");
    TIFFOpenOptions *options = options_for(&reader->messages, reader->max_allocation);
    if (options == NULL) return fail(reader, GK_TIFF_NO_MEMORY, "out of memory");
    // "m": never memory-map (the stream is memory already, and reads stay bounds-checked by stream_read).
    reader->tif = TIFFClientOpenExt("memory", "rm", &reader->stream, stream_read, stream_write, stream_seek, stream_close,
                                    stream_size, stream_map, stream_unmap, options);
    TIFFOpenOptionsFree(options);
    if (reader->tif == NULL) return fail(reader, GK_TIFF_INVALID, "not a readable TIFF");
    TIFF *tif = reader->tif;
    uint32_t width = 0, height = 0;
    if (!TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width) || !TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height)) {
        return fail(reader, GK_TIFF_INVALID, "the first directory has no image width or length");
    }
    info->width = width;
    info->height = height;
    uint16_t value = 0;
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &value);
    info->samples_per_pixel = value;
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &value);
    info->bits_per_sample = value;
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &value);
    info->sample_format = value;
    info->photometric = TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &value) ? value : 0xFFFF;
    TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &value);
    info->planar_config = value;
    TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &value);
    info->compression = value;
    info->codec_configured = TIFFIsCODECConfigured(value) ? 1 : 0;
    value = ORIENTATION_TOPLEFT;
    TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &value);
    info->orientation = value;
    uint16_t extra_count = 0;
    uint16_t *extra_types = NULL;
    if (TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, &extra_count, &extra_types) && extra_count > 0 && extra_types != NULL) {
        info->extra_samples = extra_count;
        info->first_extra = extra_types[0];
    }
    value = INKSET_CMYK;
    TIFFGetFieldDefaulted(tif, TIFFTAG_INKSET, &value);
    info->ink_set = value;
    info->tiled = TIFFIsTiled(tif) ? 1 : 0;
    info->more_pages = TIFFLastDirectory(tif) ? 0 : 1;
    uint32_t icc_size = 0;
    void *icc = NULL;
    if (TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_size, &icc) && icc != NULL && icc_size > 0) {
        info->icc = icc;
        info->icc_size = icc_size;
    }
    reader->info = *info;
    // libtiff reads on past some damage, dropping what it can't read (a tag whose data lies past the end of a
    // truncated file: the ICC profile, the strip table) with a message. Any such message is a failure here (a file
    // missing its profile would otherwise read as untagged); `info` is filled all the same, so that the caller can
    // refuse an image over its pixel budget with that reason first.
    return reader->messages.error[0] != 0 ? GK_TIFF_INVALID : GK_TIFF_OK;
}

/// Copies `count` samples of `sample_bytes` each from `source` (contiguous) to every `stride`-th sample slot of `destination`.
static void scatter(uint8_t *destination, size_t stride, const uint8_t *source, size_t count, size_t sample_bytes) {
    for (size_t i = 0; i < count; i++) memcpy(destination + i * stride, source + i * sample_bytes, sample_bytes);
}

static gk_tiff_status read_strips(gk_tiff_reader *reader, uint8_t *pixels, size_t row_length, size_t sample_bytes) {
    TIFF *tif = reader->tif;
    const gk_tiff_info *info = &reader->info;
    int separate = info->planar_config == PLANARCONFIG_SEPARATE && info->samples_per_pixel > 1;
    uint16_t planes = separate ? info->samples_per_pixel : 1;
    size_t plane_row = separate ? (size_t)info->width * sample_bytes : row_length;
    uint32_t rows_per_strip = info->height;
    TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
    if (rows_per_strip == 0 || rows_per_strip > info->height) rows_per_strip = info->height;
    uint8_t *scratch = NULL;
    if (separate) {
        scratch = malloc(plane_row * rows_per_strip);
        if (scratch == NULL) return fail(reader, GK_TIFF_NO_MEMORY, "out of memory for a strip of %u rows", rows_per_strip);
    }
    gk_tiff_status status = GK_TIFF_OK;
    for (uint16_t plane = 0; plane < planes && status == GK_TIFF_OK; plane++) {
        for (uint32_t row = 0; row < info->height; row += rows_per_strip) {
            uint32_t rows = info->height - row < rows_per_strip ? info->height - row : rows_per_strip;
            uint32_t strip = TIFFComputeStrip(tif, row, plane);
            if (strip >= TIFFNumberOfStrips(tif)) {
                status = fail(reader, GK_TIFF_INVALID, "strip %u of %u is missing", strip, TIFFNumberOfStrips(tif));
                break;
            }
            size_t expected = plane_row * rows;
            uint8_t *target = separate ? scratch : pixels + (size_t)row * row_length;
            tmsize_t got = TIFFReadEncodedStrip(tif, strip, target, (tmsize_t)expected);
            if (got < 0) {
                status = fail(reader, GK_TIFF_INVALID, "cannot decode strip %u", strip);
                break;
            }
            if ((size_t)got < expected) {
                status = fail(reader, GK_TIFF_SHORT, "strip %u decodes to %lld bytes, %zu expected (truncated or corrupt data)",
                              strip, (long long)got, expected);
                break;
            }
            if (separate) {
                for (uint32_t r = 0; r < rows; r++) {
                    scatter(pixels + (size_t)(row + r) * row_length + plane * sample_bytes, info->samples_per_pixel * sample_bytes,
                            scratch + (size_t)r * plane_row, info->width, sample_bytes);
                }
            }
        }
    }
    free(scratch);
    return status;
}

static gk_tiff_status read_tiles(gk_tiff_reader *reader, uint8_t *pixels, size_t row_length, size_t sample_bytes) {
    TIFF *tif = reader->tif;
    const gk_tiff_info *info = &reader->info;
    uint32_t tile_width = 0, tile_height = 0;
    if (!TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tile_width) || !TIFFGetField(tif, TIFFTAG_TILELENGTH, &tile_height)
        || tile_width == 0 || tile_height == 0) {
        return fail(reader, GK_TIFF_INVALID, "a tiled image without a tile size");
    }
    int separate = info->planar_config == PLANARCONFIG_SEPARATE && info->samples_per_pixel > 1;
    uint16_t planes = separate ? info->samples_per_pixel : 1;
    size_t pixel_bytes = (size_t)info->samples_per_pixel * sample_bytes;
    size_t tile_pixel = separate ? sample_bytes : pixel_bytes;
    uint64_t tile_size = (uint64_t)tile_width * tile_height * tile_pixel;
    if (reader->max_allocation > 0 && tile_size > reader->max_allocation) {
        return fail(reader, GK_TIFF_NO_MEMORY, "a tile of %ux%u pixels is over the allocation limit", tile_width, tile_height);
    }
    uint8_t *tile = malloc((size_t)tile_size);
    if (tile == NULL) return fail(reader, GK_TIFF_NO_MEMORY, "out of memory for a tile of %ux%u pixels", tile_width, tile_height);
    gk_tiff_status status = GK_TIFF_OK;
    for (uint16_t plane = 0; plane < planes && status == GK_TIFF_OK; plane++) {
        for (uint32_t y = 0; y < info->height && status == GK_TIFF_OK; y += tile_height) {
            for (uint32_t x = 0; x < info->width; x += tile_width) {
                uint32_t index = TIFFComputeTile(tif, x, y, 0, plane);
                if (index >= TIFFNumberOfTiles(tif)) {
                    status = fail(reader, GK_TIFF_INVALID, "tile %u of %u is missing", index, TIFFNumberOfTiles(tif));
                    break;
                }
                tmsize_t got = TIFFReadEncodedTile(tif, index, tile, (tmsize_t)tile_size);
                if (got < 0) {
                    status = fail(reader, GK_TIFF_INVALID, "cannot decode tile %u", index);
                    break;
                }
                if ((uint64_t)got < tile_size) {
                    status = fail(reader, GK_TIFF_SHORT, "tile %u decodes to %lld bytes, %llu expected (truncated or corrupt data)",
                                  index, (long long)got, (unsigned long long)tile_size);
                    break;
                }
                uint32_t columns = info->width - x < tile_width ? info->width - x : tile_width;
                uint32_t rows = info->height - y < tile_height ? info->height - y : tile_height;
                for (uint32_t r = 0; r < rows; r++) {
                    const uint8_t *source = tile + (size_t)r * tile_width * tile_pixel;
                    uint8_t *target = pixels + (size_t)(y + r) * row_length + (size_t)x * pixel_bytes;
                    if (separate) {
                        scatter(target + plane * sample_bytes, pixel_bytes, source, columns, sample_bytes);
                    } else {
                        memcpy(target, source, (size_t)columns * pixel_bytes);
                    }
                }
            }
        }
    }
    free(tile);
    return status;
}

gk_tiff_status gk_tiff_read(gk_tiff_reader *reader, uint8_t *pixels, size_t size) {
    if (reader->tif == NULL) return fail(reader, GK_TIFF_ARGUMENT, "not open");
    const gk_tiff_info *info = &reader->info;
    if (info->bits_per_sample != 8 && info->bits_per_sample != 16 && info->bits_per_sample != 32) {
        return fail(reader, GK_TIFF_UNSUPPORTED, "%u bits per sample", info->bits_per_sample);
    }
    size_t sample_bytes = info->bits_per_sample / 8;
    size_t row_length = (size_t)info->width * info->samples_per_pixel * sample_bytes;
    if (info->width == 0 || info->height == 0 || info->samples_per_pixel == 0 || row_length * info->height > size) {
        return fail(reader, GK_TIFF_ARGUMENT, "the output buffer doesn't fit %ux%u pixels", info->width, info->height);
    }
    gk_tiff_status status = info->tiled ? read_tiles(reader, pixels, row_length, sample_bytes) : read_strips(reader, pixels, row_length, sample_bytes);
    // A codec may report damage and still fill the buffer: that is a failure too.
    if (status == GK_TIFF_OK && reader->messages.error[0] != 0) return GK_TIFF_INVALID;
    return status;
}

gk_tiff_status gk_tiff_read_rgba(gk_tiff_reader *reader, uint32_t *raster, size_t count) {
    if (reader->tif == NULL) return fail(reader, GK_TIFF_ARGUMENT, "not open");
    const gk_tiff_info *info = &reader->info;
    if (info->width == 0 || info->height == 0 || (size_t)info->width * info->height > count) {
        return fail(reader, GK_TIFF_ARGUMENT, "the output buffer doesn't fit %ux%u pixels", info->width, info->height);
    }
    char message[1024] = {0};
    TIFFRGBAImage image;
    // Not stopping at a strip that reports a failure, as tiff2rgba reads: a fax strip with lines of the wrong length
    // reports one after decoding it. Real damage leaves an error message, which fails the read below.
    if (!TIFFRGBAImageBegin(&image, reader->tif, 0, message)) return fail(reader, GK_TIFF_UNSUPPORTED, "%s", message);
    // Rows as stored, top first: the orientation tag is applied by the caller, for every layout alike (libtiff's
    // reader would only flip, never transpose, for orientations 5 to 8).
    image.req_orientation = image.orientation;
    int ok = TIFFRGBAImageGet(&image, raster, info->width, info->height);
    TIFFRGBAImageEnd(&image);
    if (!ok || reader->messages.error[0] != 0) {
        return fail(reader, GK_TIFF_INVALID, "cannot decode the image data");
    }
    return GK_TIFF_OK;
}

// MARK: Writing

gk_tiff_status gk_tiff_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int32_t color_channels,
                              int32_t has_alpha, int32_t bits, size_t row_bytes, int32_t compression,
                              const uint8_t *icc, size_t icc_size, uint16_t orientation, uint8_t **output,
                              size_t *output_size, char *message, size_t message_size) {
    *output = NULL;
    *output_size = 0;
    if (message_size > 0) message[0] = 0;
    uint16_t samples = (uint16_t)(color_channels + (has_alpha ? 1 : 0));
    size_t row_length = (size_t)width * samples * (size_t)(bits / 8);
    if ((color_channels != 1 && color_channels != 3) || (bits != 8 && bits != 16 && bits != 32) || width == 0 || height == 0
        || row_bytes < row_length || icc_size > UINT32_MAX) {
        snprintf(message, message_size, "TIFF writer: %ux%u, %d channels, %d bits is not a layout it writes", width, height,
                 (int)color_channels, (int)bits);
        return GK_TIFF_ARGUMENT;
    }
    if (!TIFFIsCODECConfigured((uint16_t)compression)) {
        snprintf(message, message_size, "this libtiff has no encoder for compression %d", (int)compression);
        return GK_TIFF_UNSUPPORTED;
    }
    gk_tiff_messages messages = {0};
    gk_stream stream = {0};
    TIFFOpenOptions *options = options_for(&messages, 0);
    uint8_t *row = malloc(row_length);
    if (options == NULL || row == NULL) {
        TIFFOpenOptionsFree(options);
        free(row);
        snprintf(message, message_size, "out of memory");
        return GK_TIFF_NO_MEMORY;
    }
    TIFF *tif = TIFFClientOpenExt("memory", "wm", &stream, stream_read, stream_write, stream_seek, stream_close, stream_size,
                                  stream_map, stream_unmap, options);
    TIFFOpenOptionsFree(options);
    int ok = tif != NULL;
    if (ok) {
        uint16_t extra[1] = {EXTRASAMPLE_UNASSALPHA};
        ok = TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, width) && TIFFSetField(tif, TIFFTAG_IMAGELENGTH, height)
            && TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, samples) && TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, (uint16_t)bits)
            && TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, (uint16_t)(bits == 32 ? SAMPLEFORMAT_IEEEFP : SAMPLEFORMAT_UINT))
            && TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, (uint16_t)(color_channels == 1 ? PHOTOMETRIC_MINISBLACK : PHOTOMETRIC_RGB))
            && TIFFSetField(tif, TIFFTAG_PLANARCONFIG, (uint16_t)PLANARCONFIG_CONTIG)
            && TIFFSetField(tif, TIFFTAG_ORIENTATION, (uint16_t)(orientation >= 1 && orientation <= 8 ? orientation : 1))
            && TIFFSetField(tif, TIFFTAG_COMPRESSION, (uint16_t)compression)
            && (!has_alpha || TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, (uint16_t)1, extra))
            && (icc_size == 0 || TIFFSetField(tif, TIFFTAG_ICCPROFILE, (uint32_t)icc_size, icc));
        if (ok && (compression == GK_TIFF_COMPRESSION_LZW || compression == GK_TIFF_COMPRESSION_DEFLATE)) {
            ok = TIFFSetField(tif, TIFFTAG_PREDICTOR, (uint16_t)(bits == 32 ? PREDICTOR_FLOATINGPOINT : PREDICTOR_HORIZONTAL));
        }
        ok = ok && TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tif, 0));
        // Each row is copied first: the predictors difference the row they are given in place.
        for (uint32_t y = 0; ok && y < height; y++) {
            memcpy(row, pixels + (size_t)y * row_bytes, row_length);
            ok = TIFFWriteScanline(tif, row, y, 0) == 1;
        }
        ok = ok && TIFFWriteDirectory(tif);
        TIFFClose(tif);
    }
    free(row);
    if (!ok || messages.error[0] != 0) {
        snprintf(message, message_size, "%s", messages.error[0] != 0 ? messages.error : "libtiff could not write the image");
        free(stream.data);
        return GK_TIFF_INVALID;
    }
    *output = stream.data;
    *output_size = stream.size;
    return GK_TIFF_OK;
}

void gk_tiff_free(void *pointer) { free(pointer); }

#endif /* GAMUTKIT_TIFF */
