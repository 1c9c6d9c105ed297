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
        for row in 0..<targetHeight {
            let y = Double(row) + 0.5
            var px = 0.5 * h.h11 + y * h.h21 + h.h31, py = 0.5 * h.h12 + y * h.h22 + h.h32, pw = 0.5 * h.h13 + y * h.h23 + h.h33
            let out = target + row * targetStride
            for column in 0..<targetWidth {
                defer { px += h.h11; py += h.h12; pw += h.h13 }
                guard pw > 0, pw <= maximumW else { continue }
                let inverse = 1 / pw
                // Sample positions relative to pixel centres.
                let u = px * inverse - 0.5, v = py * inverse - 0.5
                guard u > -1, v > -1, u < sw, v < sh else { continue }
                let u0 = u.rounded(.down), v0 = v.rounded(.down)
                let fx = UInt32((u - u0) * 256), fy = UInt32((v - v0) * 256)
                let x0 = Int(u0), y0 = Int(v0)
                let p00, p01, p10, p11: UInt32
                if x0 >= 0, y0 >= 0, x0 + 1 < sourceWidth, y0 + 1 < sourceHeight {
                    let top = source + y0 * sourceStride + x0, bottom = top + sourceStride
                    p00 = top[0]; p01 = top[1]; p10 = bottom[0]; p11 = bottom[1]
                } else {
                    func at(_ x: Int, _ y: Int) -> UInt32 {
                        x >= 0 && y >= 0 && x < sourceWidth && y < sourceHeight ? source[y * sourceStride + x] : 0
                    }
                    p00 = at(x0, y0); p01 = at(x0 + 1, y0); p10 = at(x0, y0 + 1); p11 = at(x0 + 1, y0 + 1)
                }
                out[column] = Self.bilinear(p00, p01, p10, p11, fx: fx, fy: fy)
            }
        }
    }

    /// The bilinear blend of four premultiplied pixels with weights fx, fy in 0…256 (256 = the
    /// second of each pair), channel pairs (red and blue, alpha and green) in one word each.
    @inline(__always)
    static func bilinear(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, fx: UInt32, fy: UInt32) -> UInt32 {
        if p00 | p01 | p10 | p11 == 0 { return 0 }
        let mask: UInt32 = 0x00FF_00FF
        @inline(__always) func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
            // Each 16-bit lane holds at most 255 · 256.
            ((a & mask) &* (256 - f) &+ (b & mask) &* f) >> 8 & mask
                | (((a >> 8) & mask) &* (256 - f) &+ ((b >> 8) & mask) &* f) & ~mask
        }
        return lerp(lerp(p00, p01, fx), lerp(p10, p11, fx), fy)
    }
}
