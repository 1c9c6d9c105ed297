import Foundation
import XCTest
@testable import SceneFile

/// Errors the YAML reader cannot locate by itself still name a line and column: a duplicated
/// key at its second copy, bytes that are not UTF-8, NUL bytes; a symbolic link loop says so
/// instead of "no such file" (issue 22).
final class SourceLocationTests: XCTestCase {
    private func error(_ text: String) throws -> SceneFileError {
        try XCTUnwrap(sceneFileError(text, file: "t.yaml"))
    }

    func testADuplicateKeyPointsAtItsSecondCopy() throws {
        let e = try error("""
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - id: box
            frame: [0, 0, 10, 10]
            alpha: 1
            alpha: 0.5
        """)
        XCTAssertEqual([e.line, e.column], [7, 5], e.description)
        XCTAssertTrue(e.message.contains("duplicate key 'alpha' in a mapping (first written at line 6, column 5)"), e.message)
    }

    func testADuplicateKeyInAFlowMappingPointsAtItsSecondCopy() throws {
        let e = try error("""
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 10, 10], alpha: 1, alpha: 0.5 }
        """)
        XCTAssertEqual([e.line, e.column], [4, 49], e.description)
    }

    func testADuplicateTopLevelKeyAfterANestedOne() throws {
        let e = try error("""
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 10, 10] }
        duration: 2
        """)
        XCTAssertEqual([e.line, e.column], [5, 1], e.description)
    }

    func testBytesThatAreNotUTF8AreLocated() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-utf8-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.yaml").path
        var bytes = Array("canvas: { size: [100, 100] }\nduration: 1\nviews:\n  - { id: é".utf8)
        bytes += [0xFF, 0xFE] + Array(", frame: [0, 0, 10, 10] }\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SceneDocument.load(path: path)) { error in
            guard let e = error as? SceneFileError else { return XCTFail("\(error)") }
            XCTAssertEqual([e.line, e.column], [4, 12], e.description)
            XCTAssertTrue(e.message.contains("not UTF-8 text: byte 0xFF"), e.message)
        }
    }

    func testTheUTF8CheckRefusesOverlongFormsAndSurrogatesAndAcceptsEverythingElse() {
        XCTAssertNil(SourceText.firstInvalidUTF8Byte(in: Array("a é 中 🍵".utf8)))
        XCTAssertEqual(SourceText.firstInvalidUTF8Byte(in: [0x61, 0xC0, 0xAF]), 1, "overlong '/'")
        XCTAssertEqual(SourceText.firstInvalidUTF8Byte(in: [0xED, 0xA0, 0x80]), 0, "a surrogate")
        XCTAssertEqual(SourceText.firstInvalidUTF8Byte(in: [0xF4, 0x90, 0x80, 0x80]), 0, "past U+10FFFF")
        XCTAssertEqual(SourceText.firstInvalidUTF8Byte(in: [0x61, 0xE4, 0xB8]), 1, "cut short")
        XCTAssertEqual(SourceText.firstInvalidUTF8Byte(in: [0x61, 0xE4, 0x41, 0x41]), 1, "no continuation")
    }

    func testANULByteIsLocated() throws {
        let e = try error("canvas: { size: [100, 100] }\nduration: 1\nviews:\n  - { id: b\u{0}x, frame: [0, 0, 10, 10] }\n")
        XCTAssertEqual([e.line, e.column], [4, 12], e.description)
        XCTAssertTrue(e.message.contains("a NUL byte (U+0000) is not allowed"), e.message)
    }

    func testASymbolicLinkLoopIsNotCalledMissing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.yaml").path, b = directory.appendingPathComponent("b.yaml").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        let dangling = directory.appendingPathComponent("c.yaml").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere.yaml")
        for (path, message) in [(a, "a symbolic link loop"), (dangling, "a symbolic link to a missing file"),
                                (directory.appendingPathComponent("none.yaml").path, "no such file")] {
            XCTAssertThrowsError(try SceneDocument.load(path: path)) { error in
                guard let e = error as? SceneFileError else { return XCTFail("\(error)") }
                XCTAssertEqual(e.kind, .unreadable)
                XCTAssertTrue(e.message.hasPrefix(message), e.message)
            }
        }
    }
}
