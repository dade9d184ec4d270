// The analyzer's display-code pass (PixelPass.displayCodes), eight pixels at a time with AVX2: linear light from the
// per-code tables, the matrix to the target, the target's encoding, the out-of-gamut test, all as the Swift loop does
// them (same operations, same order, single precision, no fused multiply-add), so codes and lists are identical bit for
// bit (the tests compare them with the Swift loop). Listing and the alpha test stay per pixel: few pixels are listed.
#include "gk_shaper.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include "gk_vector.h"

// Source XYZ of one pixel: s[0] * X + s[1] * Y + s[2] * Z per row, left to right.
static inline void source_xyz(const float *s, float x, float y, float z, float *out) {
    out[0] = s[0] * x + s[1] * y + s[2] * z;
    out[1] = s[3] * x + s[4] * y + s[5] * z;
    out[2] = s[6] * x + s[7] * y + s[8] * z;
    out[3] = 0;
}

GK_AVX2 static inline __attribute__((always_inline)) size_t codes_row(const gk_display_tables *t, const uint8_t *row, int bits,
                                                                      int channels, int alpha, size_t width, uint32_t *codes,
                                                                      uint32_t out_of_gamut, uint32_t transparent,
                                                                      gk_display_lists *lists) {
    const int bytes = bits / 8 * channels;
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256 low = _mm256_set1_ps(-t->tolerance), high = _mm256_set1_ps(1.0f + t->tolerance);
    const float *m = t->matrix;
    size_t x = 0;
    for (; x + 8 <= width; x += 8) {
        const uint8_t *base = row + x * (size_t)bytes;
        __m256 X = linear(t->input[0], base, bits, channels, 0);
        __m256 Y = linear(t->input[1], base, bits, channels, 1);
        __m256 Z = linear(t->input[2], base, bits, channels, 2);
        __m256 r = row_of(m, X, Y, Z), g = row_of(m + 3, X, Y, Z), b = row_of(m + 6, X, Y, Z);
        __m256i cr = _mm256_cvttps_epi32(_mm256_add_ps(encode(r, t->encode[0]), half));
        __m256i cg = _mm256_cvttps_epi32(_mm256_add_ps(encode(g, t->encode[1]), half));
        __m256i cb = _mm256_cvttps_epi32(_mm256_add_ps(encode(b, t->encode[2]), half));
        __m256i code = _mm256_or_si256(cr, _mm256_or_si256(_mm256_slli_epi32(cg, 8), _mm256_slli_epi32(cb, 16)));
        __m256 outside = _mm256_or_ps(
            _mm256_or_ps(_mm256_or_ps(_mm256_cmp_ps(r, low, _CMP_LT_OQ), _mm256_cmp_ps(g, low, _CMP_LT_OQ)),
                         _mm256_or_ps(_mm256_cmp_ps(b, low, _CMP_LT_OQ), _mm256_cmp_ps(r, high, _CMP_GT_OQ))),
            _mm256_or_ps(_mm256_cmp_ps(g, high, _CMP_GT_OQ), _mm256_cmp_ps(b, high, _CMP_GT_OQ)));
        int outside_bits = _mm256_movemask_ps(outside);
        uint32_t lane[8];
        _mm256_storeu_si256((__m256i *)(void *)lane, code);
        // The common case: no transparency to test, nothing out of gamut and nothing near the display's edge.
        if (alpha < 0 && outside_bits == 0) {
            __m256i near = _mm256_setzero_si256();
            for (int shift = 0; shift <= 16; shift += 8) {
                __m256i c = _mm256_and_si256(_mm256_srli_epi32(code, shift), _mm256_set1_epi32(0xFF));
                near = _mm256_or_si256(near, _mm256_cmpgt_epi32(_mm256_set1_epi32(3), c));
                near = _mm256_or_si256(near, _mm256_cmpgt_epi32(c, _mm256_set1_epi32(252)));
            }
            if (_mm256_testz_si256(near, near)) {
                _mm256_storeu_si256((__m256i *)(void *)(codes + x), code);
                lists->counted += 8;
                continue;
            }
        }
        float xs[8], ys[8], zs[8];
        _mm256_storeu_ps(xs, X);
        _mm256_storeu_ps(ys, Y);
        _mm256_storeu_ps(zs, Z);
        for (int k = 0; k < 8; k++) {
            size_t at = x + (size_t)k;
            if (alpha >= 0 && sample(row, bits, at * (size_t)channels + (size_t)alpha) == 0) {
                codes[at] = transparent;
                continue;
            }
            lists->counted += 1;
            uint32_t c = lane[k];
            if (outside_bits >> k & 1) {
                lists->outside[lists->outside_count] = (intptr_t)at;
                source_xyz(t->to_xyz, xs[k], ys[k], zs[k], lists->outside_xyz + 4 * lists->outside_count);
                lists->outside_count += 1;
                c |= out_of_gamut;
            } else {
                uint32_t r8 = c & 0xFF, g8 = c >> 8 & 0xFF, b8 = c >> 16;
                if (r8 <= 2 || r8 >= 253 || g8 <= 2 || g8 >= 253 || b8 <= 2 || b8 >= 253) {
                    lists->edge[lists->edge_count] = (intptr_t)at;
                    source_xyz(t->to_xyz, xs[k], ys[k], zs[k], lists->edge_xyz + 4 * lists->edge_count);
                    lists->edge_count += 1;
                }
            }
            codes[at] = c;
        }
    }
    return x;
}

// One copy of the loop per sample depth and channel count, so those tests leave the loop.
#define GK_SPECIALIZE(BITS, CHANNELS)                                                                                      \
    GK_AVX2 static size_t codes_##BITS##_##CHANNELS(const gk_display_tables *t, const uint8_t *row, int alpha, size_t width, \
                                                    uint32_t *codes, uint32_t out_of_gamut, uint32_t transparent,          \
                                                    gk_display_lists *lists) {                                             \
        return codes_row(t, row, BITS, CHANNELS, alpha, width, codes, out_of_gamut, transparent, lists);                  \
    }
GK_SPECIALIZE(16, 3)
GK_SPECIALIZE(16, 4)
GK_SPECIALIZE(8, 3)
GK_SPECIALIZE(8, 4)

size_t gk_display_codes_row(const gk_display_tables *tables, const void *row, int bits, int channels, int alpha_channel,
                            size_t width, uint32_t *codes, uint32_t out_of_gamut, uint32_t transparent,
                            gk_display_lists *lists) {
    if (!gk_shaper_available()) return 0;
    if ((bits != 8 && bits != 16) || (channels != 3 && channels != 4)) return 0;
    if (alpha_channel >= channels) return 0;
    const uint8_t *in = row;
    if (bits == 16) {
        return channels == 3 ? codes_16_3(tables, in, alpha_channel, width, codes, out_of_gamut, transparent, lists)
                             : codes_16_4(tables, in, alpha_channel, width, codes, out_of_gamut, transparent, lists);
    }
    return channels == 3 ? codes_8_3(tables, in, alpha_channel, width, codes, out_of_gamut, transparent, lists)
                         : codes_8_4(tables, in, alpha_channel, width, codes, out_of_gamut, transparent, lists);
}

#else

size_t gk_display_codes_row(const gk_display_tables *tables, const void *row, int bits, int channels, int alpha_channel,
                            size_t width, uint32_t *codes, uint32_t out_of_gamut, uint32_t transparent,
                            gk_display_lists *lists) {
    (void)tables; (void)row; (void)bits; (void)channels; (void)alpha_channel;
    (void)width; (void)codes; (void)out_of_gamut; (void)transparent; (void)lists;
    return 0;
}

#endif
