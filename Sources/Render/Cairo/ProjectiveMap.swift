import CProjection
import Motion

/// Maps a premultiplied ARGB32 image onto another through a projective map by inverse mapping:
/// every target pixel's centre is taken back into the source and sampled bilinearly (the
/// source counts as transparent outside its pixels, so edges come out antialiased). Target
/// pixels whose centre lies at or behind the eye (W of the forward map below
/// `Homography.minimumDrawnW`) stay transparent: nothing wraps around.
///
/// The loop is C (`projection_map` in Sources/CProjection): per row, the columns whose sample
/// lies well inside the source go without bounds checks, stepping the sample position by
/// forward differences of a quadratic that is checked against the exact division (within
/// 1/2048 source pixel) segment by segment, shorter segments where the perspective is steep;
/// the other columns divide and check each pixel.
struct ProjectiveMap {
    /// Target pixel (x + 0.5, y + 0.5) → source pixel coordinates, where the source pixel
    /// (i, j) covers i…i+1, j…j+1.
    let targetToSource: Homography

    /// Fills every pixel of `target` (`targetWidth` × `targetHeight` pixels, `targetStride`
    /// pixels a row; those that sample nothing become transparent) from `source`, or with
    /// `over` composites the samples over it (as painting the filled box would).
    func draw(source: UnsafePointer<UInt32>, sourceWidth: Int, sourceHeight: Int, sourceStride: Int,
              target: UnsafeMutablePointer<UInt32>, targetWidth: Int, targetHeight: Int, targetStride: Int, over: Bool = false) {
        let h = targetToSource
        // W of the back-projected point is 1 / W of the forward map, so W ≥ minimumDrawnW there
        // means w ≤ 1 / minimumDrawnW here.
        let map = projection_homography(h11: h.h11, h12: h.h12, h13: h.h13, h21: h.h21, h22: h.h22, h23: h.h23,
                                        h31: h.h31, h32: h.h32, h33: h.h33)
        projection_map(map, 1 / Homography.minimumDrawnW, source, Int32(sourceWidth), Int32(sourceHeight), sourceStride,
                       target, Int32(targetWidth), Int32(targetHeight), targetStride, over ? 1 : 0)
    }
}
