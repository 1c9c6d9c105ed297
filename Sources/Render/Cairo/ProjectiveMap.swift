import Motion

/// Maps a premultiplied ARGB32 image onto another through a projective map by inverse mapping:
/// every target pixel's centre is taken back into the source and sampled bilinearly (the
/// source counts as transparent outside its pixels, so edges come out antialiased). Target
/// pixels whose centre lies at or behind the eye (W of the forward map below
/// `Homography.minimumDrawnW`) stay transparent: nothing wraps around.
///
/// The loop is incremental along a row (the back-projected point is linear in x before the
/// division) and blends two channels at a time in 32-bit integers with 8-bit weights.
struct ProjectiveMap {
    /// Target pixel (x + 0.5, y + 0.5) → source pixel coordinates, where the source pixel
    /// (i, j) covers i…i+1, j…j+1.
    let targetToSource: Homography

    /// Fills `target` (`targetWidth` × `targetHeight` pixels, `targetStride` pixels a row, all
    /// transparent beforehand) from `source`.
    func draw(source: UnsafePointer<UInt32>, sourceWidth: Int, sourceHeight: Int, sourceStride: Int,
              target: UnsafeMutablePointer<UInt32>, targetWidth: Int, targetHeight: Int, targetStride: Int) {
        let h = targetToSource
        // W of the back-projected point is 1 / W of the forward map, so W ≥ minimumDrawnW there
        // means w ≤ 1 / minimumDrawnW here.
        let maximumW = 1 / Homography.minimumDrawnW
        let sw = Double(sourceWidth), sh = Double(sourceHeight)
        // Strips of `stripWidth` columns, top to bottom: along a row of a layer turned in
        // perspective the source rows drift, so whole rows would walk diagonally through the
        // source and miss the cache; a strip's source stays small from one row to the next.
        for stripStart in stride(from: 0, to: targetWidth, by: Self.stripWidth) {
            let stripEnd = min(stripStart + Self.stripWidth, targetWidth)
            for row in 0..<targetHeight {
                let startX = Double(stripStart) + 0.5, y = Double(row) + 0.5
                var px = startX * h.h11 + y * h.h21 + h.h31, py = startX * h.h12 + y * h.h22 + h.h32
                var pw = startX * h.h13 + y * h.h23 + h.h33
                let out = target + row * targetStride
                for column in stripStart..<stripEnd {
                    let x = px, yy = py, w = pw
                    px += h.h11; py += h.h12; pw += h.h13
                    guard w > 0, w <= maximumW else { continue }
                    let inverse = 1 / w
                    // Sample positions relative to pixel centres.
                    let u = x * inverse - 0.5, v = yy * inverse - 0.5
                    guard u > -1, v > -1, u < sw, v < sh else { continue }
                    // Truncation is the floor here (u, v > −1), without a call to floor.
                    let x0 = Int(u + 1) - 1, y0 = Int(v + 1) - 1
                    let fx = UInt32(truncatingIfNeeded: Int((u - Double(x0)) * 256))
                    let fy = UInt32(truncatingIfNeeded: Int((v - Double(y0)) * 256))
                    let p00, p01, p10, p11: UInt32
                    if x0 >= 0, y0 >= 0, x0 + 1 < sourceWidth, y0 + 1 < sourceHeight {
                        let top = source + y0 * sourceStride + x0, bottom = top + sourceStride
                        p00 = top[0]; p01 = top[1]; p10 = bottom[0]; p11 = bottom[1]
                    } else {
                        p00 = Self.pixel(source, x0, y0, sourceWidth, sourceHeight, sourceStride)
                        p01 = Self.pixel(source, x0 + 1, y0, sourceWidth, sourceHeight, sourceStride)
                        p10 = Self.pixel(source, x0, y0 + 1, sourceWidth, sourceHeight, sourceStride)
                        p11 = Self.pixel(source, x0 + 1, y0 + 1, sourceWidth, sourceHeight, sourceStride)
                    }
                    // Four equal pixels (inside a flat colour, or all clear) blend to themselves.
                    out[column] = p00 == p01 && p00 == p10 && p00 == p11 ? p00 : Self.bilinear(p00, p01, p10, p11, fx: fx, fy: fy)
                }
            }
        }
    }

    /// Target columns a strip (64 pixels: 256 bytes of target, a few cache lines of source a row).
    static let stripWidth = 64

    /// The source pixel at (x, y), transparent outside the image.
    @inline(__always)
    private static func pixel(_ source: UnsafePointer<UInt32>, _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ stride: Int) -> UInt32 {
        x >= 0 && y >= 0 && x < width && y < height ? source[y * stride + x] : 0
    }

    /// The bilinear blend of four premultiplied pixels with weights fx, fy in 0…256 (256 = the
    /// second of each pair), channel pairs (red and blue, alpha and green) in one word each.
    @inline(__always)
    static func bilinear(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, fx: UInt32, fy: UInt32) -> UInt32 {
        lerp(lerp(p00, p01, fx), lerp(p10, p11, fx), fy)
    }

    /// a·(256 − f) + b·f, over 256, in each channel; each 16-bit lane holds at most 255 · 256.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF
        return ((a & mask) &* (256 &- f) &+ (b & mask) &* f) >> 8 & mask
            | (((a >> 8) & mask) &* (256 &- f) &+ ((b >> 8) & mask) &* f) & ~mask
    }
}
