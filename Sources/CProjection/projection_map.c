// Inverse projective mapping with bilinear sampling (see include/projection_map.h).
//
// Along a target row the back-projected point is X(c) / W(c), Y(c) / W(c) with X, Y and W
// linear in the column c. Each row is split into:
//   - its interior: the columns whose sample and its bilinear neighbours lie inside the source
//     with half a source pixel to spare, and W in range. There no pixel is bounds-checked. The
//     interior is walked in segments of at most LONGEST_SEGMENT columns. Over a segment the
//     sample position is a quadratic through the exact positions at its first, middle and last
//     columns, stepped by forward differences in 32.32 fixed point (no division per pixel), when
//     a fourth exact position (a quarter of the way in) shows the quadratic within TOLERANCE
//     source pixels; else the segment is halved and tried again, and below SHORTEST_SEGMENT
//     each column divides. (The quadratic's error grows with the cube of the length, so steep
//     perspective takes shorter segments.) Four equal neighbours (a flat colour) are copied.
//   - its edges: every other column, divided and bounds-checked per pixel.
// Plain C with SSE2 at most (x86-64's baseline), so no AVX state to manage.

#include "projection_map.h"

#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { LONGEST_SEGMENT = 64, SHORTEST_SEGMENT = 8 };
/// Source rows ahead of the one being read that the interior prefetches: along a row turned in
/// perspective the samples walk diagonally through the source, which the hardware prefetcher
/// does not follow, so each target row would otherwise wait on the source row below it.
enum { PREFETCH_ROWS = 6 };
/// Largest error of the quadratic, in source pixels: an eighth of the 1/256 weight step, so a
/// weight rarely moves, and then by one level (ProjectiveMapKernelTests bounds the effect).
static const double TOLERANCE = 1.0 / 2048;
/// 2^32: the fixed-point scale of the forward differences.
static const double FIXED_ONE = 4294967296.0;

/// a·(256 − f) + b·f, over 256, in each 8-bit channel (two channels a word, each 16-bit lane at
/// most 255 · 256).
static inline uint32_t lerp(uint32_t a, uint32_t b, uint32_t f) {
    const uint32_t mask = 0x00FF00FFu;
    return ((((a & mask) * (256 - f) + (b & mask) * f) >> 8) & mask)
         | ((((a >> 8) & mask) * (256 - f) + ((b >> 8) & mask) * f) & ~mask);
}

/// The bilinear blend of p00 p01 (top row) and p10 p11 with weights fx, fy in 0…255: first
/// along each row, then between the rows.
static inline uint32_t bilinear(uint32_t p00, uint32_t p01, uint32_t p10, uint32_t p11, uint32_t fx, uint32_t fy) {
    return lerp(lerp(p00, p01, fx), lerp(p10, p11, fx), fy);
}

/// The same blend of the pairs at `top` and `top + stride` (all four inside the source).
static inline uint32_t bilinear_at(const uint32_t *top, ptrdiff_t stride, uint32_t fx, uint32_t fy) {
#if defined(__SSE2__)
    uint64_t upper, lower;
    memcpy(&upper, top, 8);
    memcpy(&lower, top + stride, 8);
    // Four equal pixels blend to themselves.
    if (upper == lower && (uint32_t)upper == (uint32_t)(upper >> 32)) return (uint32_t)upper;
    // The same arithmetic (each step truncated to 8 bits) in 16-bit lanes: p00 p01 in the
    // low and high half of one register, p10 p11 in another.
    const __m128i zero = _mm_setzero_si128();
    __m128i t = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)upper), zero);
    __m128i b = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)lower), zero);
    const __m128i wx = _mm_unpacklo_epi64(_mm_set1_epi16((short)(256 - fx)), _mm_set1_epi16((short)fx));
    t = _mm_mullo_epi16(t, wx);
    b = _mm_mullo_epi16(b, wx);
    t = _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_si128(t, 8)), 8);
    b = _mm_srli_epi16(_mm_add_epi16(b, _mm_srli_si128(b, 8)), 8);
    __m128i v = _mm_add_epi16(_mm_mullo_epi16(t, _mm_set1_epi16((short)(256 - fy))), _mm_mullo_epi16(b, _mm_set1_epi16((short)fy)));
    v = _mm_srli_epi16(v, 8);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(v, v));
#else
    return bilinear(top[0], top[1], top[stride], top[stride + 1], fx, fy);
#endif
}

/// `src` OVER `*dst` (premultiplied), rounded as pixman rounds it (x · a / 255 to nearest,
/// then a saturating add), so compositing here equals painting the mapped image with Cairo.
static inline void composite_over(uint32_t *dst, uint32_t src) {
    const uint32_t alpha = src >> 24;
    if (alpha == 255) { *dst = src; return; }
    if (src == 0) return;
    const uint32_t keep = 255 - alpha, d = *dst;
    uint32_t rb = (d & 0x00FF00FFu) * keep + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((d >> 8) & 0x00FF00FFu) * keep + 0x00800080u;
    ag = ((ag + ((ag >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    // Per 16-bit lane: at most 255 + 255, then saturated back to 255.
    rb += src & 0x00FF00FFu;
    ag += (src >> 8) & 0x00FF00FFu;
    rb |= 0x01000100u - ((rb >> 8) & 0x00010001u);
    ag |= 0x01000100u - ((ag >> 8) & 0x00010001u);
    *dst = (rb & 0x00FF00FFu) | ((ag & 0x00FF00FFu) << 8);
}

/// Writes `value` to `*dst`: replacing it, or composited over it.
static inline void put(uint32_t *dst, uint32_t value, int over) {
    if (over) composite_over(dst, value); else *dst = value;
}

typedef struct {
    const uint32_t *pixels;
    int32_t width, height;
    ptrdiff_t stride;
} source_image;

/// The source pixel at (x, y), transparent outside the image.
static inline uint32_t pixel(const source_image *s, long x, long y) {
    return x >= 0 && y >= 0 && x < s->width && y < s->height ? s->pixels[y * s->stride + x] : 0;
}

/// The sample at the back-projected point (X, Y, W), every neighbour bounds-checked.
static uint32_t checked_sample(const source_image *s, double X, double Y, double W, double maximum_w) {
    if (!(W > 0 && W <= maximum_w)) return 0;
    const double inverse = 1 / W;
    // u + 1 and v + 1, where u, v are the sample's position relative to pixel centres.
    const double tx = X * inverse + 0.5, ty = Y * inverse + 0.5;
    if (!(tx > 0 && ty > 0 && tx < s->width + 1.0 && ty < s->height + 1.0)) return 0;
    // tx · 256 is exact, so its truncation is floor(tx) · 256 + the 8-bit weight.
    const long ix = (long)(tx * 256), iy = (long)(ty * 256);
    const long x0 = (ix >> 8) - 1, y0 = (iy >> 8) - 1;
    return bilinear(pixel(s, x0, y0), pixel(s, x0 + 1, y0), pixel(s, x0, y0 + 1), pixel(s, x0 + 1, y0 + 1),
                    (uint32_t)(ix & 255), (uint32_t)(iy & 255));
}

/// Narrows [*lo, *hi) to the columns c with a + b·c ≥ 0, keeping a column of margin.
static void narrow(double a, double b, long *lo, long *hi) {
    if (!isfinite(a) || !isfinite(b)) { *hi = *lo; return; }
    if (b == 0) {
        if (!(a >= 0)) *hi = *lo;
        return;
    }
    const double root = -a / b;
    if (b > 0) {
        const double first = ceil(root) + 1;
        if (!(first < (double)*hi)) { *hi = *lo; return; }
        if (first > (double)*lo) *lo = (long)first;
    } else {
        const double last = floor(root) - 1;
        if (!(last >= (double)*lo)) { *hi = *lo; return; }
        if (last + 1 < (double)*hi) *hi = (long)last + 1;
    }
}

/// One row's back-projection: X, Y, W at column c are x0 + c·dx, …
typedef struct { double x0, dx, y0, dy, w0, dw; } row_line;

/// The sample positions (u + 1, v + 1, in 32.32 fixed point) of columns a, a + 1, …, a + n − 1 of
/// a row as a quadratic stepped by forward differences: through the exact positions at the
/// first, middle and last columns, when a fourth (a quarter of the way in) shows it within
/// TOLERANCE. False (nothing written) otherwise.
typedef struct { int64_t x, y, dx, dy, ddx, ddy; } quadratic_steps;

static int fit_quadratic(row_line r, long a, long n, quadratic_steps *q) {
    const double last = (double)(n - 1), half = last / 2;
    double tx[4], ty[4];
    const double at[4] = { 0, half, last, last / 4 };
    for (int i = 0; i < 4; i++) {
        const double c = (double)a + at[i], W = r.w0 + c * r.dw;
        tx[i] = (r.x0 + c * r.dx) / W + 0.5;
        ty[i] = (r.y0 + c * r.dy) / W + 0.5;
    }
    // q(k) = t0 + k·p + k²·q through k = 0, half, last.
    const double h2 = half * half, l2 = last * last, den = half * l2 - last * h2;
    const double px = ((tx[1] - tx[0]) * l2 - (tx[2] - tx[0]) * h2) / den, qx = ((tx[2] - tx[0]) * half - (tx[1] - tx[0]) * last) / den;
    const double py = ((ty[1] - ty[0]) * l2 - (ty[2] - ty[0]) * h2) / den, qy = ((ty[2] - ty[0]) * half - (ty[1] - ty[0]) * last) / den;
    const double k = at[3];
    if (!(fabs(tx[0] + k * (px + k * qx) - tx[3]) <= TOLERANCE && fabs(ty[0] + k * (py + k * qy) - ty[3]) <= TOLERANCE)) return 0;
    // Truncated steps: 2^-32 each, under 10^-6 source pixels after a segment.
    q->x = (int64_t)(tx[0] * FIXED_ONE); q->y = (int64_t)(ty[0] * FIXED_ONE);
    q->dx = (int64_t)((px + qx) * FIXED_ONE); q->dy = (int64_t)((py + qy) * FIXED_ONE);
    q->ddx = (int64_t)(2 * qx * FIXED_ONE); q->ddy = (int64_t)(2 * qy * FIXED_ONE);
    return 1;
}

/// The interior columns [lo, hi) of a row: segments of at most LONGEST_SEGMENT columns by
/// forward differences, halved until the quadratic holds; below SHORTEST_SEGMENT, divided per
/// column.
static void interior(const source_image *s, row_line r, long lo, long hi, uint32_t *out, int over) {
    long a = lo;
    while (a < hi) {
        long n = hi - a < LONGEST_SEGMENT ? hi - a : LONGEST_SEGMENT;
        quadratic_steps q;
        while (n >= SHORTEST_SEGMENT && !fit_quadratic(r, a, n, &q)) n /= 2;
        if (n >= SHORTEST_SEGMENT) {
            for (long c = a; c < a + n; c++) {
                const long x0 = (long)(q.x >> 32) - 1, y0 = (long)(q.y >> 32) - 1;
                const uint32_t *top = s->pixels + y0 * s->stride + x0;
                // A hint only: it never faults, even past the end of the source.
                if ((c & 7) == 0) __builtin_prefetch(top + PREFETCH_ROWS * s->stride + 16);
                put(out + c, bilinear_at(top, s->stride, (uint32_t)(q.x >> 24) & 255, (uint32_t)(q.y >> 24) & 255), over);
                q.x += q.dx; q.y += q.dy; q.dx += q.ddx; q.dy += q.ddy;
            }
        } else {
            n = hi - a < SHORTEST_SEGMENT ? hi - a : SHORTEST_SEGMENT;
            for (long c = a; c < a + n; c++) {
                const double column = (double)c, inverse = 1 / (r.w0 + column * r.dw);
                const long ix = (long)(((r.x0 + column * r.dx) * inverse + 0.5) * 256), iy = (long)(((r.y0 + column * r.dy) * inverse + 0.5) * 256);
                const long x0 = (ix >> 8) - 1, y0 = (iy >> 8) - 1;
                const uint32_t *top = s->pixels + y0 * s->stride + x0;
                if ((c & 7) == 0) __builtin_prefetch(top + PREFETCH_ROWS * s->stride + 16);
                put(out + c, bilinear_at(top, s->stride, (uint32_t)(ix & 255), (uint32_t)(iy & 255)), over);
            }
        }
        a += n;
    }
}

void projection_map(projection_homography h, double maximum_w,
                    const uint32_t *source, int32_t source_width, int32_t source_height, ptrdiff_t source_stride,
                    uint32_t *target, int32_t target_width, int32_t target_height, ptrdiff_t target_stride, int over) {
    const source_image s = { source, source_width, source_height, source_stride };
    const double sw = source_width, sh = source_height;
    for (long row = 0; row < target_height; row++) {
        const double y = (double)row + 0.5;
        const row_line r = { 0.5 * h.h11 + y * h.h21 + h.h31, h.h11, 0.5 * h.h12 + y * h.h22 + h.h32, h.h12,
                             0.5 * h.h13 + y * h.h23 + h.h33, h.h13 };
        uint32_t *out = target + row * target_stride;
        // The interior: 0 < W ≤ maximum_w, and the sample at least half a pixel inside the
        // centres of the source's outer pixels: 1.5 ≤ X/W + 0.5 ≤ sw − 0.5, the same for Y.
        long lo = 0, hi = target_width;
        narrow(r.w0, r.dw, &lo, &hi);
        narrow(maximum_w - r.w0, -r.dw, &lo, &hi);
        narrow(r.x0 - r.w0, r.dx - r.dw, &lo, &hi);
        narrow((sw - 1) * r.w0 - r.x0, (sw - 1) * r.dw - r.dx, &lo, &hi);
        narrow(r.y0 - r.w0, r.dy - r.dw, &lo, &hi);
        narrow((sh - 1) * r.w0 - r.y0, (sh - 1) * r.dw - r.dy, &lo, &hi);
        if (hi < lo) hi = lo;
        for (long c = 0; c < lo; c++) put(out + c, checked_sample(&s, r.x0 + c * r.dx, r.y0 + c * r.dy, r.w0 + c * r.dw, maximum_w), over);
        interior(&s, r, lo, hi, out, over);
        for (long c = hi; c < target_width; c++) put(out + c, checked_sample(&s, r.x0 + c * r.dx, r.y0 + c * r.dy, r.w0 + c * r.dw, maximum_w), over);
    }
}
