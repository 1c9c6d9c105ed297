import CBlur
@testable import Render
import XCTest

/// The shadow blur's C kernel (`flipbook_box_blur`), on its SSE2 path and its portable one,
/// against the definition: each pass a running-sum box blur across then down, bytes beyond the
/// edges 0, every byte floor((sum + r) / (2r + 1)) — the Swift loops the kernel replaced.
final class BoxBlurKernelTests: XCTestCase {
    private static func reference(_ plane: inout [UInt8], width: Int, height: Int, radii: [Int]) {
        var scratch = [UInt8](repeating: 0, count: plane.count)
        for r in radii {
            let w = 2 * r + 1
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0
                    for i in max(x - r, 0)...min(x + r, width - 1) { sum += Int(plane[y * width + i]) }
                    scratch[y * width + x] = UInt8((sum + r) / w)
                }
            }
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0
                    for j in max(y - r, 0)...min(y + r, height - 1) { sum += Int(scratch[j * width + x]) }
                    plane[y * width + x] = UInt8((sum + r) / w)
                }
            }
        }
    }

    private static func kernel(_ plane: [UInt8], width: Int, height: Int, radii: [Int], portable: Bool) -> [UInt8] {
        var result = plane
        var scratch = [UInt8](repeating: 0, count: plane.count)
        var sums = [UInt32](repeating: 0, count: width)
        let radii32 = radii.map { Int32($0) }
        flipbook_box_blur_force_portable(portable ? 1 : 0)
        defer { flipbook_box_blur_force_portable(0) }
        flipbook_box_blur(&result, &scratch, &sums, width, height, radii32, radii32.count)
        return result
    }

    func testBothPathsGiveTheDefinitionsBytes() {
        // A fixed linear congruential sequence: the same planes on every run.
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 29
        }
        let cases: [(width: Int, height: Int, radii: [Int])] = [
            (1, 1, [0]), (5, 3, [2]), (17, 9, [1, 1, 2]), (40, 33, [3, 4, 4]), (64, 20, [7, 7, 8]),
            (37, 70, [20, 20, 21]), (90, 45, [60, 60, 61]), (130, 12, [100]), (3, 200, [10, 11, 11]),
            // Rows long enough for 16 columns a step between the window's edges, at several phases.
            (300, 7, [1, 5, 33]), (1170, 3, [42, 42, 43]), (97, 5, [0, 2, 15]),
        ]
        for c in cases {
            // Sparse bright blobs over zeros, and full-range noise: sums near the limits.
            let plane = (0..<(c.width * c.height)).map { _ in next() % 4 == 0 ? UInt8(truncatingIfNeeded: next()) : 0 }
            let noise = (0..<(c.width * c.height)).map { _ in UInt8(truncatingIfNeeded: next()) }
            for input in [plane, noise, [UInt8](repeating: 255, count: c.width * c.height)] {
                var expected = input
                Self.reference(&expected, width: c.width, height: c.height, radii: c.radii)
                XCTAssertEqual(Self.kernel(input, width: c.width, height: c.height, radii: c.radii, portable: false), expected,
                               "SSE2 path, \(c.width)×\(c.height) radii \(c.radii)")
                XCTAssertEqual(Self.kernel(input, width: c.width, height: c.height, radii: c.radii, portable: true), expected,
                               "portable path, \(c.width)×\(c.height) radii \(c.radii)")
            }
        }
    }

    /// Windows wider than 4,095 bytes divide instead of multiplying; still the definition.
    func testVeryWideWindowsDivideExactly() {
        let width = 4200, height = 2
        let input = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) }
        var expected = input
        Self.reference(&expected, width: width, height: height, radii: [2100])
        XCTAssertEqual(Self.kernel(input, width: width, height: height, radii: [2100], portable: false), expected)
    }
}
