import Foundation
import XCTest

/// Images in scenes as a user meets them: a missing file exits 66 and a broken one 65, naming
/// the scene line, with no output written (`render`, `validate`, `sheet`); `sheet` refuses
/// inputs beyond the pixel limit.
final class ImageCommandTests: RenderDirectoryTestCase {
    private var photo: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/images/photo.jpg").path
    }

    private func scene(image: String) throws -> String {
        try write("""
        canvas: { size: [40, 40] }
        duration: 0.1
        views:
          - id: picture
            frame: [0, 0, 40, 40]
            image: \(image)
        """, to: "s.yaml")
    }

    func testAnImageRendersAndIsRelativeToTheScene() throws {
        try FileManager.default.copyItem(atPath: photo, toPath: path("photo.jpg"))
        let r = try flipbook("render", try scene(image: "photo.jpg"), "-o", "out", "--quiet")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(pngs(in: "out").count, 7, "0.1 s at 60 fps: frames 0…6")
    }

    func testAMissingImageExits66NamingTheLine() throws {
        let r = try flipbook("render", try scene(image: "gone.png"), "-o", "out", "--quiet")
        XCTAssertEqual(r.status, 66, r.stderr)
        XCTAssertTrue(r.stderr.contains("s.yaml:6:12: views[0].image: no image file 'gone.png'"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")), "nothing written")
    }

    func testATruncatedImageExits65NamingTheLineAndWritesNothing() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: photo))
        try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: path("cut.jpg")))
        let r = try flipbook("render", try scene(image: "cut.jpg"), "-o", "out", "--quiet")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("s.yaml:6:12: image: cannot decode"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")), "nothing written")
    }

    func testValidateDecodesImagesAndFindsATruncatedOne() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: photo))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path("cut.jpg")))
        let r = try flipbook("validate", try scene(image: "cut.jpg"))
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("s.yaml:6:12: image: cannot decode"), r.stderr)
    }

    func testAFileThatIsNotAnImageExits65() throws {
        _ = try write("<svg/>", to: "logo.png")
        let r = try flipbook("validate", try scene(image: "logo.png"))
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("not a PNG or JPEG file"), r.stderr)
    }

    func testSheetOfASceneDrawsItsImages() throws {
        try FileManager.default.copyItem(atPath: photo, toPath: path("photo.jpg"))
        let r = try flipbook("sheet", try scene(image: "photo.jpg"), "-o", "sheet.png")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("sheet.png")))
    }

    func testSheetOfASceneDecodesItsImagesBeforeDrawing() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: photo))
        try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: path("cut.jpg")))
        let r = try flipbook("sheet", try scene(image: "cut.jpg"), "-o", "sheet.png")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("s.yaml:6:12: image: cannot decode"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("sheet.png")), "nothing written")
    }

    func testSheetRefusesAnInputBeyondThePixelLimit() throws {
        try FileManager.default.createDirectory(atPath: path("frames"), withIntermediateDirectories: false)
        // Signature, IHDR declaring 12000 × 12000, and the start of an (empty) IDAT.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0, 0, 0x2E, 0xE0, 0, 0, 0x2E, 0xE0, 8, 6, 0, 0, 0]
        bytes += Self.crc(Array(bytes[12...]))
        bytes += [0, 0, 0, 0] + Array("IDAT".utf8) + Self.crc(Array("IDAT".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: path("frames/frame-0000.png")))
        let r = try flipbook("sheet", "frames", "-o", "sheet.png")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("12000×12000 pixels, more than the limit"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("sheet.png")))
    }

    static func crc(_ bytes: [UInt8]) -> [UInt8] {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        c ^= 0xFFFF_FFFF
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: c >> $0) }
    }
}
