// Opaque Cairo pixels to planar BT.709 limited-range YUV 4:2:0 for the video export, in
// integer arithmetic: exactly the bytes of YUV420Converter's scalar definition (Swift), with
// AVX2 doing sixteen pixels at a time when the CPU has it (asked once with cpuid and xgetbv),
// else SSE2 (part of x86-64 itself) eight at a time. Every path computes the same integers,
// so the bytes do not depend on the CPU; a test holds each path to the definition.
#ifndef FLIPBOOK_CPNG_YUV_H
#define FLIPBOOK_CPNG_YUV_H

#include <stddef.h>
#include <stdint.h>

/// Converts `image_width`×`image_height` ARGB32 pixels (rows `stride` bytes apart; alpha
/// ignored) into `planes`: a `width`×`height` Y plane, then (width/2)×(height/2) U and V
/// planes. `width` and `height` are even and at least the image's size less one; an odd last
/// column or row is repeated. Y = 16 + (11966 R + 40254 G + 4064 B + 2^15) >> 16; U and V from
/// each 2×2 block's summed R, G, B: 128 + (c_R ΣR + c_G ΣG + c_B ΣB + 2^17) >> 18, clamped.
void cpng_yuv420(const uint8_t *pixels, size_t stride, uint32_t image_width, uint32_t image_height,
                 uint32_t width, uint32_t height, uint8_t *planes);

/// The widest path `cpng_yuv420_path` may take (it still takes a narrower one when the CPU
/// lacks the instructions).
enum { CPNG_YUV_SCALAR = 0, CPNG_YUV_SSE2 = 1, CPNG_YUV_AVX2 = 2 };

/// `cpng_yuv420` limited to `path` (CPNG_YUV_…), for tests of each path against the others.
void cpng_yuv420_path(const uint8_t *pixels, size_t stride, uint32_t image_width, uint32_t image_height,
                      uint32_t width, uint32_t height, uint8_t *planes, int path);

#endif
