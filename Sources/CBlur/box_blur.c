// Box blurs of 8-bit planes (see include/box_blur.h), the shadow blur's inner loops.
//
// Division: every output is q = floor((s + r) / w) for a window sum s ≤ 255·w and width
// w = 2r + 1 (wider than 4,095: an integer division). For narrower windows the portable path multiplies by m = floor(2³² / w) + 1 and shifts: with
// x = s + r, x·m / 2³² = x / w + x·(m − 2³²/w) / 2³², whose error is below x / 2³² < 1 / w, and
// x / w is at least 1 / w short of the next integer, so the floor is exact. The SSE2 path
// computes (x + 0.5) · (1 / w) in single precision: x + 0.5 < 2²⁰ is exact, the product is off
// by at most 2·2⁻²⁴ relative (below 2⁻¹⁵ absolute), and (x + 0.5) / w lies at least 0.5 / w >
// 2⁻¹⁴ from an integer, so truncation gives the same q. Both paths give the same bytes.
// Plain C with SSE2 at most (x86-64's baseline): no AVX state to manage.
#include "box_blur.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static int force_portable = 0;

void flipbook_box_blur_force_portable(int portable) { force_portable = portable; }

/// Windows wider than this divide exactly instead (the multiplier's bound no longer holds).
enum { WIDEST_MULTIPLIED = 4095 };

/// q for x = s + r: multiplier 0 means divide by `width` (wide windows).
static inline uint8_t divide(uint32_t x, uint64_t multiplier, uint32_t width) {
    return (uint8_t)(multiplier ? ((uint64_t)x * multiplier) >> 32 : x / width);
}

static inline uint64_t multiplier_for(size_t radius) {
    size_t width = 2 * radius + 1;
    return width <= WIDEST_MULTIPLIED ? (UINT64_C(1) << 32) / width + 1 : 0;
}

/// One running-sum box blur of each row of `source` into `target`.
static void horizontal(const uint8_t *source, uint8_t *target, size_t width, size_t height, size_t radius) {
    const uint64_t multiplier = multiplier_for(radius);
    const uint32_t half = (uint32_t)radius, box = (uint32_t)(2 * radius + 1);
    for (size_t y = 0; y < height; y++) {
        const uint8_t *s = source + y * width;
        uint8_t *t = target + y * width;
        uint32_t sum = 0;
        size_t lead = radius < width ? radius : width;
        for (size_t i = 0; i < lead; i++) sum += s[i];
        // Column i adds s[i + r] while it exists and drops s[i − r − 1] once it exists.
        size_t i = 0;
        size_t both_from = radius + 1, add_until = width > radius ? width - radius : 0;
        for (; i < width && i < both_from && i < add_until; i++) {
            sum += s[i + radius];
            t[i] = divide(sum + half, multiplier, box);
        }
        for (; i < add_until; i++) {
            sum += s[i + radius];
            sum -= s[i - radius - 1];
            t[i] = divide(sum + half, multiplier, box);
        }
        for (; i < width; i++) {
            if (i >= both_from) sum -= s[i - radius - 1];
            t[i] = divide(sum + half, multiplier, box);
        }
    }
}

#if defined(__SSE2__)
/// p[j] = s[0] + … + s[j] for the `width` bytes of a row, 16 a step: each half of the bytes
/// summed in place as 16-bit lanes (8 · 255 fits), widened, and the running total added.
static void prefix_row(const uint8_t *s, uint32_t *p, size_t width) {
    const __m128i zero = _mm_setzero_si128();
    __m128i carry = zero;   // the total so far, in every lane
    size_t x = 0;
    for (; x + 16 <= width; x += 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(s + x));
        __m128i lo = _mm_unpacklo_epi8(bytes, zero), hi = _mm_unpackhi_epi8(bytes, zero);
        lo = _mm_add_epi16(lo, _mm_slli_si128(lo, 2));
        hi = _mm_add_epi16(hi, _mm_slli_si128(hi, 2));
        lo = _mm_add_epi16(lo, _mm_slli_si128(lo, 4));
        hi = _mm_add_epi16(hi, _mm_slli_si128(hi, 4));
        lo = _mm_add_epi16(lo, _mm_slli_si128(lo, 8));
        hi = _mm_add_epi16(hi, _mm_slli_si128(hi, 8));
        __m128i l0 = _mm_add_epi32(_mm_unpacklo_epi16(lo, zero), carry);
        __m128i l1 = _mm_add_epi32(_mm_unpackhi_epi16(lo, zero), carry);
        __m128i middle = _mm_shuffle_epi32(l1, 0xFF);
        __m128i h0 = _mm_add_epi32(_mm_unpacklo_epi16(hi, zero), middle);
        __m128i h1 = _mm_add_epi32(_mm_unpackhi_epi16(hi, zero), middle);
        carry = _mm_shuffle_epi32(h1, 0xFF);
        __m128i *q = (__m128i *)(void *)(p + x);
        _mm_storeu_si128(q, l0);
        _mm_storeu_si128(q + 1, l1);
        _mm_storeu_si128(q + 2, h0);
        _mm_storeu_si128(q + 3, h1);
    }
    uint32_t total = x ? p[x - 1] : 0;
    for (; x < width; x++) p[x] = total += s[x];
}

/// The horizontal pass from prefix sums, the same bytes as `horizontal`: column i's window
/// sum is p[min(i + r, width − 1)] − p[i − r − 1] (nothing to subtract for i ≤ r), divided as
/// `vertical_row` divides, 16 columns a step where both ends lie inside the row.
static void horizontal_sse2(const uint8_t *source, uint8_t *target, uint32_t *p, size_t width, size_t height,
                            size_t radius) {
    const uint64_t multiplier = multiplier_for(radius);
    const uint32_t half = (uint32_t)radius, box = (uint32_t)(2 * radius + 1);
    const __m128i h = _mm_set1_epi32((int)half);
    const __m128 inv = _mm_set1_ps(1.0f / (float)box), point_five = _mm_set1_ps(0.5f);
    // Columns [radius + 1, width − radius) read both ends inside the row.
    const size_t inner_from = radius + 1, inner_until = width > radius ? width - radius : 0;
    for (size_t y = 0; y < height; y++) {
        const uint8_t *s = source + y * width;
        uint8_t *t = target + y * width;
        prefix_row(s, p, width);
        size_t i = 0;
        for (; i < width && i < inner_from; i++) {
            uint32_t sum = p[i + radius < width ? i + radius : width - 1];
            t[i] = divide(sum + half, multiplier, box);
        }
        if (multiplier) {
            for (; i + 16 <= inner_until; i += 16) {
                __m128i q[4];
                for (int k = 0; k < 4; k++) {
                    __m128i add = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 4 * k + radius));
                    __m128i drop = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 4 * k - radius - 1));
                    __m128i v = _mm_add_epi32(_mm_sub_epi32(add, drop), h);
                    q[k] = _mm_cvttps_epi32(_mm_mul_ps(_mm_add_ps(_mm_cvtepi32_ps(v), point_five), inv));
                }
                __m128i lo = _mm_packs_epi32(q[0], q[1]), hi = _mm_packs_epi32(q[2], q[3]);
                _mm_storeu_si128((__m128i *)(void *)(t + i), _mm_packus_epi16(lo, hi));
            }
        }
        for (; i < width; i++) {
            uint32_t sum = p[i + radius < width ? i + radius : width - 1] - (i >= inner_from ? p[i - radius - 1] : 0);
            t[i] = divide(sum + half, multiplier, box);
        }
    }
}
#endif

/// Row `y` of the vertical blur from the column sums: target[x] = q(sums[x]).
static void vertical_row(const uint32_t *sums, uint8_t *t, size_t width, uint32_t half, uint64_t multiplier, uint32_t box,
                         float inverse) {
    size_t x = 0;
#if defined(__SSE2__)
    if (!force_portable && multiplier) {
        const __m128i h = _mm_set1_epi32((int)half);
        const __m128 inv = _mm_set1_ps(inverse), point_five = _mm_set1_ps(0.5f);
        for (; x + 16 <= width; x += 16) {
            __m128i q[4];
            for (int k = 0; k < 4; k++) {
                __m128i v = _mm_add_epi32(_mm_loadu_si128((const __m128i *)(const void *)(sums + x + 4 * k)), h);
                __m128 f = _mm_mul_ps(_mm_add_ps(_mm_cvtepi32_ps(v), point_five), inv);
                q[k] = _mm_cvttps_epi32(f);
            }
            __m128i lo = _mm_packs_epi32(q[0], q[1]), hi = _mm_packs_epi32(q[2], q[3]);
            _mm_storeu_si128((__m128i *)(void *)(t + x), _mm_packus_epi16(lo, hi));
        }
    }
#else
    (void)inverse;
#endif
    for (; x < width; x++) t[x] = divide(sums[x] + half, multiplier, box);
}

static void add_row(uint32_t *sums, const uint8_t *s, size_t width) {
    size_t x = 0;
#if defined(__SSE2__)
    if (!force_portable) {
        const __m128i zero = _mm_setzero_si128();
        for (; x + 16 <= width; x += 16) {
            __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(s + x));
            __m128i lo = _mm_unpacklo_epi8(bytes, zero), hi = _mm_unpackhi_epi8(bytes, zero);
            __m128i *p = (__m128i *)(void *)(sums + x);
            _mm_storeu_si128(p, _mm_add_epi32(_mm_loadu_si128(p), _mm_unpacklo_epi16(lo, zero)));
            _mm_storeu_si128(p + 1, _mm_add_epi32(_mm_loadu_si128(p + 1), _mm_unpackhi_epi16(lo, zero)));
            _mm_storeu_si128(p + 2, _mm_add_epi32(_mm_loadu_si128(p + 2), _mm_unpacklo_epi16(hi, zero)));
            _mm_storeu_si128(p + 3, _mm_add_epi32(_mm_loadu_si128(p + 3), _mm_unpackhi_epi16(hi, zero)));
        }
    }
#endif
    for (; x < width; x++) sums[x] += s[x];
}

/// Adds row `add` (or nothing) and subtracts row `drop` (or nothing) from the column sums.
static void slide(uint32_t *sums, const uint8_t *add, const uint8_t *drop, size_t width) {
    if (add) add_row(sums, add, width);
    if (!drop) return;
    size_t x = 0;
#if defined(__SSE2__)
    if (!force_portable) {
        const __m128i zero = _mm_setzero_si128();
        for (; x + 16 <= width; x += 16) {
            __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(drop + x));
            __m128i lo = _mm_unpacklo_epi8(bytes, zero), hi = _mm_unpackhi_epi8(bytes, zero);
            __m128i *p = (__m128i *)(void *)(sums + x);
            _mm_storeu_si128(p, _mm_sub_epi32(_mm_loadu_si128(p), _mm_unpacklo_epi16(lo, zero)));
            _mm_storeu_si128(p + 1, _mm_sub_epi32(_mm_loadu_si128(p + 1), _mm_unpackhi_epi16(lo, zero)));
            _mm_storeu_si128(p + 2, _mm_sub_epi32(_mm_loadu_si128(p + 2), _mm_unpacklo_epi16(hi, zero)));
            _mm_storeu_si128(p + 3, _mm_sub_epi32(_mm_loadu_si128(p + 3), _mm_unpackhi_epi16(hi, zero)));
        }
    }
#endif
    for (; x < width; x++) sums[x] -= drop[x];
}

/// The same down each column, a whole row of column sums at a time.
static void vertical(const uint8_t *source, uint8_t *target, uint32_t *sums, size_t width, size_t height, size_t radius) {
    const uint64_t multiplier = multiplier_for(radius);
    const float inverse = 1.0f / (float)(2 * radius + 1);
    const uint32_t half = (uint32_t)radius, box = (uint32_t)(2 * radius + 1);
    memset(sums, 0, width * sizeof *sums);
    for (size_t y = 0; y < radius && y < height; y++) add_row(sums, source + y * width, width);
    for (size_t y = 0; y < height; y++) {
        slide(sums, y + radius < height ? source + (y + radius) * width : NULL,
              y >= radius + 1 ? source + (y - radius - 1) * width : NULL, width);
        vertical_row(sums, target + y * width, width, half, multiplier, box, inverse);
    }
}

void flipbook_box_blur(uint8_t *plane, uint8_t *scratch, uint32_t *sums, size_t width, size_t height,
                       const int32_t *radii, size_t count) {
    for (size_t k = 0; k < count; k++) {
        size_t radius = radii[k] > 0 ? (size_t)radii[k] : 0;
#if defined(__SSE2__)
        if (!force_portable) {
            horizontal_sse2(plane, scratch, sums, width, height, radius);
        } else {
            horizontal(plane, scratch, width, height, radius);
        }
#else
        horizontal(plane, scratch, width, height, radius);
#endif
        vertical(scratch, plane, sums, width, height, radius);
    }
}
