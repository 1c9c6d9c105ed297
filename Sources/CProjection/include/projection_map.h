#ifndef FLIPBOOK_PROJECTION_MAP_H
#define FLIPBOOK_PROJECTION_MAP_H

#include <stddef.h>
#include <stdint.h>

/// A projective map of the plane in row-vector layout: [x y 1] · H = [X Y W], the point being
/// (X / W, Y / W) (the same layout as Motion's Homography).
typedef struct {
    double h11, h12, h13;
    double h21, h22, h23;
    double h31, h32, h33;
} projection_homography;

/// Maps the premultiplied ARGB32 image `source` onto `target` by inverse mapping: target pixel
/// (x, y)'s centre (x + 0.5, y + 0.5) goes through `target_to_source` into source pixel
/// coordinates (source pixel (i, j) covers i…i+1, j…j+1) and is sampled bilinearly with 8-bit
/// weights; the source counts as transparent outside its pixels. Pixels whose W lies outside
/// (0, `maximum_w`] (at or behind the eye) are transparent: nothing wraps around.
///
/// With `over` 0 every target pixel of the `target_width` × `target_height` box is replaced
/// (the ones that sample nothing by 0), so the target need not be cleared beforehand. With
/// `over` 1 each sample is composited over the target's pixel (premultiplied OVER, rounded as
/// pixman does), which is what painting the replaced box onto the target would give.
/// Strides are in pixels. The result depends only on the arguments (no state, no threads).
void projection_map(projection_homography target_to_source, double maximum_w,
                    const uint32_t *source, int32_t source_width, int32_t source_height, ptrdiff_t source_stride,
                    uint32_t *target, int32_t target_width, int32_t target_height, ptrdiff_t target_stride, int over);

#endif
