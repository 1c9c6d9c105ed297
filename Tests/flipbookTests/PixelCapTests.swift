import Foundation
import XCTest

/// The 40-megapixel cap applies to every PNG flipbook reads, checked from the header before
/// decoding: a 420 KB file that inflates to 12000 × 12000 used to cost 2.9 GB in `encode` (then
/// a 12000-pixel GIF, exit 0) and 2.4 GB as a golden (then a 36008 × 12000 panel) (issue 22).
final class PixelCapTests: RenderDirectoryTestCase {
    /// A PNG that declares `width` × `height` RGBA pixels: signature, IHDR and an empty IDAT.
    /// Decoding it would fail on the data; the cap refuses it on the header alone.
    static func bomb(width: UInt32 = 12000, height: UInt32 = 12000) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += be(width) + be(height) + [8, 6, 0, 0, 0]
        bytes += ImageCommandTests.crc(Array(bytes[12...]))
        bytes += [0, 0, 0, 0] + Array("IDAT".utf8) + ImageCommandTests.crc(Array("IDAT".utf8))
        return Data(bytes)
    }

    func testEncodeRefusesAFrameBeyondThePixelCapAndWritesNothing() throws {
        try FileManager.default.createDirectory(atPath: path("frames"), withIntermediateDirectories: false)
        try Self.bomb().write(to: URL(fileURLWithPath: path("frames/frame-0000.png")))
        let r = try flipbook("encode", "frames", "-o", "out.gif")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("frame-0000.png: the image is 12000×12000 pixels, more than the limit of 40000000 pixels"), r.stderr)
        XCTAssertEqual(files(in: ".").filter { $0.contains("out") }, [], "nothing written, no temporary left")
    }

    func testAGoldenBeyondThePixelCapFailsItsFrameWithoutAPanel() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        XCTAssertEqual(try flipbook("compare", scene, "--golden", "g", "--record", "missing").status, 0)
        try Self.bomb().write(to: URL(fileURLWithPath: path("g/0003.png")))
        let r = try flipbook("compare", scene, "--golden", "g", "-o", "failures")
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue((r.stdout + r.stderr).contains("12000×12000 pixels, more than the limit"), r.stdout + r.stderr)
        XCTAssertEqual(pngs(in: "failures"), [], "no three-panel image of a golden that was never decoded")
    }

    func testAnImageJustUnderTheCapIsReadAndOneJustOverIsNot() throws {
        // 40,000,000 = 8000 × 5000 is the cap itself; 8000 × 5001 is past it. Both headers are
        // refused or accepted before any pixel is decoded, so the data may be empty.
        for (height, refused) in [(UInt32(5000), false), (5001, true)] {
            try? FileManager.default.removeItem(atPath: path("frames"))
            try FileManager.default.createDirectory(atPath: path("frames"), withIntermediateDirectories: false)
            try Self.bomb(width: 8000, height: height).write(to: URL(fileURLWithPath: path("frames/frame-0000.png")))
            let r = try flipbook("encode", "frames", "-o", "out.gif")
            XCTAssertEqual(r.status, 65, r.stderr)
            XCTAssertEqual(r.stderr.contains("more than the limit"), refused, "8000×\(height): \(r.stderr)")
        }
    }
}
