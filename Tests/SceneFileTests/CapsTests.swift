import Foundation
import XCTest
import Scene
@testable import SceneFile

/// Every size a scene file can ask for has a cap, documented in one table in docs/scenes.md
/// ("Caps"); each is checked here at the cap (accepted) and just past it (a located error)
/// (issue 22). The pixel cap is checked with the readers in flipbookTests/PixelCapTests.
final class CapsTests: XCTestCase {
    private func accepts(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try SceneDocument.parse(text, file: "t.yaml"), file: file, line: line)
    }

    private func refuses(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let e = sceneFileError(text, file: "t.yaml", line: line) else { return }
        XCTAssertTrue(e.message.contains(message), e.description, file: file, line: line)
        XCTAssertGreaterThan(e.line, 0, "located: \(e.description)", file: file, line: line)
    }

    private func scene(duration: String = "1", fps: Int = 60, _ rest: String) -> String {
        "canvas: { size: [200, 200], fps: \(fps) }\nduration: \(duration)\n" + rest
    }

    // MARK: Views and repeats

    func testViewsAtTheCapAndPastIt() {
        let row = """
        views:
        %@  - id: row
            repeat: {count: 10000, as: i}
            frame: [0, "i * 44", 200, 44]
            subviews:
        \((0..<9).map { "      - { id: c\($0), frame: [0, 0, 1, 1] }" }.joined(separator: "\n"))
        """
        accepts(scene(row.replacingOccurrences(of: "%@", with: "")))
        refuses(scene(row.replacingOccurrences(of: "%@", with: "  - { id: extra, frame: [0, 0, 1, 1] }\n")),
                "at most 100000 with its other views")
    }

    func testRepeatCopiesAtTheCapAndPastIt() {
        accepts(scene("views:\n  - { id: row, repeat: 10000, frame: [0, 0, 1, 1] }"))
        refuses(scene("views:\n  - { id: row, repeat: 10001, frame: [0, 0, 1, 1] }"), "10000 is the most one repeat makes")
    }

    // MARK: Constraints and dynamics

    private func chain(constraints count: Int) -> String {
        let views = count / 2
        var text = "views:\n  - id: root\n    frame: [0, 0, 200, 200]\n    subviews:\n"
        text += (0..<views).map { "      - { id: v\($0), frame: [0, 0, 10, 1] }" }.joined(separator: "\n")
        text += "\nconstraints:\n"
        text += (0..<views).map { i in
            "  l\(i): \"v\(i).left == superview.left\"\n  t\(i): \"v\(i).top == \(i == 0 ? "superview" : "v\(i - 1)").top + 1\""
        }.joined(separator: "\n")
        if count % 2 == 1 { text += "\n  extra: \"v0.width == 10\"" }
        return text
    }

    func testConstraintsAtTheCapAndPastIt() {
        accepts(scene(chain(constraints: SceneDecoder.maximumConstraints)))
        refuses(scene(chain(constraints: SceneDecoder.maximumConstraints + 1)), "a scene may have at most 2000 constraints; this one has 2001")
    }

    private func items(_ count: Int) -> String {
        "views:\n" + (0..<count).map { "  - { id: b\($0), frame: [0, 0, 10, 10] }" }.joined(separator: "\n")
            + "\ndynamics:\n  behaviors:\n    - gravity: { items: [" + (0..<count).map { "b\($0)" }.joined(separator: ", ") + "] }"
    }

    func testDynamicItemsAtTheCapAndPastIt() {
        accepts(scene(items(2000)))
        refuses(scene(items(2001)), "2000")
    }

    // MARK: Text and expressions

    func testLabelTextAtTheCapAndPastIt() {
        func label(_ count: Int) -> String {
            "views:\n  - { id: t, frame: [0, 0, 200, 200], label: { text: \"\(String(repeating: "a", count: count))\", numberOfLines: 0 } }"
        }
        accepts(scene(label(5000)))
        refuses(scene(label(5001)), "a label's text may be at most 5000 characters long; this one has 5001")
    }

    func testExpressionLengthAtTheCapsAndPastThem() {
        func alpha(_ expression: String) -> String { "views:\n  - { id: b, frame: [0, 0, 10, 10] }\nbindings:\n  b.alpha: \"\(expression)\"" }
        // 64 numbers and names, then 65.
        accepts(scene(alpha(Array(repeating: "0.01", count: 64).joined(separator: " + "))))
        refuses(scene(alpha(Array(repeating: "0.01", count: 65).joined(separator: " + "))), "more than 64 numbers and names")
        // 16 nested parentheses, then 17.
        accepts(scene(alpha(String(repeating: "(", count: 16) + "1" + String(repeating: ")", count: 16))))
        refuses(scene(alpha(String(repeating: "(", count: 17) + "1" + String(repeating: ")", count: 17))), "more than 16 nested")
        // 2,000 characters, then 2,001.
        let padded = "1" + String(repeating: " ", count: 1999)
        accepts(scene(alpha(padded)))
        refuses(scene(alpha(padded + " ")), "an expression may be at most 2000 characters long; this one has 2001")
    }

    // MARK: Time

    func testFramesAtTheCapAndPastIt() {
        // Frames 0…⌊duration·fps⌋: 999,999 / 60 s makes exactly 1,000,000 frames.
        accepts(scene(duration: "16666.65", "views: []"))
        refuses(scene(duration: "16666.67", "views: []"), "1000000")
    }

    func testDurationAtTheCapAndPastIt() {
        accepts(scene(duration: "86400", fps: 10, "views: []"))
        refuses(scene(duration: "86400.5", fps: 10, "views: []"), "a scene may last at most 86400 s (a day)")
    }

    func testTouchesAtTheCapAndPastIt() {
        func touches(_ count: Int) -> String {
            "views: []\ninput:\n" + (0..<count).map { k in
                "  - { at: \(Double(k) * 0.01), finger: \(k % 10), path: [[0, 10, 10], [0.005, 10, 12]] }"
            }.joined(separator: "\n")
        }
        accepts(scene(duration: "11", touches(1000)))
        refuses(scene(duration: "11", touches(1001)), "a scene may script at most 1000 touches; this is touch 1001")
    }

    func testTouchPathPointsAtTheCapAndPastIt() {
        func path(_ count: Int) -> String {
            "views: []\ninput:\n  - { at: 0, path: [" + (0..<count).map { "[\(Double($0) / 120), 10, 10]" }.joined(separator: ", ") + "] }"
        }
        accepts(scene(duration: "121", path(14_400)))
        refuses(scene(duration: "121", path(14_401)), "a touch path may have at most 14400 points; this one has 14401")
    }

    // MARK: The file

    func testFileSizeAtTheCapAndPastIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-caps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = scene("views: []") + "\n# "
        let limit = SceneDocument.maximumFileBytes
        let atCap = body + String(repeating: "x", count: limit - body.utf8.count - 1) + "\n"
        XCTAssertEqual(atCap.utf8.count, limit)
        let path = directory.appendingPathComponent("s.yaml").path
        try atCap.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertNoThrow(try SceneDocument.load(path: path))
        try (atCap + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try SceneDocument.load(path: path)) { error in
            XCTAssertTrue("\(error)".contains("a scene file may be at most 4194304 bytes (4 MiB)"), "\(error)")
        }
    }
}

extension CapsTests {
    /// The reader's work is bounded by the separators between values, counted before it runs.
    func testSeparatorsAtTheCapAndPastIt() {
        let head = "canvas: { size: [200, 200] }\nduration: 1\nviews: []\nkeyFrames: ["
        let used = head.utf8.filter { ",:-\n".utf8.contains($0) }.count + 1   // the closing line break
        let list = (count: SceneDocument.maximumSeparators - used, item: "0,")
        let atCap = head + String(repeating: list.item, count: list.count) + "0]\n"
        XCTAssertNoThrow(try SceneDocument.parse(atCap, file: "t.yaml"))
        XCTAssertThrowsError(try SceneDocument.parse(atCap + "\n", file: "t.yaml")) { error in
            XCTAssertTrue("\(error)".contains("holds 1000001 separators"), "\(error)")
        }
    }
}
