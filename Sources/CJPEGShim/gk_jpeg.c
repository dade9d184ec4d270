// GamutKit's libjpeg boundary (see include/gk_jpeg.h): every libjpeg call is made here, under a setjmp in the same
// function, so libjpeg's error exit returns to C code that turns it into a status. State that must survive a longjmp
// lives on the heap (the decoder, the encoder's state), never in non-volatile locals changed after setjmp.
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Built only with the package trait JPEG (on Linux): elsewhere the library and its headers may be missing, and the
   target compiles to nothing, as SwiftPM builds every target of the package. */
#ifdef GAMUTKIT_JPEG
#include <jpeglib.h>
#include <jerror.h>

#include "gk_jpeg.h"

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    /// Set before jumping: the status the interrupted call returns.
    gk_jpeg_status status;
    char message[JMSG_LENGTH_MAX];
    int32_t warnings;
    char first_warning[JMSG_LENGTH_MAX];
    /// The scan limit (decoding only; 0 for none).
    int32_t max_scans;
} gk_error_manager;

static gk_jpeg_status status_for_error(int code) {
    switch (code) {
    case JERR_OUT_OF_MEMORY:
    case JERR_NO_BACKING_STORE:
    case JERR_TFILE_CREATE:
        return GK_JPEG_NO_MEMORY;
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
        return GK_JPEG_UNSUPPORTED;
    case JERR_INPUT_EMPTY:
    case JERR_INPUT_EOF:
        return GK_JPEG_TRUNCATED;
    default:
        return GK_JPEG_INVALID;
    }
}

/// libjpeg's error_exit: keep the message and jump back to the shim function that made the call.
static void on_error(j_common_ptr cinfo) {
    gk_error_manager *manager = (gk_error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->message);
    manager->status = status_for_error(cinfo->err->msg_code);
    longjmp(manager->jump, 1);
}

/// libjpeg's emit_message. Trace messages (level ≥ 0) are dropped. Warnings about corrupt or missing data, after
/// which libjpeg would carry on with gray blocks, are failures; the harmless ones (an unknown Adobe transform code or
/// JFIF version) are counted and the first kept.
static void on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    gk_error_manager *manager = (gk_error_manager *)cinfo->err;
    int code = cinfo->err->msg_code;
    if (code == JWRN_ADOBE_XFORM || code == JWRN_JFIF_MAJOR) {
        if (manager->warnings++ == 0) (*cinfo->err->format_message)(cinfo, manager->first_warning);
        return;
    }
    (*cinfo->err->format_message)(cinfo, manager->message);
    manager->status = code == JWRN_JPEG_EOF ? GK_JPEG_TRUNCATED : GK_JPEG_CORRUPT;
    longjmp(manager->jump, 1);
}

/// Nothing is printed: messages reach Swift through the status.
static void on_output(j_common_ptr cinfo) { (void)cinfo; }

/// Stops progressive files with more scans than the limit (as djpeg's -maxscans does).
static void on_progress(j_common_ptr cinfo) {
    gk_error_manager *manager = (gk_error_manager *)cinfo->err;
    if (!cinfo->is_decompressor || manager->max_scans <= 0) return;
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    if (decompress->input_scan_number > manager->max_scans) {
        snprintf(manager->message, sizeof manager->message, "more than %d scans (a progressive file this complex takes too long to decode)",
                 (int)manager->max_scans);
        manager->status = GK_JPEG_TOO_MANY_SCANS;
        longjmp(manager->jump, 1);
    }
}

static void install(gk_error_manager *manager, struct jpeg_error_mgr **slot) {
    *slot = jpeg_std_error(&manager->pub);
    manager->pub.error_exit = on_error;
    manager->pub.emit_message = on_message;
    manager->pub.output_message = on_output;
    manager->status = GK_JPEG_OK;
}

// MARK: Decoding

struct gk_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    gk_error_manager errors;
    struct jpeg_progress_mgr progress;
    const uint8_t *data;
    size_t size;
    int created;
};

gk_jpeg_decoder *gk_jpeg_decoder_new(const uint8_t *data, size_t size) {
    gk_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = size;
    install(&decoder->errors, &decoder->cinfo.err);
    if (setjmp(decoder->errors.jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->created = 1;
    decoder->progress.progress_monitor = on_progress;
    decoder->cinfo.progress = &decoder->progress;
    return decoder;
}

void gk_jpeg_decoder_free(gk_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder);
}

static int32_t space(J_COLOR_SPACE value) {
    switch (value) {
    case JCS_GRAYSCALE: return GK_JPEG_SPACE_GRAY;
    case JCS_RGB: return GK_JPEG_SPACE_RGB;
    case JCS_YCbCr: return GK_JPEG_SPACE_YCBCR;
    case JCS_CMYK: return GK_JPEG_SPACE_CMYK;
    case JCS_YCCK: return GK_JPEG_SPACE_YCCK;
    default: return GK_JPEG_SPACE_UNKNOWN;
    }
}

gk_jpeg_status gk_jpeg_read_header(gk_jpeg_decoder *decoder, gk_jpeg_header *header) {
    memset(header, 0, sizeof *header);
    if (setjmp(decoder->errors.jump)) return decoder->errors.status;
    jpeg_mem_src(&decoder->cinfo, decoder->data, (unsigned long)decoder->size);
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 2, 0xFFFF);
    if (jpeg_read_header(&decoder->cinfo, TRUE) != JPEG_HEADER_OK) {
        snprintf(decoder->errors.message, sizeof decoder->errors.message, "the file holds tables but no image");
        return GK_JPEG_INVALID;
    }
    const struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->components = cinfo->num_components;
    header->color_space = space(cinfo->jpeg_color_space);
    header->precision = cinfo->data_precision;
    header->saw_adobe = cinfo->saw_Adobe_marker ? 1 : 0;
    header->adobe_transform = cinfo->Adobe_transform;
    header->saw_jfif = cinfo->saw_JFIF_marker ? 1 : 0;
    header->progressive = cinfo->progressive_mode ? 1 : 0;
    return GK_JPEG_OK;
}

size_t gk_jpeg_marker_count(const gk_jpeg_decoder *decoder) {
    size_t count = 0;
    for (jpeg_saved_marker_ptr marker = decoder->cinfo.marker_list; marker != NULL; marker = marker->next) count++;
    return count;
}

int gk_jpeg_marker_at(const gk_jpeg_decoder *decoder, size_t index, gk_jpeg_marker *result) {
    size_t i = 0;
    for (jpeg_saved_marker_ptr marker = decoder->cinfo.marker_list; marker != NULL; marker = marker->next, i++) {
        if (i == index) {
            result->code = marker->marker;
            result->data = marker->data;
            result->length = marker->data_length;
            return 1;
        }
    }
    return 0;
}

gk_jpeg_status gk_jpeg_decode(gk_jpeg_decoder *decoder, uint8_t *pixels, size_t row_bytes, size_t size,
                              size_t max_memory, int32_t max_scans) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (setjmp(decoder->errors.jump)) return decoder->errors.status;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: cinfo->out_color_space = JCS_GRAYSCALE; break;
    case JCS_RGB:
    case JCS_YCbCr: cinfo->out_color_space = JCS_RGB; break;
    case JCS_CMYK:
    case JCS_YCCK: cinfo->out_color_space = JCS_CMYK; break;
    default:
        snprintf(decoder->errors.message, sizeof decoder->errors.message, "%d components in an unknown color space",
                 cinfo->num_components);
        return GK_JPEG_UNSUPPORTED;
    }
    cinfo->dct_method = JDCT_ISLOW;
    if (max_memory > 0) cinfo->mem->max_memory_to_use = (long)(max_memory > LONG_MAX ? LONG_MAX : max_memory);
    decoder->errors.max_scans = max_scans;
    jpeg_start_decompress(cinfo);
    size_t row_length = (size_t)cinfo->output_width * (size_t)cinfo->output_components;
    if (row_length > row_bytes || cinfo->output_height == 0
        || row_bytes * (cinfo->output_height - 1) + row_length > size) {
        snprintf(decoder->errors.message, sizeof decoder->errors.message, "the output buffer doesn't fit %ux%u pixels of %d components",
                 cinfo->output_width, cinfo->output_height, cinfo->output_components);
        jpeg_abort_decompress(cinfo);
        return GK_JPEG_ARGUMENT;
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = pixels + (size_t)cinfo->output_scanline * row_bytes;
        if (jpeg_read_scanlines(cinfo, &row, 1) != 1) {
            snprintf(decoder->errors.message, sizeof decoder->errors.message, "the decoder stopped at row %u", cinfo->output_scanline);
            jpeg_abort_decompress(cinfo);
            return GK_JPEG_TRUNCATED;
        }
    }
    jpeg_finish_decompress(cinfo);
    return GK_JPEG_OK;
}

const char *gk_jpeg_message(const gk_jpeg_decoder *decoder) { return decoder->errors.message; }
int32_t gk_jpeg_warning_count(const gk_jpeg_decoder *decoder) { return decoder->errors.warnings; }
const char *gk_jpeg_first_warning(const gk_jpeg_decoder *decoder) { return decoder->errors.first_warning; }

// MARK: Encoding

typedef struct {
    struct jpeg_compress_struct cinfo;
    gk_error_manager errors;
    unsigned char *buffer;
    unsigned long size;
    int created;
} gk_jpeg_encoder;

/// The most profile bytes jpeg_write_icc_profile can split: 255 APP2 markers of 65,519 bytes each.
static const size_t max_icc_size = 255 * 65519;

gk_jpeg_status gk_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int32_t components, size_t row_bytes,
                              int32_t quality, int32_t subsample, const uint8_t *icc, size_t icc_size,
                              const uint8_t *exif, size_t exif_size, uint8_t **output, size_t *output_size, char *message,
                              size_t message_size) {
    *output = NULL;
    *output_size = 0;
    if (message_size > 0) message[0] = 0;
    if ((components != 1 && components != 3) || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION
        || height > JPEG_MAX_DIMENSION || row_bytes < (size_t)width * (size_t)components) {
        snprintf(message, message_size, "JPEG stores 1 to 65500 pixels a side of gray or RGB; not %ux%u with %d components",
                 width, height, (int)components);
        return GK_JPEG_ARGUMENT;
    }
    if (icc_size > max_icc_size) {
        snprintf(message, message_size, "an ICC profile of %zu bytes doesn't fit in 255 APP2 markers (%zu bytes at most)",
                 icc_size, max_icc_size);
        return GK_JPEG_ARGUMENT;
    }
    if (exif_size > 65533) {
        snprintf(message, message_size, "an EXIF block of %zu bytes doesn't fit in an APP1 marker", exif_size);
        return GK_JPEG_ARGUMENT;
    }
    gk_jpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) {
        snprintf(message, message_size, "out of memory");
        return GK_JPEG_NO_MEMORY;
    }
    install(&encoder->errors, &encoder->cinfo.err);
    if (setjmp(encoder->errors.jump)) {
        gk_jpeg_status status = encoder->errors.status;
        snprintf(message, message_size, "%s", encoder->errors.message);
        if (encoder->created) jpeg_destroy_compress(&encoder->cinfo);
        free(encoder->buffer);
        free(encoder);
        return status;
    }
    jpeg_create_compress(&encoder->cinfo);
    encoder->created = 1;
    struct jpeg_compress_struct *cinfo = &encoder->cinfo;
    jpeg_mem_dest(cinfo, &encoder->buffer, &encoder->size);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = components;
    cinfo->in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    if (!subsample) {
        cinfo->comp_info[0].h_samp_factor = 1;
        cinfo->comp_info[0].v_samp_factor = 1;
    }
    cinfo->dct_method = JDCT_ISLOW;
    // EXIF's APP1 comes straight after SOI (CIPA DC-008): no JFIF APP0 before it.
    if (exif_size > 0) cinfo->write_JFIF_header = FALSE;
    jpeg_start_compress(cinfo, TRUE);
    if (exif_size > 0) jpeg_write_marker(cinfo, JPEG_APP0 + 1, exif, (unsigned int)exif_size);
    if (icc_size > 0) jpeg_write_icc_profile(cinfo, icc, (unsigned int)icc_size);
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo->next_scanline * row_bytes);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    *output = encoder->buffer;
    *output_size = encoder->size;
    jpeg_destroy_compress(cinfo);
    free(encoder);
    return GK_JPEG_OK;
}

void gk_jpeg_free(void *pointer) { free(pointer); }

#endif /* GAMUTKIT_JPEG */
