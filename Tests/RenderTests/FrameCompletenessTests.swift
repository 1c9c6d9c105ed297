@testable import Render
import XCTest

final class FrameCompletenessTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("completeness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func check(_ bytes: [UInt8], _ format: String) throws -> FrameCompleteness.Problem? {
        let url = directory.appendingPathComponent("f.\(format)")
        try Data(bytes).write(to: url)
        return FrameCompleteness.problem(at: url.path, format: format)
    }

    func testEachFormatsEnd() throws {
        let png = FrameCompleteness.pngSignature + [0, 0, 0, 0] + FrameCompleteness.pngEnd
        XCTAssertNil(try check(png, "png"))
        XCTAssertNil(try check(png, "apng"))
        XCTAssertEqual(try check(Array(png.dropLast()), "png"), .truncated(bytes: png.count - 1))
        XCTAssertEqual(try check(Array(png.dropFirst()), "png"), .truncated(bytes: png.count - 1))
        XCTAssertEqual(try check([], "png"), .truncated(bytes: 0))
        XCTAssertNil(try check(Array("<svg>\n</svg>\n".utf8), "svg"))
        XCTAssertEqual(try check(Array("<svg>\n<rect/>".utf8), "svg"), .truncated(bytes: 13))
        XCTAssertNil(try check(Array("%PDF-1.5\n...\n%%EOF\n".utf8), "pdf"))
        XCTAssertEqual(try check(Array("%PDF-1.5\n...".utf8), "pdf"), .truncated(bytes: 12))
        XCTAssertEqual(FrameCompleteness.problem(at: directory.appendingPathComponent("none.png").path, format: "png"), .missing)
        XCTAssertEqual(FrameCompleteness.problem(at: directory.path, format: "png"), .missing)
    }
}
