// The AVX2 building blocks of GamutKit's vector kernels (gk_shaper.c, gk_display.c): each is the Swift code's operation
// in the same order and in single precision, with no fused multiply-add, so the results are identical bit for bit.
#ifndef GK_VECTOR_H
#define GK_VECTOR_H
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#pragma STDC FP_CONTRACT OFF

#define GK_AVX2 __attribute__((target("avx2")))

// table[at[0]], …, table[at[7]].
GK_AVX2 static inline __m256 lookup(const float *table, const uint32_t at[8]) {
    return _mm256_setr_ps(table[at[0]], table[at[1]], table[at[2]], table[at[3]], table[at[4]], table[at[5]], table[at[6]],
                          table[at[7]]);
}

// Sample `index` of a row of 8- or 16-bit samples (16-bit ones possibly unaligned).
static inline uint32_t sample(const uint8_t *row, int bits, size_t index) {
    if (bits == 8) return row[index];
    uint16_t value;
    memcpy(&value, row + 2 * index, 2);
    return value;
}

// The linear light of channel `c` of eight pixels: table[sample] for each.
GK_AVX2 static inline __m256 linear(const float *table, const uint8_t *pixels, int bits, int channels, int c) {
#define GK_AT(k) table[sample(pixels, bits, (size_t)((k) * channels + c))]
    return _mm256_setr_ps(GK_AT(0), GK_AT(1), GK_AT(2), GK_AT(3), GK_AT(4), GK_AT(5), GK_AT(6), GK_AT(7));
#undef GK_AT
}

// ShaperKernel.encode: clip to 0…1 (NaN and −0 to +0), index by the top 16 bits, interpolate by the low 16.
GK_AVX2 static inline __m256 encode(__m256 value, const float *table) {
    __m256 positive = _mm256_cmp_ps(value, _mm256_setzero_ps(), _CMP_GT_OQ);
    __m256 clipped = _mm256_and_ps(_mm256_min_ps(value, _mm256_set1_ps(1.0f)), positive);
    __m256i bits = _mm256_castps_si256(clipped);
    __m256i index = _mm256_srli_epi32(bits, 16);
    __m256 fraction = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(bits, _mm256_set1_epi32(0xFFFF))),
                                    _mm256_set1_ps(1.0f / 65536.0f));
    uint32_t at[8];
    _mm256_storeu_si256((__m256i *)at, index);
    __m256 low = lookup(table, at);
    __m256 high = lookup(table + 1, at);
    return _mm256_add_ps(low, _mm256_mul_ps(_mm256_sub_ps(high, low), fraction));
}

// m[0] * r + m[1] * g + m[2] * b, evaluated left to right as in Swift.
GK_AVX2 static inline __m256 row_of(const float *m, __m256 r, __m256 g, __m256 b) {
    return _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(m[0]), r), _mm256_mul_ps(_mm256_set1_ps(m[1]), g)),
                         _mm256_mul_ps(_mm256_set1_ps(m[2]), b));
}

#endif
