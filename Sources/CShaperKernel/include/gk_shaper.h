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

#endif
