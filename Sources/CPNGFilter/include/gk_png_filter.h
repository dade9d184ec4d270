#ifndef GK_PNG_FILTER_H
#define GK_PNG_FILTER_H

#include <stddef.h>
#include <stdint.h>

/// Bytes every buffer given to gk_png_unfilter must have past `length` (readable for the inputs, writable for `out`): the
/// vector loops load and store eight bytes per pixel.
#define GK_PNG_ROW_PADDING 16

/// Reverses PNG filter `filter` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth; PNG specification, section 9) on one row of
/// `length` bytes: `filtered` is the row as stored (without its filter-type byte), `previous` the row above, already
/// reversed (zeros above the first row), `bpp` the bytes per complete pixel (1 to 8). Writes the row's bytes to `out`,
/// which must not overlap either input. Returns 0, or -1 for a filter type over 4.
int gk_png_unfilter(uint8_t *out, const uint8_t *filtered, const uint8_t *previous, size_t length, unsigned bpp,
                    unsigned filter);

/// Copies `length` bytes of a reversed row to `out`, swapping the bytes of each 16-bit sample when `swap16` is non-zero
/// (PNG stores 16-bit samples big-endian). `out` and `row` must not overlap.
void gk_png_copy_row(void *out, const uint8_t *row, size_t length, int swap16);

#endif
