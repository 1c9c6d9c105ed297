import Motion
@testable import Render
import XCTest

/// The C loop behind `ProjectiveMap` (Sources/CProjection) against the plain definition: every
/// target pixel's centre divided back into the source, floor and 8-bit weights, four bounds-checked
/// neighbours, bilinear. The loop skips the division inside the source (a quadratic stepped by
/// forward differences, checked to 1/2048 source pixel) and the bounds checks, so a weight may
/// round the other way: at most 1 level a channel, on at most 1% of the pixels.
final class ProjectiveMapKernelTests: XCTestCase {
    static let sourceWidth = 97, sourceHeight = 83, targetWidth = 150, targetHeight = 130

    /// A source of noise (seeded), premultiplied, with a transparent and a half-transparent band.
    private func source() -> [UInt32] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<(Self.sourceWidth * Self.sourceHeight)).map { i in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = UInt32(truncatingIfNeeded: state >> 33)
            let row = i / Self.sourceWidth
            let alpha: UInt32 = row < 10 ? 0 : (row < 20 ? 128 : 255)
            func channel(_ shift: UInt32) -> UInt32 { ((bits >> shift) & 255) * alpha / 255 }
            return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
        }
    }

    /// Target pixel → source: the source turned about y (and x) in perspective, placed so that
    /// parts of it fall outside the source and, for the strong ones, behind the eye.
    private func maps() -> [Homography] {
        // Degrees about x, y, z, and the eye's distance (the last puts part of it behind the eye).
        let turns: [(Double, Double, Double, Double)] = [(0, 0, 0, 120), (0, 25, 0, 120), (0, 60, 0, 120), (30, 45, 10, 120),
                                                         (0, 80, 0, 120), (-70, 0, 5, 120), (0, 60, 0, 30)]
        return turns.compactMap { x, y, z, eye in
            let forward = Transform3D(translationX: -48.5, y: -41.5, z: 0)
                .concatenating(Transform3D(rotationX: x * .pi / 180)).concatenating(Transform3D(rotationY: y * .pi / 180))
                .concatenating(Transform3D(rotationZ: z * .pi / 180)).concatenating(Transform3D(perspective: eye))
                .concatenating(Transform3D(translationX: 75, y: 65, z: 0)).flattened
            return forward.inverted
        }
    }

    /// The definition, pixel by pixel.
    private func reference(_ h: Homography, _ src: [UInt32]) -> [UInt32] {
        let w = Self.sourceWidth, ht = Self.sourceHeight
        func at(_ x: Int, _ y: Int) -> UInt32 { x >= 0 && y >= 0 && x < w && y < ht ? src[y * w + x] : 0 }
        var out = [UInt32](repeating: 0, count: Self.targetWidth * Self.targetHeight)
        for row in 0..<Self.targetHeight {
            for column in 0..<Self.targetWidth {
                let x = Double(column) + 0.5, y = Double(row) + 0.5
                let big = x * h.h13 + y * h.h23 + h.h33
                guard big > 0, big <= 1 / Homography.minimumDrawnW else { continue }
                let u = (x * h.h11 + y * h.h21 + h.h31) / big - 0.5, v = (x * h.h12 + y * h.h22 + h.h32) / big - 0.5
                guard u > -1, v > -1, u < Double(w), v < Double(ht) else { continue }
                let x0 = Int((u).rounded(.down)), y0 = Int((v).rounded(.down))
                let fx = UInt32(((u + 1) * 256).rounded(.down)) & 255, fy = UInt32(((v + 1) * 256).rounded(.down)) & 255
                func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
                    (0..<4).reduce(UInt32(0)) { sum, k in
                        let ca = (a >> (8 * UInt32(k))) & 255, cb = (b >> (8 * UInt32(k))) & 255
                        return sum | ((ca * (256 - f) + cb * f) >> 8) << (8 * UInt32(k))
                    }
                }
                out[row * Self.targetWidth + column] = lerp(lerp(at(x0, y0), at(x0 + 1, y0), fx), lerp(at(x0, y0 + 1), at(x0 + 1, y0 + 1), fx), fy)
            }
        }
        return out
    }

    private func run(_ h: Homography, _ src: [UInt32], onto start: [UInt32], over: Bool) -> [UInt32] {
        var target = start
        src.withUnsafeBufferPointer { s in
            target.withUnsafeMutableBufferPointer { t in
                ProjectiveMap(targetToSource: h).draw(source: s.baseAddress!, sourceWidth: Self.sourceWidth, sourceHeight: Self.sourceHeight,
                                                      sourceStride: Self.sourceWidth, target: t.baseAddress!, targetWidth: Self.targetWidth,
                                                      targetHeight: Self.targetHeight, targetStride: Self.targetWidth, over: over)
            }
        }
        return target
    }

    private func largestChannelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        (0..<4).map { k in abs(Int((a >> (8 * UInt32(k))) & 255) - Int((b >> (8 * UInt32(k))) & 255)) }.max()!
    }

    func testTheLoopMatchesThePerPixelDefinition() {
        let src = source()
        let maps = maps()
        XCTAssertEqual(maps.count, 7)
        for (index, h) in maps.enumerated() {
            // A target full of garbage: every pixel must be written.
            let mapped = run(h, src, onto: [UInt32](repeating: 0xDEAD_BEEF, count: Self.targetWidth * Self.targetHeight), over: false)
            let expected = reference(h, src)
            var differing = 0, drawn = 0
            for i in mapped.indices {
                if expected[i] != 0 { drawn += 1 }
                let d = largestChannelDifference(mapped[i], expected[i])
                XCTAssertLessThanOrEqual(d, 1, "map \(index), pixel \(i % Self.targetWidth), \(i / Self.targetWidth)")
                if d > 0 { differing += 1 }
            }
            XCTAssertGreaterThan(drawn, 100, "map \(index) draws something")
            XCTAssertLessThanOrEqual(differing, mapped.count / 100, "map \(index): \(differing) pixels differ by 1")
        }
    }

    /// Compositing in the loop equals replacing, then painting the result OVER the same
    /// background with pixman's rounding (x · a / 255 to nearest), to the byte.
    func testCompositingOverEqualsPaintingTheMappedImage() {
        let src = source(), h = maps()[3]
        let background = (0..<(Self.targetWidth * Self.targetHeight)).map { i -> UInt32 in
            let a = UInt32(i % 256), c = a / 2
            return a << 24 | c << 16 | (a / 3) << 8 | c
        }
        let replaced = run(h, src, onto: background, over: false), composited = run(h, src, onto: background, over: true)
        func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
            let keep = 255 - (s >> 24)
            return (0..<4).reduce(UInt32(0)) { sum, k in
                let t = ((d >> (8 * UInt32(k))) & 255) * keep + 128
                let scaled = (t + (t >> 8)) >> 8
                return sum | min(scaled + ((s >> (8 * UInt32(k))) & 255), 255) << (8 * UInt32(k))
            }
        }
        var blended = 0
        for i in background.indices {
            XCTAssertEqual(composited[i], over(replaced[i], background[i]), "pixel \(i % Self.targetWidth), \(i / Self.targetWidth)")
            if replaced[i] >> 24 != 0 && replaced[i] >> 24 != 255 { blended += 1 }
        }
        XCTAssertGreaterThan(blended, 100, "the half-transparent band and the edges blend")
    }
}
