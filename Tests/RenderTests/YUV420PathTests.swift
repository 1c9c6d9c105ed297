import CPNG
import Drawing
import Foundation
@testable import Render
import XCTest

/// `cpng_yuv420` picks its widest path at run time (AVX2 when the CPU has it, else SSE2): every
/// path, forced, gives exactly the bytes of the Swift definition (`referenceConvert`), so the
/// MP4 does not depend on the CPU it was made on.
final class YUV420PathTests: XCTestCase {
    private func converted(_ pixels: PixelBuffer, width: Int, height: Int, path: Int32) -> [UInt8] {
        var planes = [UInt8](repeating: UInt8(truncatingIfNeeded: path + 1), count: YUV420Converter.frameBytes(width: width, height: height))
        planes.withUnsafeMutableBufferPointer { out in
            cpng_yuv420_path(pixels.baseAddress.assumingMemoryBound(to: UInt8.self), pixels.bytesPerRow, UInt32(pixels.width),
                             UInt32(pixels.height), UInt32(width), UInt32(height), out.baseAddress!, path)
        }
        return planes
    }

    func testEveryPathEqualsTheDefinition() {
        var state: UInt64 = 23
        // Widths around the 8- and 16-pixel steps, odd sizes (the repeated last column and row),
        // and a scale-3 phone row.
        for (width, height) in [(1, 1), (2, 2), (15, 3), (16, 2), (17, 5), (31, 4), (32, 2), (33, 17), (47, 6), (1170, 4), (1171, 3)] {
            let stride = width + 5
            let argb = (0..<(stride * height)).map { _ -> UInt32 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt32(truncatingIfNeeded: state >> 32)
            }
            argb.withUnsafeBytes { raw in
                let pixels = PixelBuffer(baseAddress: raw.baseAddress!, width: width, height: height, bytesPerRow: stride * 4,
                                         isOpaque: true)
                let evenWidth = width + width % 2, evenHeight = height + height % 2
                var reference = [UInt8](repeating: 0, count: YUV420Converter.frameBytes(width: evenWidth, height: evenHeight))
                reference.withUnsafeMutableBytes {
                    YUV420Converter.referenceConvert(pixels, width: evenWidth, height: evenHeight, into: $0)
                }
                for path in [CPNG_YUV_SCALAR, CPNG_YUV_SSE2, CPNG_YUV_AVX2] {
                    XCTAssertEqual(converted(pixels, width: evenWidth, height: evenHeight, path: Int32(path)), reference,
                                   "\(width)×\(height), path \(path)")
                }
            }
        }
    }
}
