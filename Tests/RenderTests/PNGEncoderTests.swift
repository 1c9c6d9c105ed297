import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

final class PNGEncoderTests: XCTestCase {
    /// Byte 25 of a PNG is the IHDR colour type: 2 = RGB, 6 = RGBA.
    private func colourType(of path: String) throws -> UInt8 {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        return bytes[25]
    }

    private func render(_ frame: Frame, scale: Double = 2) throws -> CairoRenderer {
        let renderer = try CairoRenderer(canvasSize: frame.size, scale: scale)
        renderer.render(frame)
        return renderer
    }

    func testOpaqueFrameRoundTripsAsRGB() throws {
        let directory = try TemporaryDirectory()
        let renderer = try render(SampleFrames.animated(3, opaque: true))
        let path = directory.file("opaque.png")
        try renderer.withPixels { try PNGEncoder().write($0, to: path) }

        XCTAssertEqual(try colourType(of: path), 2)
        let decoded = try PNGImage(contentsOfFile: path)
        XCTAssertFalse(decoded.hasAlpha)
        XCTAssertTrue(decoded.isColor)
        XCTAssertEqual(decoded.width, 128)
        XCTAssertEqual(decoded.height, 96)
        let expected = renderer.withPixels { PNGImage($0) }
        XCTAssertEqual(decoded.rgba, expected.rgba, "every channel of every pixel, exactly")
    }

    func testTransparentFrameRoundTripsAsUnpremultipliedRGBA() throws {
        let directory = try TemporaryDirectory()
        let renderer = try render(SampleFrames.animated(3, opaque: false))
        let path = directory.file("clear.png")
        try renderer.withPixels { try PNGEncoder().write($0, to: path) }

        XCTAssertEqual(try colourType(of: path), 6)
        let decoded = try PNGImage(contentsOfFile: path)
        XCTAssertTrue(decoded.hasAlpha)
        let expected = renderer.withPixels { PNGImage($0) }
        XCTAssertEqual(decoded.rgba, expected.rgba, "every channel of every pixel, exactly")
        // The 80% blue rounded rect (x 11...31 pt in frame 3): straight (51, 128, 230) at alpha 204.
        assertPixel(decoded[x: 40, y: 20], RGBA8(r: 51, g: 128, b: 230, a: 204), tolerance: 1)
        assertPixel(decoded[x: 2, y: 90], RGBA8(r: 0, g: 0, b: 0, a: 0), tolerance: 0)
    }

    /// c = round(c′ · 255 / a) in integers, clamped; a = 0 gives zeros.
    func testUnpremultiplyRoundsExactly() throws {
        let premultiplied: [(UInt32, RGBA8)] = [
            (0xC8_64_32_00, RGBA8(r: 128, g: 64, b: 0, a: 200)),  // 100·255/200 = 127.5 → 128; 50 → 63.75 → 64
            (0x01_01_00_01, RGBA8(r: 255, g: 0, b: 255, a: 1)),
            (0x05_0A_05_00, RGBA8(r: 255, g: 255, b: 0, a: 5)),  // c′ > a clamps
            (0x00_12_34_56, RGBA8(r: 0, g: 0, b: 0, a: 0)),
            (0xFF_12_34_56, RGBA8(r: 0x12, g: 0x34, b: 0x56, a: 255)),
        ]
        let words = premultiplied.map(\.0)
        let directory = try TemporaryDirectory()
        let path = directory.file("rounding.png")
        try words.withUnsafeBytes { raw in
            let pixels = PixelBuffer(baseAddress: raw.baseAddress!, width: words.count, height: 1,
                                     bytesPerRow: words.count * 4, isOpaque: false)
            for (x, entry) in premultiplied.enumerated() { XCTAssertEqual(pixels.pixel(x: x, y: 0), entry.1, "Swift, \(x)") }
            try PNGEncoder().write(pixels, to: path)
        }
        let decoded = try PNGImage(contentsOfFile: path)
        for (x, entry) in premultiplied.enumerated() { XCTAssertEqual(decoded[x: x, y: 0], entry.1, "libpng, \(x)") }
    }

    func testEveryFilterAndLevelDecodesToTheSamePixelsAndSmallFilesIsSmaller() throws {
        let directory = try TemporaryDirectory()
        let renderer = try render(SampleFrames.heavy(5, count: 400, size: Size(width: 120, height: 90)))
        let expected = renderer.withPixels { PNGImage($0) }
        var sizes: [String: Int] = [:]
        let cases = PNGFilter.allCases.map { PNGOptions(compressionLevel: 6, filter: $0) }
            + [.fast, .smallFiles, PNGOptions(compressionLevel: 0, filter: .none)]
        for (i, options) in cases.enumerated() {
            let path = directory.file("\(i).png")
            try renderer.withPixels { try PNGEncoder(options: options).write($0, to: path) }
            XCTAssertEqual(try PNGImage(contentsOfFile: path).rgba, expected.rgba, "\(options)")
            sizes["\(options.compressionLevel)-\(options.filter)"] = try FileManager.default
                .attributesOfItem(atPath: path)[.size] as? Int
        }
        let small = try XCTUnwrap(sizes["9-adaptive"]), fast = try XCTUnwrap(sizes["1-none"]),
            stored = try XCTUnwrap(sizes["0-none"])
        XCTAssertLessThan(small, fast)
        XCTAssertLessThan(fast, stored)
        XCTAssertGreaterThan(stored, 240 * 180 * 3, "level 0 stores the raw rows")
        print("PNG sizes for a 240×180 frame:", sizes.sorted { $0.key < $1.key })
    }

    func testEncoderIsReusableAcrossSizesAndFormats() throws {
        let directory = try TemporaryDirectory()
        let encoder = try PNGEncoder()
        for (i, frame) in [SampleFrames.animated(1, size: Size(width: 10, height: 4), opaque: true),
                           SampleFrames.animated(2, size: Size(width: 90, height: 30), opaque: false),
                           SampleFrames.animated(3, size: Size(width: 20, height: 50), opaque: true)].enumerated() {
            let renderer = try render(frame, scale: 1)
            let path = directory.file("\(i).png")
            try renderer.withPixels { try encoder.write($0, to: path) }
            XCTAssertEqual(try PNGImage(contentsOfFile: path), renderer.withPixels { PNGImage($0) })
        }
    }

    func testImageWriteRoundTrips() throws {
        let directory = try TemporaryDirectory()
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 9, 8, 7, 6]
        let image = PNGImage(width: 2, height: 2, hasAlpha: true, rgba: rgba)
        try PNGEncoder(options: .smallFiles).write(image, to: directory.file("a.png"))
        XCTAssertEqual(try PNGImage(contentsOfFile: directory.file("a.png")), image)

        let opaque = PNGImage(width: 1, height: 2, hasAlpha: false, rgba: [1, 2, 3, 255, 4, 5, 6, 255])
        try PNGEncoder().write(opaque, to: directory.file("b.png"))
        XCTAssertEqual(try colourType(of: directory.file("b.png")), 2)
        XCTAssertEqual(try PNGImage(contentsOfFile: directory.file("b.png")), opaque)
    }

    func testInvalidCompressionLevelThrows() {
        XCTAssertThrowsError(try PNGEncoder(options: PNGOptions(compressionLevel: 10))) {
            XCTAssertEqual($0 as? PNGError, .invalidCompressionLevel(10))
        }
        XCTAssertThrowsError(try PNGEncoder(options: PNGOptions(compressionLevel: -1)))
    }

    func testWriteUnderARegularFileNamesPathAndReason() throws {
        let directory = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.file("file")))
        let renderer = try render(SampleFrames.animated(0), scale: 1)
        let path = directory.file("file/out.png")
        XCTAssertThrowsError(try renderer.withPixels { try PNGEncoder().write($0, to: path) }) {
            XCTAssertEqual($0 as? PNGError, .cannotOpen(path: path, reason: "Not a directory"))
            XCTAssertEqual(String(describing: $0), "cannot create \(path): Not a directory")
        }
    }

    /// /dev/full accepts open and fails every write with ENOSPC; reached through a symbolic
    /// link so that cleaning up removes only the link.
    func testFullDiskIsReportedAndThePartialFileRemoved() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("full.png")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/full")
        let renderer = try render(SampleFrames.animated(0))
        XCTAssertThrowsError(try renderer.withPixels { try PNGEncoder().write($0, to: path) }) {
            XCTAssertEqual($0 as? PNGError, .cannotWrite(path: path, reason: "No space left on device"))
        }
        XCTAssertEqual(try directory.contents(), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/dev/full"))
    }

    func testReadingMissingOrCorruptFilesThrows() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.png")
        XCTAssertThrowsError(try PNGImage(contentsOfFile: missing)) {
            XCTAssertEqual($0 as? PNGError, .cannotRead(path: missing, reason: "No such file or directory"))
        }
        let corrupt = directory.file("corrupt.png")
        try Data("definitely not a PNG".utf8).write(to: URL(fileURLWithPath: corrupt))
        XCTAssertThrowsError(try PNGImage(contentsOfFile: corrupt)) {
            guard case .libpng(let path, let message)? = $0 as? PNGError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, corrupt)
            XCTAssertFalse(message.isEmpty)
        }
    }
}
