// Lab and CIEDE2000 of the analyzer's out-of-gamut pixels (PixelPass.measureOutside in GamutKit), eight at a time with
// AVX2: BatchColorMath's four-lane Swift code, operation for operation, in the same order and in single precision with
// no fused multiply-add, so the results are identical bit for bit (the tests compare them on random and edge-case
// colors). Swift's pointwise minimum and maximum are not x86's min and max, which return their second operand when
// either is NaN and when the two are equal (±0 included): Swift's return the operand that isn't NaN, and its minimum
// the first of two equal ones, so they are written out.
#include "gk_shaper.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include "gk_vector.h"

typedef __m256 v8;

GK_AVX2 static inline v8 splat(float v) { return _mm256_set1_ps(v); }
GK_AVX2 static inline v8 add(v8 a, v8 b) { return _mm256_add_ps(a, b); }
GK_AVX2 static inline v8 sub(v8 a, v8 b) { return _mm256_sub_ps(a, b); }
GK_AVX2 static inline v8 mul(v8 a, v8 b) { return _mm256_mul_ps(a, b); }
GK_AVX2 static inline v8 dvd(v8 a, v8 b) { return _mm256_div_ps(a, b); }
GK_AVX2 static inline v8 root(v8 a) { return _mm256_sqrt_ps(a); }
// `a` with `b` where `mask` is set (Swift's replacing(with:where:)).
GK_AVX2 static inline v8 pick(v8 a, v8 b, v8 mask) { return _mm256_blendv_ps(a, b, mask); }
GK_AVX2 static inline v8 lt(v8 a, v8 b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
GK_AVX2 static inline v8 le(v8 a, v8 b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
GK_AVX2 static inline v8 gt(v8 a, v8 b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
GK_AVX2 static inline v8 eq(v8 a, v8 b) { return _mm256_cmp_ps(a, b, _CMP_EQ_OQ); }
GK_AVX2 static inline v8 not(v8 mask) { return _mm256_xor_ps(mask, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }
GK_AVX2 static inline v8 negate(v8 a) { return _mm256_xor_ps(a, splat(-0.0f)); }
// Swift's Float.maximum(x, y): x when x > y or y is NaN, else y; minimum: x when x <= y or y is NaN, else y.
GK_AVX2 static inline v8 maximum(v8 x, v8 y) {
    return pick(y, x, _mm256_or_ps(gt(x, y), _mm256_cmp_ps(y, y, _CMP_UNORD_Q)));
}
GK_AVX2 static inline v8 minimum(v8 x, v8 y) {
    return pick(y, x, _mm256_or_ps(le(x, y), _mm256_cmp_ps(y, y, _CMP_UNORD_Q)));
}

// Swift's Float.pi, which is π rounded toward zero (not to nearest).
static const float swift_pi = 0x1.921fb4p+1f;
static const float twenty_five_7 = 6103515625.0f;

// BatchColorMath.cubeRoot: a seed from the exponent bits (bit pattern / 3 + 709921077, lane by lane), two Halley steps.
GK_AVX2 static inline v8 cube_root(v8 v) {
    uint32_t bits[8];
    _mm256_storeu_si256((__m256i *)bits, _mm256_castps_si256(v));
    for (int k = 0; k < 8; k++) bits[k] = bits[k] / 3 + 709921077u;
    v8 y = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)bits));
    for (int i = 0; i < 2; i++) {
        v8 y3 = mul(mul(y, y), y);
        y = mul(y, dvd(add(y3, mul(splat(2), v)), add(mul(splat(2), y3), v)));
    }
    return y;
}

// BatchColorMath.f.
GK_AVX2 static inline v8 lab_f(v8 t) {
    v8 small = le(t, splat(216.0f / 24389.0f));
    v8 linear = dvd(add(mul(splat(24389.0f / 27.0f), t), splat(16)), splat(116));
    return pick(cube_root(pick(t, splat(1), small)), linear, small);
}

// BatchColorMath.atan2Degrees.
GK_AVX2 static inline v8 atan2_degrees(v8 y, v8 x) {
    v8 ax = pick(x, negate(x), lt(x, _mm256_setzero_ps())), ay = pick(y, negate(y), lt(y, _mm256_setzero_ps()));
    v8 big = maximum(ax, ay), small = minimum(ax, ay);
    v8 a = dvd(small, pick(big, splat(1), eq(big, _mm256_setzero_ps())));
    v8 s = mul(a, a);
    v8 r = sub(mul(splat(0.0208351f), s), splat(0.085133f));
    r = add(mul(r, s), splat(0.180141f));
    r = sub(mul(r, s), splat(0.3302995f));
    r = mul(add(mul(r, s), splat(0.999866f)), a);
    r = pick(r, sub(splat(swift_pi / 2), r), gt(ay, ax));
    r = pick(r, sub(splat(swift_pi), r), lt(x, _mm256_setzero_ps()));
    r = pick(r, negate(r), lt(y, _mm256_setzero_ps()));
    return mul(r, splat(180 / swift_pi));
}

// BatchColorMath.exp, for x ≤ 0 (NaN and x > 0 taken as 0).
GK_AVX2 static inline v8 exp_negative(v8 x) {
    v8 scaled = mul(x, splat(1.44269504f));
    v8 t = pick(scaled, splat(-126), lt(scaled, splat(-126)));
    t = pick(t, _mm256_setzero_ps(), not(le(x, _mm256_setzero_ps())));
    __m256i whole = _mm256_cvttps_epi32(t);
    v8 truncated = _mm256_cvtepi32_ps(whole);
    whole = _mm256_sub_epi32(whole, _mm256_and_si256(_mm256_castps_si256(lt(t, truncated)), _mm256_set1_epi32(1)));
    v8 f = sub(t, _mm256_cvtepi32_ps(whole));
    v8 p = add(splat(0.00133336f), mul(f, splat(0.00015404f)));
    p = add(splat(0.00961813f), mul(f, p));
    p = add(splat(0.05550411f), mul(f, p));
    p = add(splat(0.2402265f), mul(f, p));
    p = add(splat(0.69314718f), mul(f, p));
    p = add(splat(1), mul(f, p));
    __m256i scale = _mm256_slli_epi32(_mm256_add_epi32(whole, _mm256_set1_epi32(127)), 23);
    return mul(p, _mm256_castsi256_ps(scale));
}

// BatchColorMath.sine, for 0 ≤ x ≤ π/3.
GK_AVX2 static inline v8 sine(v8 x) {
    v8 x2 = mul(x, x);
    v8 p = sub(splat(1), dvd(x2, splat(72)));
    p = sub(splat(1), mul(dvd(x2, splat(42)), p));
    p = sub(splat(1), mul(dvd(x2, splat(20)), p));
    p = sub(splat(1), mul(dvd(x2, splat(6)), p));
    return mul(x, p);
}

// BatchColorMath.difference; `fallback` gets the lanes whose hues are nearly opposite.
GK_AVX2 static inline v8 difference(v8 l1, v8 a1, v8 b1, v8 l2, v8 a2, v8 b2, v8 *fallback) {
    const v8 zero = _mm256_setzero_ps();
    v8 c1 = root(add(mul(a1, a1), mul(b1, b1))), c2 = root(add(mul(a2, a2), mul(b2, b2)));
    v8 cm = dvd(add(c1, c2), splat(2));
    v8 cm2 = mul(cm, cm);
    v8 c7 = mul(mul(mul(cm2, cm2), cm2), cm);
    v8 g = mul(splat(0.5f), sub(splat(1), root(dvd(c7, add(c7, splat(twenty_five_7))))));
    v8 ap1 = mul(add(splat(1), g), a1), ap2 = mul(add(splat(1), g), a2);
    v8 cp1 = root(add(mul(ap1, ap1), mul(b1, b1))), cp2 = root(add(mul(ap2, ap2), mul(b2, b2)));
    v8 product = mul(cp1, cp2);
    v8 both = gt(product, zero), neither = not(both);
    v8 safe1 = pick(cp1, splat(1), eq(cp1, zero)), safe2 = pick(cp2, splat(1), eq(cp2, zero));
    v8 u1x = dvd(ap1, safe1), u1y = dvd(b1, safe1), u2x = dvd(ap2, safe2), u2y = dvd(b2, safe2);
    v8 vx = add(u1x, u2x), vy = add(u1y, u2y);
    v8 length = root(add(mul(vx, vx), mul(vy, vy)));
    *fallback = _mm256_and_ps(both, lt(length, splat(0.05f)));
    v8 ch = pick(splat(1), add(u1x, u2x), neither), sh = pick(zero, add(u1y, u2y), neither);
    v8 none = eq(add(cp1, cp2), zero);
    ch = pick(ch, splat(1), none);
    sh = pick(sh, zero, none);
    v8 safe_length = pick(length, splat(1), lt(length, splat(0.05f)));
    ch = pick(ch, dvd(vx, safe_length), both);
    sh = pick(sh, dvd(vy, safe_length), both);
    v8 cross = sub(mul(ap1, b2), mul(ap2, b1));
    v8 denominator = pick(add(add(product, mul(ap1, ap2)), mul(b1, b2)), splat(1), neither);
    v8 dH = pick(dvd(mul(splat(1.4142136f), cross), root(denominator)), zero, neither);

    v8 dL = sub(l2, l1), dC = sub(cp2, cp1);
    v8 lm = dvd(add(l1, l2), splat(2)), cpm = dvd(add(cp1, cp2), splat(2));
    v8 c2h = sub(mul(mul(splat(2), ch), ch), splat(1)), s2h = mul(mul(splat(2), sh), ch);
    v8 c3h = sub(mul(c2h, ch), mul(s2h, sh)), s3h = add(mul(s2h, ch), mul(c2h, sh));
    v8 c4h = sub(mul(mul(splat(2), c2h), c2h), splat(1)), s4h = mul(mul(splat(2), s2h), c2h);
    v8 t1 = add(mul(ch, splat(0.8660254f)), mul(sh, splat(0.5f)));
    v8 t3 = sub(mul(c3h, splat(0.9945219f)), mul(s3h, splat(0.10452846f)));
    v8 t4 = add(mul(c4h, splat(0.4539905f)), mul(s4h, splat(0.8910065f)));
    v8 t = sub(splat(1), mul(splat(0.17f), t1));
    t = add(t, mul(splat(0.24f), c2h));
    t = add(t, mul(splat(0.32f), t3));
    t = sub(t, mul(splat(0.20f), t4));
    v8 near = gt(add(mul(ch, splat(0.08715574f)), mul(sh, splat(-0.9961947f))), splat(0.258819f));
    v8 rt = zero;
    if (_mm256_movemask_ps(near) != 0) {
        v8 h = atan2_degrees(sh, ch);
        h = pick(h, add(h, splat(360)), lt(h, zero));
        v8 u = dvd(sub(h, splat(275)), splat(25));
        v8 cpm2 = mul(cpm, cpm);
        v8 cp7 = mul(mul(mul(cpm2, cpm2), cpm2), cpm);
        v8 rc = mul(splat(2), root(dvd(cp7, add(cp7, splat(twenty_five_7)))));
        rt = pick(mul(negate(sine(mul(exp_negative(mul(negate(u), u)), splat(swift_pi / 3)))), rc), zero, not(near));
    }
    v8 l50 = mul(sub(lm, splat(50)), sub(lm, splat(50)));
    v8 sl = add(splat(1), dvd(mul(splat(0.015f), l50), root(add(splat(20), l50))));
    v8 sc = add(splat(1), mul(splat(0.045f), cpm));
    v8 shue = add(splat(1), mul(mul(splat(0.015f), cpm), t));
    v8 l = dvd(dL, sl), c = dvd(dC, sc), hh = dvd(dH, shue);
    v8 sum = mul(l, l);
    sum = add(sum, mul(c, c));
    sum = add(sum, mul(hh, hh));
    sum = add(sum, mul(mul(rt, c), hh));
    return root(sum);
}

// Lane `k` of eight four-float values starting at `p`.
#define GK_LANES(p, k)                                                                                                 \
    _mm256_setr_ps((p)[k], (p)[4 + (k)], (p)[8 + (k)], (p)[12 + (k)], (p)[16 + (k)], (p)[20 + (k)], (p)[24 + (k)],    \
                   (p)[28 + (k)])

// The loop, compiled for AVX2; entered only through gk_outside_lab_de00, which checks the CPU first (as gk_shaper_row
// does), so no AVX2 instruction runs before that check.
GK_AVX2 static size_t measure(const float *xyz, const float *shown, float *lab, float *delta_e, int32_t *fallback,
                              size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const float *p = xyz + 4 * i, *s = shown + 4 * i;
        v8 fx = lab_f(dvd(GK_LANES(p, 0), splat(0.9642f))), fy = lab_f(GK_LANES(p, 1)),
           fz = lab_f(dvd(GK_LANES(p, 2), splat(0.8249f)));
        v8 l = sub(mul(splat(116), fy), splat(16)), a = mul(splat(500), sub(fx, fy)), b = mul(splat(200), sub(fy, fz));
        v8 flags;
        v8 d = difference(l, a, b, GK_LANES(s, 0), GK_LANES(s, 1), GK_LANES(s, 2), &flags);
        float ls[8], as[8], bs[8];
        _mm256_storeu_ps(ls, l);
        _mm256_storeu_ps(as, a);
        _mm256_storeu_ps(bs, b);
        for (int k = 0; k < 8; k++) {
            float *o = lab + 4 * (i + (size_t)k);
            o[0] = ls[k];
            o[1] = as[k];
            o[2] = bs[k];
            o[3] = 0;
        }
        _mm256_storeu_ps(delta_e + i, d);
        _mm256_storeu_si256((__m256i *)(fallback + i), _mm256_and_si256(_mm256_castps_si256(flags), _mm256_set1_epi32(1)));
    }
    return i;
}

size_t gk_outside_lab_de00(const float *xyz, const float *shown, float *lab, float *delta_e, int32_t *fallback,
                           size_t count) {
    if (!gk_shaper_available()) return 0;
    return measure(xyz, shown, lab, delta_e, fallback, count);
}

#else

size_t gk_outside_lab_de00(const float *xyz, const float *shown, float *lab, float *delta_e, int32_t *fallback,
                           size_t count) {
    (void)xyz, (void)shown, (void)lab, (void)delta_e, (void)fallback, (void)count;
    return 0;
}

#endif
