import CPNG
import Drawing
import Foundation
import Motion
@testable import Render
import Scene
import SceneFile
import XCTest

/// flipbook's own deflate (Sources/CPNG/cpng_deflate.c), which the fast PNG path (level 1)
/// uses: every file decodes with libpng (which checks each chunk's CRC and the stream's
/// Adler-32) to exactly the pixels given, is at most 1.1 × libpng level 1's size, and has
/// bytes that depend on the pixels alone — not on the thread, the frames encoded before, or
/// the machine (the encoder has no CPU dispatch; a pinned digest catches any drift).
final class OwnDeflateTests: XCTestCase {
    /// A deterministic pseudo-random generator (64-bit LCG, top bits), so failures reproduce.
    private struct Noise {
        var state: UInt64
        mutating func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
    }

    /// ARGB32 premultiplied pixels: noise on the left third, a gradient in the middle, flat
    /// colour on the right, a few rows repeating the row above; opaque or with varied alpha.
    private func synthetic(width: Int, height: Int, opaque: Bool, seed: UInt64) -> [UInt32] {
        var noise = Noise(state: seed)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            if y % 7 == 3 {
                for x in 0..<width { pixels[y * width + x] = pixels[(y - 1) * width + x] }
                continue
            }
            for x in 0..<width {
                let a: UInt32 = opaque ? 255 : UInt32((x * 7 + y * 3) % 256)
                var r: UInt32, g: UInt32, b: UInt32
                if x < width / 3 {
                    let n = noise.next()
                    r = n & 0xFF; g = (n >> 8) & 0xFF; b = (n >> 16) & 0xFF
                } else if x < 2 * width / 3 {
                    r = UInt32(x % 256); g = UInt32(y % 256); b = UInt32((x + y) % 256)
                } else {
                    r = 0x20; g = 0x90; b = 0xE0
                }
                // Premultiplied: no channel exceeds alpha.
                pixels[y * width + x] = a << 24 | (r * a / 255) << 16 | (g * a / 255) << 8 | (b * a / 255)
            }
        }
        return pixels
    }

    private func withBuffer<T>(_ pixels: [UInt32], width: Int, opaque: Bool, _ body: (PixelBuffer) throws -> T) rethrows -> T {
        try pixels.withUnsafeBytes { raw in
            try body(PixelBuffer(baseAddress: raw.baseAddress!, width: width, height: pixels.count / width,
                                 bytesPerRow: width * 4, isOpaque: opaque))
        }
    }

    private func decode(_ bytes: [UInt8]) throws -> PNGImage {
        let directory = try TemporaryDirectory()
        let path = directory.file("image.png")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try PNGImage(contentsOfFile: path, maxPixels: 0)
    }

    func testAdlerVectorPathEqualsTheScalarDefinition() {
        XCTAssertEqual(cpng_adler32(1, Array("Wikipedia".utf8), 9), 0x11E6_0398, "RFC 1950's example value")
        var noise = Noise(state: 7)
        let random = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: noise.next()) }
        let ones = [UInt8](repeating: 0xFF, count: 1 << 20)   // the largest sums: overflow shows here
        for data in [random, ones] {
            for length in [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 5535, 5536, 5551, 5552, 5553, 11_104, 65_537, 199_000] {
                for offset in [0, 1, 7] {
                    for start: UInt32 in [1, 0xFFF0_FFF0] {
                        let vector = data.withUnsafeBufferPointer { cpng_adler32(start, $0.baseAddress! + offset, length) }
                        let scalar = data.withUnsafeBufferPointer { cpng_adler32_scalar(start, $0.baseAddress! + offset, length) }
                        XCTAssertEqual(vector, scalar, "length \(length), offset \(offset), start \(start)")
                        let sse2 = data.withUnsafeBufferPointer { cpng_adler32_sse2(start, $0.baseAddress! + offset, length) }
                        XCTAssertEqual(sse2, scalar, "SSE2, length \(length), offset \(offset), start \(start)")
                    }
                }
            }
        }
    }

    /// The SSSE3 conversion (used when the CPU has it) gives the portable loop's bytes, for every
    /// width's tail.
    func testRGBConversionPathsAgree() {
        var noise = Noise(state: 5)
        for width in Array(1...40) + [333, 1170] {
            let argb = (0..<width).map { _ in noise.next() }
            var fast = [UInt8](repeating: 1, count: 3 * width), portable = [UInt8](repeating: 2, count: 3 * width)
            cpng_argb32_to_rgb(argb, UInt32(width), &fast, 1)
            cpng_argb32_to_rgb(argb, UInt32(width), &portable, 0)
            XCTAssertEqual(fast, portable, "width \(width)")
            XCTAssertEqual(Array(portable.prefix(3)), [UInt8(truncatingIfNeeded: argb[0] >> 16), UInt8(truncatingIfNeeded: argb[0] >> 8),
                                                       UInt8(truncatingIfNeeded: argb[0])], "r, g, b of the first pixel")
        }
    }

    /// The reuse check (`cpng_argb32_equals_rgb`, 16 then 4 pixels a step with SSSE3, then one)
    /// says equal exactly when every pixel's r, g, b match: for every width's tail, and with
    /// one byte changed at any place (each of the 16-pixel step's four compares, and the tail).
    func testTheReuseCheckFindsEveryDifference() {
        var noise = Noise(state: 11)
        for width in Array(1...70) + [333, 1170] {
            let argb = (0..<width).map { _ in noise.next() }
            var rgb = [UInt8](repeating: 0, count: 3 * width + 16)
            cpng_argb32_to_rgb(argb, UInt32(width), &rgb, 0)
            XCTAssertEqual(cpng_argb32_equals_rgb(argb, UInt32(width), rgb), 1, "width \(width), equal")
            for place in Set([0, 1, 2, 3 * width / 2, 3 * width - 1] + Array(stride(from: 0, to: 3 * width, by: 7))) {
                var changed = rgb
                changed[place] ^= 0x10
                XCTAssertEqual(cpng_argb32_equals_rgb(argb, UInt32(width), changed), 0, "width \(width), byte \(place) changed")
            }
            // Bytes past the row are not compared.
            var beyond = rgb
            for k in (3 * width)..<beyond.count { beyond[k] = 0xAB }
            XCTAssertEqual(cpng_argb32_equals_rgb(argb, UInt32(width), beyond), 1, "width \(width), bytes after the row")
        }
    }

    /// Noise (stored blocks), odd widths (the 4-pixel conversion's tail), a row longer than a
    /// 64 KiB block and than deflate's 32 KiB window (no match with the row above), alpha.
    func testEveryKindOfImageDecodesToItsPixels() throws {
        for (width, height, opaque) in [(333, 61, true), (333, 61, false), (1, 5, true), (30_000, 3, true), (30_000, 2, false)] {
            let pixels = synthetic(width: width, height: height, opaque: opaque, seed: UInt64(width))
            let bytes = try withBuffer(pixels, width: width, opaque: opaque) { try PNGMemoryEncoder(options: .fast).encode($0) }
            let expected = withBuffer(pixels, width: width, opaque: opaque) { PNGImage($0) }
            XCTAssertEqual(try decode(bytes), expected, "\(width)×\(height), opaque \(opaque)")
        }
        var random = Noise(state: 99)
        let noise = (0..<(300 * 200)).map { _ in 0xFF00_0000 | random.next() >> 8 }
        let bytes = try withBuffer(noise, width: 300, opaque: true) { try PNGMemoryEncoder(options: .fast).encode($0) }
        XCTAssertEqual(try decode(bytes), withBuffer(noise, width: 300, opaque: true) { PNGImage($0) })
        XCTAssertLessThan(bytes.count, 300 * 200 * 3 + 300 * 200 / 10, "incompressible bands are stored, barely larger than the pixels")
    }

    /// Encoding frames in one order or the other, with one encoder (whose bands are reused) or
    /// a fresh one per frame, gives each frame the same bytes.
    func testBytesDoNotDependOnTheFramesEncodedBefore() throws {
        let frames = (0..<4).map { synthetic(width: 200, height: 300, opaque: $0 % 2 == 0, seed: UInt64($0 % 3)) }
        func encodeAll(_ order: [Int]) throws -> [Int: [UInt8]] {
            let encoder = try PNGMemoryEncoder(options: .fast)
            var files: [Int: [UInt8]] = [:]
            for index in order {
                files[index] = try withBuffer(frames[index], width: 200, opaque: index % 2 == 0) { try encoder.encode($0) }
            }
            return files
        }
        let forward = try encodeAll([0, 1, 2, 3]), backward = try encodeAll([3, 2, 1, 0]), mixed = try encodeAll([2, 0, 3, 1, 2])
        for index in 0..<4 {
            let fresh = try withBuffer(frames[index], width: 200, opaque: index % 2 == 0) { try PNGMemoryEncoder(options: .fast).encode($0) }
            XCTAssertEqual(forward[index], fresh, "frame \(index) forward")
            XCTAssertEqual(backward[index], fresh, "frame \(index) backward")
            XCTAssertEqual(mixed[index], fresh, "frame \(index) mixed")
        }
    }

    /// The bytes of one synthetic image (no Cairo: the pixels come from integer formulas) are
    /// pinned: a change of compiler, CPU or code that alters the encoder's output fails here.
    /// Update the digest only with a change meant to alter the bytes, and say so.
    func testBytesArePinned() throws {
        var digests: [String] = []
        for opaque in [true, false] {
            let pixels = synthetic(width: 401, height: 250, opaque: opaque, seed: 42)
            let bytes = try withBuffer(pixels, width: 401, opaque: opaque) { try PNGMemoryEncoder(options: .fast).encode($0) }
            var sha = SHA256()
            sha.update(bytes)
            digests.append("\(bytes.count) \(sha.hexDigest())")
        }
        XCTAssertEqual(digests, [
            "172284 275d41d675d2cb2a0955b923e830a0890cbcef998cbe71f42cb616352961eadf",
            "242134 235b08dcdf6c5143347fc86472f0e6cfdc103064e47fe90918380154aa38bca5",
        ])
    }

    /// On real frames (scenes with text, lists and photos, at scale 1 and 3) the files are at
    /// most 1.1 × what libpng at zlib level 1 with no filter writes for the same pixels.
    func testFilesAreWithinATenthOfLibpngLevel1() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for (name, time, scale) in [("long-list", 2.0, 1.0), ("drawing-gallery", 1.0, 1.0), ("skype-action-sheet", 1.2, 3.0)] {
            let scene = try SceneDocument.load(path: repository.appendingPathComponent("scenes/\(name).yaml").path,
                                               measuring: try PangoLabelMeasurer())
            var player = try Player(scene: scene)
            let frame = try player.frame(at: Int(time * Double(scene.fps)), fps: scene.fps)
            let renderer = try CairoRenderer(canvasSize: frame.size, scale: scale,
                                             images: try ImageLibrary(decoding: scene.imageSources))
            renderer.render(frame)
            let ours = try renderer.withPixels { try PNGMemoryEncoder(options: .fast).encode($0) }
            let directory = try TemporaryDirectory()
            try renderer.withPixels { try PNGEncoder(options: .fast).write($0, to: directory.file("libpng.png")) }
            let libpng = try Data(contentsOf: URL(fileURLWithPath: directory.file("libpng.png")))
            XCTAssertEqual(try decode(ours), try PNGImage(contentsOfFile: directory.file("libpng.png"), maxPixels: 0), name)
            print("\(name) at scale \(scale): own deflate \(ours.count) bytes, libpng level 1 \(libpng.count) bytes")
            XCTAssertLessThanOrEqual(Double(ours.count), 1.1 * Double(libpng.count), name)
        }
    }
}
