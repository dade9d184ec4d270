#ifndef GK_SHAPER_H
#define GK_SHAPER_H

#include <stddef.h>
#include <stdint.h>

/// The tables of GamutKit's matrix/shaper kernel (see ShaperKernel.swift): three linearization tables indexed by
/// input code, the 3×3 matrix (row-major), and three encoding tables indexed by a clipped linear float's top 16 bits.
typedef struct {
    const float *input[3];
    const float *matrix;
    const float *output[3];
} gk_shaper_tables;

/// Whether this CPU runs the vector kernel (x86-64 with AVX2); when 0, gk_shaper_row converts nothing.
int gk_shaper_available(void);

/// Converts the color channels of the leading pixels of one row, eight at a time, with results identical bit for bit to
/// ShaperKernel's scalar loop, and returns how many pixels it converted: the largest multiple of 8 up to `width`.
/// `input_bits` and `output_bits` are 8 or 16, `input_channels` and `output_channels` 3 or 4 (samples per pixel);
/// alpha is left to the caller.
size_t gk_shaper_row(const gk_shaper_tables *tables, const void *input, int input_bits, int input_channels,
                     void *output, int output_bits, int output_channels, size_t width);

/// The tables of the analyzer's display-code pass (PixelPass.displayCodes in GamutKit): per-code linear light of the
/// source's three channels, the matrix from it to the target's linear light and the one to XYZ D50 (row-major), the
/// target's encoding tables (display codes), and the gamut tolerance.
typedef struct {
    const float *input[3];
    const float *matrix;
    const float *to_xyz;
    const float *encode[3];
    float tolerance;
} gk_display_tables;

/// What one row's pass found: out-of-gamut pixels and in-gamut ones with a display code within two of 0 or 255, each
/// with its position and source XYZ (four floats, the fourth 0: Swift's SIMD3<Float> layout), and the pixels counted
/// (not transparent). The counts are added to.
typedef struct {
    intptr_t *outside;
    float *outside_xyz;
    size_t outside_count;
    intptr_t *edge;
    float *edge_xyz;
    size_t edge_count;
    size_t counted;
} gk_display_lists;

/// The display code of each of the row's leading pixels, eight at a time, identical bit for bit to the Swift loop's:
/// r | g << 8 | b << 16, with `out_of_gamut` added where a linear target channel leaves 0…1 by more than the tolerance,
/// and `transparent` alone for pixels whose alpha (channel `alpha_channel`, -1 for none) is 0. Returns how many pixels
/// it did: the largest multiple of 8 up to `width`, or 0 where the vector kernel doesn't run. `bits` is 8 or 16,
/// `channels` 3 or 4.
size_t gk_display_codes_row(const gk_display_tables *tables, const void *row, int bits, int channels, int alpha_channel,
                            size_t width, uint32_t *codes, uint32_t out_of_gamut, uint32_t transparent,
                            gk_display_lists *lists);

/// Lab and CIEDE2000 of the analyzer's listed out-of-gamut pixels (PixelPass.measureOutside in GamutKit), eight at a
/// time, identical bit for bit to BatchColorMath's Swift code: for pixel i, its source XYZ D50 at xyz[4i…4i+2] and the
/// Lab it is shown as at shown[4i…4i+2] give its Lab at lab[4i…4i+2] (lab[4i+3] = 0), its ΔE00 at delta_e[i] and 1 at
/// fallback[i] where the hues are nearly opposite (the caller recomputes those in double precision), else 0. Returns how
/// many pixels it measured: the largest multiple of 8 up to `count`, or 0 where the kernel doesn't run
/// (gk_shaper_available).
size_t gk_outside_lab_de00(const float *xyz, const float *shown, float *lab, float *delta_e, int32_t *fallback,
                           size_t count);

#endif
