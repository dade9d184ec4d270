// Reversing PNG's row filters (PNG specification, section 9.2) for GamutKit's PNG row decoder, which inflates the image
// data with ISA-L and then calls this per row. On x86-64 the Sub, Average and Paeth filters of 3-, 4-, 6- and 8-byte pixels
// run one pixel at a time in SSE2 lanes of 16 bits (the technique of libpng's filter_sse2_intrinsics.c); every other case,
// and every other CPU, runs the scalar loops. Both give the same bytes: the tests compare every row of PngSuite's and
// libpng's images with libspng's decoding.
#include "gk_png_filter.h"

#include <string.h>

static inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)b - c, q = (int)a - c;
    int pa = p < 0 ? -p : p, pb = q < 0 ? -q : q, pc = p + q < 0 ? -(p + q) : p + q;
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

static void unfilter_scalar(uint8_t *out, const uint8_t *x, const uint8_t *b, size_t length, unsigned bpp,
                            unsigned filter) {
    size_t head = bpp < length ? bpp : length;
    switch (filter) {
    case 1:
        memcpy(out, x, head);
        for (size_t i = bpp; i < length; i++) out[i] = (uint8_t)(x[i] + out[i - bpp]);
        break;
    case 3:
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(x[i] + (b[i] >> 1));
        for (size_t i = bpp; i < length; i++) out[i] = (uint8_t)(x[i] + ((out[i - bpp] + b[i]) >> 1));
        break;
    case 4:
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(x[i] + b[i]);
        for (size_t i = bpp; i < length; i++) out[i] = (uint8_t)(x[i] + paeth(out[i - bpp], b[i], b[i - bpp]));
        break;
    }
}

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

#define GK_INLINE static inline __attribute__((always_inline))

// Eight bytes at p, widened to 16-bit lanes (the lanes past the pixel are ignored).
GK_INLINE __m128i load(const uint8_t *p) { return _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)p), _mm_setzero_si128()); }
GK_INLINE void store(uint8_t *p, __m128i v) { _mm_storel_epi64((__m128i *)p, _mm_packus_epi16(v, v)); }
GK_INLINE __m128i abs16(__m128i v) { return _mm_max_epi16(v, _mm_sub_epi16(_mm_setzero_si128(), v)); }
GK_INLINE __m128i select16(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

// One filter over a row of `bpp`-byte pixels; `a` is the pixel to the left, `c` the one above it.
GK_INLINE void unfilter_vector(uint8_t *out, const uint8_t *x, const uint8_t *prev, size_t length, const unsigned bpp,
                               const unsigned filter) {
    const __m128i low = _mm_set1_epi16(0xFF);
    __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
    for (size_t i = 0; i < length; i += bpp) {
        __m128i value = load(x + i), b = load(prev + i);
        if (filter == 1) {
            a = _mm_and_si128(_mm_add_epi16(value, a), low);
        } else if (filter == 3) {
            a = _mm_and_si128(_mm_add_epi16(value, _mm_srli_epi16(_mm_add_epi16(a, b), 1)), low);
        } else {
            __m128i p = _mm_sub_epi16(b, c), q = _mm_sub_epi16(a, c);
            __m128i pa = abs16(p), pb = abs16(q), pc = abs16(_mm_add_epi16(p, q));
            __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
            __m128i nearest = select16(_mm_cmpeq_epi16(smallest, pa), a, select16(_mm_cmpeq_epi16(smallest, pb), b, c));
            a = _mm_and_si128(_mm_add_epi16(value, nearest), low);
            c = b;
        }
        store(out + i, a);
    }
}

#define GK_CASES(filter)                                                                                               \
    switch (bpp) {                                                                                                     \
    case 3: unfilter_vector(out, filtered, previous, length, 3, filter); return 1;                                     \
    case 4: unfilter_vector(out, filtered, previous, length, 4, filter); return 1;                                     \
    case 6: unfilter_vector(out, filtered, previous, length, 6, filter); return 1;                                     \
    case 8: unfilter_vector(out, filtered, previous, length, 8, filter); return 1;                                     \
    default: return 0;                                                                                                 \
    }

// Runs the vector loop when there is one for this pixel size; returns whether it ran.
static int unfilter_fast(uint8_t *out, const uint8_t *filtered, const uint8_t *previous, size_t length, unsigned bpp,
                         unsigned filter) {
    if (length % bpp != 0) return 0;
    switch (filter) {
    case 1: GK_CASES(1)
    case 3: GK_CASES(3)
    default: GK_CASES(4)
    }
}
#else
static int unfilter_fast(uint8_t *out, const uint8_t *filtered, const uint8_t *previous, size_t length, unsigned bpp,
                         unsigned filter) {
    (void)out, (void)filtered, (void)previous, (void)length, (void)bpp, (void)filter;
    return 0;
}
#endif

int gk_png_unfilter(uint8_t *out, const uint8_t *filtered, const uint8_t *previous, size_t length, unsigned bpp,
                    unsigned filter) {
    switch (filter) {
    case 0: memcpy(out, filtered, length); return 0;
    case 2:
        for (size_t i = 0; i < length; i++) out[i] = (uint8_t)(filtered[i] + previous[i]);
        return 0;
    case 1:
    case 3:
    case 4:
        if (!unfilter_fast(out, filtered, previous, length, bpp, filter)) {
            unfilter_scalar(out, filtered, previous, length, bpp, filter);
        }
        return 0;
    default: return -1;
    }
}

// `out` and `row` don't overlap (restrict), so the compiler vectorizes the swap (SSE2 shifts on baseline x86-64, a
// byte shuffle where the target has one); written a byte at a time it ran at about one byte per cycle.
void gk_png_copy_row(void *restrict out, const uint8_t *restrict row, size_t length, int swap16) {
    if (!swap16) {
        memcpy(out, row, length);
        return;
    }
    uint8_t *restrict o = out;
    for (size_t i = 0; i < length / 2; i++) {
        uint16_t v;
        memcpy(&v, row + 2 * i, 2);
        v = (uint16_t)(v << 8 | v >> 8);
        memcpy(o + 2 * i, &v, 2);
    }
}
