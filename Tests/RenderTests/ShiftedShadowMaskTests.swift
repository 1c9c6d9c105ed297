import CCairo
@testable import Render
import XCTest

/// `CairoCommandRunner.maskShifted` (a shadow's mask resampled with pixman's bilinear weights,
/// then masked at whole pixels) against `cairo_mask_surface` at the same fractional offset:
/// the same bytes, over random masks, offsets, colours, destinations, device offsets (an
/// offscreen group's surface) and clips (none, a rectangle, a circle).
final class ShiftedShadowMaskTests: XCTestCase {
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt32 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt32(truncatingIfNeeded: state)
        }
        mutating func unit() -> Double { Double(next()) / 4_294_967_296 }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt32(n)) }
    }

    private enum Clip: CaseIterable { case none, rectangle, circle }

    /// One case drawn both ways: the destination's bytes, old path first.
    private func render(seed: UInt64, clip: Clip) -> (cairo: [UInt8], shifted: [UInt8], drewShifted: Bool) {
        var g = Generator(state: seed | 1)
        let width = 48 + g.below(48), height = 48 + g.below(48)
        let maskWidth = 1 + g.below(36), maskHeight = 1 + g.below(36)
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(maskWidth + 8), Int32(maskHeight + 8))!
        defer { cairo_surface_destroy(mask) }
        let maskData = cairo_image_surface_get_data(mask)!, maskStride = Int(cairo_image_surface_get_stride(mask))
        for y in 0..<(maskHeight + 8) {
            for x in 0..<(maskWidth + 8) { maskData[y * maskStride + x] = g.below(3) == 0 ? 0 : UInt8(truncatingIfNeeded: g.next()) }
        }
        cairo_surface_mark_dirty(mask)
        let region = (x: g.below(5), y: g.below(5), width: maskWidth, height: maskHeight)
        var x = g.unit() * 40 - 8, y = g.unit() * 40 - 8
        switch g.below(6) {
        case 0: x = x.rounded(.down) + 0.5                   // a tie in the fixed-point rounding
        case 1: y = (y * 512).rounded(.down) / 512           // exactly on the filter's weight grid
        case 2: y = y.rounded(.down)                          // whole pixels down, not across
        case 3:                                               // within 1/512 of whole pixels both ways
            x = x.rounded(.down) + (g.unit() - 0.5) / 600; y = y.rounded(.down) + (g.unit() - 0.5) / 600
        default: break
        }
        let offset = g.below(3) == 0 ? (x: -Double(g.below(300)), y: -Double(g.below(300))) : (x: 0.0, y: 0.0)
        let colour = (g.unit(), g.unit(), g.unit(), g.unit())
        let destinationSeed = g.next()
        var results: [[UInt8]] = []
        var drewShifted = false
        for shifted in [false, true] {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            defer { cairo_surface_destroy(surface) }
            let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
            var d = Generator(state: UInt64(destinationSeed) | 1)
            for row in 0..<height {
                for column in 0..<width {
                    let pixel = data + row * stride + 4 * column
                    let alpha = UInt8(truncatingIfNeeded: d.next())
                    pixel[3] = alpha
                    for c in 0..<3 { pixel[c] = alpha == 0 ? 0 : UInt8(d.below(Int(alpha) + 1)) }
                }
            }
            cairo_surface_mark_dirty(surface)
            cairo_surface_set_device_offset(surface, offset.x, offset.y)
            let context = cairo_create(surface)!
            switch clip {
            case .none: break
            case .rectangle: cairo_rectangle(context, -offset.x + 5, -offset.y + 7, 31, 27); cairo_clip(context)
            case .circle: cairo_arc(context, -offset.x + 30, -offset.y + 30, 24, 0, 2 * .pi); cairo_clip(context)
            }
            cairo_identity_matrix(context)
            cairo_set_source_rgba(context, colour.0, colour.1, colour.2, colour.3)
            if shifted {
                drewShifted = CairoCommandRunner.maskShifted(context, mask, region, atX: x, y: y)
            }
            if !shifted || !drewShifted {
                let part = cairo_surface_create_for_rectangle(mask, Double(region.x), Double(region.y),
                                                              Double(region.width), Double(region.height))!
                cairo_mask_surface(context, part, x, y)
                cairo_surface_destroy(part)
            }
            cairo_destroy(context)
            cairo_surface_flush(surface)
            results.append(Array(UnsafeBufferPointer(start: data, count: stride * height)))
        }
        if results[0] != results[1] { print("case: mask \(maskWidth)x\(maskHeight) region \(region) at (\(x), \(y)) offset \(offset) clip \(clip)") }
        return (results[0], results[1], drewShifted)
    }

    func testSameBytesAsCairoAtFractionalOffsets() {
        var shifted = 0
        for seed in 1...600 {
            for clip in Clip.allCases {
                let result = render(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15, clip: clip)
                if result.drewShifted { shifted += 1 }
                // Counted, not compared whole: a failure should name the case, not print the bytes.
                let differing = zip(result.cairo, result.shifted).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "seed \(seed), clip \(clip): \(differing) bytes differ")
            }
        }
        // Most cases are off whole pixels, so the shifted path really ran.
        XCTAssertGreaterThan(shifted, 1_200)
    }

    func testWholePixelsAreLeftToCairo() {
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, 4, 4)!, surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)!
        defer { cairo_surface_destroy(mask); cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        XCTAssertFalse(CairoCommandRunner.maskShifted(context, mask, (0, 0, 4, 4), atX: 3, y: -2))
        XCTAssertFalse(CairoCommandRunner.maskShifted(context, mask, (0, 0, 4, 4), atX: 3.001, y: -1.999))
        XCTAssertTrue(CairoCommandRunner.maskShifted(context, mask, (0, 0, 4, 4), atX: 3, y: -2.25))
    }
}
